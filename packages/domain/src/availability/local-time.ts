import type { Weekday } from '../enums/common.enums.ts';
import { addZonedDays, PRODUCT_TIMEZONE, startOfWeek, timeZoneOffsetMinutes, WEEK_START } from '../time.ts';
import type { Interval } from './intervals.ts';

/**
 * Local (wall-clock) dates and times for schedules: the schedule screen and the booking wizard speak in
 * "Saturday 25 April, 09:00", the API in UTC instants. These helpers convert between the two in a given
 * IANA zone, DST-correct, with the same rules as `addZonedDays` in `time.ts`:
 * - a wall-clock time that happens twice (Cairo: 23:00–23:59 on the last Thursday of October) resolves
 *   to the earlier instant unless the caller asks for the later one;
 * - a wall-clock time skipped by a DST gap (Cairo: 00:00–00:59 on the last Friday of April) moves
 *   forward by the gap (00:30 becomes 01:30), which is also where that local day really begins.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** `YYYY-MM-DD`, a calendar date in some zone (not an instant). */
export const LOCAL_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** `HH:mm` on a 24-hour clock. */
export const LOCAL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Which instant a wall-clock time that happens twice (clocks going back) means. */
export type Disambiguation = 'earlier' | 'later';

/** An instant read on the wall clock of a zone. */
export type LocalDateTime = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:mm`. */
  time: string;
  /** 0 Sunday … 6 Saturday, like `Date.prototype.getDay()`. */
  weekday: Weekday;
  /** Position in the product week: 0 Saturday … 6 Friday. */
  dayOfWeek: number;
  /** The zone's UTC offset at that instant, in minutes (Cairo 120 or 180). */
  offsetMinutes: number;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Whether the string is a real `YYYY-MM-DD` calendar date (not 2026-02-30). */
export function isLocalDate(value: string): boolean {
  if (!LOCAL_DATE_PATTERN.test(value)) {
    return false;
  }
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether the string is a real `HH:mm` time. */
export function isLocalTime(value: string): boolean {
  return LOCAL_TIME_PATTERN.test(value);
}

/** The wall-clock date and time of an instant in the zone (seconds are dropped). */
export function toLocalDateTime(instant: Date, timeZone: string = PRODUCT_TIMEZONE): LocalDateTime {
  const offsetMinutes = timeZoneOffsetMinutes(instant, timeZone);
  const wall = new Date(instant.getTime() + offsetMinutes * MINUTE_MS);
  const weekday = wall.getUTCDay() as Weekday;
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday,
    dayOfWeek: (weekday - WEEK_START + 7) % 7,
    offsetMinutes,
  };
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in the zone. */
export function toLocalDate(instant: Date, timeZone: string = PRODUCT_TIMEZONE): string {
  return toLocalDateTime(instant, timeZone).date;
}

function wallMs(instantMs: number, timeZone: string): number {
  const offset = timeZoneOffsetMinutes(new Date(instantMs), timeZone) * MINUTE_MS;
  return Math.floor((instantMs + offset) / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant a local date and time happen in the zone. A repeated time resolves to the `earlier`
 * occurrence by default; a skipped one moves forward by the gap. Throws a RangeError for a malformed
 * date or time (schemas check them first).
 */
export function localDateTimeToInstant(
  date: string,
  time: string,
  timeZone: string = PRODUCT_TIMEZONE,
  disambiguation: Disambiguation = 'earlier',
): Date {
  if (!isLocalDate(date) || !isLocalTime(time)) {
    throw new RangeError(`Not a local date and time: ${date} ${time}`);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetBefore = timeZoneOffsetMinutes(new Date(wall - DAY_MS), timeZone) * MINUTE_MS;
  const offsetAfter = timeZoneOffsetMinutes(new Date(wall + DAY_MS), timeZone) * MINUTE_MS;
  const valid = [wall - offsetBefore, wall - offsetAfter].filter(
    (instant) => wallMs(instant, timeZone) === wall,
  );
  if (valid.length === 0) {
    return new Date(wall - offsetBefore);
  }
  return new Date(disambiguation === 'earlier' ? Math.min(...valid) : Math.max(...valid));
}

/** The calendar date `days` after a local date (no zone involved: dates are not instants). */
export function addLocalDays(date: string, days: number): string {
  if (!isLocalDate(date)) {
    throw new RangeError(`Not a local date: ${date}`);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/**
 * The instants a local calendar day covers in the zone: [its 00:00, the next day's 00:00). Usually 24
 * hours; 23 on the day clocks spring forward and 25 on the day they fall back.
 */
export function localDayRange(date: string, timeZone: string = PRODUCT_TIMEZONE): Interval {
  return {
    start: localDateTimeToInstant(date, '00:00', timeZone),
    end: localDateTimeToInstant(addLocalDays(date, 1), '00:00', timeZone),
  };
}

/**
 * The product week holding `date` (an instant, or a local `YYYY-MM-DD` date): Saturday 00:00 to the next
 * Saturday 00:00 on the local wall clock. A week with a DST change lasts 167 or 169 hours, never a fixed
 * 7 × 24 h.
 */
export function weekWindow(date: Date | string, timeZone: string = PRODUCT_TIMEZONE): Interval {
  const instant = typeof date === 'string' ? localDayRange(date, timeZone).start : date;
  const start = startOfWeek(instant, timeZone);
  return { start, end: addZonedDays(start, 7, timeZone) };
}

/** The seven local dates (`YYYY-MM-DD`) of the product week holding `date`, Saturday first. */
export function weekDates(date: Date | string, timeZone: string = PRODUCT_TIMEZONE): string[] {
  const saturday = toLocalDate(weekWindow(date, timeZone).start, timeZone);
  return Array.from({ length: 7 }, (_, day) => addLocalDays(saturday, day));
}
