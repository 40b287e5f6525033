import { describe, expect, it } from 'vitest';
import { anyStartIn, dayAndTimeRanges } from './day-time-ranges.ts';
import { matchesDayAndTime, TIMES_OF_DAY, type TimeOfDay } from './tutors-list.rules.ts';

const QUARTER = 15 * 60_000;

/** Every quarter hour of [start, end). */
function quarters(start: string, end: string): Date[] {
  const out: Date[] = [];
  for (let at = Date.parse(start); at < Date.parse(end); at += QUARTER) {
    out.push(new Date(at));
  }
  return out;
}

describe('dayAndTimeRanges', () => {
  // Both of Cairo's 2026 clock changes: spring forward at 00:00 on Friday 24 April, fall back at
  // 24:00 on Thursday 29 October.
  const spans = [
    { start: new Date('2026-04-22T00:00:00Z'), end: new Date('2026-04-26T00:00:00Z') },
    { start: new Date('2026-10-28T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z') },
  ];
  const filters: Array<{ day?: string; time?: TimeOfDay }> = [
    {},
    ...TIMES_OF_DAY.map((time) => ({ time })),
    { day: '2026-04-24' },
    { day: '2026-10-29' },
    ...TIMES_OF_DAY.map((time) => ({ day: '2026-04-24', time })),
    ...TIMES_OF_DAY.map((time) => ({ day: '2026-10-29', time })),
  ];

  it.each(filters)('agrees with matchesDayAndTime on every quarter hour across DST (%o)', (filter) => {
    for (const span of spans) {
      const ranges = dayAndTimeRanges(filter, span);
      for (const instant of quarters(span.start.toISOString(), span.end.toISOString())) {
        const inRanges = ranges.some(
          (r) => r.start.getTime() <= instant.getTime() && instant.getTime() < r.end.getTime(),
        );
        expect(inRanges, `${instant.toISOString()} ${JSON.stringify(filter)}`).toBe(
          matchesDayAndTime(instant, filter),
        );
      }
    }
  });

  it('holds both 23:00s of the night clocks go back in its night', () => {
    const [early, late] = dayAndTimeRanges({ day: '2026-10-29', time: 'night' }, spans[1]!);
    expect(early).toEqual({ start: new Date('2026-10-28T21:00:00Z'), end: new Date('2026-10-29T03:00:00Z') });
    // 22:00 EEST (19:00Z) to the next midnight EET (22:00Z): three hours.
    expect(late).toEqual({ start: new Date('2026-10-29T19:00:00Z'), end: new Date('2026-10-29T22:00:00Z') });
  });
});

describe('anyStartIn', () => {
  const starts = [10, 20, 30, 40].map((n) => n * 1000);
  const range = (from: number, to: number) => ({ start: new Date(from * 1000), end: new Date(to * 1000) });
  it('finds a start inside a half-open range, and none outside', () => {
    expect(anyStartIn(starts, [range(15, 25)])).toBe(true);
    expect(anyStartIn(starts, [range(41, 50), range(20, 21)])).toBe(true);
    expect(anyStartIn(starts, [range(11, 20)])).toBe(false);
    expect(anyStartIn(starts, [range(41, 99)])).toBe(false);
    expect(anyStartIn([], [range(0, 99)])).toBe(false);
  });
});
