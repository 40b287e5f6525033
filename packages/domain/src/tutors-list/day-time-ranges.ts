import type { Interval } from '../availability/intervals.ts';
import {
  addLocalDays,
  localDateTimeToInstant,
  localDayRange,
  toLocalDate,
} from '../availability/local-time.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';
import { TIME_OF_DAY_HOURS, type TimeOfDay } from './tutors-list.rules.ts';

/** A tutors-list filter on when a lesson could start (see `matchesDayAndTime`). */
export type DayAndTimeFilter = { day?: string | undefined; time?: TimeOfDay | undefined };

const hourOf = (date: string, hour: number, timeZone: string) =>
  localDateTimeToInstant(date, `${String(hour).padStart(2, '0')}:00`, timeZone);

/**
 * The spans of time a `day` / `time` filter keeps, for the local dates `span` touches (or only `day`):
 * each date whole, or cut to the part of the day, as instants sorted by start. An instant matches the
 * filter exactly when it falls in one of them (`matchesDayAndTime` reads one instant on the wall clock;
 * this reads the wall clock once per date), so a server can test a tutor's sorted bookable starts with
 * a binary search. DST-correct: the day clocks spring forward lasts 23 hours and the night they fall
 * back holds both 23:00s.
 */
export function dayAndTimeRanges(
  filter: DayAndTimeFilter,
  span: Interval,
  timeZone: string = PRODUCT_TIMEZONE,
): Interval[] {
  const dates: string[] = [];
  if (filter.day !== undefined) {
    dates.push(filter.day);
  } else {
    const last = toLocalDate(span.end, timeZone);
    for (let date = toLocalDate(span.start, timeZone); date <= last; date = addLocalDays(date, 1)) {
      dates.push(date);
    }
  }
  const ranges: Interval[] = [];
  for (const date of dates) {
    const day = localDayRange(date, timeZone);
    if (filter.time === undefined) {
      ranges.push(day);
      continue;
    }
    const [from, to] = TIME_OF_DAY_HOURS[filter.time];
    if (from < to) {
      ranges.push({ start: hourOf(date, from, timeZone), end: hourOf(date, to, timeZone) });
    } else {
      // The night of a date: its first hours and its last ones, never the next date's.
      ranges.push({ start: day.start, end: hourOf(date, to, timeZone) });
      ranges.push({ start: hourOf(date, from, timeZone), end: day.end });
    }
  }
  return ranges.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * Whether any of `sortedStarts` (epoch milliseconds, ascending) falls in one of `ranges` (half-open);
 * a binary search per range.
 */
export function anyStartIn(sortedStarts: readonly number[], ranges: readonly Interval[]): boolean {
  for (const range of ranges) {
    const from = range.start.getTime();
    let low = 0;
    let high = sortedStarts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sortedStarts[middle]! < from) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    if (low < sortedStarts.length && sortedStarts[low]! < range.end.getTime()) {
      return true;
    }
  }
  return false;
}
