import { describe, expect, it } from 'vitest';
import { checkBooking } from '../lessons/lesson.rules.ts';
import { PLATFORM_SETTINGS_DEFAULTS } from '../settings.ts';
import { timeZoneOffsetMinutes } from '../time.ts';
import {
  bookableTimes,
  copyWeekForward,
  groupByLocalDay,
  slotError,
  validateSlots,
} from './availability.rules.ts';
import { type Interval, intervalMinutes } from './intervals.ts';
import { localDateTimeToInstant, toLocalDateTime, weekWindow } from './local-time.ts';

/**
 * Egypt's DST in 2026, as Node's time-zone data has it: summer time from Friday 24 April 00:00 (clocks
 * jump to 01:00, +02:00 → +03:00) to Thursday 29 October 24:00 (clocks go back to 23:00, +03:00 →
 * +02:00). Schedules keep wall-clock times; windows and lessons are real instants.
 */

const TZ = 'Africa/Cairo';
const iso = (date: Date) => date.toISOString();
const localWindow = (date: string, from: string, toDate: string, to: string): Interval => ({
  start: localDateTimeToInstant(date, from, TZ),
  end: localDateTimeToInstant(toDate, to, TZ),
});
const saturdayMorning = (date: string) => localWindow(date, '09:00', date, '12:00');
const read = (instant: Date) => {
  const local = toLocalDateTime(instant, TZ);
  return `${local.date} ${local.time} ${local.offsetMinutes === 120 ? '+02' : '+03'}`;
};
const options = { leadMinutes: 60, noticeDays: 60, timeZone: TZ };

describe('the DST changes in Node’s tz data', () => {
  it('springs forward at 00:00 on Friday 24 April 2026 and falls back at 24:00 on Thursday 29 October', () => {
    expect(timeZoneOffsetMinutes(new Date('2026-04-23T21:59:59Z'), TZ)).toBe(120);
    expect(timeZoneOffsetMinutes(new Date('2026-04-23T22:00:00Z'), TZ)).toBe(180);
    expect(read(new Date('2026-04-23T22:00:00Z'))).toBe('2026-04-24 01:00 +03');
    expect(timeZoneOffsetMinutes(new Date('2026-10-29T20:59:59Z'), TZ)).toBe(180);
    expect(timeZoneOffsetMinutes(new Date('2026-10-29T21:00:00Z'), TZ)).toBe(120);
    expect(read(new Date('2026-10-29T21:00:00Z'))).toBe('2026-10-29 23:00 +02');
  });
});

describe('a Saturday 09:00–12:00 window over the 4 weeks spanning 24 April', () => {
  const first = saturdayMorning('2026-04-11');
  const { slots, skipped } = copyWeekForward([first], 3, TZ);
  const weeks = [first, ...slots];

  it('stays 09:00–12:00 on the wall clock while the UTC offset goes from +02:00 to +03:00', () => {
    expect(skipped).toEqual([]);
    expect(weeks.map((w) => `${read(w.start)} → ${toLocalDateTime(w.end, TZ).time}`)).toEqual([
      '2026-04-11 09:00 +02 → 12:00',
      '2026-04-18 09:00 +02 → 12:00',
      '2026-04-25 09:00 +03 → 12:00',
      '2026-05-02 09:00 +03 → 12:00',
    ]);
    expect(weeks.map((w) => iso(w.start))).toEqual([
      '2026-04-11T07:00:00.000Z',
      '2026-04-18T07:00:00.000Z',
      '2026-04-25T06:00:00.000Z',
      '2026-05-02T06:00:00.000Z',
    ]);
    expect(weeks.every((w) => intervalMinutes(w) === 180)).toBe(true);
  });

  it('is a valid schedule, and each copy sits in its own Saturday-first week', () => {
    const result = validateSlots([], { create: weeks }, new Date('2026-04-01T00:00:00Z'));
    expect(result.ok).toBe(true);
    for (const window of weeks) {
      expect(iso(weekWindow(window.start, TZ).start)).toBe(
        iso(localDateTimeToInstant(toLocalDateTime(window.start, TZ).date, '00:00', TZ)),
      );
    }
  });

  it('offers 09:00 to 11:30 local each Saturday for 30-minute lessons', () => {
    const now = new Date('2026-04-10T10:00:00Z');
    const days = groupByLocalDay(bookableTimes(weeks, [], 30, now, options), TZ);
    expect(days.map((day) => day.date)).toEqual(['2026-04-11', '2026-04-18', '2026-04-25', '2026-05-02']);
    for (const day of days) {
      expect(day.dayOfWeek).toBe(0);
      expect(day.times.map((t) => t.time)).toEqual([
        '09:00',
        '09:15',
        '09:30',
        '09:45',
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
      ]);
      expect(day.times.some((t) => t.repeated)).toBe(false);
    }
    expect(days.map((day) => day.times[0]?.offsetMinutes)).toEqual([120, 120, 180, 180]);
  });

  it('measures the notice horizon in wall-clock days across the change', () => {
    // Thursday 23 April 20:00 (+02:00) with one day's notice: until Friday 24 April 20:00 (+03:00),
    // 23 real hours later.
    const now = localDateTimeToInstant('2026-04-23', '20:00', TZ);
    const window = localWindow('2026-04-24', '19:00', '2026-04-24', '21:00');
    const times = bookableTimes([window], [], 15, now, { ...options, noticeDays: 1 });
    expect(times.map((t) => toLocalDateTime(t, TZ).time)).toEqual([
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
    ]);
  });
});

describe('a Saturday 09:00–12:00 window over the 4 weeks spanning 29 October', () => {
  const first = saturdayMorning('2026-10-17');
  const weeks = [first, ...copyWeekForward([first], 3, TZ).slots];

  it('stays 09:00–12:00 on the wall clock while the offset goes back from +03:00 to +02:00', () => {
    expect(weeks.map((w) => `${read(w.start)} → ${toLocalDateTime(w.end, TZ).time}`)).toEqual([
      '2026-10-17 09:00 +03 → 12:00',
      '2026-10-24 09:00 +03 → 12:00',
      '2026-10-31 09:00 +02 → 12:00',
      '2026-11-07 09:00 +02 → 12:00',
    ]);
    expect(weeks.map((w) => iso(w.start))).toEqual([
      '2026-10-17T06:00:00.000Z',
      '2026-10-24T06:00:00.000Z',
      '2026-10-31T07:00:00.000Z',
      '2026-11-07T07:00:00.000Z',
    ]);
  });

  it('offers the same local times each Saturday', () => {
    const now = new Date('2026-10-16T10:00:00Z');
    const days = groupByLocalDay(bookableTimes(weeks, [], 15, now, options), TZ);
    expect(days).toHaveLength(4);
    for (const day of days) {
      expect(day.times[0]?.time).toBe('09:00');
      expect(day.times.at(-1)?.time).toBe('11:45');
      expect(day.times).toHaveLength(12);
    }
  });
});

describe('a window across the hour skipped on 24 April', () => {
  // Decision: a window is two instants, so its length is real time. Typed 23:00 Thursday → 02:00 Friday,
  // it lasts 2 hours, not 3; no start falls in the missing 00:00–00:59.
  const window = localWindow('2026-04-23', '23:00', '2026-04-24', '02:00');

  it('lasts 2 real hours and is valid', () => {
    expect(iso(window.start)).toBe('2026-04-23T21:00:00.000Z');
    expect(iso(window.end)).toBe('2026-04-23T23:00:00.000Z');
    expect(intervalMinutes(window)).toBe(120);
    expect(slotError(window, new Date('2026-04-20T00:00:00Z'))).toBeNull();
  });

  it('offers no start in the missing hour, and a lesson may run across the jump', () => {
    const now = new Date('2026-04-20T00:00:00Z');
    const days = groupByLocalDay(bookableTimes([window], [], 30, now, options), TZ);
    expect(days.map((d) => [d.date, d.times.map((t) => t.time)])).toEqual([
      ['2026-04-23', ['23:00', '23:15', '23:30', '23:45']],
      ['2026-04-24', ['01:00', '01:15', '01:30']],
    ]);
    // 23:45 (+02:00) + 30 minutes = 01:15 (+03:00).
    const lateStart = localDateTimeToInstant('2026-04-23', '23:45', TZ);
    expect(
      checkBooking({
        start: lateStart,
        duration: 30,
        now,
        settings: PLATFORM_SETTINGS_DEFAULTS,
        tutorNoticeDays: 14,
        windows: [window],
        tutorBusy: [],
        studentBusy: [],
        upcomingCount: 0,
        quota: { remaining: 60, week: { end: new Date('2026-04-27T00:00:00Z') } },
        timeZone: TZ,
      }),
    ).toBe('ok');
  });

  it('reads a window typed inside the missing hour as starting when clocks jump', () => {
    // 00:00 and 01:00 are the same instant that night, so 00:00–01:00 is empty (slot-too-short) and
    // 00:30–02:00 starts at 01:30.
    const empty = localWindow('2026-04-24', '00:00', '2026-04-24', '01:00');
    expect(intervalMinutes(empty)).toBe(0);
    expect(slotError(empty, new Date('2026-04-20T00:00:00Z'))).toBe('slot-too-short');
    const shifted = localWindow('2026-04-24', '00:30', '2026-04-24', '02:00');
    expect(read(shifted.start)).toBe('2026-04-24 01:30 +03');
    expect(intervalMinutes(shifted)).toBe(30);
  });
});

describe('a window across the hour repeated on 29 October', () => {
  // Decision: typed 22:00 Thursday → 00:00 Friday, the window covers both 23:00 hours and lasts 3 real
  // hours. The wizard offers both occurrences of 23:00–23:30, flagged `repeated` with their offsets.
  const window = localWindow('2026-10-29', '22:00', '2026-10-30', '00:00');

  it('lasts 3 real hours', () => {
    expect(iso(window.start)).toBe('2026-10-29T19:00:00.000Z');
    expect(iso(window.end)).toBe('2026-10-29T22:00:00.000Z');
    expect(intervalMinutes(window)).toBe(180);
  });

  it('offers both occurrences of the repeated times, flagged', () => {
    const now = new Date('2026-10-25T00:00:00Z');
    const [day, ...rest] = groupByLocalDay(bookableTimes([window], [], 30, now, options), TZ);
    expect(rest).toEqual([]);
    expect(day?.date).toBe('2026-10-29');
    expect(
      day?.times.map((t) => `${t.time}${t.offsetMinutes === 180 ? '+03' : '+02'}${t.repeated ? '*' : ''}`),
    ).toEqual([
      '22:00+03',
      '22:15+03',
      '22:30+03',
      '22:45+03',
      '23:00+03*',
      '23:15+03*',
      '23:30+03*',
      '23:45+03',
      '23:00+02*',
      '23:15+02*',
      '23:30+02*',
    ]);
  });

  it('blocks only the real occurrence a lesson takes', () => {
    const now = new Date('2026-10-25T00:00:00Z');
    const secondElevenPm = localDateTimeToInstant('2026-10-29', '23:00', TZ, 'later');
    const busy = [{ start: secondElevenPm, end: new Date(secondElevenPm.getTime() + 30 * 60_000) }];
    const times = bookableTimes([window], busy, 30, now, options).map(read);
    expect(times).toContain('2026-10-29 23:00 +03');
    expect(times).not.toContain('2026-10-29 23:00 +02');
  });

  it('means the first 23:30 when a window is typed to end then', () => {
    const early = localWindow('2026-10-29', '23:00', '2026-10-29', '23:30');
    expect(iso(early.start)).toBe('2026-10-29T20:00:00.000Z');
    expect(intervalMinutes(early)).toBe(30);
  });
});

describe('copyWeekForward across both changes', () => {
  it('keeps wall-clock times on the spring-forward night and skips a copy the jump makes too short', () => {
    // Source week of Saturday 11 April: Thursday 23:00–02:00 (3 h), Thursday 23:45–01:00 (75 min),
    // Friday 00:30–02:00 (90 min). One week later is the night of Thursday 23 → Friday 24 April.
    const night = localWindow('2026-04-16', '23:00', '2026-04-17', '02:00');
    const shortOne = localWindow('2026-04-16', '23:45', '2026-04-17', '01:00');
    const afterMidnight = localWindow('2026-04-17', '00:30', '2026-04-17', '02:00');
    const { slots, skipped } = copyWeekForward([night, shortOne, afterMidnight], 1, TZ);
    expect(slots.map((c) => `${read(c.start)} → ${read(c.end)} (${intervalMinutes(c)} min)`)).toEqual([
      '2026-04-23 23:00 +02 → 2026-04-24 02:00 +03 (120 min)',
      '2026-04-24 01:30 +03 → 2026-04-24 02:00 +03 (30 min)',
    ]);
    expect(skipped.map((c) => [read(c.start), read(c.end), c.code])).toEqual([
      ['2026-04-23 23:45 +02', '2026-04-24 01:00 +03', 'slot-too-short'],
    ]);
    expect(skipped[0]?.source).toBe(shortOne);
  });

  it('keeps wall-clock times on the fall-back night and skips a copy it makes longer than 12 hours', () => {
    const evening = localWindow('2026-10-22', '22:00', '2026-10-23', '00:00');
    const long = localWindow('2026-10-22', '12:00', '2026-10-23', '00:00');
    const { slots, skipped } = copyWeekForward([evening, long], 2, TZ);
    expect(
      slots.map((c) => `${c.week}: ${read(c.start)} → ${read(c.end)} (${intervalMinutes(c)} min)`),
    ).toEqual([
      '1: 2026-10-29 22:00 +03 → 2026-10-30 00:00 +02 (180 min)',
      '2: 2026-11-05 12:00 +02 → 2026-11-06 00:00 +02 (720 min)',
      '2: 2026-11-05 22:00 +02 → 2026-11-06 00:00 +02 (120 min)',
    ]);
    expect(skipped.map((c) => [c.week, read(c.start), intervalMinutes(c), c.code])).toEqual([
      [1, '2026-10-29 12:00 +03', 780, 'slot-too-long'],
    ]);
  });

  it('copies a whole week of windows 8 weeks forward across the April change with no overlaps', () => {
    const week = [
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-07',
      '2026-04-08',
      '2026-04-09',
      '2026-04-10',
    ].flatMap((date) => [
      localWindow(date, '09:00', date, '12:00'),
      localWindow(date, '18:00', date, '22:00'),
    ]);
    const { slots, skipped } = copyWeekForward(week, 8, TZ);
    expect(skipped).toEqual([]);
    expect(slots).toHaveLength(112);
    expect(new Set(slots.map((c) => toLocalDateTime(c.start, TZ).time))).toEqual(new Set(['09:00', '18:00']));
    expect(validateSlots([], { create: [...week, ...slots] }, new Date('2026-04-01T00:00:00Z')).ok).toBe(
      true,
    );
  });
});
