import { z } from 'zod';
import { isOnGrid } from '../availability/availability.rules.ts';
import { LocalDateSchema } from '../availability/availability.schemas.ts';
import { IdSchema, QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { SortOrder } from '../enums/common.enums.ts';
import { LessonDuration, LessonStatus } from '../enums/lesson.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { LessonCanceler } from './lesson.rules.ts';

/**
 * The lessons API contract (spec §7 "Lesson", rules.md "Lessons"). Requests check what needs no state
 * (grid, duration); lead time, notice, windows, overlaps, limits and quota are `checkBooking`'s on the
 * server. Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const instant = z.string({ error: typeErrorCode }).pipe(z.iso.datetime({ offset: true, ...BAD_REQUEST }));

/** 15 or 30 minutes (`lesson-duration-invalid`). */
export const BookingDurationSchema = z.enum(LessonDuration, {
  error: (issue) => (issue.input === undefined ? 'required' : 'lesson-duration-invalid'),
});

/** A lesson start: an ISO instant on the 15-minute grid (`lesson-off-grid`). */
export const LessonStartSchema = /* @__PURE__ */ instant.refine((value) => isOnGrid(new Date(value)), {
  error: 'lesson-off-grid',
});

/**
 * `POST /api/v1/lesson/`: book `tutorId` at `start` for 15 or 30 minutes. `slotId` names the window the
 * wizard showed; the lesson must still fit in it (`slot-not-found`). `trial`: the student's one trial
 * lesson (issue 27), which spends no minutes (`checkTrial`).
 */
export const BookLessonRequestSchema = z.object({
  tutorId: IdSchema,
  start: LessonStartSchema,
  duration: BookingDurationSchema,
  slotId: /* @__PURE__ */ IdSchema.optional(),
  trial: z.boolean(BAD_REQUEST).optional(),
});

/**
 * `PATCH /api/v1/lesson`: move the student's pending lesson `id` to another time with the same tutor,
 * keeping its duration unless a new one (15/30) is given. Every booking rule is re-checked.
 */
export const RescheduleLessonRequestSchema = z.object({
  id: IdSchema,
  start: LessonStartSchema,
  duration: /* @__PURE__ */ BookingDurationSchema.optional(),
  slotId: /* @__PURE__ */ IdSchema.optional(),
});

/**
 * `GET /api/v1/lesson/list/`: paged. `userId` matches either member; `tutorId`, `studentId`, `status`
 * (derived at `now`) and [from, to) on the start narrow it; `search` keeps lessons where either member's
 * name contains the text (case-insensitive). Members see their own lessons, staff any.
 */
export const FindLessonsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  userId: /* @__PURE__ */ QueryIdSchema.optional(),
  tutorId: /* @__PURE__ */ QueryIdSchema.optional(),
  studentId: /* @__PURE__ */ QueryIdSchema.optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
  status: z.enum(LessonStatus, BAD_REQUEST).optional(),
  from: /* @__PURE__ */ instant.optional(),
  to: /* @__PURE__ */ instant.optional(),
  order: z.enum(SortOrder, BAD_REQUEST).default(SortOrder.Asc),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), BAD_REQUEST);

/**
 * `GET /api/v1/lesson/bookable?tutorId=&duration=&from=&to=`: the wizard's times (`bookableTimes`) for
 * local days [from, to] in the student's zone; default from today to the tutor's notice horizon.
 */
export const BookableTimesQuerySchema = z
  .object({
    tutorId: QueryIdSchema,
    duration: z.coerce.number(BAD_REQUEST).pipe(BookingDurationSchema),
    from: /* @__PURE__ */ LocalDateSchema.optional(),
    to: /* @__PURE__ */ LocalDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, BAD_REQUEST);

const isoDateTime = z.iso.datetime({ offset: true });

/** A lesson member as lists show them. */
export const LessonMemberSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});

/**
 * A lesson as the API returns it. `status` is derived at response time; screens that stay open derive
 * it again with `lessonStatus(toLessonFacts(lesson), now, viewerId)`, which also reads "self".
 * `price` is the tutor's earning fixed at booking, in piasters. `minutesReturned` is set once cancelled.
 */
export const LessonSchema = z.object({
  id: z.number().int().positive(),
  tutor: LessonMemberSchema,
  student: LessonMemberSchema,
  start: isoDateTime,
  end: isoDateTime,
  duration: z.enum(LessonDuration),
  price: z.number().int().nonnegative(),
  /** A TutorManager's free introductory lesson. */
  intro: z.boolean(),
  /** The student's one trial lesson (issue 27). */
  trial: z.boolean(),
  status: z.enum(LessonStatus),
  canceledBy: z.enum(LessonCanceler).nullable(),
  canceledAt: /* @__PURE__ */ isoDateTime.nullable(),
  minutesReturned: z.boolean().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const LessonListResponseSchema = pagedSchema(LessonSchema);

export const BookableTimesResponseSchema = z.object({
  duration: z.enum(LessonDuration),
  times: z.array(isoDateTime),
});

/**
 * `GET /api/v1/lesson/trial` (students): whether the caller may book their trial lesson now and how
 * long it lasts; `lesson`: the trial they hold or had, when it counts as taken.
 */
export const TrialStatusResponseSchema = z.object({
  available: z.boolean(),
  /** `trial-unavailable` or `trial-already-used` when not available. */
  reason: z.enum(['trial-unavailable', 'trial-already-used']).nullable(),
  minutes: z.enum(LessonDuration),
  lessonId: z.number().int().positive().nullable(),
  /** The trial's price in piasters (0: free). Optional for older servers. */
  price: z.number().int().nonnegative().optional(),
  /** A paid trial: whether the student has paid for it (and may book it now). */
  paid: z.boolean().optional(),
  /** A payment for the trial awaiting payment (a reference number to pay, say), if any. */
  openTransactionId: z.number().int().positive().nullable().optional(),
});
export type TrialStatusResponse = z.infer<typeof TrialStatusResponseSchema>;

/** `DELETE /api/v1/lesson/{id}`: the cancelled lesson; `minutesReturned` false for a late student. */
export const CancelLessonResponseSchema = z.object({ lesson: LessonSchema });

export type BookLessonRequest = z.infer<typeof BookLessonRequestSchema>;
export type RescheduleLessonRequest = z.infer<typeof RescheduleLessonRequestSchema>;
export type FindLessonsQuery = z.input<typeof FindLessonsQuerySchema>;
export type BookableTimesQuery = z.input<typeof BookableTimesQuerySchema>;
export type LessonMember = z.infer<typeof LessonMemberSchema>;
export type Lesson = z.infer<typeof LessonSchema>;
export type LessonListResponse = z.infer<typeof LessonListResponseSchema>;
export type BookableTimesResponse = z.infer<typeof BookableTimesResponseSchema>;
export type CancelLessonResponse = z.infer<typeof CancelLessonResponseSchema>;
