import { BOUNDS } from '../bounds.ts';
import type { Weekday } from '../enums/common.enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { addZonedDays, PRODUCT_TIMEZONE } from '../time.ts';
import { type Interval, intervalMinutes, isOverlapping, isWithin } from './intervals.ts';
import { addLocalDays, toLocalDateTime, weekWindow } from './local-time.ts';

/**
 * A tutor's availability (rules.md "Availability"): dated windows on a 15-minute grid, 30 minutes to
 * 12 hours long, in the future, never overlapping. Everything here works on UTC instants; the zone is
 * only needed where the wall clock matters (weeks, copying a week, grouping by day).
 *
 * DST (Africa/Cairo since 2023): a window's length is real elapsed time, so a window typed as 23:00–02:00
 * across the spring-forward night lasts 2 hours, and one typed as 22:00–24:00 on the fall-back night
 * lasts 3. The grid is checked on UTC instants, which is the local grid too because every zone's
 * offset is a multiple of 15 minutes.
 */

const MINUTE_MS = 60_000;

/** A saved availability window. */
export type AvailabilitySlot = Interval & { id: number };

/** Codes `slotError` answers with. */
export type SlotErrorCode = Extract<
  ErrorCode,
  'slot-off-grid' | 'slot-too-short' | 'slot-too-long' | 'slot-in-past'
>;

/** Whether the instant sits on the schedule grid (every 15 minutes, whole minutes, no seconds). */
export function isOnGrid(instant: Date, gridMinutes: number = BOUNDS.scheduleGridMinutes): boolean {
  return Number.isFinite(instant.getTime()) && instant.getTime() % (gridMinutes * MINUTE_MS) === 0;
}

/**
 * What is wrong with a window's shape, or null: off the 15-minute grid, shorter than 30 minutes (an end
 * not after the start included) or longer than 12 hours.
 */
export function slotShapeError(slot: Interval): Exclude<SlotErrorCode, 'slot-in-past'> | null {
  if (!isOnGrid(slot.start) || !isOnGrid(slot.end)) {
    return 'slot-off-grid';
  }
  const minutes = intervalMinutes(slot);
  if (minutes < BOUNDS.slotMinutes.min) {
    return 'slot-too-short';
  }
  if (minutes > BOUNDS.slotMinutes.max) {
    return 'slot-too-long';
  }
  return null;
}

/** What is wrong with a new window, or null: `slotShapeError`, then not starting after `now`. */
export function slotError(slot: Interval, now: Date): SlotErrorCode | null {
  const code = slotShapeError(slot);
  if (code) {
    return code;
  }
  return slot.start.getTime() <= now.getTime() ? 'slot-in-past' : null;
}

/** One save of the schedule screen: windows to add, windows to move or resize, ids to delete. */
export type SlotChanges = {
  create?: readonly Interval[];
  update?: readonly AvailabilitySlot[];
  delete?: readonly number[];
};

/** Which change of the batch a failure is about. */
export type SlotChangeRef = { kind: 'create' | 'update' | 'delete'; index: number };

/** A window of the resulting schedule; `id` is null for a window this batch creates. */
export type ResultSlot = Interval & { id: number | null };

export type ValidateSlotsOptions<B extends Interval> = {
  /**
   * The tutor's booked lessons and interviews that are not cancelled. A change that leaves one of them
   * (not yet ended) outside every window is refused with `slot-has-lessons` unless `cancelBookings`.
   */
  bookings?: readonly B[];
  /** The tutor confirmed cancelling the bookings the change leaves without a window. */
  cancelBookings?: boolean;
};

export type SlotsValidation<B extends Interval> =
  | {
      ok: true;
      /** The whole schedule after the change, sorted by start. */
      slots: ResultSlot[];
      /** Bookings to cancel (by the tutor) because their window was deleted or shrunk. */
      bookingsToCancel: B[];
    }
  | {
      ok: false;
      code: ErrorCode;
      /** The change at fault, when one is. */
      change?: SlotChangeRef;
      /** For `slot-has-lessons`: the bookings the tutor must agree to cancel. */
      bookings?: B[];
    };

/**
 * Checks a batch of schedule changes against the tutor's saved windows (`existing`: at least every
 * window that could overlap the changed ones). The first failure, in this order:
 * - `slot-not-found`: an update or delete of an id not in `existing`;
 * - `bad-request`: the same id changed twice in one batch;
 * - a `slotError` of a created or updated window. A window that has already started may still be
 *   resized if its start stays put and its new end is after `now`; otherwise it is `slot-in-past`;
 * - `conflicting-schedule`: two windows of the result overlap (touching is fine);
 * - `slot-has-lessons`: a booking that has not ended was inside a window before and is inside none
 *   after, and the tutor has not confirmed cancelling it.
 *
 * Deleting a window that started or ended is allowed. The database also enforces non-overlap with an
 * exclusion constraint; this check gives the precise code first.
 */
export function validateSlots<B extends Interval = Interval>(
  existing: readonly AvailabilitySlot[],
  changes: SlotChanges,
  now: Date,
  options: ValidateSlotsOptions<B> = {},
): SlotsValidation<B> {
  const byId = new Map(existing.map((slot) => [slot.id, slot]));
  const touched = new Set<number>();
  const creates = changes.create ?? [];
  const updates = changes.update ?? [];
  const deletes = changes.delete ?? [];

  const idChanges: Array<{ id: number; change: SlotChangeRef }> = [
    ...updates.map((slot, index) => ({ id: slot.id, change: { kind: 'update' as const, index } })),
    ...deletes.map((id, index) => ({ id, change: { kind: 'delete' as const, index } })),
  ];
  for (const { id, change } of idChanges) {
    if (!byId.has(id)) {
      return { ok: false, code: 'slot-not-found', change };
    }
    if (touched.has(id)) {
      return { ok: false, code: 'bad-request', change };
    }
    touched.add(id);
  }

  for (const [index, slot] of creates.entries()) {
    const code = slotError(slot, now);
    if (code) {
      return { ok: false, code, change: { kind: 'create', index } };
    }
  }
  for (const [index, slot] of updates.entries()) {
    const code = updatedSlotError(byId.get(slot.id)!, slot, now);
    if (code) {
      return { ok: false, code, change: { kind: 'update', index } };
    }
  }

  type Candidate = ResultSlot & { change?: SlotChangeRef };
  const updatedIds = new Set(updates.map((slot) => slot.id));
  const deletedIds = new Set(deletes);
  const result: Candidate[] = [
    ...existing
      .filter((slot) => !updatedIds.has(slot.id) && !deletedIds.has(slot.id))
      .map((slot) => ({ id: slot.id, start: slot.start, end: slot.end })),
    ...updates.map((slot, index) => ({
      id: slot.id,
      start: slot.start,
      end: slot.end,
      change: { kind: 'update' as const, index },
    })),
    ...creates.map((slot, index) => ({
      id: null,
      start: slot.start,
      end: slot.end,
      change: { kind: 'create' as const, index },
    })),
  ].sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());

  let latest: Candidate | undefined;
  for (const slot of result) {
    if (latest && isOverlapping(latest, slot)) {
      const change = slot.change ?? latest.change;
      return { ok: false, code: 'conflicting-schedule', ...(change ? { change } : {}) };
    }
    if (!latest || slot.end.getTime() > latest.end.getTime()) {
      latest = slot;
    }
  }

  const orphaned = (options.bookings ?? []).filter(
    (booking) =>
      booking.end.getTime() > now.getTime() &&
      existing.some((slot) => isWithin(booking, slot)) &&
      !result.some((slot) => isWithin(booking, slot)),
  );
  if (orphaned.length > 0 && !options.cancelBookings) {
    return { ok: false, code: 'slot-has-lessons', bookings: orphaned };
  }
  return {
    ok: true,
    slots: result.map(({ id, start, end }) => ({ id, start, end })),
    bookingsToCancel: orphaned,
  };
}

function updatedSlotError(before: AvailabilitySlot, after: Interval, now: Date): SlotErrorCode | null {
  const started = before.start.getTime() <= now.getTime();
  const keepsStart = before.start.getTime() === after.start.getTime();
  if (!(started && keepsStart)) {
    return slotError(after, now);
  }
  // Resizing a window in progress: its shape must hold, and it must not end already.
  return slotShapeError(after) ?? (after.end.getTime() > now.getTime() ? null : 'slot-in-past');
}

/** A window copied into a later week. */
export type CopiedSlot<S extends Interval> = Interval & {
  /** The window it was copied from. */
  source: S;
  /** How many weeks later, from 1. */
  week: number;
};

/**
 * Copies windows `weeks` weeks forward (1–8, `BOUNDS.copyWeekMaxWeeks`), keeping the local wall-clock
 * times: Saturday 09:00–12:00 stays 09:00–12:00 on every following Saturday although Cairo moves from
 * +02:00 to +03:00 in April and back in October.
 *
 * Each end of a window moves on its own with `addZonedDays`, so a copy landing on a DST night keeps its
 * wall-clock reading and its real length changes: 22:00–24:00 on the fall-back night lasts 3 hours, and
 * 23:45–01:00 on the spring-forward night only 15 minutes (a start in the skipped hour moves forward by
 * the hour, a repeated time means its first occurrence). A copy whose real length leaves 30 minutes –
 * 12 hours is not made and is listed in `skipped` with the reason, so the screen can say which window
 * the clock change prevented. Overlaps with windows already in the target weeks and starts in the past
 * are for `validateSlots`.
 */
export function copyWeekForward<S extends Interval>(
  slots: readonly S[],
  weeks: number,
  timeZone: string = PRODUCT_TIMEZONE,
): { slots: CopiedSlot<S>[]; skipped: Array<CopiedSlot<S> & { code: SlotErrorCode }> } {
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > BOUNDS.copyWeekMaxWeeks) {
    throw new RangeError(`Copy 1–${BOUNDS.copyWeekMaxWeeks} weeks forward, not ${weeks}`);
  }
  const copies: CopiedSlot<S>[] = [];
  const skipped: Array<CopiedSlot<S> & { code: SlotErrorCode }> = [];
  for (let week = 1; week <= weeks; week++) {
    for (const source of slots) {
      const copy = {
        start: addZonedDays(source.start, 7 * week, timeZone),
        end: addZonedDays(source.end, 7 * week, timeZone),
        source,
        week,
      };
      const minutes = intervalMinutes(copy);
      if (minutes < BOUNDS.slotMinutes.min) {
        skipped.push({ ...copy, code: 'slot-too-short' });
      } else if (minutes > BOUNDS.slotMinutes.max) {
        skipped.push({ ...copy, code: 'slot-too-long' });
      } else {
        copies.push(copy);
      }
    }
  }
  const byStart = (a: Interval, b: Interval) => a.start.getTime() - b.start.getTime();
  return { slots: copies.sort(byStart), skipped: skipped.sort(byStart) };
}

/** The windows of the product week holding `date` (Saturday 00:00 to Saturday 00:00, local). */
export function slotsInWeek<S extends Interval>(
  slots: readonly S[],
  date: Date | string,
  timeZone: string = PRODUCT_TIMEZONE,
): S[] {
  const week = weekWindow(date, timeZone);
  return slots.filter(
    (slot) => slot.start.getTime() >= week.start.getTime() && slot.start.getTime() < week.end.getTime(),
  );
}

/**
 * The last instant a student may book a lesson to start at: `noticeDays` days after `now` on the local
 * wall clock (10:00 today → 10:00 on the last day, across DST too).
 */
export function bookingHorizon(now: Date, noticeDays: number, timeZone: string = PRODUCT_TIMEZONE): Date {
  return addZonedDays(now, noticeDays, timeZone);
}

/** The earliest instant a lesson may start at: `now` plus the lead time. */
export function earliestBookableStart(now: Date, leadMinutes: number): Date {
  return new Date(now.getTime() + leadMinutes * MINUTE_MS);
}

export type BookableTimesOptions = {
  /** Setting `bookingLeadMinutes`. */
  leadMinutes: number;
  /** The tutor's `notice` in days. */
  noticeDays: number;
  /** Starts sit on this grid, default 15 minutes. */
  gridMinutes?: number;
  /** For the notice horizon's wall-clock days; default Africa/Cairo. */
  timeZone?: string;
};

/**
 * Every start a student may book for a lesson of `duration` minutes: on the grid; the whole lesson
 * inside one window; overlapping none of `busy` (the tutor's lessons and interviews, and the student's
 * own lessons to hide times they could not take either); not before `now` + lead time; not after the
 * notice horizon. Sorted, without duplicates.
 *
 * Starts are real instants: the hour Cairo skips in April has none, the hour it repeats in October has
 * two of each (23:00 +03:00 and 23:00 +02:00; `groupByLocalDay` flags them), and a lesson may run across
 * the change (23:45 → 01:15 on the spring-forward night is 30 minutes).
 */
export function bookableTimes(
  windows: readonly Interval[],
  busy: readonly Interval[],
  duration: number,
  now: Date,
  options: BookableTimesOptions,
): Date[] {
  const gridMs = (options.gridMinutes ?? BOUNDS.scheduleGridMinutes) * MINUTE_MS;
  const durationMs = duration * MINUTE_MS;
  const earliest = earliestBookableStart(now, options.leadMinutes).getTime();
  const latest = bookingHorizon(now, options.noticeDays, options.timeZone).getTime();
  const starts = new Set<number>();
  for (const window of windows) {
    const windowEnd = window.end.getTime();
    const first = Math.max(window.start.getTime(), earliest);
    const busyHere = busy.filter((interval) => isOverlapping(interval, window));
    for (let start = Math.ceil(first / gridMs) * gridMs; start + durationMs <= windowEnd; start += gridMs) {
      if (start > latest) {
        break;
      }
      const lesson = { start: new Date(start), end: new Date(start + durationMs) };
      if (!busyHere.some((interval) => isOverlapping(interval, lesson))) {
        starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => new Date(start));
}

/** A bookable start as the wizard shows it. */
export type LocalTimeOption = {
  start: Date;
  /** `HH:mm` on the local wall clock. */
  time: string;
  offsetMinutes: number;
  /**
   * The same `HH:mm` happens twice this day (the night clocks go back): show the offset or "summer /
   * winter time" next to it so the two choices can be told apart.
   */
  repeated: boolean;
};

/** The bookable starts of one local day. */
export type LocalDayTimes = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: Weekday;
  /** 0 Saturday … 6 Friday: the column in a Saturday-first week. */
  dayOfWeek: number;
  /** `YYYY-MM-DD` of the Saturday starting this day's week, to page the wizard week by week. */
  weekStart: string;
  times: LocalTimeOption[];
};

/**
 * Groups instants by local calendar day for the booking wizard's "choose date, then time" steps: days in
 * order, each with its times in order, each day knowing its Saturday-first week.
 */
export function groupByLocalDay(
  instants: readonly Date[],
  timeZone: string = PRODUCT_TIMEZONE,
): LocalDayTimes[] {
  const days = new Map<string, LocalDayTimes>();
  const sorted = [...instants].sort((a, b) => a.getTime() - b.getTime());
  for (const start of sorted) {
    const local = toLocalDateTime(start, timeZone);
    let day = days.get(local.date);
    if (!day) {
      day = {
        date: local.date,
        weekday: local.weekday,
        dayOfWeek: local.dayOfWeek,
        weekStart: addLocalDays(local.date, -local.dayOfWeek),
        times: [],
      };
      days.set(local.date, day);
    }
    if (day.times.some((option) => option.start.getTime() === start.getTime())) {
      continue;
    }
    const twin = day.times.find((option) => option.time === local.time);
    if (twin) {
      twin.repeated = true;
    }
    day.times.push({
      start,
      time: local.time,
      offsetMinutes: local.offsetMinutes,
      repeated: twin !== undefined,
    });
  }
  return [...days.values()];
}
