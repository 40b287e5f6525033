/** Ten years either way: far enough for any journey, near enough that dates stay ordinary. */
export const DEV_CLOCK_MAX_OFFSET_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export type DevClock = {
  /** The app's time: the base clock moved by the offset. */
  now(): Date;
  /** How far the clock is moved from the base clock, in milliseconds (0: not moved). */
  offsetMs(): number;
  setOffset(offsetMs: number): void;
};

/**
 * A clock that local browser journeys can move (`/dev/clock`, DEV_CLOCK=1 only). It is what the
 * app decorates as `app.clock`, so every service that reads the app's time (lesson status, join
 * windows, booking rules, reminders) follows the offset without knowing about it. The offset lives in
 * this process: local mode runs one.
 */
export function createDevClock(base: () => Date): DevClock {
  let offset = 0;
  return {
    now: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    setOffset(offsetMs) {
      offset = offsetMs;
    },
  };
}
