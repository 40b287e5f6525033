import { type ArabicPluralForms, plural } from './plural.ts';

const filesForms: ArabicPluralForms = {
  zero: 'لا ملفات',
  one: 'ملف واحد',
  two: 'ملفان',
  few: '# ملفات',
  many: '# ملفًا',
  other: '# ملف',
};
const weeksForms: ArabicPluralForms = {
  one: 'أسبوع واحد',
  two: 'أسبوعين',
  few: '# أسابيع',
  many: '# أسبوعًا',
  other: '# أسبوع',
};
const readingsForms: ArabicPluralForms = {
  one: 'قراءة واحدة',
  two: 'قراءتين',
  few: '# قراءات',
  many: '# قراءة',
  other: '# قراءة',
};
const secondsForms: ArabicPluralForms = {
  one: 'ثانية',
  two: 'ثانيتين',
  few: '# ثوانٍ',
  many: '# ثانية',
  other: '# ثانية',
};
const instancesForms: ArabicPluralForms = {
  one: 'خادم واحد',
  two: 'خادمان',
  few: '# خوادم',
  many: '# خادمًا',
  other: '# خادم',
};

/**
 * The back office's own screens (apps/admin): the dashboard `/`, live server figures `/server-stats`,
 * stored files `/media`, and Google sign-in on `/login`. Imported as `adminDashboardMessages`.
 */
export const adminDashboardMessages = {
  nav: {
    media: 'الملفات المخزنة',
    serverStats: 'حالة الخادم',
  },
  pages: {
    media: 'الملفات المخزنة',
    serverStats: 'حالة الخادم',
  },

  /** The small weekly charts (an SVG with this text as its accessible name). */
  sparkline: {
    summary: (title: string, values: string[], current: string) =>
      `${title} خلال آخر ${plural(values.length, weeksForms)}، من الأقدم إلى الأحدث: ${values.join('، ')}. هذا الأسبوع: ${current}.`,
    recent: (title: string, values: string[], current: string) =>
      `${title}، آخر ${plural(values.length, readingsForms)} من الأقدم إلى الأحدث: ${values.join('، ')}. الآن: ${current}.`,
    empty: (title: string) => `${title}: لا بيانات بعد.`,
  },

  dashboard: {
    description: 'نظرة سريعة على نشاط المنصة هذا الأسبوع، مع اتجاه آخر الأسابيع.',
    ownDescription: 'نظرة سريعة على عملك هذا الأسبوع، مع اتجاه آخر الأسابيع.',
    loadFailed: 'تعذّر تحميل أرقام لوحة التحكم.',
    refresh: 'تحديث الأرقام',
    updatedAt: (when: string) => `آخر تحديث ${when}`,
    empty: 'لا توجد بطاقات لدورك في لوحة التحكم.',
    today: 'اليوم',
    thisWeek: 'هذا الأسبوع',
    thisMonth: 'هذا الشهر',
    waiting: 'في الانتظار الآن',
    weekValue: (value: string) => `هذا الأسبوع: ${value}`,
    monthValue: (value: string) => `هذا الشهر: ${value}`,
    todayValue: (value: string) => `اليوم: ${value}`,
    cards: {
      lessons: {
        title: 'الدروس',
        chart: 'الدروس أسبوعيًا',
        link: 'عرض الدروس',
      },
      newUsers: {
        title: 'المستخدمون الجدد',
        chart: 'التسجيلات الجديدة أسبوعيًا',
        link: 'عرض المستخدمين',
      },
      revenue: {
        title: 'الإيرادات',
        hint: 'المدفوعات بعد خصم المبالغ المستردة',
        chart: 'صافي الإيرادات أسبوعيًا',
        link: 'عرض الخطط',
      },
      pendingInvoices: {
        title: 'طلبات سحب معلّقة',
        chart: 'طلبات السحب الجديدة أسبوعيًا',
        link: 'عرض الطلبات المعلّقة',
      },
      pendingInterviews: {
        title: 'مقابلات قيد الانتظار',
        chart: 'المقابلات المحجوزة أسبوعيًا',
        link: 'عرض المقابلات قيد الانتظار',
      },
      unsignedInterviews: {
        title: 'مقابلات تنتظر الاعتماد',
        chart: 'المقابلات الناجحة أسبوعيًا',
        link: 'عرض المقابلات غير المعتمدة',
      },
      openReports: {
        title: 'بلاغات مفتوحة',
        chart: 'البلاغات الجديدة أسبوعيًا',
        link: 'عرض البلاغات',
      },
      photoSessions: {
        title: 'جلسات تصوير ناقصة',
        hint: 'معلمون تنقصهم صورة أو فيديو تعريفي أو صورة غلاف',
        chart: 'الملفات المرفوعة أسبوعيًا',
        link: 'عرض جلسات التصوير',
      },
    },
    /** Visits to `/url/{name}` links the landing site does not know (issue 27), for admins. */
    unknownLeadSources: {
      title: 'روابط تسويقية غير معروفة',
      description: (perDay: string) =>
        `زيارات روابط ‎/url/…‎ التي لا تطابق أيًّا من مصادر التسجيل المعروفة. يُنقل زائرها إلى الصفحة الرئيسية للتطبيق، وتُحسب زياراته هنا (حتى ${perDay} اسمًا جديدًا في اليوم).`,
      table: 'زيارات الروابط غير المعروفة',
      link: 'الرابط',
      thisWeek: 'هذا الأسبوع',
      total: (weeks: number) => `آخر ${plural(weeks, weeksForms)}`,
      trend: 'الاتجاه',
      lastVisit: 'آخر زيارة',
      chart: (name: string) => `زيارات الرابط ${name} أسبوعيًا`,
      empty: (weeks: number) => `لم يزر أحد روابط غير معروفة خلال آخر ${plural(weeks, weeksForms)}.`,
      loadFailed: 'تعذّر تحميل زيارات الروابط غير المعروفة.',
    },
  },

  serverStats: {
    description:
      'أرقام حيّة لكل خادم: مدة التشغيل والذاكرة وتأخر حلقة الأحداث والاتصالات والطوابير وقاعدة البيانات.',
    status: {
      connecting: 'جارٍ الاتصال بالبث المباشر…',
      live: (seconds: number) => `مباشر: تتحدّث الأرقام كل ${plural(seconds, secondsForms)}.`,
      unallowed: 'البث المباشر متاح لمدير النظام فقط.',
      unreachable: 'تعذّر الاتصال بالبث المباشر. تُعرض آخر أرقام وصلت.',
    },
    loadFailed: 'تعذّر تحميل أرقام الخادم.',
    instances: (count: number) => plural(count, instancesForms),
    instance: 'الخادم',
    stale: 'لم يصل منه تحديث منذ مدة',
    roles: 'الأدوار',
    version: 'الإصدار',
    node: 'Node.js',
    uptime: 'مدة التشغيل',
    startedAt: (when: string) => `يعمل منذ ${when}`,
    lastFrame: (when: string) => `آخر قراءة ${when}`,
    memory: 'الذاكرة',
    rss: 'الذاكرة المحجوزة (RSS)',
    heap: 'ذاكرة الكومة المستخدمة',
    heapOf: (used: string, total: string) => `${used} من ${total}`,
    eventLoop: 'تأخر حلقة الأحداث',
    p50: 'الوسيط (المئين ٥٠)',
    p99: 'الأسوأ غالبًا (المئين ٩٩)',
    max: 'الأقصى',
    sockets: 'الاتصالات المباشرة',
    socketsHere: 'على هذا الخادم',
    socketsAll: 'على كل الخوادم',
    socketsAllUnknown: 'هذا الخادم وحده، دون Redis',
    pool: 'اتصالات قاعدة البيانات',
    poolTotal: 'المفتوحة',
    poolIdle: 'الخاملة',
    poolWaiting: 'طلبات تنتظر اتصالًا',
    poolMax: 'الحد الأقصى',
    queues: 'طوابير المهام',
    queuesTable: (id: string) => `طوابير المهام على ${id}`,
    queue: 'الطابور',
    queued: 'في الانتظار',
    active: 'قيد التنفيذ',
    noQueues: 'لم تُنشأ طوابير المهام في قاعدة البيانات بعد (لا يعمل عامل المهام).',
    emptyQueues: 'لا طوابير.',
    charts: {
      rss: 'الذاكرة المحجوزة',
      heap: 'ذاكرة الكومة',
      p99: 'تأخر حلقة الأحداث (المئين ٩٩)',
      sockets: 'الاتصالات على هذا الخادم',
    },
  },

  media: {
    description:
      'كل الملفات المخزنة: الصور الشخصية والفيديوهات التعريفية وصور الأغلفة وإيصالات التحويل ولقطات البلاغات، ومن يملكها وأين تُستخدم.',
    filters: 'تصفية الملفات',
    kind: 'النوع',
    anyKind: 'كل الأنواع',
    kinds: {
      upload: 'ملف عام',
      receipt: 'إيصال تحويل',
      report: 'لقطة بلاغ',
      chat: 'مرفق محادثة',
      note: 'مرفق ملخص درس',
    },
    owner: 'المالك',
    ownerPlaceholder: 'اكتب اسم المالك أو بريده',
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    orphanedOnly: 'الملفات غير المستخدمة فقط',
    reset: 'مسح عوامل التصفية',
    table: 'الملفات المخزنة',
    pages: 'صفحات الملفات',
    total: (count: number) => plural(count, filesForms),
    empty: 'لا توجد ملفات مطابقة.',
    loadFailed: 'تعذّر تحميل الملفات.',
    preview: 'معاينة',
    file: 'الملف',
    uploaded: 'تاريخ الرفع',
    usedAs: 'الاستخدام',
    actions: 'إجراءات',
    noOwner: 'بلا مالك',
    uses: {
      avatar: 'صورة شخصية',
      video: 'فيديو تعريفي',
      thumbnail: 'صورة غلاف',
      receipt: 'إيصال طلب سحب',
      'report-screenshot': 'لقطة بلاغ',
      'chat-attachment': 'مرفق رسالة',
      'lesson-note-file': 'مرفق ملخص درس',
    },
    orphaned: 'غير مستخدم',
    previewOf: (name: string) => `معاينة الملف ${name}`,
    previewTitle: 'معاينة الملف',
    previewFailed: 'تعذّر تحميل الملف.',
    previewLoading: 'جارٍ تحميل الملف…',
    noPreview: 'لا تتوفر معاينة لهذا النوع من الملفات.',
    chatPrivate: 'مرفقات المحادثات خاصة بطرفي المحادثة ولا تُعرض لفريق الإدارة.',
    imageAlt: (kind: string, owner: string) => `${kind} يملكه ${owner}`,
    videoLabel: (owner: string) => `فيديو يملكه ${owner}`,
    open: 'فتح في نافذة جديدة',
    removeOrphans: 'حذف الملفات غير المستخدمة',
    removable: (count: number) =>
      count === 0
        ? 'لا توجد ملفات غير مستخدمة أقدم من ساعة.'
        : `الملفات غير المستخدمة الأقدم من ساعة: ${plural(count, filesForms)}.`,
    confirmTitle: 'حذف الملفات غير المستخدمة؟',
    confirmBody: (count: number) =>
      `ستُحذف نهائيًا من قاعدة البيانات ومن مخزن الملفات الملفات التي لا يستخدمها أي حساب أو طلب سحب أو بلاغ (${plural(count, filesForms)}). لا تُحذف الملفات المرفوعة خلال الساعة الأخيرة.`,
    confirm: 'حذف نهائيًا',
    removed: (count: number, size: string) =>
      count === 0 ? 'لم يكن هناك ما يُحذف.' : `تم حذف ${plural(count, filesForms)} (${size}).`,
    more: 'بقيت ملفات أخرى غير مستخدمة: أعد الحذف لإكمالها.',
  },

  google: {
    staffOnly:
      'تسجيل الدخول بحساب Google في لوحة الإدارة متاح لحسابات فريق العمل فقط. استخدم حسابًا آخر أو تواصل مع أحد المسؤولين.',
    signingIn: 'جارٍ تسجيل الدخول بحساب Google…',
  },
} as const;
