import {
  addLocalDays,
  BOUNDS,
  localDateTimeToInstant,
  toLocalDate,
  weekDates,
  weekWindow,
} from '@hiwar/domain';

/** `HH:mm` every 15 minutes of a day, 00:00 … 23:45. */
export const GRID_TIMES: readonly string[] = Array.from(
  { length: (24 * 60) / BOUNDS.scheduleGridMinutes },
  (_, i) => {
    const minutes = i * BOUNDS.scheduleGridMinutes;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  },
);
/** The end of a day as an option: midnight of the next day. */
export const END_OF_DAY = '24:00';

/** The Saturday (local date) of the product week holding `date`. */
export function weekStartOf(date: Date | string): string {
  return weekDates(date)[0] as string;
}

/** The query range of a week: its instants [Saturday 00:00, next Saturday 00:00) in Cairo. */
export function weekRange(saturday: string): { from: string; to: string } {
  const window = weekWindow(saturday);
  return { from: window.start.toISOString(), to: window.end.toISOString() };
}

/** A local day and wall-clock time (`24:00` is the next day's midnight) as an instant. */
export function wallInstant(date: string, time: string): Date {
  return time === END_OF_DAY
    ? localDateTimeToInstant(addLocalDays(date, 1), '00:00')
    : localDateTimeToInstant(date, time);
}

/** Items of the week grouped by the local day they start on. */
export function byDay<T extends { start: string }>(
  days: readonly string[],
  items: readonly T[],
): Map<string, T[]> {
  const map = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const item of [...items].sort((a, b) => a.start.localeCompare(b.start))) {
    map.get(toLocalDate(new Date(item.start)))?.push(item);
  }
  return map;
}
