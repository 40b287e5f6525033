import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { IdSchema, QueryIdSchema } from '../common/id.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { isOnGrid, type SlotErrorCode, slotError, slotShapeError } from './availability.rules.ts';
import { isLocalDate } from './local-time.ts';

/**
 * The availability API contract (spec §7 "Availability slots", rules.md "Availability"). Windows travel
 * as ISO 8601 instants; the screen converts local times with `localDateTimeToInstant`. Issue messages
 * are error codes (decision 0003). Overlaps need the saved windows, so they are `validateSlots`' job.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
/** Longest span one slot list may ask for (a little over the 60-day notice maximum). */
export const SLOT_QUERY_MAX_DAYS = 62;
/** Most changes one save may carry (8 copied weeks of a busy schedule fit). */
export const SLOT_BATCH_MAX = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

const instant = z.string({ error: typeErrorCode }).pipe(z.iso.datetime({ offset: true, ...BAD_REQUEST }));

/** A local calendar date `YYYY-MM-DD` (a day in the user's zone, not an instant). */
export const LocalDateSchema = z.string({ error: typeErrorCode }).refine(isLocalDate, BAD_REQUEST);

type Clock = Date | (() => Date);
const read = (now: Clock) => (typeof now === 'function' ? now() : now);

function slotIssue(code: SlotErrorCode, interval: { start: Date }) {
  const onStart = code === 'slot-in-past' || (code === 'slot-off-grid' && !isOnGrid(interval.start));
  return { code: 'custom' as const, message: code, path: [onStart ? 'start' : 'end'] };
}

/**
 * A new window: `start` and `end` on the 15-minute grid (`slot-off-grid`), 30 minutes to 12 hours
 * (`slot-too-short`, `slot-too-long`), starting after now (`slot-in-past`). Pass a fixed `now` in tests;
 * without it the clock is read at each parse.
 */
/* @__NO_SIDE_EFFECTS__ */
export function slotInputSchema(now: Clock = () => new Date()) {
  return z.object({ start: instant, end: instant }).superRefine((slot, context) => {
    const interval = { start: new Date(slot.start), end: new Date(slot.end) };
    const code = slotError(interval, read(now));
    if (code) {
      context.addIssue(slotIssue(code, interval));
    }
  });
}

export const SlotInputSchema = slotInputSchema();

/**
 * A moved or resized window: its id and new bounds, checked for shape. Whether it may start in the past
 * (a window in progress keeping its start) needs the saved window: `validateSlots` decides.
 */
export const SlotUpdateSchema = z
  .object({ id: IdSchema, start: instant, end: instant })
  .superRefine((slot, context) => {
    const interval = { start: new Date(slot.start), end: new Date(slot.end) };
    const code = slotShapeError(interval);
    if (code) {
      context.addIssue(slotIssue(code, interval));
    }
  });

/**
 * `POST /api/v1/availability-slot/`: one save of the schedule screen (a week's edits). At least one
 * change (`empty-request`). `cancelLessons` is the tutor's confirmation that lessons left without a
 * window are cancelled (by the tutor); without it such a save is `slot-has-lessons`. The server then
 * checks ids, windows in progress and overlaps (`conflicting-schedule`) with `validateSlots`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function saveSlotsRequestSchema(now: Clock = () => new Date()) {
  return z
    .object({
      create: z.array(slotInputSchema(now)).max(SLOT_BATCH_MAX, BAD_REQUEST).default([]),
      update: z.array(SlotUpdateSchema).max(SLOT_BATCH_MAX, BAD_REQUEST).default([]),
      delete: z.array(IdSchema).max(SLOT_BATCH_MAX, BAD_REQUEST).default([]),
      cancelLessons: z.boolean(BAD_REQUEST).default(false),
    })
    .refine((body) => body.create.length + body.update.length + body.delete.length > 0, {
      error: 'empty-request',
    });
}

export const SaveSlotsRequestSchema = saveSlotsRequestSchema();

/**
 * The schedule screen's "copy week" action (a POST beside `/api/v1/availability-slot/`): copy the
 * windows of the week holding `week` (any local date of it, in the tutor's zone) to the next `weeks`
 * weeks (1–8) with `copyWeekForward`, then save them like a batch (`cancelLessons` as there).
 */
export const CopyWeekRequestSchema = z.object({
  week: LocalDateSchema,
  weeks: z
    .number({ error: typeErrorCode })
    .int({ error: 'invalid-type' })
    .min(1, BAD_REQUEST)
    .max(BOUNDS.copyWeekMaxWeeks, BAD_REQUEST),
  cancelLessons: z.boolean(BAD_REQUEST).default(false),
});

/**
 * `GET /api/v1/availability-slot/?tutorId=&from=&to=`: a tutor's windows starting in [from, to), at most
 * 62 days. Without `tutorId`, the caller's own.
 */
export const FindSlotsQuerySchema = z
  .object({
    tutorId: /* @__PURE__ */ QueryIdSchema.optional(),
    from: instant,
    to: instant,
    /**
     * Rescheduling: the caller's own lesson being moved does not count as busy, so it may move by less
     * than its length (a 30-minute lesson 15 minutes later). Ignored for a lesson that is not the caller's.
     */
    exceptLessonId: /* @__PURE__ */ QueryIdSchema.optional(),
  })
  .refine((query) => {
    const span = Date.parse(query.to) - Date.parse(query.from);
    return span > 0 && span <= SLOT_QUERY_MAX_DAYS * DAY_MS;
  }, BAD_REQUEST);

const isoDateTime = z.iso.datetime({ offset: true });

/** An availability window as the API returns it. */
export const AvailabilitySlotSchema = z.object({
  id: z.number().int().positive(),
  tutorId: z.number().int().positive(),
  start: isoDateTime,
  end: isoDateTime,
});

export const SlotListResponseSchema = z.object({ list: z.array(AvailabilitySlotSchema) });

/**
 * A save's answer: the tutor's windows in the saved range, the lessons it cancelled, and for a copied
 * week the copies the clock change prevented (see `copyWeekForward`).
 */
export const SaveSlotsResponseSchema = z.object({
  list: z.array(AvailabilitySlotSchema),
  canceledLessonIds: z.array(z.number().int().positive()),
  skipped: z.array(z.object({ start: isoDateTime, end: isoDateTime })).default([]),
});

export type SlotInput = z.infer<typeof SlotInputSchema>;
export type SlotUpdate = z.infer<typeof SlotUpdateSchema>;
export type SaveSlotsRequest = z.input<typeof SaveSlotsRequestSchema>;
export type CopyWeekRequest = z.input<typeof CopyWeekRequestSchema>;
export type FindSlotsQuery = z.input<typeof FindSlotsQuerySchema>;
export type AvailabilitySlotResponse = z.infer<typeof AvailabilitySlotSchema>;
export type SlotListResponse = z.infer<typeof SlotListResponseSchema>;
export type SaveSlotsResponse = z.infer<typeof SaveSlotsResponseSchema>;
