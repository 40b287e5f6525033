import { bookingHorizon, earliestBookableStart, isOnGrid } from '../availability/availability.rules.ts';
import { type Interval, isOverlapping, isWithin } from '../availability/intervals.ts';
import { BOUNDS } from '../bounds.ts';
import { LESSON_DURATIONS, type LessonDuration, LessonStatus } from '../enums/lesson.enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import type { PlatformSettings } from '../settings.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';

/**
 * Lesson rules (rules.md "Lessons"): status derived from time and cancellation, the join window and its
 * labels, the booking checks in the order the rules list them, cancellation outcomes and the tutor's
 * earning. Pure: the caller passes `now` and the facts; the server also guards overlaps with exclusion
 * constraints.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Who cancelled a lesson: one of its members, or staff (a back-office cancellation, or a refund ending
 * the subscription). Removing a window with lessons in it cancels them as the tutor.
 */
export const LessonCanceler = { Tutor: 'tutor', Student: 'student', Staff: 'staff' } as const;
export type LessonCanceler = (typeof LessonCanceler)[keyof typeof LessonCanceler];
export const LESSON_CANCELERS: readonly LessonCanceler[] = Object.freeze(Object.values(LessonCanceler));

/** Who cancelled, as one viewer reads it: "self" when the viewer did. */
export type LessonCancelerView = LessonCanceler | 'self';

/** What the rules need to know of a lesson. */
export type LessonFacts = {
  start: Date;
  /** Minutes. */
  duration: number;
  tutorId: number;
  studentId: number;
  canceledAt?: Date | null;
  canceledBy?: LessonCanceler | null;
  /** The user who cancelled (a staff member for `staff`); tells "self" apart for staff viewers. */
  canceledById?: number | null;
};

/** When the lesson ends: start + duration. */
export function lessonEnd(lesson: Pick<LessonFacts, 'start' | 'duration'>): Date {
  return new Date(lesson.start.getTime() + lesson.duration * MINUTE_MS);
}

/** The lesson as a half-open interval. */
export function lessonInterval(lesson: Pick<LessonFacts, 'start' | 'duration'>): Interval {
  return { start: lesson.start, end: lessonEnd(lesson) };
}

export function isLessonCanceled(lesson: Pick<LessonFacts, 'canceledAt' | 'canceledBy'>): boolean {
  return (lesson.canceledAt ?? null) !== null || (lesson.canceledBy ?? null) !== null;
}

export type LessonStatusView = {
  status: LessonStatus;
  /** Set only when cancelled. */
  canceledBy: LessonCancelerView | null;
};

/**
 * The status of a lesson at `now` (never stored): `canceled` once cancelled, else `pending` before
 * start, `happening` from start until the end, `fulfilled` from the end. For a cancelled lesson,
 * `canceledBy` is who did it, or `self` when that is `viewerId`.
 */
export function lessonStatus(lesson: LessonFacts, now: Date, viewerId?: number): LessonStatusView {
  if (isLessonCanceled(lesson)) {
    return { status: LessonStatus.Canceled, canceledBy: cancelerView(lesson, viewerId) };
  }
  const at = now.getTime();
  if (at < lesson.start.getTime()) {
    return { status: LessonStatus.Pending, canceledBy: null };
  }
  if (at < lessonEnd(lesson).getTime()) {
    return { status: LessonStatus.Happening, canceledBy: null };
  }
  return { status: LessonStatus.Fulfilled, canceledBy: null };
}

function cancelerView(lesson: LessonFacts, viewerId: number | undefined): LessonCancelerView | null {
  const by = lesson.canceledBy ?? null;
  if (viewerId !== undefined) {
    const cancellerId =
      lesson.canceledById ??
      (by === LessonCanceler.Tutor
        ? lesson.tutorId
        : by === LessonCanceler.Student
          ? lesson.studentId
          : null);
    if (cancellerId === viewerId) {
      return 'self';
    }
  }
  return by;
}

/** When members may be in the lesson room: from 10 minutes before start until the end. */
export type JoinWindow = { opensAt: Date; closesAt: Date; isOpen: boolean };

/**
 * The lesson room's opening hours: from `BOUNDS.joinEarlyMinutes` (10) before start until the end;
 * never open for a cancelled lesson. The server admits members only inside it.
 */
export function joinWindow(lesson: LessonFacts, now: Date): JoinWindow {
  const opensAt = new Date(lesson.start.getTime() - BOUNDS.joinEarlyMinutes * MINUTE_MS);
  const closesAt = lessonEnd(lesson);
  const at = now.getTime();
  const isOpen = !isLessonCanceled(lesson) && opensAt.getTime() <= at && at < closesAt.getTime();
  return { opensAt, closesAt, isOpen };
}

/**
 * The join button's label (spec §4): a countdown before start (minutes rounded up, so 30 seconds left
 * reads 1), "can join now" during the first 3 minutes, "started N minutes ago" (rounded down) after
 * that, then "ended". `canJoin` says whether the button is enabled (the join window).
 */
export type JoinLabel =
  | { kind: 'countdown'; minutesLeft: number; canJoin: boolean }
  | { kind: 'can-join-now'; canJoin: true }
  | { kind: 'started'; minutesAgo: number; canJoin: true }
  | { kind: 'ended'; canJoin: false }
  | { kind: 'canceled'; canJoin: false };

export function joinLabel(lesson: LessonFacts, now: Date): JoinLabel {
  if (isLessonCanceled(lesson)) {
    return { kind: 'canceled', canJoin: false };
  }
  const at = now.getTime();
  const start = lesson.start.getTime();
  if (at < start) {
    return {
      kind: 'countdown',
      minutesLeft: Math.ceil((start - at) / MINUTE_MS),
      canJoin: joinWindow(lesson, now).isOpen,
    };
  }
  if (at >= lessonEnd(lesson).getTime()) {
    return { kind: 'ended', canJoin: false };
  }
  if (at < start + BOUNDS.joinNowLabelMinutes * MINUTE_MS) {
    return { kind: 'can-join-now', canJoin: true };
  }
  return { kind: 'started', minutesAgo: Math.floor((at - start) / MINUTE_MS), canJoin: true };
}

/**
 * The quota a booking is checked against:
 * - the quota week the lesson starts in: `weeklyQuota(subscription, lessons, start, { paused })` from
 *   the subscription rules (any object with `remaining` minutes and the week's `end`);
 * - `'intro'` for the free introductory lesson with a TutorManager, which spends no minutes;
 * - `'trial'` for the student's one trial lesson (`checkTrial`), which spends no minutes either;
 * - `null` without an active subscription at the lesson's start.
 */
export type BookingQuota = { remaining: number; week: { end: Date } } | 'intro' | 'trial' | null;

export type BookingCheckInput = {
  start: Date;
  duration: number;
  now: Date;
  settings: Pick<PlatformSettings, 'bookingLeadMinutes' | 'maxUpcomingLessonsPerStudent'>;
  /** The tutor's `notice`: days ahead a student may book. */
  tutorNoticeDays: number;
  /** The tutor's availability windows (or only the chosen one when the request names `slotId`). */
  windows: readonly Interval[];
  /** The tutor's lessons and interviews that are not cancelled. */
  tutorBusy: readonly Interval[];
  /** The student's own lessons that are not cancelled. */
  studentBusy: readonly Interval[];
  /** The student's booked lessons that have not ended. */
  upcomingCount: number;
  quota: BookingQuota;
  /** For the notice horizon's wall-clock days; default Africa/Cairo. */
  timeZone?: string;
};

/** Every code `checkBooking` may answer, in the order it checks. */
export const BOOKING_ERROR_CODES = [
  'lesson-off-grid',
  'lesson-duration-invalid',
  'lesson-too-soon',
  'lesson-too-far',
  'slot-not-found',
  'busy-tutor',
  'conflicting-lessons',
  'reached-booking-limit',
  'empty-weekly-minutes',
  'lesson-crosses-quota-week',
] as const satisfies readonly ErrorCode[];
export type BookingErrorCode = (typeof BOOKING_ERROR_CODES)[number];

/**
 * The booking rules in rules.md's order; the first failure wins, else `'ok'`:
 * 1. `lesson-off-grid`: the start is not on the 15-minute grid;
 * 2. `lesson-duration-invalid`: not 15 or 30 minutes;
 * 3. `lesson-too-soon`: before now + `bookingLeadMinutes`;
 * 4. `lesson-too-far`: after the tutor's notice horizon (`notice-max-exceeded` is the profile field's
 *    own bound, 60 days, so it is not reused for a student's booking);
 * 5. `slot-not-found`: the whole lesson is not inside one availability window;
 * 6. `busy-tutor`: it overlaps the tutor's lessons or interviews;
 * 7. `conflicting-lessons`: it overlaps the student's own lessons;
 * 8. `reached-booking-limit`: the student already holds `maxUpcomingLessonsPerStudent` lessons;
 * 9. `empty-weekly-minutes`: no active subscription then, or fewer minutes left that week than the
 *    lesson lasts; `lesson-crosses-quota-week`: it would end after its quota week (rules.md: a booking
 *    must end inside the week it spends). The free introductory lesson and the trial lesson skip 9.
 *
 * Rescheduling runs the same check with the moved lesson left out of `studentBusy`, `tutorBusy` and
 * `upcomingCount`, and its minutes given back to the quota.
 */
export function checkBooking(input: BookingCheckInput): BookingErrorCode | 'ok' {
  const { start, duration, now, settings } = input;
  if (!isOnGrid(start)) {
    return 'lesson-off-grid';
  }
  if (!(LESSON_DURATIONS as readonly number[]).includes(duration)) {
    return 'lesson-duration-invalid';
  }
  if (start.getTime() < earliestBookableStart(now, settings.bookingLeadMinutes).getTime()) {
    return 'lesson-too-soon';
  }
  const horizon = bookingHorizon(now, input.tutorNoticeDays, input.timeZone ?? PRODUCT_TIMEZONE);
  if (start.getTime() > horizon.getTime()) {
    return 'lesson-too-far';
  }
  const lesson = lessonInterval({ start, duration });
  if (!input.windows.some((window) => isWithin(lesson, window))) {
    return 'slot-not-found';
  }
  if (input.tutorBusy.some((busy) => isOverlapping(busy, lesson))) {
    return 'busy-tutor';
  }
  if (input.studentBusy.some((busy) => isOverlapping(busy, lesson))) {
    return 'conflicting-lessons';
  }
  if (input.upcomingCount >= settings.maxUpcomingLessonsPerStudent) {
    return 'reached-booking-limit';
  }
  const { quota } = input;
  if (quota === 'intro' || quota === 'trial') {
    return 'ok';
  }
  if (quota === null || quota.remaining < duration) {
    return 'empty-weekly-minutes';
  }
  if (lesson.end.getTime() > quota.week.end.getTime()) {
    return 'lesson-crosses-quota-week';
  }
  return 'ok';
}

/** Every code `checkTrial` may answer, in the order it checks. */
export const TRIAL_ERROR_CODES = [
  'trial-unavailable',
  'trial-already-used',
  'trial-duration-invalid',
  'trial-payment-required',
] as const satisfies readonly ErrorCode[];
export type TrialErrorCode = (typeof TRIAL_ERROR_CODES)[number];

/**
 * Whether a student may book their trial lesson (issue 27): one per student, ever, with any tutor,
 * spending no minutes, while the platform offers trials (`trialLessonEnabled`), lasting exactly
 * `trialLessonMinutes`. `used`: the student holds or had a trial (one cancelled in time, or by the
 * tutor or staff, is given back; one the student cancelled late is spent, as minutes would be).
 * A trial being moved is checked with `used` false (it is the one held) and its new duration.
 */
export function checkTrial(input: {
  settings: Pick<PlatformSettings, 'trialLessonEnabled' | 'trialLessonMinutes'> &
    Partial<Pick<PlatformSettings, 'trialLessonPrice'>>;
  used: boolean;
  duration: number;
  /** The student paid for their trial (a paid trial payment, not refunded): needed when it has a price. */
  paid?: boolean;
}): TrialErrorCode | 'ok' {
  if (input.settings.trialLessonEnabled !== 1) {
    return 'trial-unavailable';
  }
  if (input.used) {
    return 'trial-already-used';
  }
  if (input.duration !== input.settings.trialLessonMinutes) {
    return 'trial-duration-invalid';
  }
  return (input.settings.trialLessonPrice ?? 0) > 0 && !input.paid ? 'trial-payment-required' : 'ok';
}

/** Until when the tutor may write or change the summary of a lesson ending at `end` (issue 27). */
export function lessonNoteDeadline(end: Date): Date {
  return new Date(end.getTime() + BOUNDS.lessonNoteWindowHours * HOUR_MS);
}

/**
 * Whether the lesson's tutor may write (or change) its summary now: not a cancelled lesson
 * (`lesson-already-canceled`), only once it ended (`lesson-not-ended`), and until
 * `lessonNoteWindowHours` after (`lesson-note-window-closed`).
 */
export function checkLessonNote(
  lesson: LessonFacts,
  now: Date,
): 'lesson-already-canceled' | 'lesson-not-ended' | 'lesson-note-window-closed' | 'ok' {
  if (isLessonCanceled(lesson)) {
    return 'lesson-already-canceled';
  }
  const end = lessonEnd(lesson);
  if (now.getTime() < end.getTime()) {
    return 'lesson-not-ended';
  }
  return now.getTime() > lessonNoteDeadline(end).getTime() ? 'lesson-note-window-closed' : 'ok';
}

/** Codes a cancellation or reschedule of that lesson is refused with now, or `'ok'`. */
export type LessonChangeErrorCode = Extract<
  ErrorCode,
  'lesson-already-canceled' | 'lesson-already-started' | 'lesson-already-ended'
>;

/** Cancelling is irreversible and allowed to either member only before the lesson ends. */
export function checkCancellation(lesson: LessonFacts, now: Date): LessonChangeErrorCode | 'ok' {
  if (isLessonCanceled(lesson)) {
    return 'lesson-already-canceled';
  }
  return now.getTime() >= lessonEnd(lesson).getTime() ? 'lesson-already-ended' : 'ok';
}

/** Only a pending lesson (not cancelled, not started) can be moved; the new time is `checkBooking`'s. */
export function checkReschedule(lesson: LessonFacts, now: Date): LessonChangeErrorCode | 'ok' {
  const cancellation = checkCancellation(lesson, now);
  if (cancellation !== 'ok') {
    return cancellation;
  }
  return now.getTime() >= lesson.start.getTime() ? 'lesson-already-started' : 'ok';
}

export type CancellationOutcome = {
  /** The student's minutes go back to their quota week. */
  minutesReturned: boolean;
  /** Cancelled less than `freeCancelHours` before start (counted on a tutor's record for staff). */
  late: boolean;
};

/**
 * What a cancellation costs. A student cancelling at least `freeCancelHours` (setting, default 12)
 * before start gets the minutes back; later the lesson is still cancelled but the minutes are spent.
 * A tutor's (or staff's) cancellation always returns them. `late` is reported for every canceller.
 */
export function cancellationOutcome(
  lesson: Pick<LessonFacts, 'start'>,
  canceller: LessonCanceler,
  now: Date,
  freeCancelHours: number,
): CancellationOutcome {
  const late = lesson.start.getTime() - now.getTime() < freeCancelHours * HOUR_MS;
  return { minutesReturned: canceller !== LessonCanceler.Student || !late, late };
}

/**
 * The tutor's earning for a lesson, fixed at booking time, in piasters: duration × hourly rate / 60,
 * rounded down to the piaster; 0 for a TutorManager's introductory lesson.
 */
export function tutorEarning(
  duration: LessonDuration | number,
  hourlyRatePiasters: number,
  isIntroLesson: boolean,
): number {
  if (isIntroLesson) {
    return 0;
  }
  return Math.floor((duration * hourlyRatePiasters) / 60);
}
