import { bookableTimes, bookingHorizon, earliestBookableStart } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import {
  anyRunStartIn,
  bookableRuns,
  expandRuns,
  firstBookableStart,
  freePieces,
  type Span,
  startsBetween,
} from './free-times.ts';

const MINUTE = 60_000;
const GRID = 15 * MINUTE;
const T0 = Date.parse('2027-03-01T09:07:00Z');

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const toDates = (spans: Span[]) =>
  spans.map((span) => ({ start: new Date(span.start), end: new Date(span.end) }));
const flat = (spans: Span[]) => spans.flatMap((span) => [span.start, span.end]);

describe('bookableRuns', () => {
  it('gives exactly the starts bookableTimes gives, over 500 random schedules', () => {
    for (let seed = 0; seed < 500; seed++) {
      const next = random(seed);
      const pick = (n: number) => Math.floor(next() * n);
      // Windows on the grid, apart or touching; in one schedule of five overlapping (the database
      // forbids it, the rule does not care) and out of order.
      const windows: Span[] = [];
      const overlapping = pick(5) === 0;
      let cursor = T0 - 2 * 60 * MINUTE + pick(8) * GRID;
      for (let i = pick(8); i > 0; i--) {
        cursor += overlapping ? -pick(8) * GRID : pick(3) === 0 ? 0 : pick(4 * 24) * GRID;
        const start = cursor;
        cursor += (2 + pick(46)) * GRID;
        windows.push({ start, end: cursor });
      }
      if (overlapping) {
        windows.reverse();
      }
      // Busy spans: lessons of 15 or 30 minutes, interviews of any length, anywhere, some overlapping.
      const busy: Span[] = Array.from({ length: pick(10) }, () => {
        const start = T0 + (pick(24 * 14 * 4) - 20) * GRID + (pick(4) === 0 ? pick(15) * MINUTE : 0);
        return { start, end: start + (pick(3) === 0 ? pick(120) : 15 * (1 + pick(2))) * MINUTE };
      });
      const duration = pick(2) === 0 ? 15 : 30;
      const now = new Date(T0 + pick(60) * MINUTE);
      const leadMinutes = pick(4) * 30;
      const noticeDays = 1 + pick(14);
      const expected = bookableTimes(toDates(windows), toDates(busy), duration, now, {
        leadMinutes,
        noticeDays,
      }).map((start) => start.getTime());
      const options = {
        durationMs: duration * MINUTE,
        earliest: earliestBookableStart(now, leadMinutes).getTime(),
        latest: bookingHorizon(now, noticeDays).getTime(),
        gridMs: GRID,
      };
      const pieces = freePieces(flat(windows), flat(busy));
      const runs = bookableRuns(pieces, options);
      expect(expandRuns(runs, GRID), `seed ${seed}`).toEqual(expected);
      expect(firstBookableStart(pieces, options), `seed ${seed}`).toBe(expected[0] ?? null);
      for (let i = 2; i < runs.length; i += 2) {
        expect(runs[i]! - runs[i - 1]!, `seed ${seed}: runs apart by more than a step`).toBeGreaterThan(GRID);
      }

      // Any range holds a start exactly when one of the expanded starts lies in it.
      for (let k = 0; k < 20; k++) {
        const start = T0 + (pick(24 * 16 * 4) - 8) * GRID + pick(3) * 5 * MINUTE;
        const range = { start, end: start + pick(16) * GRID + pick(3) * 5 * MINUTE };
        const inside = expected.some((at) => at >= range.start && at < range.end);
        expect(anyRunStartIn(runs, [range], GRID), `seed ${seed}: ${JSON.stringify(range)}`).toBe(inside);
        // And the starts in it are exactly those expanded starts (the profile's free times).
        expect(startsBetween(runs, range.start, range.end, GRID), `seed ${seed}`).toEqual(
          expected.filter((at) => at >= range.start && at < range.end),
        );
      }
    }
  });

  it('keeps a lesson inside one window: touching windows are not one', () => {
    const start = Math.ceil((T0 + 24 * 60 * MINUTE) / GRID) * GRID;
    const windows = [start, start + 60 * MINUTE, start + 60 * MINUTE, start + 120 * MINUTE];
    const runs = bookableRuns(freePieces(windows, []), {
      durationMs: 30 * MINUTE,
      earliest: T0,
      latest: T0 + 14 * 24 * 60 * MINUTE,
      gridMs: GRID,
    });
    // 10:00, 10:15, 10:30 in the first; 11:00, 11:15, 11:30 in the second; never 10:45.
    expect(expandRuns(runs, GRID).map((at) => (at - start) / MINUTE)).toEqual([0, 15, 30, 60, 75, 90]);
  });
});
