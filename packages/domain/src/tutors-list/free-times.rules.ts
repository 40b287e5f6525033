import type { Interval } from '../availability/intervals.ts';
import { addLocalDays, localDayRange, toLocalDate, toLocalDateTime } from '../availability/local-time.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';

/**
 * A tutor's next free times as their public profile lists them, and the directory's "available today"
 * filter (issue 27), without zod: the profile and the directory are pages visitors land on, and read
 * these alone (their response schema is in free-times.schemas.ts). Which starts are free at all is the
 * booking rules' (`bookableTimes`); these only say which days are asked about and group the answer.
 */

/** How many Cairo calendar days the profile lists: today and the six after it. */
export const FREE_TIMES_DAYS = 7;

/** Values of the directory's `available` filter: a bookable start left today (Cairo calendar day). */
export const AvailableWhen = { Today: 'today' } as const;
export type AvailableWhen = (typeof AvailableWhen)[keyof typeof AvailableWhen];

/**
 * The instants the profile's free times cover at `now`: from now to the end of the last of the
 * `FREE_TIMES_DAYS` local calendar days starting today (a week of days, not 7 × 24 hours: across a
 * DST change the span is an hour shorter or longer, and it never holds part of an eighth date).
 */
export function freeTimesSpan(now: Date, timeZone: string = PRODUCT_TIMEZONE): Interval {
  const lastDay = addLocalDays(toLocalDate(now, timeZone), FREE_TIMES_DAYS - 1);
  return { start: now, end: localDayRange(lastDay, timeZone).end };
}

/** What is left of today at `now` on the zone's calendar: [now, the next local midnight). */
export function restOfToday(now: Date, timeZone: string = PRODUCT_TIMEZONE): Interval {
  return { start: now, end: localDayRange(toLocalDate(now, timeZone), timeZone).end };
}

/** The free starts of one local day. */
export type FreeTimesDay = {
  /** `YYYY-MM-DD` on the zone's calendar. */
  date: string;
  /** `YYYY-MM-DD` of the Saturday that starts this day's week (weeks start on Saturday). */
  weekStart: string;
  /** ISO instants, ascending. */
  starts: string[];
};

/**
 * Groups bookable starts (ascending instants) by local calendar day: the days that have any, in order,
 * each knowing the Saturday its week starts on. A day clocks go back on can hold the same wall-clock
 * time twice (two instants); both are kept, in order.
 */
export function groupFreeTimes(starts: readonly Date[], timeZone: string = PRODUCT_TIMEZONE): FreeTimesDay[] {
  const days: FreeTimesDay[] = [];
  let current: FreeTimesDay | undefined;
  for (const start of starts) {
    const local = toLocalDateTime(start, timeZone);
    if (current?.date !== local.date) {
      current = { date: local.date, weekStart: addLocalDays(local.date, -local.dayOfWeek), starts: [] };
      days.push(current);
    }
    current.starts.push(start.toISOString());
  }
  return days;
}
