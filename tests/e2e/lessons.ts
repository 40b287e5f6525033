import { type ApiSession, api } from './api.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Where the starts may lie (ms from now), and the window opened for the tutor when too few are free. */
export type BookableOptions = {
  /** How many starts are wanted. */
  count: number;
  /** The earliest a start may be, from now. */
  from: number;
  /** The latest a 30-minute lesson may end, from now. */
  to: number;
  /** The length of the window opened for the tutor, a day or more ahead. */
  windowMs: number;
  /** How many days ahead to try, day by day, until the window fits the tutor's schedule. */
  days: number;
};

/**
 * The 30-minute starts `student` may book with `tutor` within `from`..`to`, opening a window for
 * the tutor (on the 15-minute grid) when fewer than `count` are free.
 */
export async function bookableStarts(
  tutor: ApiSession,
  student: ApiSession,
  options: BookableOptions,
): Promise<string[]> {
  const read = async () => {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + options.to).toISOString();
    const schedule = await api<{ bookable: { long: string[] } }>(
      'GET',
      `/availability-slot/?tutorId=${tutor.user.id}&from=${from}&to=${to}`,
      student.token,
    );
    return schedule.bookable.long.filter((start) => {
      const at = Date.parse(start);
      return at >= Date.now() + options.from && at + 30 * MINUTE <= Date.now() + options.to;
    });
  };
  const found = await read();
  if (found.length >= options.count) {
    return found;
  }
  for (let day = 1; day <= options.days; day++) {
    const start = new Date(Math.ceil((Date.now() + day * DAY) / (15 * MINUTE)) * 15 * MINUTE);
    try {
      await api('POST', '/availability-slot/', tutor.token, {
        create: [
          { start: start.toISOString(), end: new Date(start.getTime() + options.windowMs).toISOString() },
        ],
      });
      break;
    } catch {}
  }
  const opened = await read();
  if (opened.length < options.count) {
    throw new Error('The demo tutor has no bookable time');
  }
  return opened;
}
