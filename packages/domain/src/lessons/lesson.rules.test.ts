import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS } from '../settings.ts';
import {
  BOOKING_ERROR_CODES,
  type BookingCheckInput,
  cancellationOutcome,
  checkBooking,
  checkCancellation,
  checkReschedule,
  joinLabel,
  joinWindow,
  type LessonFacts,
  lessonEnd,
  lessonStatus,
  tutorEarning,
} from './lesson.rules.ts';

// Winter: Cairo is +02:00.
const local = (dateTime: string) => new Date(`${dateTime}+02:00`);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const TUTOR = 10;
const STUDENT = 20;
const START = local('2026-01-18T10:00:00');
const lesson = (overrides: Partial<LessonFacts> = {}): LessonFacts => ({
  start: START,
  duration: 30,
  tutorId: TUTOR,
  studentId: STUDENT,
  ...overrides,
});
const canceled = (by: 'tutor' | 'student' | 'staff', canceledById?: number) =>
  lesson({ canceledAt: plus(START, -600), canceledBy: by, canceledById });

describe('lessonStatus', () => {
  it('is pending before start, happening until the end, fulfilled from the end', () => {
    expect(lessonStatus(lesson(), plus(START, -1))).toEqual({ status: 'pending', canceledBy: null });
    expect(lessonStatus(lesson(), START)).toEqual({ status: 'happening', canceledBy: null });
    expect(lessonStatus(lesson(), plus(START, 29)).status).toBe('happening');
    expect(lessonStatus(lesson(), plus(START, 30))).toEqual({ status: 'fulfilled', canceledBy: null });
    expect(lessonEnd(lesson({ duration: 15 }))).toEqual(plus(START, 15));
  });

  it('is canceled whatever the time, with who cancelled', () => {
    expect(lessonStatus(canceled('tutor'), plus(START, -60))).toEqual({
      status: 'canceled',
      canceledBy: 'tutor',
    });
    expect(lessonStatus(canceled('student'), plus(START, 60))).toEqual({
      status: 'canceled',
      canceledBy: 'student',
    });
    expect(lessonStatus(lesson({ canceledAt: START }), START).status).toBe('canceled');
  });

  it('says "self" to the member who cancelled', () => {
    expect(lessonStatus(canceled('student'), START, STUDENT).canceledBy).toBe('self');
    expect(lessonStatus(canceled('student'), START, TUTOR).canceledBy).toBe('student');
    expect(lessonStatus(canceled('tutor'), START, TUTOR).canceledBy).toBe('self');
    expect(lessonStatus(canceled('tutor'), START, STUDENT).canceledBy).toBe('tutor');
  });

  it('says "self" to the staff member who cancelled, and "staff" to the members', () => {
    expect(lessonStatus(canceled('staff', 1), START, 1).canceledBy).toBe('self');
    expect(lessonStatus(canceled('staff', 1), START, STUDENT).canceledBy).toBe('staff');
  });
});

describe('joinWindow', () => {
  it('opens 10 minutes before start and closes at the end', () => {
    expect(joinWindow(lesson(), plus(START, -11)).isOpen).toBe(false);
    expect(joinWindow(lesson(), plus(START, -10))).toEqual({
      opensAt: plus(START, -10),
      closesAt: plus(START, 30),
      isOpen: true,
    });
    expect(joinWindow(lesson(), plus(START, 29)).isOpen).toBe(true);
    expect(joinWindow(lesson(), plus(START, 30)).isOpen).toBe(false);
  });

  it('never opens for a cancelled lesson', () => {
    expect(joinWindow(canceled('tutor'), START).isOpen).toBe(false);
  });
});

describe('joinLabel', () => {
  it('counts down, rounding up, and enables joining 10 minutes before', () => {
    expect(joinLabel(lesson(), plus(START, -120))).toEqual({
      kind: 'countdown',
      minutesLeft: 120,
      canJoin: false,
    });
    expect(joinLabel(lesson(), plus(START, -10))).toEqual({
      kind: 'countdown',
      minutesLeft: 10,
      canJoin: true,
    });
    expect(joinLabel(lesson(), new Date(START.getTime() - 30_000))).toEqual({
      kind: 'countdown',
      minutesLeft: 1,
      canJoin: true,
    });
  });

  it('says "can join now" during the first 3 minutes', () => {
    expect(joinLabel(lesson(), START)).toEqual({ kind: 'can-join-now', canJoin: true });
    expect(joinLabel(lesson(), new Date(plus(START, 3).getTime() - 1)).kind).toBe('can-join-now');
  });

  it('then says how many minutes ago it started, rounding down', () => {
    expect(joinLabel(lesson(), plus(START, 3))).toEqual({ kind: 'started', minutesAgo: 3, canJoin: true });
    expect(joinLabel(lesson(), new Date(plus(START, 29).getTime() + 59_000))).toEqual({
      kind: 'started',
      minutesAgo: 29,
      canJoin: true,
    });
  });

  it('says ended from the end, and canceled for a cancelled lesson', () => {
    expect(joinLabel(lesson(), plus(START, 30))).toEqual({ kind: 'ended', canJoin: false });
    expect(joinLabel(lesson({ duration: 15 }), plus(START, 15)).kind).toBe('ended');
    expect(joinLabel(canceled('student'), plus(START, -5))).toEqual({ kind: 'canceled', canJoin: false });
  });
});

describe('checkBooking', () => {
  const NOW = local('2026-01-17T08:00:00');
  const window = { start: local('2026-01-18T09:00:00'), end: local('2026-01-18T12:00:00') };
  const valid: BookingCheckInput = {
    start: START,
    duration: 30,
    now: NOW,
    settings: PLATFORM_SETTINGS_DEFAULTS,
    tutorNoticeDays: 14,
    windows: [window],
    tutorBusy: [],
    studentBusy: [],
    upcomingCount: 0,
    quota: { remaining: 60, week: { end: local('2026-01-20T00:00:00') } },
  };
  const check = (overrides: Partial<BookingCheckInput>) => checkBooking({ ...valid, ...overrides });

  it('accepts a booking that meets every rule', () => {
    expect(checkBooking(valid)).toBe('ok');
    expect(check({ duration: 15, start: plus(window.end, -15) })).toBe('ok');
  });

  it('checks the grid and the duration', () => {
    expect(check({ start: plus(START, 5) })).toBe('lesson-off-grid');
    expect(check({ start: new Date(START.getTime() + 1000) })).toBe('lesson-off-grid');
    expect(check({ duration: 45 })).toBe('lesson-duration-invalid');
    expect(check({ duration: 0 })).toBe('lesson-duration-invalid');
  });

  it('needs the lead time, inclusive', () => {
    const soon = { windows: [{ start: NOW, end: plus(NOW, 180) }] };
    expect(check({ ...soon, start: plus(NOW, 45) })).toBe('lesson-too-soon');
    expect(check({ ...soon, start: plus(NOW, 60) })).toBe('ok');
    expect(
      check({
        ...soon,
        start: plus(NOW, 15),
        settings: { ...PLATFORM_SETTINGS_DEFAULTS, bookingLeadMinutes: 0 },
      }),
    ).toBe('ok');
  });

  it('stays within the tutor’s notice, inclusive', () => {
    const far = {
      start: local('2026-01-31T08:00:00'),
      windows: [{ start: local('2026-01-31T07:00:00'), end: local('2026-01-31T10:00:00') }],
    };
    expect(check({ ...far, quota: 'intro' })).toBe('ok');
    expect(check({ ...far, quota: 'intro', start: local('2026-01-31T08:15:00') })).toBe('lesson-too-far');
    expect(check({ ...far, quota: 'intro', tutorNoticeDays: 1 })).toBe('lesson-too-far');
  });

  it('needs the whole lesson inside one window', () => {
    expect(check({ start: plus(window.end, -15) })).toBe('slot-not-found');
    expect(check({ windows: [] })).toBe('slot-not-found');
    const touching = [
      { start: local('2026-01-18T09:00:00'), end: local('2026-01-18T10:15:00') },
      { start: local('2026-01-18T10:15:00'), end: local('2026-01-18T12:00:00') },
    ];
    expect(check({ windows: touching })).toBe('slot-not-found');
  });

  it('refuses overlaps with the tutor, then with the student', () => {
    const clash = [{ start: plus(START, 15), end: plus(START, 45) }];
    const before = [{ start: plus(START, -30), end: START }];
    expect(check({ tutorBusy: clash })).toBe('busy-tutor');
    expect(check({ tutorBusy: before })).toBe('ok');
    expect(check({ studentBusy: clash })).toBe('conflicting-lessons');
    expect(check({ tutorBusy: clash, studentBusy: clash })).toBe('busy-tutor');
  });

  it('limits upcoming lessons per student by the setting', () => {
    expect(check({ upcomingCount: 1 })).toBe('reached-booking-limit');
    expect(
      check({
        upcomingCount: 1,
        settings: { ...PLATFORM_SETTINGS_DEFAULTS, maxUpcomingLessonsPerStudent: 2 },
      }),
    ).toBe('ok');
  });

  it('spends weekly minutes unless it is the free introductory lesson', () => {
    expect(check({ quota: null })).toBe('empty-weekly-minutes');
    const weekEnd = local('2026-01-20T00:00:00');
    expect(check({ quota: { remaining: 15, week: { end: weekEnd } } })).toBe('empty-weekly-minutes');
    expect(check({ quota: { remaining: 0, week: { end: weekEnd } } })).toBe('empty-weekly-minutes');
    expect(check({ quota: { remaining: 30, week: { end: plus(START, 30) } } })).toBe('ok');
    expect(check({ quota: { remaining: 30, week: { end: plus(START, 15) } } })).toBe(
      'lesson-crosses-quota-week',
    );
    expect(check({ quota: 'intro' })).toBe('ok');
  });

  it('answers the first failure in rules.md’s order', () => {
    const everythingWrong: BookingCheckInput = {
      ...valid,
      start: plus(NOW, 5),
      duration: 45,
      windows: [],
      tutorBusy: [{ start: NOW, end: plus(NOW, 600) }],
      studentBusy: [{ start: NOW, end: plus(NOW, 600) }],
      upcomingCount: 5,
      quota: null,
    };
    expect(checkBooking(everythingWrong)).toBe('lesson-off-grid');
    expect(BOOKING_ERROR_CODES.indexOf('busy-tutor')).toBeLessThan(
      BOOKING_ERROR_CODES.indexOf('conflicting-lessons'),
    );
    expect(BOOKING_ERROR_CODES.indexOf('reached-booking-limit')).toBeLessThan(
      BOOKING_ERROR_CODES.indexOf('empty-weekly-minutes'),
    );
  });
});

describe('checkCancellation and checkReschedule', () => {
  it('lets either member cancel until the lesson ends', () => {
    expect(checkCancellation(lesson(), plus(START, -600))).toBe('ok');
    expect(checkCancellation(lesson(), plus(START, 29))).toBe('ok');
    expect(checkCancellation(lesson(), plus(START, 30))).toBe('lesson-already-ended');
    expect(checkCancellation(canceled('student'), plus(START, -600))).toBe('lesson-already-canceled');
  });

  it('moves only pending lessons', () => {
    expect(checkReschedule(lesson(), plus(START, -1))).toBe('ok');
    expect(checkReschedule(lesson(), START)).toBe('lesson-already-started');
    expect(checkReschedule(lesson(), plus(START, 45))).toBe('lesson-already-ended');
    expect(checkReschedule(canceled('tutor'), plus(START, -600))).toBe('lesson-already-canceled');
  });
});

describe('cancellationOutcome', () => {
  const hours = PLATFORM_SETTINGS_DEFAULTS.freeCancelHours;

  it('returns a student’s minutes at least 12 hours before start, and spends them later', () => {
    expect(cancellationOutcome(lesson(), 'student', plus(START, -12 * 60), hours)).toEqual({
      minutesReturned: true,
      late: false,
    });
    expect(cancellationOutcome(lesson(), 'student', plus(START, -12 * 60 + 1), hours)).toEqual({
      minutesReturned: false,
      late: true,
    });
  });

  it('always returns the minutes when the tutor or staff cancel, reporting lateness', () => {
    expect(cancellationOutcome(lesson(), 'tutor', plus(START, -5), hours)).toEqual({
      minutesReturned: true,
      late: true,
    });
    expect(cancellationOutcome(lesson(), 'staff', plus(START, -5), hours).minutesReturned).toBe(true);
    expect(cancellationOutcome(lesson(), 'tutor', plus(START, -24 * 60), hours).late).toBe(false);
  });

  it('follows the setting', () => {
    expect(cancellationOutcome(lesson(), 'student', plus(START, -120), 2).minutesReturned).toBe(true);
    expect(cancellationOutcome(lesson(), 'student', plus(START, -5), 0).minutesReturned).toBe(true);
  });
});

describe('tutorEarning', () => {
  it('is duration × hourly rate / 60 in piasters, 0 for an introductory lesson', () => {
    expect(tutorEarning(30, PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate, false)).toBe(75_00);
    expect(tutorEarning(15, PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate, false)).toBe(37_50);
    expect(tutorEarning(30, PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate, true)).toBe(0);
  });

  it('rounds down to the piaster', () => {
    expect(tutorEarning(15, 101, false)).toBe(25);
  });
});
