export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The fixed "now" of tests that set the app's clock: Monday 1 March 2027, 10:00 in Cairo (winter time, UTC+2). */
export const T0 = new Date('2027-03-01T08:00:00Z');

/** The instant `offsetMs` after T0 (before it when negative). */
export function at(offsetMs: number): Date {
  return new Date(T0.getTime() + offsetMs);
}
