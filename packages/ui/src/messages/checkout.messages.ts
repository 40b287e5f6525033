import { BOUNDS, PaymentMethod, PaymentStatus, PlanPeriod } from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const n = arabicInteger;

/** Wraps Latin text (a phone, a code) in a bidi isolate, so its digits and dashes stay in place. */
const isolate = (value: string): string => `\u2068${value}\u2069`;

const hours: ArabicPluralForms = {
  one: 'ساعة واحدة',
  two: 'ساعتين',
  few: '# ساعات',
  many: '# ساعة',
  other: '# ساعة',
};
const payments: ArabicPluralForms = {
  one: 'دفعة واحدة',
  two: 'دفعتين',
  few: '# دفعات',
  many: '# دفعة',
  other: '# دفعة',
};

/** `٨ ساعات`, `ساعة واحدة و٣٠ دقيقة`, `٤٥ دقيقة`. */
function duration(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  if (h === 0) {
    return plural(m, nouns.minutes);
  }
  return m === 0 ? plural(h, hours) : `${plural(h, hours)} و${plural(m, nouns.minutes)}`;
}

const [bankShort, bankLong] = BOUNDS.bankInstallmentMonths;
const [cardFew, cardMany] = BOUNDS.cardInstallmentCounts;

/**
 * Buying plans in the student app (apps/web: /subscription, /checkout, /card-added, /payments) and the
 * public pricing page (apps/landing: /pricing). Imported as `checkoutMessages`. Money is formatted
 * by the screens (`formatMoney`) and passed in as text.
 */
export const checkoutMessages = {
  /** Period tabs, and the period inside sentences. */
  periods: {
    tab: {
      [PlanPeriod.Month]: 'شهري',
      [PlanPeriod.Quarter]: '٣ أشهر',
      [PlanPeriod.HalfYear]: '٦ أشهر',
      [PlanPeriod.Year]: 'سنوي',
    } satisfies Record<PlanPeriod, string>,
    /** "لمدة …" */
    length: {
      [PlanPeriod.Month]: 'شهر واحد',
      [PlanPeriod.Quarter]: '٣ أشهر',
      [PlanPeriod.HalfYear]: '٦ أشهر',
      [PlanPeriod.Year]: 'سنة كاملة',
    } satisfies Record<PlanPeriod, string>,
    name: {
      [PlanPeriod.Month]: 'اشتراك شهري',
      [PlanPeriod.Quarter]: 'اشتراك ٣ أشهر',
      [PlanPeriod.HalfYear]: 'اشتراك ٦ أشهر',
      [PlanPeriod.Year]: 'اشتراك سنوي',
    } satisfies Record<PlanPeriod, string>,
    label: 'مدة الاشتراك',
    saveUpTo: (percent: number) => `وفّر حتى ${n(percent)}٪`,
  },

  /** What a plan card says (shared by /subscription and /pricing). */
  plan: {
    inviteOnly: 'دعوة خاصة',
    inviteOnlyHint: 'باقة خاصة بك بدعوة من فريق حوار.',
    weeklyMinutes: (minutes: number) => plural(minutes, nouns.minutes),
    perWeek: 'أسبوعيًا',
    perMonth: (minutes: number) => `≈ ${duration(minutes)} شهريًا`,
    duration,
    /** Screen-reader text for the struck-through price. */
    fullPrice: (price: string) => `السعر قبل الخصم ${price}`,
    save: (percent: number) => `وفّر ${n(percent)}٪`,
    forPeriod: (period: string) => `لمدة ${period}`,
    monthlyEquivalent: (price: string) => `أي ما يعادل ${price} شهريًا`,
    payOnce: 'تُدفع مرة واحدة، بلا تجديد تلقائي.',
    installmentsTitle: 'أو قسّطها',
    cardInstallments: (count: number, amount: string) => `${plural(count, payments)} × ${amount} بالبطاقة`,
    bankInstallments: `تقسيط بنكي على ${n(bankShort ?? 3)} أو ${n(bankLong ?? 6)} أشهر`,
    features: {
      lessons: 'دروس فردية ١٥ أو ٣٠ دقيقة مع أي معلم',
      weekly: 'تتجدد دقائقك كل أسبوع من بداية اشتراكك',
      methods: 'ادفع بالبطاقة أو المحفظة أو نقدًا في فوري',
    },
    subscribe: 'اشترك الآن',
    currentTag: 'باقتك الحالية',
  },

  subscriptionPage: {
    title: 'الاشتراك',
    subtitle: 'اختر الباقة والمدة المناسبتين لك. الأسعار بالجنيه المصري، وبلا تجديد تلقائي.',
    plansTitle: 'الباقات',
    plansSubtitle: 'كل الباقات تشمل كل المعلمين. الفرق في عدد الدقائق أسبوعيًا.',
    quotaNote:
      'الدقائق أسبوعية: تتجدد كل ٧ أيام من بداية اشتراكك ولا تُرحَّل إلى الأسبوع التالي. الحساب الشهري تقريبي على أساس ٤ أسابيع.',
    empty: 'لا توجد باقات متاحة الآن',
    emptyText: 'نضيف الباقات قريبًا. حاول مرة أخرى لاحقًا أو تواصل معنا.',
    loadFailed: 'تعذّر تحميل الباقات',
    /** On the plan a link names (`/subscription?plan=<id>`, an invitation's link). */
    chosenTag: 'مختارة لك',
    /** The link named a plan this account cannot see (invite-only for another address, or withdrawn). */
    planUnavailable:
      'الباقة التي فتحت رابطها غير متاحة لحسابك. إن وصلتك دعوة فتأكد أنك دخلت بالبريد الإلكتروني نفسه الذي دُعيت به.',
    extendNote: (date: string) =>
      `لديك اشتراك نشط: أي باقة تشتريها الآن تبدأ تلقائيًا في ${date} فور انتهاء اشتراكك الحالي، فلا تخسر أي يوم.`,
    trust: {
      title: 'اشترِ وأنت مطمئن',
      secure: { title: 'دفع آمن عبر فوري', text: 'لا نحفظ رقم بطاقتك. الدفع يتم عبر بوابة فوري المعتمدة.' },
      noRenewal: {
        title: 'بلا تجديد تلقائي',
        text: 'تدفع مرة واحدة للمدة التي تختارها، ولا نخصم منك شيئًا بعدها.',
      },
      methods: {
        title: 'طرق دفع محلية',
        text: 'بطاقة بنكية أو ميزة، محفظة إلكترونية، أو نقدًا في أي منفذ فوري.',
      },
    },
  },

  current: {
    title: 'اشتراكك الحالي',
    none: 'ليس لديك اشتراك حاليًا',
    noneText: 'اختر باقة من الأسفل لتبدأ حجز الدروس مع المعلمين.',
    planName: (alias: string) => `باقة ${alias}`,
    unknownPlan: 'باقتك',
    ends: 'ينتهي في',
    started: 'بدأ في',
    weekly: 'دقائق هذا الأسبوع',
    remaining: (left: string, total: string) => `متبقٍّ ${left} من ${total}`,
    remainingLabel: 'الدقائق المتبقية هذا الأسبوع',
    ofTotal: (total: string) => `متبقية من ${total}`,
    active: 'فعّال',
    pausedBadge: 'متوقف مؤقتًا',
    resets: (when: string) => `تتجدد دقائقك ${when}`,
    next: 'الاشتراك التالي',
    nextText: (plan: string, period: string, date: string) => `${plan} (${period}) يبدأ في ${date}.`,
    pausedTitle: 'اشتراكك متوقف مؤقتًا',
    pausedText: (index: number, count: number, amount: string) =>
      `القسط ${n(index)} من ${n(count)} (${amount}) لم يُدفع بعد انتهاء مهلة السماح. ادفعه لتعود دقائقك فورًا.`,
    installmentTitle: (index: number, count: number) => `القسط ${n(index)} من ${n(count)}`,
    installmentText: (amount: string, due: string, pauses: string) =>
      `${amount} مستحق في ${due}. ادفعه قبل ${pauses} ليبقى اشتراكك فعّالًا.`,
    payInstallment: 'ادفع القسط',
    bookCta: 'احجز درسًا',
    paymentsLink: 'سجل المدفوعات',
  },

  /** `/checkout/trial`: paying for the trial lesson before booking it (decision 0048). */
  trial: {
    title: 'الدرس التجريبي',
    subtitle: 'ادفع ثمن درسك التجريبي، ثم اختر موعده مع المعلم الذي تريده.',
    back: 'العودة',
    summaryTitle: 'ملخص الطلب',
    item: 'درس تجريبي واحد',
    length: 'المدة',
    price: 'السعر',
    total: 'الإجمالي',
    note: 'درس واحد مع أي معلم تختاره، لا يُحتسب من دقائق أي باقة. إذا ألغيته قبل موعده بالمدة المسموحة تحجز موعدًا آخر دون دفع جديد.',
    pay: (amount: string) => `ادفع ${amount}`,
    free: 'احجز مجانًا',
    freeNote: 'الدرس التجريبي مجاني الآن: احجزه مباشرة من صفحة المعلم.',
    paid: 'تم الدفع! اختر الآن موعد درسك التجريبي.',
    /** The last step at a Fawry outlet, in place of the subscription's. */
    fawryLastStep: 'يصلنا الدفع تلقائيًا خلال دقائق فتحجز درسك التجريبي، وتتحدث هذه الصفحة وحدها.',
    bookAtTime: 'احجز الموعد الذي اخترته',
    alreadyPaid: 'دفعت ثمن درسك التجريبي بالفعل: اختر موعده من صفحة أي معلم.',
    unavailable: 'الدرس التجريبي غير متاح',
    usedText: 'استخدمت درسك التجريبي بالفعل. اشترك في باقة لتحجز دروسًا أخرى.',
    offText: 'الدروس التجريبية متوقفة حاليًا. يمكنك الاشتراك في باقة للحجز.',
    openPayment: 'لديك طلب دفع مفتوح للدرس التجريبي: أكمله أو ألغه من صفحة المدفوعات.',
    toPayments: 'صفحة المدفوعات',
    toTutors: 'تصفّح المعلمين',
    toPlans: 'الباقات',
  },

  checkout: {
    title: 'إتمام الاشتراك',
    subtitle: 'راجع طلبك واختر طريقة الدفع المناسبة لك.',
    back: 'العودة إلى الباقات',
    invalidTitle: 'هذه الباقة غير متاحة',
    invalidText: 'ربما انتهى عرضها أو أن الرابط غير صحيح. اختر باقة من صفحة الاشتراك.',
    summary: {
      title: 'ملخص الطلب',
      plan: 'الباقة',
      period: 'المدة',
      quota: 'الدقائق',
      quotaValue: (weekly: string, monthly: string) => `${weekly} أسبوعيًا (${monthly})`,
      fullPrice: 'السعر الأصلي',
      periodDiscount: (percent: number) => `خصم المدة (${n(percent)}٪)`,
      couponDiscount: (code: string, percent: number) => `كود الخصم ${isolate(code)} (${n(percent)}٪)`,
      total: 'الإجمالي',
      totalHint: 'شامل كل الرسوم. لا توجد مصاريف إضافية من حوار.',
      startsNow: 'يبدأ اشتراكك فور تأكيد الدفع.',
      startsLater: (date: string) => `يبدأ اشتراكك الجديد تلقائيًا في ${date}، فور انتهاء اشتراكك الحالي.`,
      firstInstallment: 'تدفع الآن',
      schedule: 'جدول الدفعات',
    },
    method: {
      legend: 'طريقة الدفع',
      labels: {
        card: 'بطاقة بنكية',
        wallet: 'محفظة إلكترونية',
        fawry: 'فوري',
        bank: 'تقسيط بنكي',
      },
      descriptions: {
        card: 'فيزا أو ماستركارد أو ميزة، مع إمكانية التقسيط',
        wallet: 'فودافون كاش وأورانج كاش واتصالات كاش وغيرها',
        fawry: 'ادفع نقدًا في أي منفذ فوري برقم مرجعي',
        bank: `على ${n(bankShort ?? 3)} أو ${n(bankLong ?? 6)} أشهر من خلال بنكك`,
      },
      bankMonthOnly: 'متاح لاشتراكات ٣ أشهر فأكثر',
    },
    bank: {
      programmes: 'برنامج التقسيط',
      /** `البنك الأهلي المصري · ٦ أشهر` */
      programme: (bank: string, months: number) => `${bank} · ${plural(months, nouns.months)}`,
      monthly: (amount: string) => `نحو ${amount} شهريًا`,
      noInterest: 'بدون فوائد',
      /** `فوائد البنك ٥٪ (‏١٣٥ ج.م.‏)، الإجمالي ‏٢٬٨٣٥ ج.م.‏` */
      interest: (rate: number, interest: string, total: string) =>
        `فوائد البنك ${n(rate)}٪ (${interest})، الإجمالي ${total}`,
      otherCard: 'لا يقبل البطاقة المختارة، اختر بطاقة من هذا البنك',
      loading: 'جارٍ تحميل برامج التقسيط…',
      none: 'لا يوجد برنامج تقسيط بنكي يناسب هذا المبلغ الآن. اختر طريقة دفع أخرى.',
      noneForCard: 'لا يقبل أي برنامج تقسيط البطاقة المختارة. اختر بطاقة أخرى أو أضف بطاقة من بنك مشارك.',
      unavailable: 'تعذّر تحميل برامج التقسيط من فوري الآن. حاول مرة أخرى بعد قليل أو اختر طريقة دفع أخرى.',
      retry: 'إعادة المحاولة',
      note: 'يتم التقسيط من خلال برنامج البنك عبر فوري. قد يضيف البنك فوائد أو مصاريف حسب برنامجه، وتظهر لك قبل التأكيد في صفحة البنك. يلزم بطاقة ائتمان من بنك مشارك.',
    },
    phone: 'رقم الموبايل',
    phoneHint: 'رقم مصري من ١١ رقمًا. نستخدمه في طلب الدفع فقط.',
    pay: (amount: string) => `ادفع ${amount}`,
    payNow: (amount: string) => `ادفع ${amount} الآن`,
    getReference: 'احصل على الرقم المرجعي',
    sendWalletRequest: 'أرسل طلب الدفع إلى محفظتي',
    choosePlan: 'اختر باقة',
    redirecting: 'جارٍ تحويلك إلى صفحة الدفع الآمنة…',
    secureNote: 'الدفع مؤمّن عبر فوري. لا يصل رقم بطاقتك إلى حوار.',
    terms: 'بالضغط على زر الدفع أنت توافق على الشروط والأحكام. الاشتراك لا يتجدد تلقائيًا.',
    needCard: 'اختر بطاقة محفوظة أو أضف بطاقة جديدة.',
    sandbox: {
      title: 'بيئة التجربة',
      payReference: 'ادفع هذا الرقم في محاكي فوري',
      approveWallet: 'وافق على الطلب في محاكي المحفظة',
    },
    free: 'فعّل اشتراكك',
    freeNote: 'كود الخصم يغطي المبلغ كاملًا، فلا حاجة إلى الدفع.',
    network:
      'تعذّر الاتصال بالخادم. تحقّق من اتصالك ثم حاول مرة أخرى. إن لم تتأكد من نجاح الدفع، راجع صفحة المدفوعات قبل المحاولة مرة أخرى.',
  },

  coupon: {
    label: 'كود الخصم',
    placeholder: 'مثال: WELCOME-20',
    apply: 'تطبيق',
    remove: 'إزالة الكود',
    checking: 'جارٍ التحقق من الكود…',
    applied: (code: string, percent: number) => `تم تطبيق الكود ${isolate(code)}: خصم ${n(percent)}٪.`,
  },
  card: {
    savedLegend: 'اختر البطاقة',
    none: 'لا توجد بطاقات محفوظة بعد. أضف بطاقة لتدفع بها الآن وفي المرات القادمة.',
    loadFailed: 'تعذّر تحميل بطاقاتك المحفوظة.',
    add: 'إضافة بطاقة',
    adding: 'جارٍ فتح صفحة إضافة البطاقة…',
    addHint: 'ستنتقل إلى صفحة فوري الآمنة لإدخال بيانات البطاقة، ثم تعود إلى هنا.',
    /** `•••• 4242`, kept left-to-right inside Arabic sentences. */
    masked: (lastFour: string) => `\u2066•••• ${lastFour}\u2069`,
    brandFallback: 'بطاقة',
    default: 'الافتراضية',
    delete: 'حذف البطاقة',
    deleteTitle: 'حذف هذه البطاقة؟',
    deleteText: (masked: string) => `ستُحذف البطاقة ${masked} من حسابك. يمكنك إضافتها مرة أخرى في أي وقت.`,
    deleteConfirm: 'حذف',
    deleted: 'تم حذف البطاقة.',
    cvv: 'رمز الأمان (CVV)',
    cvvHint: 'الأرقام الثلاثة على ظهر البطاقة. لا نحفظه أبدًا.',
    installments: 'طريقة السداد',
    payInFull: 'الدفع مرة واحدة',
    payInFullHint: (amount: string) => `${amount} الآن`,
    payIn: (count: number) => `على ${plural(count, payments)}`,
    payInHint: (amount: string) => `${amount} الآن ثم الباقي على دفعات`,
    installmentsMonthOnly: `التقسيط على ${n(cardFew ?? 2)} أو ${n(cardMany ?? 4)} دفعات متاح لاشتراكات ٣ أشهر فأكثر.`,
    threeDs: `ستنتقل إلى صفحة البنك للتحقق (${isolate('3-D Secure')})، ثم تعود إلى حوار لتأكيد الدفع.`,
    declined: 'رفض البنك العملية. جرّب بطاقة أخرى أو طريقة دفع مختلفة.',
  },
  wallet: {
    phone: 'رقم المحفظة',
    phoneHint: 'رقم الموبايل المسجّل عليه محفظتك. سيصلك طلب دفع عليه.',
    sentTitle: 'أرسلنا طلب الدفع إلى محفظتك',
    sentText: (phone: string) =>
      `افتح تطبيق المحفظة على الرقم ${isolate(phone)} ووافق على طلب الدفع قبل انتهاء المهلة. ستتحدث هذه الصفحة تلقائيًا.`,
    qrTitle: 'امسح الرمز من تطبيق محفظتك',
    qrAlt: 'رمز QR للدفع من المحفظة',
  },
  fawry: {
    phone: 'رقم الموبايل',
    phoneHint: 'ترسل فوري الرقم المرجعي في رسالة إلى هذا الرقم أيضًا.',
    title: 'ادفع في أي منفذ فوري',
    referenceLabel: 'الرقم المرجعي',
    amountLabel: 'المبلغ المطلوب',
    expiresLabel: 'آخر موعد للدفع',
    expiresIn: (left: string) => `متبقٍّ ${left}`,
    expired: 'انتهت مهلة الدفع لهذا الرقم. اطلب رقمًا جديدًا.',
    copy: 'نسخ الرقم',
    copied: 'تم نسخ الرقم المرجعي',
    steps: [
      'اذهب إلى أي منفذ فوري (سوبر ماركت، صيدلية، كشك) أو افتح تطبيق myFawry.',
      'اطلب «دفع مدفوعات فوري» وأعطِ البائع الرقم المرجعي.',
      'ادفع المبلغ المطلوب نقدًا واحتفظ بالإيصال.',
      'يتفعّل اشتراكك تلقائيًا خلال دقائق من الدفع، وتتحدث هذه الصفحة وحدها.',
    ],
    stepsTitle: 'طريقة الدفع',
    later: 'ستجد هذا الرقم دائمًا في صفحة المدفوعات حتى تدفعه أو تنتهي مهلته.',
  },

  /** The live status of one payment (checkout, 3-D Secure return page). */
  status: {
    waitingTitle: 'في انتظار الدفع',
    waitingText: 'سنحدّث هذه الصفحة تلقائيًا فور وصول تأكيد الدفع.',
    checkingTitle: 'جارٍ تأكيد الدفع',
    checkingText: 'نتأكد من بنكك ومن فوري. يستغرق هذا عادة ثواني قليلة، لا تغلق الصفحة.',
    paidTitle: 'تم الدفع',
    paidText: 'شكرًا لك! تم تفعيل اشتراكك ويمكنك حجز دروسك الآن.',
    paidQueuedText: 'شكرًا لك! سيبدأ اشتراكك الجديد تلقائيًا بعد انتهاء اشتراكك الحالي.',
    failedTitle: 'لم تتم عملية الدفع',
    failedText: 'لم يُخصم منك أي مبلغ. يمكنك المحاولة مرة أخرى ببطاقة أو طريقة دفع أخرى.',
    expiredTitle: 'انتهت مهلة الدفع',
    expiredText: 'لم يُدفع الطلب في الوقت المحدد. يمكنك بدء طلب جديد في أي وقت.',
    canceledTitle: 'أُلغي الطلب',
    canceledText: 'لن يُطلب منك دفع هذا الطلب.',
    refundedTitle: 'تم استرداد المبلغ',
    refundedText: 'أعدنا المبلغ إلى وسيلة الدفع الأصلية.',
    orderNumber: (id: number) => `رقم الطلب ${n(id)}`,
    toSubscription: 'اذهب إلى اشتراكك',
    browseTutors: 'تصفّح المعلمين',
    bookTrial: 'احجز درسك التجريبي',
    tryAgain: 'حاول مرة أخرى',
    toPayments: 'عرض المدفوعات',
    liveToast: 'تم الدفع بنجاح. اشتراكك جاهز!',
    /** A payment that starts no subscription (the trial lesson's, decision 0048). */
    liveToastPaid: 'تم الدفع بنجاح.',
    notFoundTitle: 'لم نجد هذا الطلب',
    notFoundText: 'تأكد من الرابط، أو راجع صفحة المدفوعات.',
  },

  cardAdded: {
    title: 'تمت إضافة بطاقتك',
    text: (masked: string) => `حفظنا البطاقة ${masked} في حسابك بأمان لدى فوري. يمكنك الدفع بها الآن.`,
    textNoDigits: 'حفظنا بطاقتك في حسابك بأمان لدى فوري. يمكنك الدفع بها الآن.',
    failedTitle: 'لم نتمكن من حفظ البطاقة',
    failedText: 'رفضت فوري أو البنك هذه البطاقة. تأكد من البيانات أو جرّب بطاقة أخرى.',
    backToCheckout: 'العودة إلى الدفع',
    toSubscription: 'اذهب إلى الباقات',
    redirecting: 'سنعيدك إلى صفحة الدفع خلال لحظات…',
  },

  paymentsPage: {
    title: 'المدفوعات',
    subtitle: 'كل طلبات الاشتراك التي أنشأتها وحالة كل منها.',
    empty: 'لا توجد مدفوعات بعد',
    emptyText: 'عندما تشترك في باقة ستظهر عملياتك هنا.',
    loadFailed: 'تعذّر تحميل المدفوعات',
    tableLabel: 'سجل المدفوعات',
    unknownPlan: (id: number) => `باقة رقم ${n(id)}`,
    trialPayment: 'الدرس التجريبي',
    granted: 'منحة من فريق حوار',
    free: 'مجانًا',
    installment: (index: number, count: number) => `القسط ${n(index)} من ${n(count)}`,
    bankMonths: (months: number) => `على ${plural(months, nouns.months)}`,
    coupon: (code: string) => `بكود ${isolate(code)}`,
    refunded: (amount: string) => `مُسترد ${amount}`,
    reference: 'الرقم المرجعي',
    payBefore: (date: string) => `ادفع قبل ${date}`,
    cancel: 'إلغاء الطلب',
    cancelTitle: 'إلغاء هذا الطلب؟',
    cancelText: 'لن يعود بإمكانك الدفع بهذا الطلب. يمكنك إنشاء طلب جديد في أي وقت.',
    cancelConfirm: 'نعم، ألغِ الطلب',
    keep: 'تراجع',
    canceled: 'تم إلغاء الطلب.',
    continue: 'متابعة الدفع',
    previous: 'السابق',
    next: 'التالي',
    page: (page: number, pages: number) => `صفحة ${n(page)} من ${n(pages)}`,
    installmentsTitle: 'الأقساط القادمة',
    installmentsText: 'ادفع كل قسط في موعده ليبقى اشتراكك فعّالًا.',
    installmentDue: (index: number, count: number, date: string) =>
      `القسط ${n(index)} من ${n(count)}، مستحق في ${date}`,
    payInstallment: 'ادفع القسط',
    payInstallmentTitle: 'دفع القسط',
    payInstallmentText: (amount: string) => `ستدفع ${amount} بالبطاقة التي تختارها.`,
  },

  statuses: {
    [PaymentStatus.New]: 'في انتظار الدفع',
    [PaymentStatus.Paid]: 'تم الدفع',
    [PaymentStatus.Canceled]: 'ملغى',
    [PaymentStatus.Refunded]: 'مُسترد',
    [PaymentStatus.Expired]: 'انتهت المهلة',
    [PaymentStatus.PartialRefunded]: 'مُسترد جزئيًا',
    [PaymentStatus.Failed]: 'فشل الدفع',
  } satisfies Record<PaymentStatus, string>,

  methods: {
    [PaymentMethod.Card]: 'بطاقة بنكية',
    [PaymentMethod.EWallet]: 'محفظة إلكترونية',
    [PaymentMethod.BankInstallment]: 'تقسيط بنكي',
    [PaymentMethod.Fawry]: 'فوري',
  } satisfies Record<PaymentMethod, string>,

  /** Time left, as a countdown: `١ يوم و٣ ساعات`, `٤٧ دقيقة`. */
  timeLeft: (totalSeconds: number) => {
    const minutes = Math.max(0, Math.ceil(totalSeconds / 60));
    const days = Math.floor(minutes / (24 * 60));
    const h = Math.floor((minutes % (24 * 60)) / 60);
    const m = minutes % 60;
    if (days > 0) {
      return h > 0 ? `${plural(days, nouns.days)} و${plural(h, hours)}` : plural(days, nouns.days);
    }
    return duration(h * 60 + m);
  },

  /** The public pricing page (apps/landing /pricing). */
  pricing: {
    metaTitle: 'الأسعار | حوار: باقات دروس الإنجليزية الأونلاين',
    metaDescription:
      'أسعار باقات حوار لدروس الإنجليزية الفردية بالجنيه المصري: اشتراك شهري أو ٣ أو ٦ أشهر أو سنوي بدقائق أسبوعية، مع خصم على المدد الأطول وتقسيط بالبطاقة أو البنك، ودفع بالبطاقة أو المحفظة أو فوري.',
    eyebrow: 'أسعار واضحة بالجنيه المصري',
    title: 'باقات تناسب وقتك وميزانيتك',
    subtitle:
      'اختر عدد الدقائق التي تريدها كل أسبوع ومدة الاشتراك. كلما طالت المدة زاد التوفير، ويمكنك التقسيط على الاشتراكات الأطول.',
    loadFailed: 'تعذّر تحميل الأسعار الآن.',
    retry: 'إعادة المحاولة',
    empty: 'لا توجد باقات معروضة الآن. تابعنا قريبًا.',
    loading: 'جارٍ تحميل الأسعار',
    faqTitle: 'أسئلة شائعة عن الاشتراك',
    faq: [
      {
        q: 'كيف تعمل الدقائق الأسبوعية؟',
        a: 'كل باقة تمنحك عددًا من الدقائق كل أسبوع تحجز بها دروسًا مدتها ١٥ أو ٣٠ دقيقة مع أي معلم. تتجدد الدقائق كل ٧ أيام من بداية اشتراكك، والدقائق غير المستخدمة لا تُرحَّل.',
      },
      {
        q: 'هل يتجدد الاشتراك تلقائيًا؟',
        a: 'لا. تدفع مرة واحدة للمدة التي تختارها، ولا نخصم منك أي مبلغ بعدها. يمكنك الاشتراك من جديد متى شئت.',
      },
      {
        q: 'ما طرق الدفع المتاحة؟',
        a: 'البطاقات البنكية (فيزا وماستركارد وميزة)، والمحافظ الإلكترونية، والدفع نقدًا في أي منفذ فوري برقم مرجعي، والتقسيط البنكي على ٣ أو ٦ أشهر.',
      },
      {
        q: 'هل يمكنني التقسيط؟',
        a: 'نعم، اشتراكات ٣ و٦ أشهر والسنوية يمكن تقسيطها على دفعتين أو ٤ دفعات بالبطاقة، أو من خلال برامج تقسيط البنوك على ٣ أو ٦ أشهر.',
      },
    ],
    ctaNote: 'تحتاج إلى حساب طالب للاشتراك. إنشاء الحساب مجاني.',
  },
} as const;
