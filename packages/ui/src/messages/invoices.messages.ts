import type { BankName, InvoiceEventAction, InvoiceStatus, WithdrawMethodType } from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { nouns, plural } from './plural.ts';

const n = arabicInteger;

/**
 * Earnings and withdrawal requests (invoices): the words both apps share — statuses, methods, banks,
 * the processing window and the live-event toasts. Imported as `invoicesMessages`; the screens
 * (apps/web `/invoices`, apps/admin `/invoices`) add their own groups here.
 */
export const invoicesMessages = {
  /** Status labels as a tutor and staff read them (rules.md's seven statuses). */
  status: {
    pending: 'قيد المراجعة',
    'updated-by-receiver': 'طلب تعديل البيانات',
    'canceled-by-receiver': 'طلب إلغاء',
    fulfilled: 'تم التحويل',
    rejected: 'مرفوض',
    'canceled-by-admin': 'ألغته الإدارة',
    'cancellation-approved-by-admin': 'تم الإلغاء',
  } satisfies Record<InvoiceStatus, string>,
  method: {
    wallet: 'محفظة إلكترونية',
    bank: 'تحويل بنكي',
    instapay: 'إنستاباي',
  } satisfies Record<WithdrawMethodType, string>,
  bank: {
    cib: 'البنك التجاري الدولي (CIB)',
    alex: 'بنك الإسكندرية',
  } satisfies Record<BankName, string>,
  details: {
    phone: 'رقم المحفظة',
    bank: 'البنك',
    accountNumber: 'رقم الحساب أو IBAN',
    username: 'عنوان إنستاباي',
    usernamePlaceholder: 'name@instapay',
  },
  ledger: {
    earned: 'إجمالي الأرباح',
    withdrawable: 'المتاح للسحب',
    pending: 'قيد السحب',
    withdrawn: 'تم سحبه',
    upcoming: 'أرباح دروس قادمة',
  },
  /** The processing window (4–5 working days, Friday and Saturday off). */
  expectedPayout: (earliest: string, latest: string) => `يصلك المبلغ بين ${earliest} و${latest}`,
  processingNote: 'تستغرق معالجة طلب السحب من ٤ إلى ٥ أيام عمل (الجمعة والسبت عطلة).',
  /** Toasts for the live events (`useInvoiceEvents`), to the tutor and to staff. */
  events: {
    tutor: {
      created: 'استلمنا طلب السحب.',
      'status-changed': (status: InvoiceStatus) =>
        `تغيّرت حالة طلب السحب: ${invoicesMessages.status[status]}.`,
      'note-changed': 'أضافت الإدارة ملاحظة على طلب السحب.',
      deleted: 'حُذف طلب السحب.',
    },
    staff: {
      created: (name: string) => `طلب سحب جديد من ${name}.`,
      'status-changed': (name: string, status: InvoiceStatus) =>
        `طلب سحب ${name}: ${invoicesMessages.status[status]}.`,
      'note-changed': (name: string) => `عُدّلت ملاحظة طلب سحب ${name}.`,
      deleted: (name: string) => `حُذف طلب سحب ${name}.`,
    },
  } satisfies { tutor: Record<InvoiceEventAction, unknown>; staff: Record<InvoiceEventAction, unknown> },
  /** Money fields are typed in pounds: the unit drawn inside them. */
  poundsUnit: 'ج.م.',

  /** The tutor's screen `/invoices` (apps/web). */
  page: {
    title: 'الأرباح والسحب',
    description: 'تابع أرباحك من الدروس، واطلب سحبها إلى محفظتك أو حسابك البنكي أو إنستاباي.',
    balances: 'رصيدك',
    balancesFailed: 'تعذّر تحميل رصيدك.',
    upcoming: (amount: string) => `وتنتظرك ${amount} من دروس محجوزة بعد إعطائها.`,
  },
  /** The earnings chart on `/invoices`. */
  chart: {
    title: 'أرباحك عبر الوقت',
    description: 'ما ربحته من الدروس في كل أسبوع (يبدأ بالسبت) أو شهر.',
    periods: 'فترة الرسم البياني',
    weekly: 'أسبوعيًا',
    monthly: 'شهريًا',
    weeklyLabel: 'أرباحك في آخر ١٢ أسبوعًا',
    monthlyLabel: 'أرباحك في آخر ١٢ شهرًا',
    weekOf: (date: string) => `أسبوع ${date}`,
    period: 'الفترة',
    earned: 'الأرباح',
    total: (amount: string) => `المجموع: ${amount}`,
    empty: 'لا أرباح في هذه الفترة بعد. تظهر أرباح كل درس بعد انتهائه.',
    loading: 'جارٍ تحميل الرسم البياني',
  },
  /** The withdrawal request form on `/invoices`. */
  form: {
    title: 'طلب سحب جديد',
    description: 'اختر طريقة الاستلام والمبلغ. تبقى قيمة الطلب محجوزة من رصيدك حتى تنفيذه.',
    method: 'طريقة السحب',
    limits: (min: string, max: string) => `من ${min} إلى ${max}`,
    amount: 'المبلغ بالجنيه',
    amountHint: (withdrawable: string, min: string, max: string) =>
      `المتاح للسحب ${withdrawable}. الحد الأدنى ${min} والحد الأقصى ${max}.`,
    amountHintNoMethod: (withdrawable: string) =>
      `المتاح للسحب ${withdrawable}. اختر طريقة السحب لتعرف حدودها.`,
    withdrawAll: 'اسحب كل المتاح',
    phoneHint: 'رقم الموبايل المسجّل عليه المحفظة.',
    phonePlaceholder: '01xxxxxxxxx',
    accountHint: 'من ٨ إلى ٣٠ رقمًا كما يطبعه البنك، أو رقم IBAN المصري الذي يبدأ بـ EG.',
    usernameHint: 'عنوانك على إنستاباي بالشكل name@instapay.',
    bankPlaceholder: 'اختر البنك',
    submit: 'اطلب السحب',
    sent: 'أرسلنا طلب السحب، وسنراجعه خلال ٤ إلى ٥ أيام عمل.',
    noBalance: 'لا يوجد رصيد متاح للسحب الآن. تُضاف أرباح كل درس بعد انتهائه.',
    noMethods: 'السحب متوقف مؤقتًا. حاول مرة أخرى لاحقًا.',
    methodsFailed: 'تعذّر تحميل طرق السحب.',
  },
  /** The tutor's requests on `/invoices`. */
  list: {
    title: 'طلبات السحب',
    empty: 'لا توجد طلبات سحب بعد',
    emptyText: 'اطلب أول سحب لأرباحك من النموذج.',
    loadFailed: 'تعذّر تحميل طلبات السحب.',
    request: (amount: string) => `طلب سحب ${amount}`,
    requestedAt: (date: string) => `طُلب ${date}`,
    status: 'الحالة',
    method: 'الطريقة',
    receiver: 'بيانات الاستلام',
    requested: 'البيانات الجديدة (بانتظار موافقة الإدارة)',
    expected: 'الموعد المتوقع للتحويل',
    expectedRange: (earliest: string, latest: string) => `بين ${earliest} و${latest}`,
    note: 'ملاحظة الإدارة',
    askUpdate: 'اطلب تعديل البيانات',
    askCancel: 'اطلب الإلغاء',
    pages: 'التنقل بين صفحات طلبات السحب',
    previous: 'السابق',
    next: 'التالي',
    page: (page: number, pages: number) => `صفحة ${n(page)} من ${n(pages)}`,
  },
  /** The tutor asks to update a request's receiver details. */
  updateDialog: {
    title: 'تعديل بيانات الاستلام',
    description: 'تبقى البيانات الحالية سارية حتى توافق الإدارة على التعديل.',
    submit: 'أرسل طلب التعديل',
    sent: 'أرسلنا طلب التعديل إلى الإدارة.',
  },
  /** The tutor asks to cancel a request. */
  cancelDialog: {
    title: 'إلغاء طلب السحب؟',
    description: 'سنرسل طلب الإلغاء إلى الإدارة. يبقى المبلغ محجوزًا حتى توافق، ثم يعود إلى رصيدك المتاح.',
    confirm: 'نعم، اطلب الإلغاء',
    keep: 'تراجع',
    sent: 'أرسلنا طلب الإلغاء إلى الإدارة.',
  },
  /** A private receipt picture, shown from an object URL (both apps). */
  receipt: {
    show: 'عرض الإيصال',
    showOf: (amount: string) => `عرض الإيصال (${amount})`,
    title: 'إيصال التحويل',
    alt: (amount: string) => `صورة إيصال تحويل ${amount}`,
    loading: 'جارٍ تحميل الإيصال',
    failed: 'تعذّر تحميل الإيصال.',
    download: 'تنزيل الإيصال',
  },

  /** The back office's `/invoices` (apps/admin). */
  admin: {
    description: 'راجع طلبات سحب المعلمين ونفّذها، وعدّل حدود طرق السحب.',
    sections: 'أقسام طلبات السحب',
    requestsTab: 'الطلبات',
    methodsTab: 'طرق السحب',
    filters: 'تصفية طلبات السحب',
    status: 'الحالة',
    anyStatus: 'كل الحالات',
    openStatuses: 'تنتظر إجراءً من الإدارة',
    tutor: 'المعلم',
    tutorPlaceholder: 'اكتب اسم المعلم…',
    method: 'طريقة السحب',
    anyMethod: 'كل الطرق',
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    reset: 'مسح التصفية',
    table: 'طلبات السحب',
    total: (count: number) => plural(count, nouns.requests),
    id: 'الرقم',
    amount: 'المبلغ',
    requestedAt: 'تاريخ الطلب',
    actions: 'إجراءات',
    details: 'التفاصيل',
    detailsOf: (name: string, id: number) => `التفاصيل: طلب ${name} رقم ${n(id)}`,
    empty: 'لا توجد طلبات سحب',
    loadFailed: 'تعذّر تحميل طلبات السحب.',
    unnamed: (id: number) => `معلم رقم ${n(id)}`,
  },
  /** The request's details dialog in the back office. */
  detail: {
    title: (name: string) => `طلب سحب ${name}`,
    notInPage: 'هذا الطلب ليس في الصفحة المعروضة. غيّر التصفية أو الصفحة ثم افتحه من الجدول.',
    ledger: 'رصيد المعلم',
    ledgerFailed: 'تعذّر تحميل رصيد المعلم.',
    request: 'الطلب',
    requestedAt: 'تاريخ الطلب',
    updatedAt: 'آخر تحديث',
    addressedBy: 'آخر من تعامل معه',
    nobody: 'لم يتعامل معه أحد بعد',
    current: 'بيانات الاستلام الحالية',
    requested: 'التعديل الذي طلبه المعلم',
    note: 'ملاحظة الإدارة',
    noNote: 'لا توجد ملاحظة.',
    actions: 'الإجراءات',
    finalState: 'هذا الطلب في حالة نهائية؛ يمكن تعديل الملاحظة فقط.',
    tutorPage: 'صفحة المعلم',
    tutorInvoices: 'كل طلبات المعلم',
  },
  /** Staff moves along rules.md's table, each confirmed in a dialog. */
  actions: {
    approveUpdate: {
      label: 'اعتماد التعديل',
      title: 'اعتماد تعديل بيانات الاستلام؟',
      description: 'تحلّ البيانات الجديدة محلّ القديمة، ويعود الطلب إلى المراجعة.',
      done: 'اعتُمد التعديل.',
    },
    approveCancel: {
      label: 'الموافقة على الإلغاء',
      title: 'الموافقة على إلغاء الطلب؟',
      description: 'يُلغى الطلب ويعود المبلغ إلى رصيد المعلم المتاح.',
      done: 'أُلغي الطلب بناءً على طلب المعلم.',
    },
    refuseCancel: {
      label: 'رفض الإلغاء',
      title: 'رفض طلب الإلغاء؟',
      description: 'يعود الطلب إلى المراجعة كما كان.',
      done: 'رُفض طلب الإلغاء وعاد الطلب إلى المراجعة.',
    },
    fulfil: {
      label: 'تأكيد التحويل',
      title: 'تأكيد تنفيذ التحويل',
      description: 'أرفق صورة إيصال التحويل؛ يراها المعلم. يُخصم المبلغ من رصيده نهائيًا.',
      done: 'سُجّل التحويل وأُرسل الإيصال إلى المعلم.',
    },
    reject: {
      label: 'رفض الطلب',
      title: 'رفض طلب السحب؟',
      description: 'اكتب سبب الرفض؛ يظهر للمعلم. يعود المبلغ إلى رصيده المتاح.',
      done: 'رُفض الطلب.',
    },
    cancel: {
      label: 'إلغاء الطلب',
      title: 'إلغاء الطلب من الإدارة؟',
      description: 'يُلغى الطلب ويعود المبلغ إلى رصيد المعلم المتاح.',
      done: 'أُلغي الطلب.',
    },
    editNote: {
      label: 'تعديل الملاحظة',
      title: 'ملاحظة الإدارة',
      description: 'تظهر الملاحظة للمعلم. اتركها فارغة لحذفها.',
      done: 'حُفظت الملاحظة.',
    },
    note: 'ملاحظة للمعلم',
    noteRequired: 'سبب الرفض',
    receipt: 'صورة الإيصال',
    receiptHint: 'صورة JPG أو PNG أو GIF حتى ١٠ ميجابايت.',
    choose: 'اختر صورة',
    replace: 'اختر صورة أخرى',
    chosen: (name: string) => `الملف المختار: ${name}`,
    preview: 'معاينة الإيصال المختار',
    uploading: 'جارٍ رفع الإيصال',
    progress: (value: number) => `${n(value)}٪`,
    stopUpload: 'إيقاف الرفع',
    stopped: 'أُوقف الرفع، ولم يتغير الطلب.',
    back: 'رجوع',
  },
  /** The withdraw methods' limits and flags, in the back office. */
  methods: {
    description: 'حدود كل طريقة بالجنيه، وإتاحتها للمعلمين. لا تتغير الطلبات المرسلة من قبل.',
    min: 'الحد الأدنى',
    max: 'الحد الأقصى',
    current: (amount: string) => `المحفوظ الآن: ${amount}`,
    enabled: 'متاحة للمعلمين',
    disabled: 'متوقفة',
    save: 'حفظ',
    saveOf: (name: string) => `حفظ ${name}`,
    saved: (name: string) => `حُفظت إعدادات ${name}.`,
    noChanges: 'لا توجد تغييرات للحفظ.',
    empty: 'لا توجد طرق سحب بعد.',
    loadFailed: 'تعذّر تحميل طرق السحب.',
  },
  /** The earnings card on the back office's tutor page `/tutor/{id}`. */
  tutorCard: {
    title: 'الأرباح والسحب',
    description: 'رصيد المعلم وآخر طلبات السحب.',
    recent: 'آخر طلبات السحب',
    none: 'لا توجد طلبات سحب.',
    all: 'كل طلبات السحب',
    loadFailed: 'تعذّر تحميل أرباح المعلم.',
  },
} as const;
