/**
 * Half-open spans of time, [start, end): a lesson ending at 10:00 and another starting at 10:00 do not
 * overlap, like PostgreSQL's `tstzrange(start, end)` with `&&`, which the server's exclusion constraints
 * use for the same rules.
 */
export type Interval = { start: Date; end: Date };

/** Whether two intervals share any instant (touching ends do not). */
export function isOverlapping(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** Whether `inner` lies entirely inside `outer`. */
export function isWithin(inner: Interval, outer: Interval): boolean {
  return outer.start.getTime() <= inner.start.getTime() && inner.end.getTime() <= outer.end.getTime();
}

/** Length in whole minutes. */
export function intervalMinutes(interval: Interval): number {
  return Math.floor((interval.end.getTime() - interval.start.getTime()) / 60_000);
}

/**
 * What is left of `from` once every interval of `minus` is taken out, sorted by start. Each interval of
 * `from` is cut on its own and never merged with its neighbours: a lesson must fit inside one
 * availability window, so two touching windows stay two. Empty pieces are dropped.
 */
export function subtractIntervals(from: readonly Interval[], minus: readonly Interval[]): Interval[] {
  const cuts = [...minus]
    .filter((interval) => interval.end.getTime() > interval.start.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const pieces: Interval[] = [];
  for (const interval of from) {
    let cursor = interval.start.getTime();
    const end = interval.end.getTime();
    for (const cut of cuts) {
      if (cursor >= end) {
        break;
      }
      const cutStart = cut.start.getTime();
      const cutEnd = cut.end.getTime();
      if (cutEnd <= cursor || cutStart >= end) {
        continue;
      }
      if (cutStart > cursor) {
        pieces.push({ start: new Date(cursor), end: new Date(cutStart) });
      }
      cursor = Math.max(cursor, cutEnd);
    }
    if (cursor < end) {
      pieces.push({ start: new Date(cursor), end: new Date(end) });
    }
  }
  return pieces.sort((a, b) => a.start.getTime() - b.start.getTime());
}
