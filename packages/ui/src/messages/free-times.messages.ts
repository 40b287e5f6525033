import { arabicInteger } from './numerals.ts';

const n = arabicInteger;

/**
 * A tutor's free times (issue 27): the list on their profile and the booking wizard opened at one of
 * them. An area of its own, so that the other screens, which load `lessonsMessages`, do not carry these
 * words (the directory's "available today" filter is `lessonsMessages.tutors.filters.availableToday`).
 */
export const freeTimesMessages = {
  title: 'مواعيد متاحة',
  description: 'خلال الأيام السبعة القادمة، بتوقيت القاهرة. اختر موعدًا لتحجزه.',
  descriptionReadOnly: 'خلال الأيام السبعة القادمة، بتوقيت القاهرة.',
  signInHint: 'ستسجّل الدخول أولًا ثم تعود إلى الموعد الذي اخترته.',
  /** A week's heading, by its Saturday (`السبت، ٥ ديسمبر`). */
  week: (saturday: string) => `أسبوع ${saturday}`,
  /** A time's accessible name: its day and its time. */
  time: (day: string, time: string) => `${day}، ${time}`,
  more: (count: number) => `مواعيد أخرى في هذا اليوم (${n(count)})`,
  empty: 'لا توجد مواعيد متاحة خلال الأيام السبعة القادمة.',
  loadFailed: 'تعذّر تحميل المواعيد المتاحة.',
  /** The booking wizard opened at a time picked on the profile. */
  chosenTime: (when: string) => `الموعد الذي اخترته: ${when}`,
  chosenTimeGone: 'لم يعد الموعد الذي اخترته متاحًا. اختر موعدًا آخر.',
} as const;
