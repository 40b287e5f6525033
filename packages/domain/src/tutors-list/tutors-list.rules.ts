import { toLocalDateTime } from '../availability/local-time.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';

/**
 * The "all tutors" list's filter values and the rules on them, without zod (its request schema is in
 * tutors-list.schemas.ts): the public directory reads its filters from the address with these alone,
 * so that its first load carries no schema code (issue 26).
 */

/**
 * Parts of the local day a student can filter on, by the local hour a lesson starts:
 * morning 06–12, afternoon 12–17, evening 17–22, night 22–06 (the night of a day is its 22:00–24:00
 * and 00:00–06:00 of the same date, so a day filter never reaches into the next date).
 */
export const TimeOfDay = {
  Morning: 'morning',
  Afternoon: 'afternoon',
  Evening: 'evening',
  Night: 'night',
} as const;
export type TimeOfDay = (typeof TimeOfDay)[keyof typeof TimeOfDay];
export const TIMES_OF_DAY: readonly TimeOfDay[] = Object.freeze(Object.values(TimeOfDay));

/** Start hour (inclusive) and end hour (exclusive) of each part; night wraps past midnight. */
export const TIME_OF_DAY_HOURS: Readonly<Record<TimeOfDay, readonly [number, number]>> = Object.freeze({
  morning: [6, 12],
  afternoon: [12, 17],
  evening: [17, 22],
  night: [22, 6],
});

/** The part of the day an instant falls in on the local wall clock. */
export function timeOfDayOf(instant: Date, timeZone: string = PRODUCT_TIMEZONE): TimeOfDay {
  const hour = Number(toLocalDateTime(instant, timeZone).time.slice(0, 2));
  const found = TIMES_OF_DAY.find((part) => {
    const [from, to] = TIME_OF_DAY_HOURS[part];
    return from < to ? hour >= from && hour < to : hour >= from || hour < to;
  });
  return found ?? TimeOfDay.Night;
}

/**
 * Whether a bookable start matches the list's `day` (a local date) and `time` (part of the day)
 * filters, either of which may be absent. The server keeps a tutor when any of their bookable starts
 * matches.
 */
export function matchesDayAndTime(
  instant: Date,
  filter: { day?: string | undefined; time?: TimeOfDay | undefined },
  timeZone: string = PRODUCT_TIMEZONE,
): boolean {
  if (filter.day !== undefined && toLocalDateTime(instant, timeZone).date !== filter.day) {
    return false;
  }
  return filter.time === undefined || timeOfDayOf(instant, timeZone) === filter.time;
}

/** How the list is ordered: best rated, most lessons given, or newest listed first. */
export const TutorSort = { Rating: 'rating', Lessons: 'lessons', Newest: 'newest' } as const;
export type TutorSort = (typeof TutorSort)[keyof typeof TutorSort];
export const TUTOR_SORTS: readonly TutorSort[] = Object.freeze(Object.values(TutorSort));
