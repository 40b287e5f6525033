/**
 * A tutor's bookable starts as the directory keeps them: runs of consecutive starts on the 15-minute
 * grid instead of one number per start (a tutor with twelve free hours a day for two weeks has 670
 * starts but 14 runs), computed from the windows and busy spans without visiting each start. Spans
 * are flat lists of epoch milliseconds, `[start, end, start, end, …]`: ten thousand tutors' windows
 * are read at once, and objects per span would mostly keep the garbage collector busy.
 */

/** A span of time in epoch milliseconds, half-open. */
export type Span = { start: number; end: number };

/** `[start, end, start, end, …]` in epoch milliseconds. */
export type FlatSpans = readonly number[];

/**
 * Bookable starts as `[first, last]` pairs (epoch ms, both starts on the grid), ascending, disjoint
 * and never adjacent (two runs one grid step apart are one run).
 */
export type StartRuns = readonly number[];

export type RunOptions = {
  /** Length of the lesson, milliseconds. */
  durationMs: number;
  /** No start before this (now plus the lead time). */
  earliest: number;
  /** No start after this (the notice horizon). */
  latest: number;
  /** Starts are multiples of this (epoch-aligned, as `bookableTimes` places them). */
  gridMs: number;
};

/** Whether the pairs of `spans` are in order of their starts. */
function inOrder(spans: FlatSpans): boolean {
  for (let i = 2; i < spans.length; i += 2) {
    if (spans[i]! < spans[i - 2]!) {
      return false;
    }
  }
  return true;
}

/** The pairs of `spans`, ordered by start (the same list when they already are). */
function ordered(spans: FlatSpans): FlatSpans {
  if (inOrder(spans)) {
    return spans;
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i + 1 < spans.length; i += 2) {
    pairs.push([spans[i]!, spans[i + 1]!]);
  }
  return pairs.sort((a, b) => a[0] - b[0]).flat();
}

/**
 * Each window minus the busy spans (half-open): the pieces of free time, in order of their starts.
 * Windows are not merged: a lesson never spans two touching windows, as in `bookableTimes`.
 */
export function freePieces(windows: FlatSpans, busy: FlatSpans): FlatSpans {
  const sortedWindows = ordered(windows);
  const sortedBusy = ordered(busy);
  const pieces: number[] = [];
  let firstBusy = 0;
  for (let w = 0; w + 1 < sortedWindows.length; w += 2) {
    const windowStart = sortedWindows[w]!;
    const windowEnd = sortedWindows[w + 1]!;
    // Busy spans at the front ending by this window's start end before every later window's too.
    while (firstBusy + 1 < sortedBusy.length && sortedBusy[firstBusy + 1]! <= windowStart) {
      firstBusy += 2;
    }
    let cursor = windowStart;
    for (let b = firstBusy; b + 1 < sortedBusy.length; b += 2) {
      const busyStart = sortedBusy[b]!;
      const busyEnd = sortedBusy[b + 1]!;
      if (busyStart >= windowEnd) {
        break;
      }
      if (busyEnd <= windowStart) {
        continue;
      }
      if (busyStart > cursor) {
        pieces.push(cursor, busyStart);
      }
      cursor = Math.max(cursor, busyEnd);
    }
    if (cursor < windowEnd) {
      pieces.push(cursor, windowEnd);
    }
  }
  // Only overlapping windows (which the database does not allow) leave pieces out of order.
  return ordered(pieces);
}

/**
 * Exactly the starts `bookableTimes` gives, as runs: a start on the grid, its whole lesson inside one
 * free piece (`freePieces`, in order), not before `earliest`, not after `latest`. A piece [a, b) holds
 * the grid starts in [max(a, earliest), min(b − duration, latest)].
 */
export function bookableRuns(pieces: FlatSpans, options: RunOptions): number[] {
  const { durationMs, earliest, latest, gridMs } = options;
  const runs: number[] = [];
  for (let i = 0; i + 1 < pieces.length; i += 2) {
    const first = Math.ceil(Math.max(pieces[i]!, earliest) / gridMs) * gridMs;
    const last = Math.floor(Math.min(pieces[i + 1]! - durationMs, latest) / gridMs) * gridMs;
    if (first > last) {
      continue;
    }
    const end = runs.length - 1;
    if (end > 0 && first <= runs[end]! + gridMs) {
      runs[end] = Math.max(runs[end]!, last);
    } else {
      runs.push(first, last);
    }
  }
  return runs;
}

/** The first start `bookableRuns` would give, without making the runs. */
export function firstBookableStart(pieces: FlatSpans, options: RunOptions): number | null {
  const { durationMs, earliest, latest, gridMs } = options;
  for (let i = 0; i + 1 < pieces.length; i += 2) {
    const first = Math.ceil(Math.max(pieces[i]!, earliest) / gridMs) * gridMs;
    if (first <= Math.floor(Math.min(pieces[i + 1]! - durationMs, latest) / gridMs) * gridMs) {
      return first;
    }
  }
  return null;
}

/**
 * Whether any start of `runs` falls in one of `ranges` (half-open, epoch ms): per range, a binary
 * search for the first run ending at or after its start, then the first grid start from there.
 */
export function anyRunStartIn(runs: StartRuns, ranges: readonly Span[], gridMs: number): boolean {
  const count = runs.length / 2;
  for (const range of ranges) {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (runs[middle * 2 + 1]! < range.start) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    if (low < count) {
      const candidate = Math.max(runs[low * 2]!, Math.ceil(range.start / gridMs) * gridMs);
      if (candidate < range.end) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The starts of `runs` in [from, to) (epoch ms), ascending: a binary search for the first run ending at
 * or after `from`, then each grid start up to `to`. A tutor's profile lists these (a week of them).
 */
export function startsBetween(runs: StartRuns, from: number, to: number, gridMs: number): number[] {
  const count = runs.length / 2;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (runs[middle * 2 + 1]! < from) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  const starts: number[] = [];
  for (let run = low; run < count; run++) {
    const first = Math.max(runs[run * 2]!, Math.ceil(from / gridMs) * gridMs);
    for (let start = first; start <= runs[run * 2 + 1]! && start < to; start += gridMs) {
      starts.push(start);
    }
    if (runs[run * 2 + 1]! >= to) {
      break;
    }
  }
  return starts;
}

/** Every start of `runs`, ascending (tests compare it with `bookableTimes`). */
export function expandRuns(runs: StartRuns, gridMs: number): number[] {
  const starts: number[] = [];
  for (let i = 0; i < runs.length; i += 2) {
    for (let start = runs[i]!; start <= runs[i + 1]!; start += gridMs) {
      starts.push(start);
    }
  }
  return starts;
}
