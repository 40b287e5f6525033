import type { PlatformSettingKey, PlatformSettingUnit } from '@hiwar/domain';
import { arabicInteger } from './numerals.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';
import { REPORT_PROBLEM } from './shared-wording.ts';

const n = arabicInteger;

const repliesForms: ArabicPluralForms = {
  one: 'رد واحد',
  two: 'ردّان',
  few: '# ردود',
  many: '# ردًّا',
  other: '# رد',
};
const changesForms: ArabicPluralForms = {
  one: 'تغيير واحد',
  two: 'تغييرين',
  few: '# تغييرات',
  many: '# تغييرًا',
  other: '# تغيير',
};

/**
 * Support and platform settings: reporting a problem and "my reports" (apps/web), the reports and
 * contact-requests inboxes and the platform-settings screen (apps/admin). Imported as
 * `supportMessages`.
 */
export const supportMessages = {
  status: {
    open: 'مفتوح',
    resolved: 'تم الحل',
  },

  /** The "report a problem" dialog (the lesson card, the settings pages, my reports). */
  report: {
    action: REPORT_PROBLEM,
    lessonAction: 'الإبلاغ عن مشكلة في الدرس',
    title: 'الإبلاغ عن مشكلة',
    description:
      'صف ما حدث بالتفصيل، وسيردّ عليك فريق الدعم في أقرب وقت. تجد الرد في صفحة «بلاغاتي» ويصلك على بريدك الإلكتروني.',
    lessonNote: (when: string) => `البلاغ عن درس ${when}`,
    titleLabel: 'عنوان المشكلة',
    titlePlaceholder: 'مثال: الصوت ينقطع أثناء الدرس',
    titleHint: (min: number, max: number) => `من ${n(min)} إلى ${n(max)} حرفًا.`,
    descriptionLabel: 'وصف المشكلة',
    descriptionPlaceholder: 'ماذا كنت تفعل؟ ماذا حدث؟ وما الذي توقعت حدوثه؟',
    descriptionHint: (min: number, max: number) => `من ${n(min)} إلى ${n(max)} حرف.`,
    screenshotLabel: 'لقطة شاشة',
    screenshotHint: 'صورة JPG أو PNG أو GIF، بحد أقصى ١٠ ميجابايت.',
    screenshotChosen: (name: string) => `الصورة المختارة: ${name}`,
    removeScreenshot: 'إزالة الصورة',
    screenshotTooLarge: 'الصورة أكبر من ١٠ ميجابايت. اختر صورة أصغر.',
    screenshotWrongType: 'اختر صورة بصيغة JPG أو PNG أو GIF.',
    submit: 'إرسال البلاغ',
    uploading: (percent: number) => `جارٍ رفع الصورة… ${n(percent)}٪`,
    sent: 'وصل بلاغك، وسيردّ عليك فريق الدعم قريبًا.',
    viewReports: 'عرض بلاغاتي',
    viewReportsAlt: 'تجد بلاغاتك وردود فريق الدعم في صفحة «بلاغاتي» من قائمة حسابك.',
  },

  /** `/reports` in the web app. */
  myReports: {
    title: 'بلاغاتي',
    subtitle: 'المشكلات التي أبلغت عنها وردود فريق الدعم عليها.',
    newReport: 'بلاغ جديد',
    list: 'قائمة البلاغات',
    empty: 'لا توجد بلاغات',
    emptyHint: 'إذا واجهتك مشكلة في حوار فأبلغنا بها وسنساعدك.',
    loadFailed: 'تعذّر تحميل البلاغات.',
    count: (count: number) => plural(count, nouns.reports),
    replies: (count: number) => (count === 0 ? 'لا ردود بعد' : plural(count, repliesForms)),
    createdAt: (when: string) => `أُرسل ${when}`,
    aboutLesson: (when: string) => `عن درس ${when}`,
    open: 'فتح المحادثة',
    edit: 'تعديل',
    editTitle: 'تعديل البلاغ',
    save: 'حفظ التعديل',
    saved: 'تم تعديل البلاغ.',
    delete: 'حذف',
    deleteTitle: 'حذف البلاغ؟',
    deleteText: 'سيُحذف البلاغ نهائيًا ولن يراه فريق الدعم.',
    deleted: 'تم حذف البلاغ.',
    locked: 'ردّ فريق الدعم على هذا البلاغ، فلم يعد من الممكن تعديله أو حذفه. أضف ردًّا إذا أردت إضافة شيء.',
    resolvedNote: 'حُلّت هذه المشكلة. إذا عادت فاكتب ردًّا وسيُعاد فتح البلاغ.',
    notFound: 'البلاغ غير موجود أو حُذف.',
  },

  /** A report's conversation, shared by both apps. */
  conversation: {
    title: 'المحادثة',
    empty: 'لا توجد ردود بعد.',
    loadFailed: 'تعذّر تحميل المحادثة.',
    you: 'أنت',
    support: 'فريق الدعم',
    reporter: 'صاحب البلاغ',
    deletedAccount: 'حساب محذوف',
    edited: 'معدّل',
    replyLabel: 'ردّك',
    replyPlaceholder: 'اكتب ردّك هنا…',
    send: 'إرسال الرد',
    sent: 'تم إرسال الرد.',
    editReply: 'تعديل الرد',
    saveReply: 'حفظ',
    cancelEdit: 'إلغاء',
    deleteReply: 'حذف الرد',
    deleteReplyTitle: 'حذف هذا الرد؟',
    deleteReplyText: 'سيُحذف الرد من المحادثة نهائيًا.',
    replyDeleted: 'تم حذف الرد.',
    screenshot: 'لقطة الشاشة المرفقة',
    screenshotAlt: (title: string) => `لقطة شاشة مرفقة بالبلاغ: ${title}`,
    screenshotFailed: 'تعذّر تحميل لقطة الشاشة.',
    openScreenshot: 'فتح الصورة بالحجم الكامل',
  },

  /** Live-event toasts. */
  events: {
    replied: (title: string) => `ردّ فريق الدعم على بلاغك «${title}».`,
    newReport: (title: string) => `بلاغ جديد: ${title}`,
    newContactRequest: (title: string) => `طلب تواصل جديد: ${title}`,
    view: 'عرض',
  },

  /** The help section of the student and tutor settings pages. */
  settings: {
    tab: 'المساعدة',
    title: 'المساعدة والدعم',
    description: 'واجهتك مشكلة في الدروس أو الدفع أو حسابك؟ أبلغنا بها وتابع ردود فريق الدعم.',
    myReports: 'بلاغاتي السابقة',
  },

  /** Back office: `/reports`. */
  adminReports: {
    description: 'بلاغات المستخدمين عن المشكلات: رُدّ عليها وحدّد ما تم حله.',
    filters: 'تصفية البلاغات',
    status: 'الحالة',
    anyStatus: 'كل البلاغات',
    onlyOpen: 'المفتوحة',
    onlyResolved: 'المحلولة',
    reporter: 'صاحب البلاغ',
    reporterPlaceholder: 'ابحث بالاسم…',
    search: 'بحث',
    searchPlaceholder: 'العنوان أو الوصف أو البريد…',
    clearSearch: 'مسح البحث',
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    reset: 'مسح عوامل التصفية',
    table: 'البلاغات',
    pages: 'صفحات البلاغات',
    title: 'العنوان',
    created: 'التاريخ',
    replies: 'الردود',
    actions: 'إجراءات',
    total: (count: number) => plural(count, nouns.reports),
    open: (count: number) => `${plural(count, nouns.reports)} مفتوحة`,
    empty: 'لا توجد بلاغات مطابقة',
    loadFailed: 'تعذّر تحميل البلاغات.',
    view: 'عرض',
    viewReport: (title: string) => `عرض البلاغ: ${title}`,
    detailTitle: 'تفاصيل البلاغ',
    lessonLabel: 'الدرس',
    lesson: (when: string) => `عن درس ${when}`,
    noLesson: 'غير مرتبط بدرس',
    resolve: 'تحديد كمحلول',
    reopen: 'إعادة فتح',
    resolvedBy: (name: string, when: string) => `حلّه ${name} ${when}`,
    resolvedToast: 'تم تحديد البلاغ كمحلول.',
    reopenedToast: 'أُعيد فتح البلاغ.',
    delete: 'حذف البلاغ',
    deleteTitle: 'حذف هذا البلاغ؟',
    deleteText: 'سيُحذف البلاغ ومحادثته ولقطة الشاشة نهائيًا.',
    deleted: 'تم حذف البلاغ.',
  },

  /** Back office: `/contact-requests`. */
  adminContactRequests: {
    description: 'رسائل الزوار من صفحة «تواصل معنا» على الموقع.',
    filters: 'تصفية طلبات التواصل',
    status: 'الحالة',
    any: 'كل الطلبات',
    onlyOpen: 'بانتظار الرد',
    onlyHandled: 'تمت معالجتها',
    search: 'بحث',
    searchPlaceholder: 'الاسم أو العنوان أو الهاتف…',
    clearSearch: 'مسح البحث',
    total: (count: number) => plural(count, nouns.requests),
    empty: 'لا توجد طلبات تواصل مطابقة',
    loadFailed: 'تعذّر تحميل طلبات التواصل.',
    list: 'طلبات التواصل',
    pages: 'صفحات طلبات التواصل',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    received: (when: string) => `وصل ${when}`,
    handled: 'تمت المعالجة',
    open: 'بانتظار الرد',
    handledBy: (name: string, when: string) => `عالجه ${name} ${when}`,
    markHandled: 'تحديد كمُعالَج',
    markOpen: 'إعادة إلى الانتظار',
    markedHandled: 'تم تحديد الطلب كمُعالَج.',
    markedOpen: 'أُعيد الطلب إلى قائمة الانتظار.',
  },

  /** Back office: `/platform-settings`. */
  platformSettings: {
    formTitle: 'إعدادات الحجز والأرباح والدفع',
    formDescription:
      'تُطبَّق القيم الجديدة فورًا على كل الخوادم وتظهر للمستخدمين دون إعادة تشغيل، ويُسجَّل كل تغيير باسم من أجراه.',
    labels: {
      bookingLeadMinutes: 'أقل مدة قبل بدء الدرس للحجز',
      maxUpcomingLessonsPerStudent: 'أقصى عدد للدروس القادمة للطالب',
      freeCancelHours: 'مهلة الإلغاء المجاني',
      tutorHourlyRate: 'أجر المعلم عن الساعة',
      referenceNumberTtlHours: 'مدة صلاحية الرقم المرجعي لفوري',
      trialLessonEnabled: 'الدرس التجريبي',
      trialLessonMinutes: 'مدة الدرس التجريبي',
      trialLessonPrice: 'سعر الدرس التجريبي',
    } satisfies Record<PlatformSettingKey, string>,
    meanings: {
      bookingLeadMinutes: 'يجب أن يبدأ الدرس بعد هذه المدة على الأقل من وقت الحجز أو تغيير الموعد.',
      maxUpcomingLessonsPerStudent:
        'عدد الدروس المحجوزة التي لم تنتهِ بعد ويمكن أن يحتفظ بها الطالب في الوقت نفسه.',
      freeCancelHours:
        'إذا ألغى الطالب الدرس قبل موعده بهذه المدة على الأقل تعود إليه الدقائق، وإلا تُحتسب من رصيده الأسبوعي.',
      tutorHourlyRate:
        'يُحسب ربح المعلم من كل درس بنسبة مدته من هذا الأجر عند الحجز. لا يتغير ربح الدروس المحجوزة من قبل.',
      referenceNumberTtlHours: 'ينتهي الرقم المرجعي للدفع نقدًا في فوري بعد هذه المدة إذا لم يُدفع.',
      trialLessonEnabled:
        'عند تفعيله يحق لكل طالب درس تجريبي واحد مع أي معلم دون اشتراك ودون أن يُحتسب من دقائقه.',
      trialLessonMinutes:
        'مدة الدرس التجريبي: ١٥ أو ٣٠ دقيقة. لا تتغير مدة الدروس التجريبية المحجوزة من قبل.',
      trialLessonPrice:
        'صفر يعني أن الدرس التجريبي مجاني. غير ذلك يدفعه الطالب عبر فوري قبل أن يحجز موعده، وإذا استُرد المبلغ أُلغي الدرس إن لم يبدأ.',
    } satisfies Record<PlatformSettingKey, string>,
    units: {
      minutes: 'دقيقة',
      hours: 'ساعة',
      lessons: 'درس',
      piasters: 'جنيه',
      switch: '',
    } satisfies Record<PlatformSettingUnit, string>,
    switchOn: 'مفعّل',
    switchOff: 'متوقف',
    step: (step: string) => `بخطوات ${step}`,
    defaultValue: (value: string) => `القيمة الافتراضية: ${value}`,
    bounds: (min: string, max: string) => `من ${min} إلى ${max}`,
    lastChanged: (when: string) => `آخر تغيير ${when}`,
    neverChanged: 'لم تتغير منذ البداية',
    changed: 'معدّل',
    save: 'حفظ الإعدادات',
    reset: 'تراجع عن التعديلات',
    noChanges: 'لا توجد تعديلات لحفظها.',
    saved: (count: number) => `تم حفظ ${plural(count, changesForms)}.`,
    loadFailed: 'تعذّر تحميل الإعدادات.',
    audit: {
      title: 'سجل التغييرات',
      description: 'كل تغيير في الإعدادات: من أجراه ومتى، والقيمة قبله وبعده.',
      table: 'سجل تغييرات الإعدادات',
      setting: 'الإعداد',
      from: 'القيمة السابقة',
      to: 'القيمة الجديدة',
      by: 'بواسطة',
      when: 'التوقيت',
      empty: 'لم تتغير الإعدادات بعد.',
      loadFailed: 'تعذّر تحميل سجل التغييرات.',
      unknownUser: 'مستخدم محذوف',
      total: (count: number) => plural(count, changesForms),
    },
  },

  adminPages: {
    reports: 'البلاغات',
    contactRequests: 'طلبات التواصل',
  },
} as const;
