import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const arabicNumber = new Intl.NumberFormat('ar-EG', { useGrouping: false });
const n = (value: number): string => arabicNumber.format(value);

const ratings: ArabicPluralForms = {
  one: 'تقييم واحد',
  two: 'تقييمان',
  few: '# تقييمات',
  many: '# تقييمًا',
  other: '# تقييم',
};
const lessons: ArabicPluralForms = {
  one: 'درس واحد',
  two: 'درسان',
  few: '# دروس',
  many: '# درسًا',
  other: '# درس',
};
const hours: ArabicPluralForms = {
  one: 'ساعة واحدة',
  two: 'ساعتين',
  few: '# ساعات',
  many: '# ساعة',
  other: '# ساعة',
};

/**
 * Finding tutors and taking lessons in the student app (apps/web: /tutors, /t/:id, the booking wizard,
 * /upcoming-lessons, /s/dashboard). Registered as `messages.lessons`.
 */
export const lessonsMessages = {
  tutors: {
    title: 'المعلمون',
    subtitle: 'اختر معلمك المناسب واحجز درسك الأول في دقائق.',
    searchLabel: 'ابحث عن معلم',
    searchPlaceholder: 'ابحث بالاسم أو الموضوع…',
    listLabel: 'قائمة المعلمين',
    empty: 'لا يوجد معلمون مطابقون',
    emptyText: 'جرّب كلمات بحث أخرى أو امسح البحث لعرض كل المعلمين.',
    clearSearch: 'مسح البحث',
    loadFailed: 'تعذّر تحميل المعلمين',
    loadMore: 'عرض المزيد',
    noRating: 'جديد',
    ratingCount: (count: number) => plural(count, ratings),
    lessonCount: (count: number) => plural(count, lessons),
    ratingLabel: (value: string, count: number) => `التقييم ${value} من ٥ (${plural(count, ratings)})`,
    viewProfile: 'عرض الملف',
    intro: 'الدرس التعريفي مجاني',
    shown: (shown: number, total: number) => `عرض ${n(shown)} من ${n(total)}`,
  },
  profile: {
    book: 'احجز درسًا',
    about: 'نبذة',
    reviews: 'التقييمات',
    topics: 'المواضيع',
    video: 'فيديو تعريفي',
    speed: 'سرعة التشغيل',
    speedOption: (rate: number) => `${n(rate)}×`,
    noReviews: 'لا توجد تقييمات بعد.',
    noAbout: 'لم يكتب المعلم نبذة بعد.',
    anonymous: 'طالب',
    loadFailed: 'تعذّر تحميل ملف المعلم',
    notFound: 'المعلم غير موجود',
    backToTutors: 'العودة إلى المعلمين',
    stars: (value: number) => `${n(value)} من ٥`,
    loginToBook: 'سجّل الدخول لتحجز درسًا',
  },
  wizard: {
    title: (name: string) => `احجز درسًا مع ${name}`,
    steps: { date: 'اليوم', duration: 'المدة', time: 'الوقت', confirm: 'التأكيد' },
    step: (index: number, count: number) => `الخطوة ${n(index)} من ${n(count)}`,
    chooseDate: 'اختر اليوم',
    chooseDuration: 'اختر مدة الدرس',
    chooseTime: 'اختر وقت البدء',
    duration: (minutes: number) => plural(minutes, nouns.minutes),
    noTimes: 'لا توجد مواعيد متاحة لدى هذا المعلم حاليًا. جرّب معلمًا آخر أو عد لاحقًا.',
    noTimesDay: 'لا توجد مواعيد بهذه المدة في هذا اليوم. اختر مدة أو يومًا آخر.',
    timesLabel: 'المواعيد المتاحة (بتوقيت القاهرة)',
    loadFailed: 'تعذّر تحميل المواعيد',
    back: 'رجوع',
    next: 'التالي',
    confirm: 'تأكيد الحجز',
    summary: 'ملخص الحجز',
    tutor: 'المعلم',
    when: 'الموعد',
    length: 'المدة',
    remaining: (minutes: string) => `المتبقي من دقائقك هذا الأسبوع: ${minutes}`,
    noSubscription: 'ليس لديك اشتراك نشط.',
    cancelRule: (hoursBefore: number) =>
      `يمكنك إلغاء الدرس مجانًا حتى ${plural(hoursBefore, hours)} قبل موعده. بعد ذلك يُلغى الدرس وتُحتسب دقائقه.`,
    booked: 'تم حجز الدرس',
    bookedText: (when: string) => `موعدك ${when}. ستجده في دروسك القادمة.`,
    buyMinutes: 'اشترِ دقائق',
    verifyEmail: 'تأكيد البريد الإلكتروني',
  },
  lesson: {
    with: (name: string) => `درس مع ${name}`,
    unnamedTutor: 'المعلم',
    status: {
      pending: 'قادم',
      happening: 'جارٍ الآن',
      fulfilled: 'انتهى',
      canceled: 'ملغى',
    },
    join: {
      countdown: (minutes: number) =>
        minutes >= 60 * 24
          ? `يبدأ بعد ${plural(Math.floor(minutes / (60 * 24)), nouns.days)}`
          : minutes >= 60
            ? `يبدأ بعد ${plural(Math.floor(minutes / 60), hours)}${minutes % 60 === 0 ? '' : ` و${plural(minutes % 60, nouns.minutes)}`}`
            : `يبدأ بعد ${plural(minutes, nouns.minutes)}`,
      canJoinNow: 'يمكنك الدخول الآن',
      started: (minutes: number) => `بدأ منذ ${plural(minutes, nouns.minutes)}`,
      ended: 'انتهى الدرس',
      canceled: 'أُلغي الدرس',
    },
    enter: 'دخول الدرس',
    addToCalendar: 'إضافة إلى التقويم',
    cancel: 'إلغاء الدرس',
    cancelTitle: 'إلغاء هذا الدرس؟',
    cancelText: 'لا يمكن التراجع عن الإلغاء. ستعود دقائق الدرس إلى رصيدك هذا الأسبوع.',
    cancelLate: (hoursBefore: number) =>
      `تنبيه: بقي أقل من ${plural(hoursBefore, hours)} على بدء الدرس، لذلك سيُلغى الدرس ولن تُسترد دقائقه.`,
    keep: 'الإبقاء على الدرس',
    confirmCancel: 'نعم، ألغِ الدرس',
    canceled: 'تم إلغاء الدرس.',
    canceledSpent: 'تم إلغاء الدرس، واحتُسبت دقائقه.',
  },
  upcoming: {
    title: 'الدروس القادمة',
    subtitle: 'دروسك المحجوزة. ادخل الدرس من هنا قبل موعده بعشر دقائق.',
    empty: 'لا توجد دروس قادمة',
    emptyText: 'اختر معلمًا واحجز درسك التالي.',
    findTutor: 'ابحث عن معلم',
    loadFailed: 'تعذّر تحميل الدروس',
    listLabel: 'الدروس القادمة',
  },
  dashboard: {
    title: 'لوحة التحكم',
    subtitle: 'دقائقك ودروسك في مكان واحد.',
    remaining: 'الدقائق المتبقية هذا الأسبوع',
    remainingOf: (left: string, total: string) => `${left} من ${total}`,
    resets: (date: string) => `تتجدد ${date}`,
    noSubscription: 'لا يوجد اشتراك نشط',
    subscribe: 'اختر باقة',
    nextLesson: 'درسك القادم',
    noNext: 'لا يوجد درس محجوز.',
    bookNow: 'احجز درسًا',
    past: 'الدروس السابقة',
    noPast: 'لا توجد دروس سابقة بعد.',
    allUpcoming: 'كل الدروس القادمة',
  },
} as const;
