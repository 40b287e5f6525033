import { BOUNDS } from '@hiwar/domain';
import { formatNumber } from '../format.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';
import { lessonStatusMessages, tutorDashboardMessages } from './tutor-dashboard.messages.ts';

const weeksForms: ArabicPluralForms = {
  one: 'أسبوع واحد',
  two: 'أسبوعين',
  few: '# أسابيع',
  many: '# أسبوعًا',
  other: '# أسبوع',
};

const lessonsForms: ArabicPluralForms = {
  zero: 'لا توجد دروس',
  one: 'درس واحد',
  two: 'درسان',
  few: '# دروس',
  many: '# درسًا',
  other: '# درس',
};

/**
 * The tutor's schedule and dashboard (apps/web `/schedule-management`, `/t/dashboard`) and the back
 * office's topics, lessons and cache tools (apps/admin). Imported as `scheduleMessages`.
 */
export const scheduleMessages = {
  weeks: (count: number) => plural(count, weeksForms),
  lessons: (count: number) => plural(count, lessonsForms),
  lessonStatus: lessonStatusMessages,
  /** `/schedule-management`. */
  management: {
    title: 'جدول المواعيد',
    subtitle:
      'حدّد الأوقات التي تستقبل فيها الطلاب كل أسبوع. يرى الطلاب هذه المواعيد ويحجزون دروسهم داخلها. كل الأوقات بتوقيت القاهرة.',
    week: 'الأسبوع',
    weekRange: (from: string, to: string) => `من ${from} إلى ${to}`,
    previousWeek: 'الأسبوع السابق',
    nextWeek: 'الأسبوع التالي',
    thisWeek: 'هذا الأسبوع',
    addWindow: 'إضافة موعد',
    copyWeek: 'نسخ هذا الأسبوع',
    loadFailed: 'تعذّر تحميل جدولك.',
    noWindows: 'لا مواعيد',
    windowLabel: (from: string, to: string) => `موعد من ${from} إلى ${to}`,
    bookedLabel: (from: string, to: string) => `درس محجوز من ${from} إلى ${to}`,
    booked: 'محجوز',
    edit: 'تعديل',
    delete: 'حذف',
    emptyWeek: 'لم تضف مواعيد لهذا الأسبوع بعد.',
    emptyWeekText: 'أضف الأوقات التي تناسبك، أو انسخ أسبوعًا سابقًا إلى الأسابيع القادمة.',
    legendWindow: 'وقت متاح',
    legendBooked: 'درس محجوز',
  },
  /** The add/edit window dialog. */
  windowDialog: {
    addTitle: 'إضافة موعد',
    editTitle: 'تعديل الموعد',
    description: `اختر اليوم ووقت البداية والنهاية. المدة من ${plural(BOUNDS.slotMinutes.min, nouns.minutes)} إلى ${formatNumber(BOUNDS.slotMinutes.max / 60)} ساعة، على مضاعفات ربع ساعة.`,
    day: 'اليوم',
    start: 'من',
    end: 'إلى',
    submit: 'حفظ الموعد',
    added: 'تمت إضافة الموعد.',
    updated: 'تم تعديل الموعد.',
    deleted: 'تم حذف الموعد.',
  },
  /** `slot-has-lessons`: the save would leave booked lessons without a window. */
  hasLessons: {
    title: 'توجد دروس محجوزة في هذا الموعد',
    description:
      'لحفظ هذا التغيير يجب إلغاء الدروس المحجوزة خارج مواعيدك الجديدة. سيتم إبلاغ الطلاب وإرجاع دقائقهم.',
    confirm: 'إلغاء الدروس وحفظ التغيير',
    keep: 'الإبقاء على الدروس',
    canceled: (count: number) => `تم الحفظ وإلغاء ${plural(count, lessonsForms)}.`,
  },
  /** "Copy this week forward". */
  copyDialog: {
    title: 'نسخ هذا الأسبوع',
    description: 'تُنسخ مواعيد هذا الأسبوع بنفس الأوقات إلى الأسابيع التالية، وتحل محل المواعيد القادمة فيها.',
    weeks: 'عدد الأسابيع',
    submit: 'نسخ المواعيد',
    done: (count: number) => `تم نسخ المواعيد إلى ${plural(count, weeksForms)}.`,
    skipped: (count: number) =>
      `تعذّر نسخ ${plural(count, { one: 'موعد واحد', two: 'موعدين', few: '# مواعيد', many: '# موعدًا', other: '# موعد' })} بسبب تغيير التوقيت الصيفي.`,
  },
  /** `/t/dashboard`. */
  dashboard: tutorDashboardMessages,
  /** Back office `/topics`. */
  adminTopics: {
    description: 'المواضيع التي يختارها المعلمون كتخصصات والطلاب كاهتمامات.',
    table: 'المواضيع',
    nameAr: 'الاسم بالعربية',
    nameEn: 'الاسم بالإنجليزية',
    actions: 'إجراءات',
    add: 'إضافة موضوع',
    addTitle: 'إضافة موضوع',
    editTitle: 'تعديل الموضوع',
    edit: 'تعديل',
    delete: 'حذف',
    deleteTitle: 'حذف الموضوع',
    deleteText: (name: string) => `سيُحذف «${name}» من قوائم كل المستخدمين. لا يمكن التراجع عن ذلك.`,
    created: 'تمت إضافة الموضوع.',
    updated: 'تم تعديل الموضوع.',
    deleted: 'تم حذف الموضوع.',
    empty: 'لا توجد مواضيع بعد.',
    loadFailed: 'تعذّر تحميل المواضيع.',
  },
  /** Back office `/lessons`. */
  adminLessons: {
    description: 'كل الدروس على المنصة، مع إمكانية إلغائها.',
    table: 'الدروس',
    filters: 'تصفية الدروس',
    tutorId: 'رقم المعلم',
    studentId: 'رقم الطالب',
    status: 'الحالة',
    anyStatus: 'كل الحالات',
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    apply: 'تطبيق',
    reset: 'مسح',
    id: 'الرقم',
    tutor: 'المعلم',
    student: 'الطالب',
    start: 'الموعد',
    duration: 'المدة',
    actions: 'إجراءات',
    cancel: 'إلغاء الدرس',
    cancelTitle: 'إلغاء الدرس',
    cancelText: 'سيُلغى الدرس ويُبلَّغ المعلم والطالب، وتعود الدقائق إلى الطالب. لا يمكن التراجع عن ذلك.',
    canceled: 'تم إلغاء الدرس.',
    empty: 'لا توجد دروس مطابقة.',
    loadFailed: 'تعذّر تحميل الدروس.',
    total: (count: number) => plural(count, lessonsForms),
    previous: 'السابق',
    next: 'التالي',
  },
  /** Back office `/platform-settings`: server tools. */
  cache: {
    title: 'ذاكرة المعلمين المؤقتة',
    description: 'امسح قائمة المعلمين المخزّنة مؤقتًا لتظهر آخر التعديلات للطلاب فورًا.',
    flush: 'مسح ذاكرة المعلمين',
    flushed: 'تم مسح ذاكرة المعلمين المؤقتة.',
  },
} as const;
