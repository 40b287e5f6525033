import { arabicInteger } from './numerals.ts';
import { nouns, plural } from './plural.ts';

const n = arabicInteger;
const hours = nouns.hours;

/**
 * The booking wizard (book, move, rebook, the trial lesson). A module of its own, loaded with the wizard:
 * the homes list lessons without it (issue 26's 170 kB first load).
 */
export const bookingWizardMessages = {
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
  myLessons: 'دروسك القادمة',
  rescheduleTitle: (name: string) => `غيّر موعد درسك مع ${name}`,
  oldTime: 'الموعد الحالي',
  newTime: 'الموعد الجديد',
  rescheduleMinutes: 'تبقى مدة الدرس كما هي، وتُحسب دقائقه من أسبوع موعده الجديد.',
  lateStart: (hoursBefore: number) =>
    `تنبيه: يبدأ هذا الموعد بعد أقل من ${plural(hoursBefore, hours)}، فإن ألغيت الدرس بعد حجزه فلن تُسترد دقائقه.`,
  confirmReschedule: 'تأكيد الموعد الجديد',
  rescheduled: 'تم تغيير موعد الدرس',
  tutorUnavailable: 'لا يمكن الحجز مع هذا المعلم حاليًا. اختر معلمًا آخر.',
  trialTitle: (name: string) => `درس تجريبي مجاني مع ${name}`,
  trialNote: 'هذا درسك التجريبي المجاني: لا يُحتسب من دقائقك، ويُحجز مرة واحدة فقط مع أي معلم.',
  /** A trial the student paid for (decision 0048): not called free. */
  paidTrialTitle: (name: string) => `درسك التجريبي مع ${name}`,
  paidTrialNote: 'هذا درسك التجريبي الذي دفعت ثمنه: لا يُحتسب من دقائقك، ويُحجز مرة واحدة فقط مع أي معلم.',
  trialCancelRule: (hoursBefore: number) =>
    `يمكنك إلغاء الدرس التجريبي حتى ${plural(hoursBefore, hours)} قبل موعده وتبقى لك فرصته. بعد ذلك يُلغى ويُحتسب درسك التجريبي.`,
  trialLateStart: (hoursBefore: number) =>
    `تنبيه: يبدأ هذا الموعد بعد أقل من ${plural(hoursBefore, hours)}، فإن ألغيت الدرس بعد حجزه يُحتسب درسك التجريبي.`,
  trialBooked: 'تم حجز الدرس التجريبي',
} as const;
