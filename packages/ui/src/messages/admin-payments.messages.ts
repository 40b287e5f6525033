import { PaymentMethod, PaymentStatus, PlanPeriod } from '@hiwar/domain';
import { formatNumber } from '../format.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

/** A percentage the ar-EG way: `١٠٪`, `١٢٫٥٪`. */
const percent = (value: number): string => `${formatNumber(value, { maximumFractionDigits: 2 })}٪`;

const hoursForms: ArabicPluralForms = {
  one: 'ساعة واحدة',
  two: 'ساعتان',
  few: '# ساعات',
  many: '# ساعة',
  other: '# ساعة',
};

const timesForms: ArabicPluralForms = {
  one: 'مرة واحدة',
  two: 'مرتين',
  few: '# مرات',
  many: '# مرة',
  other: '# مرة',
};

const plansForms: ArabicPluralForms = {
  zero: 'لا توجد خطط',
  one: 'خطة واحدة',
  two: 'خطتان',
  few: '# خطط',
  many: '# خطة',
  other: '# خطة',
};

/**
 * The back office's plans and payments (apps/admin): plans, coupons and invites on /plans, and a user's
 * subscriptions and payments on /user/{id}, with the Arabic names of the payment enumerations (shared
 * with the web app's checkout and payments screens). Imported as `adminPaymentsMessages`.
 */
export const adminPaymentsMessages = {
  /** Plan periods (spec §9: monthly, 3 months, 6 months, annual). */
  periods: {
    [PlanPeriod.Month]: 'شهري',
    [PlanPeriod.Quarter]: '٣ أشهر',
    [PlanPeriod.HalfYear]: '٦ أشهر',
    [PlanPeriod.Year]: 'سنوي',
  } satisfies Record<PlanPeriod, string>,

  /** Transaction statuses (spec §3), as badges. */
  paymentStatuses: {
    [PaymentStatus.New]: 'جديد',
    [PaymentStatus.Paid]: 'مدفوع',
    [PaymentStatus.Canceled]: 'ملغي',
    [PaymentStatus.Refunded]: 'مسترد',
    [PaymentStatus.Expired]: 'منتهي الصلاحية',
    [PaymentStatus.PartialRefunded]: 'مسترد جزئيًا',
    [PaymentStatus.Failed]: 'فشل',
  } satisfies Record<PaymentStatus, string>,

  /** Payment methods (spec §3). A staff grant has none. */
  paymentMethods: {
    [PaymentMethod.Card]: 'بطاقة',
    [PaymentMethod.EWallet]: 'محفظة إلكترونية',
    [PaymentMethod.BankInstallment]: 'تقسيط بنكي',
    [PaymentMethod.Fawry]: 'فوري',
  } satisfies Record<PaymentMethod, string>,
  staffGrant: 'منحة من فريق العمل',

  /** Quota wording shared by tables, forms and the user page. */
  quota: {
    /** `١٢٠ دقيقة أسبوعيًا` */
    weekly: (minutes: number) => `${plural(minutes, nouns.minutes)} أسبوعيًا`,
    /** `٨ ساعات شهريًا` */
    monthly: (hours: number) => `${plural(hours, hoursForms)} شهريًا`,
    monthlyBasis: 'على أساس ٤ أسابيع في الشهر',
  },

  percent,
  /** `−١٠٪` on a price that carries a discount. */
  discountBadge: (value: number) => `−${percent(value)}`,
  /** `٥٤٠ ج.م. / شهر` */
  perMonth: (money: string) => `${money} / شهر`,
  currency: 'ج.م.',
  percentSign: '٪',
  notSet: 'غير محدد',
  /** A plan that was deleted after it was bought. */
  deletedPlan: (id: number) => `خطة محذوفة (رقم ${formatNumber(id, { useGrouping: false })})`,
  trialPayment: 'الدرس التجريبي',
  moreActions: (name: string) => `إجراءات ${name}`,

  /** /plans: the page and its tabs. */
  page: {
    description: 'الخطط المعروضة للطلاب وأسعارها، وكوبونات الخصم، والدعوات إلى الخطط الخاصة.',
    tabs: 'أقسام صفحة الخطط',
    plans: 'الخطط',
    coupons: 'الكوبونات',
    invites: 'الدعوات',
    readOnly: 'يمكنك عرض الخطط والكوبونات والدعوات فقط، وإدارتها من صلاحيات المدير العام.',
  },

  plans: {
    table: 'الخطط',
    count: (count: number) => plural(count, plansForms),
    columns: {
      plan: 'الخطة',
      quota: 'الحصة',
      active: 'متاحة للبيع',
      inviteOnly: 'بالدعوة فقط',
      createdAt: 'تاريخ الإنشاء',
      actions: 'إجراءات',
    },
    active: 'متاحة',
    inactive: 'متوقفة',
    inviteOnly: 'بالدعوة فقط',
    public: 'للجميع',
    newPlan: 'خطة جديدة',
    edit: 'تعديل',
    delete: 'حذف',
    fullPrice: (money: string) => `السعر قبل الخصم ${money}`,
    activeToggle: (alias: string) => `إتاحة خطة ${alias} للبيع`,
    inviteOnlyToggle: (alias: string) => `خطة ${alias} بالدعوة فقط`,
    activated: (alias: string) => `أصبحت خطة «${alias}» متاحة للبيع.`,
    deactivated: (alias: string) => `أُوقف بيع خطة «${alias}».`,
    inviteOnlyOn: (alias: string) => `أصبحت خطة «${alias}» للمدعوين فقط.`,
    inviteOnlyOff: (alias: string) => `أصبحت خطة «${alias}» متاحة للجميع.`,
    undo: 'تراجع',
    undoAlt: 'يمكنك إعادة الإعداد كما كان من مفتاحه في جدول الخطط.',
    deleteTitle: (alias: string) => `حذف خطة «${alias}»؟`,
    deleteBody:
      'ستختفي الخطة من صفحة الأسعار ومن هذه القائمة ولن يمكن شراؤها بعد الآن. الاشتراكات التي اشتُريت بها تبقى كما هي حتى نهايتها.',
    deleteConfirm: 'حذف الخطة',
    deleted: (alias: string) => `حُذفت خطة «${alias}».`,
    emptyTitle: 'لا توجد خطط بعد',
    emptyBody: 'أنشئ أول خطة ليتمكّن الطلاب من الاشتراك.',
    emptyBodyReadOnly: 'ستظهر الخطط هنا بعد أن يضيفها المدير العام.',
    errorTitle: 'تعذّر تحميل الخطط',
  },

  planForm: {
    createTitle: 'خطة جديدة',
    editTitle: (alias: string) => `تعديل خطة «${alias}»`,
    description: 'الأسعار بالجنيه المصري بدون قروش، والخصم نسبة مئوية لكل مدة.',
    alias: 'اسم الخطة',
    aliasHint: 'يظهر للطلاب في صفحة الأسعار، مثل «المنتظم».',
    weeklyMinutes: 'الدقائق الأسبوعية',
    weeklyMinutesHint: 'من مضاعفات ١٥ دقيقة، وهي مدة أقصر درس.',
    minutesUnit: 'دقيقة',
    pricing: 'الأسعار والخصومات',
    pricingHint: 'يدفع الطالب السعر الكامل بعد خصم المدة، ثم يُطبَّق كوبون الخصم إن وُجد.',
    period: 'المدة',
    fullPrice: 'السعر الكامل',
    discount: 'الخصم',
    studentPays: 'يدفع الطالب',
    priceLabel: (period: string) => `السعر الكامل، ${period}`,
    discountLabel: (period: string) => `نسبة الخصم، ${period}`,
    belowMinimum: 'أقل من ١ ج.م.',
    availability: 'الإتاحة',
    active: 'متاحة للبيع',
    activeHint: 'الخطط المتوقفة لا تظهر للطلاب ولا يمكن شراؤها.',
    inviteOnly: 'بالدعوة فقط',
    inviteOnlyHint: 'تظهر فقط لمن تدعوهم بالبريد الإلكتروني من تبويب الدعوات.',
    pricesApply: 'الأسعار الجديدة تُطبَّق على عمليات الشراء من الآن، ولا تغيّر الاشتراكات القائمة.',
    create: 'إنشاء الخطة',
    save: 'حفظ التغييرات',
    created: (alias: string) => `أُنشئت خطة «${alias}».`,
    saved: (alias: string) => `حُفظت تغييرات خطة «${alias}».`,
  },

  coupons: {
    table: 'الكوبونات',
    columns: {
      code: 'الكود',
      discount: 'الخصم',
      expiresAt: 'ينتهي في',
      usage: 'الاستخدام',
      state: 'الحالة',
      createdAt: 'تاريخ الإنشاء',
      actions: 'إجراءات',
    },
    states: { valid: 'صالح', expired: 'منتهي', 'used-up': 'مُستنفد' },
    /** `٣ من ١٠٠` or `٣ · بلا حد` */
    usage: (uses: number, limit: number | null) =>
      limit === null ? `${formatNumber(uses)} · بلا حد` : `${formatNumber(uses)} من ${formatNumber(limit)}`,
    search: 'بحث في الكوبونات',
    searchPlaceholder: 'ابحث بالكود',
    clearSearch: 'مسح البحث',
    newCoupon: 'كوبون جديد',
    edit: 'تعديل',
    delete: 'حذف',
    deleteTitle: (code: string) => `حذف الكوبون ${code}؟`,
    deleteBody: 'لن يقبل الدفع هذا الكود بعد الآن. عمليات الشراء التي استخدمته تحتفظ بسجلها.',
    deleteConfirm: 'حذف الكوبون',
    deleted: (code: string) => `حُذف الكوبون ${code}.`,
    emptyTitle: 'لا توجد كوبونات بعد',
    emptyBody: 'أنشئ كوبون خصم لحملة أو لمجموعة من الطلاب.',
    emptyBodyReadOnly: 'ستظهر الكوبونات هنا بعد أن يضيفها المدير العام.',
    noMatchesTitle: 'لا يوجد كوبون بهذا الكود',
    noMatchesBody: 'تأكد من الكود أو امسح البحث لعرض كل الكوبونات.',
    errorTitle: 'تعذّر تحميل الكوبونات',
    pagination: 'التنقل بين صفحات الكوبونات',
  },

  couponForm: {
    createTitle: 'كوبون جديد',
    editTitle: (code: string) => `تعديل الكوبون ${code}`,
    description: 'يُدخله الطالب عند الدفع ليحصل على خصم إضافي على سعر الخطة.',
    code: 'الكود',
    codeHint: 'من ٤ إلى ٢٠ حرفًا: حروف إنجليزية كبيرة وأرقام وشَرطة، مثل RAMADAN-25.',
    discount: 'نسبة الخصم',
    discountHint: 'من ١٪ إلى ١٠٠٪، بعد خصم المدة.',
    expiresAt: 'ينتهي في',
    expiresAtHint: 'التاريخ والساعة بتوقيت القاهرة.',
    usageLimit: 'الحد الأقصى لعدد مرات الاستخدام',
    usageLimitHint: 'اتركه فارغًا ليُستخدم بلا حد.',
    usesSoFar: (uses: number) =>
      uses === 0 ? 'لم يُستخدم بعد.' : `استُخدم حتى الآن ${plural(uses, timesForms)}.`,
    limitBelowUses: 'لا يمكن أن يقل الحد عن عدد مرات الاستخدام حتى الآن.',
    create: 'إنشاء الكوبون',
    save: 'حفظ التغييرات',
    created: (code: string) => `أُنشئ الكوبون ${code}.`,
    saved: (code: string) => `حُفظت تغييرات الكوبون ${code}.`,
  },

  invites: {
    table: 'الدعوات',
    columns: { email: 'البريد الإلكتروني', plan: 'الخطة', createdAt: 'تاريخ الدعوة', actions: 'إجراءات' },
    planFilter: 'تصفية حسب الخطة',
    allPlans: 'كل الخطط',
    search: 'بحث في الدعوات',
    searchPlaceholder: 'ابحث بالبريد الإلكتروني',
    clearSearch: 'مسح البحث',
    newInvite: 'دعوة جديدة',
    delete: 'سحب الدعوة',
    deleteTitle: (email: string) => `سحب دعوة ${email}؟`,
    deleteBody: 'لن تظهر الخطة لصاحب هذا البريد بعد الآن. الاشتراك الذي اشتراه بها يبقى كما هو.',
    deleteConfirm: 'سحب الدعوة',
    deleted: (email: string) => `سُحبت دعوة ${email}.`,
    emptyTitle: 'لا توجد دعوات بعد',
    emptyBody: 'ادعُ طالبًا بالبريد الإلكتروني إلى خطة متاحة بالدعوة فقط.',
    emptyBodyReadOnly: 'ستظهر الدعوات هنا بعد أن يرسلها المدير العام.',
    noMatchesTitle: 'لا توجد دعوات مطابقة',
    noMatchesBody: 'جرّب بريدًا آخر أو امسح التصفية.',
    clearFilters: 'مسح التصفية',
    errorTitle: 'تعذّر تحميل الدعوات',
    pagination: 'التنقل بين صفحات الدعوات',
  },

  inviteForm: {
    title: 'دعوة إلى خطة خاصة',
    description: 'سيرى صاحب هذا البريد الخطة في صفحة الأسعار عندما يسجّل الدخول.',
    email: 'البريد الإلكتروني',
    plan: 'الخطة',
    planHint: 'الخطط المتاحة بالدعوة فقط.',
    noPlans: 'لا توجد خطط بالدعوة فقط. اجعل إحدى الخطط «بالدعوة فقط» من تبويب الخطط أولًا.',
    submit: 'إرسال الدعوة',
    created: (email: string) => `دُعي ${email}.`,
  },

  /** The "subscriptions and payments" card on /user/{id}. */
  billing: {
    title: 'الاشتراكات والمدفوعات',
    description: 'اشتراكات الطالب وكل عمليات الدفع التي أجراها.',
    errorTitle: 'تعذّر تحميل الاشتراكات والمدفوعات',
    current: 'الاشتراك الحالي',
    noCurrent: 'لا يوجد اشتراك ساري الآن.',
    plan: 'الخطة',
    period: 'المدة',
    start: 'البداية',
    end: 'النهاية',
    thisWeek: 'المتبقي هذا الأسبوع',
    paused: 'الاشتراك موقوف لأن أحد أقساطه لم يُدفع بعد انتهاء مهلة السداد، فلا يمكنه الحجز حتى يدفعه.',
    /** `١٢٠ من ١٢٠ دقيقة` */
    remaining: (remaining: number, weekly: number) =>
      `${formatNumber(remaining)} من ${plural(weekly, nouns.minutes)}`,
    resetsAt: (date: string) => `يتجدّد ${date}`,
    nextQueued: (plan: string, date: string) => `يليه اشتراك «${plan}» يبدأ ${date}.`,
    subscriptions: 'الاشتراكات',
    /** `٢٢ نوفمبر ٢٠٢٦ – ٢٢ ديسمبر ٢٠٢٦` */
    dateRange: (from: string, to: string) => `${from} – ${to}`,
    subscriptionsTable: 'اشتراكات الطالب',
    noSubscriptions: 'لم يشترك هذا الطالب في أي خطة بعد.',
    subscriptionStates: {
      active: 'ساري',
      paused: 'موقوف لتأخّر قسط',
      upcoming: 'لم يبدأ',
      ended: 'انتهى',
      refunded: 'أُنهي بالاسترداد',
      canceled: 'أُنهي',
    },
    subscriptionColumns: {
      plan: 'الخطة',
      period: 'المدة',
      quota: 'الحصة',
      start: 'البداية',
      end: 'النهاية',
      state: 'الحالة',
    },
    transactions: 'المدفوعات',
    transactionsTable: 'عمليات الدفع',
    noTransactions: 'لا توجد عمليات دفع.',
    transactionColumns: {
      id: 'رقم العملية',
      date: 'التاريخ',
      plan: 'الخطة',
      method: 'طريقة الدفع',
      amount: 'المبلغ',
      refunded: 'المسترد',
      status: 'الحالة',
      actions: 'إجراءات',
    },
    reference: (id: number) => `#${formatNumber(id, { useGrouping: false })}`,
    coupon: (code: string) => `كوبون ${code}`,
    installment: (index: number, count: number) => `القسط ${formatNumber(index)} من ${formatNumber(count)}`,
    bankMonths: (months: number) => `على ${plural(months, nouns.months)}`,
    failure: (reason: string) => `السبب: ${reason}`,
    pagination: 'التنقل بين صفحات المدفوعات',
    refund: 'استرداد',
    cancelOrder: 'إلغاء الطلب',
    grant: 'منح اشتراك',
    readOnly: 'الاسترداد ومنح الاشتراكات من صلاحيات المدير العام.',
  },

  refund: {
    title: (reference: string) => `استرداد العملية ${reference}`,
    description: 'يُعاد المبلغ إلى وسيلة الدفع نفسها عن طريق فوري.',
    paid: 'المدفوع',
    alreadyRefunded: 'استُرد من قبل',
    refundable: 'يمكن استرداده',
    amount: 'المبلغ المسترد',
    amountHint: (max: string) => `الحد الأقصى ${max}.`,
    full: 'استرداد كامل المبلغ',
    amountRequired: 'أدخل المبلغ المسترد.',
    amountInvalid: 'أدخل مبلغًا صحيحًا بالجنيه، بقرشين على الأكثر بعد العلامة العشرية.',
    amountZero: 'المبلغ يجب أن يكون أكبر من صفر.',
    amountAboveMax: (max: string) => `لا يمكن استرداد أكثر من ${max}.`,
    reason: 'سبب الاسترداد',
    reasonHint: 'يُحفظ مع العملية، ولا يراه الطالب.',
    endsSubscription: 'أي استرداد، ولو جزئي، يُنهي الاشتراك الذي اشتُري بهذه العملية فورًا.',
    submit: 'متابعة',
    confirmTitle: 'تأكيد الاسترداد',
    confirmBody: (amount: string, name: string) =>
      `سيُسترد ${amount} إلى ${name}، ويُنهى اشتراكه المرتبط بهذه العملية. لا يمكن التراجع عن ذلك.`,
    confirm: 'استرداد المبلغ',
    back: 'رجوع',
    done: (amount: string) => `استُرد ${amount}.`,
    notRefundable: 'لم يعد في هذه العملية مبلغ يمكن استرداده. حدّث الصفحة لترى حالتها الحالية.',
  },

  cancelOrder: {
    title: (reference: string) => `إلغاء الطلب ${reference}؟`,
    body: 'الطلب لم يُدفع بعد. بعد إلغائه لن يمكن دفعه برقم فوري أو بالمحفظة، ويعود كوبون الخصم إن وُجد.',
    confirm: 'إلغاء الطلب',
    done: 'أُلغي الطلب.',
  },

  grant: {
    title: 'منح اشتراك مجاني',
    description: (name: string) =>
      `يحصل ${name} على الخطة بدون دفع. يبدأ الاشتراك الآن، أو عند انتهاء اشتراكه الحالي.`,
    plan: 'الخطة',
    period: 'المدة',
    recorded: 'تُسجَّل المنحة كعملية دفع بمبلغ صفر باسمك.',
    noPlans: 'لا توجد خطط. أنشئ خطة من صفحة الخطط أولًا.',
    submit: 'منح الاشتراك',
    done: (plan: string, period: string) => `مُنح اشتراك «${plan}» (${period}).`,
  },
} as const;
