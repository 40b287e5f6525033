import { bookingHorizon, earliestBookableStart, isOnGrid } from '../availability/availability.rules.ts';
import { type Interval, isOverlapping, isWithin } from '../availability/intervals.ts';
import { BOUNDS } from '../bounds.ts';
import { InterviewStatus } from '../enums/lesson.enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import type { PlatformSettings } from '../settings.ts';
import { addZonedMonths } from '../subscriptions/subscription.rules.ts';

/**
 * Interview rules (rules.md "Interviews"; spec §4). An interview lasts 30 minutes on the 15-minute
 * grid, inside one of the TutorManager's availability windows, at least the booking lead time ahead
 * and at most `INTERVIEW_HORIZON_DAYS` days ahead. A tutor holds at most one interview that is pending
 * or passed; after a rejection, or a cancellation of their own, they wait six months.
 */

const MINUTE_MS = 60_000;

/** How far ahead a tutor may book an interview (the interviewer select's default range too). */
export const INTERVIEW_HORIZON_DAYS = 14;

/** The 30 minutes an interview starting at `start` takes. */
export function interviewInterval(start: Date): Interval {
  return { start, end: new Date(start.getTime() + BOUNDS.interviewMinutes * MINUTE_MS) };
}

/** What the retake rule reads of a tutor's earlier interviews. */
export type InterviewHistoryItem = {
  status: InterviewStatus;
  /** When the outcome was recorded (passed, rejected). */
  decidedAt: Date | null;
  canceledAt: Date | null;
  /** Whether the interviewee cancelled it (an interviewer's or staff cancellation does not count). */
  canceledByInterviewee: boolean;
};

/** Where a tutor stands for booking an interview at `now`. */
export type InterviewStanding =
  | { kind: 'may-book' }
  | { kind: 'pending' }
  | { kind: 'passed' }
  /** Rejected, or cancelled by the tutor, less than six months ago: may book again at `retakeAt`. */
  | { kind: 'wait'; retakeAt: Date };

/**
 * Whether the tutor may book a new interview (`conflicting-interview` otherwise): never while one is
 * pending or passed; after a rejection or their own cancellation, six calendar months later (Cairo
 * wall clock). An interview the TutorManager or staff cancelled does not hold the tutor back: they
 * did not choose it (decision 0014).
 */
export function interviewStanding(history: readonly InterviewHistoryItem[], now: Date): InterviewStanding {
  if (history.some((item) => item.status === InterviewStatus.Pending)) {
    return { kind: 'pending' };
  }
  if (history.some((item) => item.status === InterviewStatus.Passed)) {
    return { kind: 'passed' };
  }
  let last: Date | null = null;
  for (const item of history) {
    const at =
      item.status === InterviewStatus.Rejected
        ? item.decidedAt
        : item.status === InterviewStatus.Canceled && item.canceledByInterviewee
          ? item.canceledAt
          : null;
    if (at && (!last || at > last)) {
      last = at;
    }
  }
  if (last) {
    const retakeAt = addZonedMonths(last, BOUNDS.interviewRetakeMonths);
    if (now < retakeAt) {
      return { kind: 'wait', retakeAt };
    }
  }
  return { kind: 'may-book' };
}

export type InterviewBookingInput = {
  start: Date;
  now: Date;
  settings: Pick<PlatformSettings, 'bookingLeadMinutes'>;
  /** The interviewer's availability windows. */
  windows: readonly Interval[];
  /** The interviewer's lessons and interviews that are not cancelled. */
  interviewerBusy: readonly Interval[];
  /** The interviewee's own lessons and interviews that are not cancelled. */
  intervieweeBusy: readonly Interval[];
  /** Left out when moving an interview (its own history entry is still pending). */
  standing: InterviewStanding;
};

/** Every code `checkInterviewBooking` may answer, in the order it checks. */
export const INTERVIEW_BOOKING_ERROR_CODES = [
  'conflicting-interview',
  'lesson-off-grid',
  'lesson-too-soon',
  'lesson-too-far',
  'slot-not-found',
  'busy-tutor-manager',
  'conflicting-lessons',
] as const satisfies readonly ErrorCode[];
export type InterviewBookingErrorCode = (typeof INTERVIEW_BOOKING_ERROR_CODES)[number];

/**
 * The interview booking rules; the first failure wins, else `'ok'`: the tutor may book now
 * (`conflicting-interview`), the start is on the grid, at least the lead time ahead
 * (`lesson-too-soon`) and within 14 days (`lesson-too-far`), the 30 minutes sit in one of the
 * interviewer's windows (`slot-not-found`), overlap none of the interviewer's lessons or interviews
 * (`busy-tutor-manager`) nor the interviewee's own (`conflicting-lessons`). The database's exclusion
 * constraint on everyone's calendar holds the last two under concurrency.
 */
export function checkInterviewBooking(input: InterviewBookingInput): InterviewBookingErrorCode | 'ok' {
  const { start, now } = input;
  if (input.standing.kind !== 'may-book') {
    return 'conflicting-interview';
  }
  if (!isOnGrid(start)) {
    return 'lesson-off-grid';
  }
  if (start.getTime() < earliestBookableStart(now, input.settings.bookingLeadMinutes).getTime()) {
    return 'lesson-too-soon';
  }
  if (start.getTime() > bookingHorizon(now, INTERVIEW_HORIZON_DAYS).getTime()) {
    return 'lesson-too-far';
  }
  const interview = interviewInterval(start);
  if (!input.windows.some((window) => isWithin(interview, window))) {
    return 'slot-not-found';
  }
  if (input.interviewerBusy.some((busy) => isOverlapping(busy, interview))) {
    return 'busy-tutor-manager';
  }
  if (input.intervieweeBusy.some((busy) => isOverlapping(busy, interview))) {
    return 'conflicting-lessons';
  }
  return 'ok';
}

/** What the change rules read of a stored interview. */
export type InterviewFacts = {
  start: Date;
  status: InterviewStatus;
  signedAt: Date | null;
};

/**
 * Whether a pending interview can still be moved or cancelled at `now`: only before it starts
 * (`interview-already-started`), not once cancelled or decided.
 */
export function checkInterviewChange(
  facts: InterviewFacts,
  now: Date,
): 'ok' | 'interview-already-canceled' | 'interview-already-decided' | 'interview-already-started' {
  if (facts.status === InterviewStatus.Canceled) {
    return 'interview-already-canceled';
  }
  if (facts.status !== InterviewStatus.Pending) {
    return 'interview-already-decided';
  }
  if (now.getTime() >= facts.start.getTime()) {
    return 'interview-already-started';
  }
  return 'ok';
}

/**
 * Whether the interviewer may record an outcome (passed, rejected, level, feedback, note) at `now`:
 * once the interview started, not once cancelled, and never after a SuperAdmin signed it.
 */
export function checkInterviewDecision(
  facts: InterviewFacts,
  now: Date,
): 'ok' | 'interview-already-canceled' | 'interview-already-signed' | 'interview-not-started' {
  if (facts.signedAt) {
    return 'interview-already-signed';
  }
  if (facts.status === InterviewStatus.Canceled) {
    return 'interview-already-canceled';
  }
  if (now.getTime() < facts.start.getTime()) {
    return 'interview-not-started';
  }
  return 'ok';
}

/** Whether a SuperAdmin may sign: a passed interview, once. */
export function checkInterviewSigning(
  facts: InterviewFacts,
): 'ok' | 'interview-already-signed' | 'interview-not-passed' {
  if (facts.signedAt) {
    return 'interview-already-signed';
  }
  if (facts.status !== InterviewStatus.Passed) {
    return 'interview-not-passed';
  }
  return 'ok';
}
