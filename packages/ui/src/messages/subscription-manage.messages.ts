import {
  BOUNDS,
  RENEWAL_REMINDER_DAYS_BEFORE,
  RefundRequestStatus,
  SubscriptionEventKind,
} from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { nouns, plural } from './plural.ts';

const n = arabicInteger;
const reminderDays = plural(RENEWAL_REMINDER_DAYS_BEFORE, nouns.days);

/**
 * Managing a subscription (decision 0042): renewal, an upgrade for the price difference, a refund
 * request and the subscription's history, on the web app's /subscription and checkout, and refund
 * requests in the back office. A module of its own, loaded only by those lazy screens. Imported as
 * `subscriptionManageMessages`. Money and dates are formatted by the screens and passed in as text.
 */
export const subscriptionManageMessages = {
  /** The "manage" section under the current subscription on /subscription. */
  manage: {
    title: 'إدارة الاشتراك',
    subtitle: 'التجديد والترقية واسترداد المبلغ، وسجل كل ما تم على اشتراكك.',
  },

  renewal: {
    title: 'التجديد',
    switchLabel: 'ذكّرني بالتجديد',
    on: 'التجديد مفعّل',
    off: 'ينتهي في نهاية المدة',
    onText: (reminder: string, end: string) =>
      `سنرسل إليك بريدًا وإشعارًا في ${reminder} (قبل الانتهاء بـ${reminderDays}) فيه رابط لدفع الباقة نفسها مرة أخرى. ينتهي اشتراكك الحالي في ${end}.`,
    offText: (end: string) =>
      `ينتهي اشتراكك في ${end} ولن نذكّرك بالتجديد. يمكنك تفعيل التذكير في أي وقت قبل ذلك.`,
    honest:
      'لا نخصم أي مبلغ تلقائيًا أبدًا: فوري يطلب رمز الأمان (CVV) مع كل دفعة، فالتجديد يتم فقط حين تدفع أنت.',
    savedOn: 'سنذكّرك بالتجديد قبل انتهاء اشتراكك.',
    savedOff: 'لن نذكّرك بالتجديد، وسينتهي اشتراكك في نهاية مدته.',
    failed: 'تعذّر حفظ اختيار التجديد، فأعدناه كما كان.',
  },

  upgrade: {
    title: 'الترقية إلى باقة أكبر',
    text: 'تنتقل إلى الباقة الأكبر فورًا بنفس تاريخ الانتهاء، وتدفع الفرق فقط عن المدة المتبقية.',
    none: 'أنت على أكبر باقة متاحة الآن.',
    unavailableInstallments: 'الترقية غير متاحة لاشتراك مدفوع بالتقسيط.',
    unavailablePaused: 'الترقية غير متاحة واشتراكك متوقف مؤقتًا.',
    openOrder: 'لديك طلب ترقية بانتظار الدفع. ادفعه أو ألغِه من سجل المدفوعات.',
    openOrderLink: 'سجل المدفوعات',
    planLabel: (alias: string, minutes: string) => `باقة ${alias}: ${minutes} أسبوعيًا`,
    showQuote: 'احسب تكلفة الترقية',
    showQuoteFor: (alias: string) => `احسب تكلفة الترقية إلى باقة ${alias}`,
    quoteLoading: 'نحسب التكلفة…',
    quoteFailed: 'تعذّر حساب التكلفة.',
    retry: 'أعد المحاولة',
    quoteLine: (amount: string) => `تدفع الآن ${amount}`,
    cta: 'ترقية',
    ctaFor: (alias: string) => `الترقية إلى باقة ${alias}`,
    loadFailed: 'تعذّر تحميل الباقات.',
  },

  refund: {
    title: 'استرداد المبلغ',
    text: 'إن لم يناسبك الاشتراك، اطلب استرداد المبلغ غير المستخدم. يراجع فريق حوار طلبك ويرد عليك بالبريد.',
    request: 'اطلب الاسترداد',
    nothingPaid: 'لم تدفع شيئًا مقابل هذا الاشتراك (منحة من فريق حوار أو استُرد مبلغه)، فلا يوجد ما يُسترد.',
    dialogTitle: 'طلب استرداد المبلغ',
    dialogText:
      'اكتب لنا سبب طلبك. يراجعه الفريق خلال أيام العمل، ويُعاد المبلغ المقبول إلى وسيلة الدفع نفسها، وينتهي الاشتراك عند الاسترداد.',
    reason: 'سبب الطلب',
    reasonHint: `من ${n(BOUNDS.refundRequestReason.min)} إلى ${n(BOUNDS.refundRequestReason.max)} حرف.`,
    count: (used: number, max: number) => `${n(used)} من ${n(max)} حرف`,
    send: 'أرسل الطلب',
    cancel: 'إلغاء',
    sent: 'أرسلنا طلب الاسترداد إلى فريق حوار.',
    open: 'طلب استرداد قيد المراجعة',
    openText: (date: string) => `أرسلت طلبك في ${date}. سنخبرك فور البت فيه.`,
    yourReason: 'سببك',
    withdraw: 'سحب الطلب',
    withdrawn: 'سحبت طلب الاسترداد.',
    status: {
      [RefundRequestStatus.Pending]: 'قيد المراجعة',
      [RefundRequestStatus.Refunded]: 'تم الاسترداد',
      [RefundRequestStatus.Declined]: 'مرفوض',
      [RefundRequestStatus.Withdrawn]: 'مسحوب',
    } satisfies Record<RefundRequestStatus, string>,
    declined: 'رُفض طلب الاسترداد',
    declinedNote: (note: string) => `ملاحظة الفريق: ${note}`,
    refunded: (amount: string) => `استُرد ${amount} إلى وسيلة الدفع.`,
    /** The live toast when staff decide. */
    liveRefunded: 'تم استرداد المبلغ إلى وسيلة دفعك',
    liveDeclined: 'رُفض طلب الاسترداد',
  },

  history: {
    title: 'سجل الاشتراك',
    empty: 'لا شيء في السجل بعد.',
    loadFailed: 'تعذّر تحميل السجل.',
    kinds: {
      [SubscriptionEventKind.RenewalOff]: 'أُوقف التذكير بالتجديد',
      [SubscriptionEventKind.RenewalOn]: 'فُعّل التذكير بالتجديد',
      [SubscriptionEventKind.RenewalReminded]: 'أُرسل تذكير التجديد',
      [SubscriptionEventKind.RefundRequested]: 'طُلب استرداد المبلغ',
      [SubscriptionEventKind.RefundWithdrawn]: 'سُحب طلب الاسترداد',
      [SubscriptionEventKind.RefundDeclined]: 'رُفض طلب الاسترداد',
      [SubscriptionEventKind.Refunded]: 'استُرد المبلغ',
      [SubscriptionEventKind.UpgradeOrdered]: 'طُلبت ترقية الباقة',
      [SubscriptionEventKind.Upgraded]: 'رُقّيت الباقة',
    } satisfies Record<SubscriptionEventKind, string>,
    by: (name: string) => `بواسطة ${name}`,
    byPlatform: 'تلقائيًا',
    amount: (amount: string) => `المبلغ: ${amount}`,
    minutes: (from: string, to: string) => `من ${from} إلى ${to} أسبوعيًا`,
    note: (note: string) => `الملاحظة: ${note}`,
    reason: (reason: string) => `السبب: ${reason}`,
    reference: (id: number) => `العملية #${n(id)}`,
  },

  /** The checkout in upgrade mode (`/checkout/{planId}/{period}?upgrade={subscriptionId}`). */
  checkout: {
    title: 'ترقية الباقة',
    subtitle: 'ادفع الفرق عن المدة المتبقية وتنتقل إلى الباقة الأكبر فورًا.',
    back: 'العودة إلى اشتراكك',
    summaryTitle: 'ملخص الترقية',
    plan: 'الباقة الجديدة',
    minutes: 'الدقائق',
    credit: 'رصيدك غير المستخدم',
    cost: 'سعر الباقة الجديدة للمدة المتبقية',
    amount: 'تدفع الآن',
    effect: (end: string) => `تسري الترقية فور تأكيد الدفع، وينتهي اشتراكك في موعده نفسه: ${end}.`,
    paid: (end: string) => `تمت الترقية! دقائقك الأسبوعية الجديدة متاحة من الآن حتى ${end}.`,
    noCoupon: 'لا تُطبق أكواد الخصم أو التقسيط على الترقية.',
    quoteLoading: 'نحسب تكلفة الترقية…',
    quoteFailed: 'تعذّر حساب تكلفة الترقية',
    wrongPeriod: 'الترقية تكون لنفس مدة اشتراكك الحالي.',
    pay: (amount: string) => `ادفع ${amount} للترقية`,
    free: 'رقِّ الآن',
    freeNote: 'رصيدك يغطي الترقية بالكامل، فلا تدفع شيئًا.',
  },

  /** The back office's refund requests (apps/admin: /refund-requests) and the user billing card. */
  admin: {
    title: 'طلبات الاسترداد',
    description: 'طلبات الطلاب لاسترداد مبالغ اشتراكاتهم. يسترد المدير العام المبلغ أو يرفض الطلب بملاحظة.',
    readOnly: 'الاسترداد والرفض من صلاحيات المدير العام.',
    statusFilter: 'الحالة',
    allStatuses: 'كل الحالات',
    tableLabel: 'طلبات الاسترداد',
    student: 'الطالب',
    plan: 'الباقة',
    reason: 'السبب',
    suggested: 'المبلغ المقترح',
    payments: 'المدفوعات',
    status: 'الحالة',
    created: 'التاريخ',
    actions: 'الإجراءات',
    unnamed: (id: number) => `طالب #${n(id)}`,
    payment: (id: number, amount: string) => `#${n(id)} · ${amount}`,
    paymentUpgrade: 'ترقية',
    refundedPart: (amount: string) => `استُرد ${amount}`,
    refund: 'استرداد',
    refundFor: (name: string) => `استرداد مبلغ ${name}`,
    decline: 'رفض',
    declineFor: (name: string) => `رفض طلب ${name}`,
    choosePayment: 'العملية التي يُسترد منها',
    empty: 'لا توجد طلبات بهذه الحالة.',
    loadFailed: 'تعذّر تحميل طلبات الاسترداد',
    pagination: 'صفحات طلبات الاسترداد',
    declineTitle: (name: string) => `رفض طلب ${name}`,
    declineText: 'تصل الملاحظة إلى الطالب بالبريد وفي التطبيق.',
    note: 'الملاحظة',
    noteHint: `من ${n(BOUNDS.refundDeclineNote.min)} إلى ${n(BOUNDS.refundDeclineNote.max)} حرف.`,
    declineSubmit: 'رفض الطلب',
    declined: 'رُفض الطلب.',
    decidedBy: (date: string) => `بُتّ فيه ${date}`,
    staffNote: (note: string) => `ملاحظة: ${note}`,
    /** The user billing card. */
    renewal: 'التجديد',
    renewalOn: 'تذكير بالتجديد مفعّل',
    renewalOff: 'ينتهي في نهاية المدة',
    upgradedAt: (date: string) => `رُقّي في ${date}`,
    openRefundRequest: 'عليه طلب استرداد مفتوح',
    history: 'سجل الاشتراك',
  },
} as const;
