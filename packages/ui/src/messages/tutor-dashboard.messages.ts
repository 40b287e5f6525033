import { LessonStatus } from '@hiwar/domain';
import { formatNumber } from '../format.ts';

/**
 * The tutor's home (`/t/dashboard`) and a lesson's state in the lesson lists, an area of its own so that
 * the home loads these few words and not the whole schedule area (issue 26); `scheduleMessages` holds
 * them as `dashboard` and `lessonStatus` too.
 */
export const lessonStatusMessages = {
  [LessonStatus.Pending]: 'قادم',
  [LessonStatus.Happening]: 'يجري الآن',
  [LessonStatus.Fulfilled]: 'تم',
  [LessonStatus.Canceled]: 'ملغى',
} satisfies Record<LessonStatus, string>;

export const tutorDashboardMessages = {
  title: 'لوحة التحكم',
  subtitle: 'نظرة سريعة على دروسك وطلابك.',
  upcomingCount: 'الدروس القادمة',
  rating: 'التقييم',
  noRating: 'لا تقييم بعد',
  students: 'الطلاب',
  lessonsDone: 'الدروس المكتملة',
  upcoming: 'الدروس القادمة',
  past: 'الدروس السابقة',
  noUpcoming: 'لا توجد دروس قادمة.',
  noUpcomingText: 'أضف مواعيد إلى جدولك ليحجز الطلاب دروسهم معك.',
  noPast: 'لا توجد دروس سابقة بعد.',
  manageSchedule: 'إدارة الجدول',
  loadFailed: 'تعذّر تحميل الدروس.',
  withStudent: (name: string) => `مع ${name}`,
  unnamedStudent: 'طالب',
  minutes: (count: number) => `${formatNumber(count)} دقيقة`,
  intro: 'درس تعريفي',
  trial: 'درس تجريبي',
};
