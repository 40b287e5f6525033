import { arabicNumbers } from './numerals.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const n = arabicNumbers({ maximumFractionDigits: 1, useGrouping: false });

const ratingsForms: ArabicPluralForms = {
  one: 'تقييم واحد',
  two: 'تقييمان',
  few: '# تقييمات',
  many: '# تقييمًا',
  other: '# تقييم',
};
const lessonsForms: ArabicPluralForms = {
  one: 'درس واحد',
  two: 'درسان',
  few: '# دروس',
  many: '# درسًا',
  other: '# درس',
};
const studentsForms: ArabicPluralForms = {
  one: 'طالب واحد',
  two: 'طالبان',
  few: '# طلاب',
  many: '# طالبًا',
  other: '# طالب',
};

/**
 * Back-office lessons and tutors (apps/admin: the `/lessons` filters and `/tutor/{id}`). The lessons
 * table itself keeps `scheduleMessages.adminLessons`. Imported as `adminLessonsMessages`.
 */
export const adminLessonsMessages = {
  /** `/lessons` filters: people are chosen by name. */
  filters: {
    tutor: 'المعلم',
    student: 'الطالب',
    tutorPlaceholder: 'اكتب اسم المعلم…',
    studentPlaceholder: 'اكتب اسم الطالب…',
    search: 'اسم المعلم أو الطالب',
    searchPlaceholder: 'ابحث بالاسم…',
    clearSearch: 'مسح البحث',
    results: (label: string) => `نتائج البحث: ${label}`,
    searching: 'جارٍ البحث…',
    noResults: 'لا يوجد أحد بهذا الاسم.',
    searchFailed: 'تعذّر البحث. حاول مرة أخرى.',
    clearChoice: (name: string) => `إزالة ${name} من التصفية`,
    unknownUser: (id: number) => `مستخدم رقم ${n(id)}`,
  },
  /** `/tutor/{id}`. */
  tutor: {
    back: 'العودة إلى المستخدمين',
    account: 'بيانات الحساب',
    notFoundTitle: 'المعلم غير موجود',
    notFoundBody: 'لا يوجد معلم بهذا الرقم، أو أن هذا الحساب ليس حساب معلم.',
    loadFailed: 'تعذّر تحميل ملف المعلم.',
    profile: {
      title: 'الملف التعريفي',
      photo: (name: string) => `صورة ${name}`,
      noPhoto: 'لا توجد صورة شخصية بعد',
      bio: 'العنوان التعريفي',
      about: 'نبذة',
      topics: 'المواضيع',
      noTopics: 'لم يختر مواضيع بعد.',
      notice: 'أقصى مدة للحجز المسبق',
      noticeValue: (days: number) => `${plural(days, nouns.days)} مقدمًا`,
      activation: 'التفعيل',
      activated: 'مفعّل',
      notActivated: 'غير مفعّل',
      interview: 'المقابلة',
      interviewSigned: (date: string) => `موقّعة في ${date}`,
      interviewNotSigned: 'لم تُوقَّع بعد',
      listing: 'الظهور للطلاب',
      listed: 'يظهر في قائمة المعلمين',
      notListed: 'لا يظهر بعد',
      rating: 'التقييم',
      ratingValue: (value: number) => `${n(value)} من ٥`,
      noRating: 'لا تقييمات بعد',
      ratings: (count: number) => plural(count, ratingsForms),
      lessons: (count: number) => plural(count, lessonsForms),
      students: (count: number) => plural(count, studentsForms),
      lessonsGiven: 'الدروس المُعطاة',
      studentsTaught: 'الطلاب',
      video: 'الفيديو التعريفي',
      noVideo: 'لم يُرفع فيديو تعريفي بعد.',
      notSet: 'غير محدد',
      tutorManager: 'مدير المعلمين (الدرس التعريفي مجاني)',
    },
    schedule: {
      title: 'الجدول',
      description: 'المواعيد المتاحة والدروس المحجوزة، بتوقيت القاهرة. للعرض فقط.',
      loadFailed: 'تعذّر تحميل الجدول.',
      emptyWeek: 'لا مواعيد متاحة في هذا الأسبوع.',
      days: 'أيام الأسبوع',
    },
    lessons: {
      title: 'الدروس',
      description: 'دروس هذا المعلم، الأحدث أولًا.',
    },
    ratings: {
      title: 'التقييمات',
      list: 'تقييمات المعلم',
      empty: 'لا توجد تقييمات بعد.',
      loadFailed: 'تعذّر تحميل التقييمات.',
      stars: (value: number) => `${n(value)} من ٥`,
      anonymous: 'طالب',
    },
  },
  /** The link from a tutor's user page. */
  tutorProfileLink: 'ملف المعلم',
} as const;
