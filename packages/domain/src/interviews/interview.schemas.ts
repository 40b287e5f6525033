import { z } from 'zod';
import { LocalDateSchema } from '../availability/availability.schemas.ts';
import { BOUNDS } from '../bounds.ts';
import { IdSchema, QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { SortOrder } from '../enums/common.enums.ts';
import { InterviewStatus } from '../enums/lesson.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { LessonStartSchema } from '../lessons/lesson.schemas.ts';

/**
 * The interviews API contract (spec §3 "Interview", §4, §7 "Interview"; rules.md "Interviews"). A tutor
 * books a 30-minute interview in a TutorManager's availability; the TutorManager conducts it in the
 * lesson room and records the outcome; a SuperAdmin signs a passed one, irreversibly. Issue messages
 * are error codes (decision 0003). Feedback and note are sanitised HTML on the server, which counts
 * their visible characters (5–1000); these schemas only bound the raw size.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const instant = z.string({ error: typeErrorCode }).pipe(z.iso.datetime({ offset: true, ...BAD_REQUEST }));
const isoDateTime = z.iso.datetime({ offset: true });

/** Raw HTML of a feedback or note: the server sanitises it and counts 5–1000 visible characters. */
/* @__NO_SIDE_EFFECTS__ */
function richText(tooLong: 'interview-feedback-too-long' | 'interview-note-too-long') {
  return z.string({ error: typeErrorCode }).max(BOUNDS.interviewNote.max * 8, { error: tooLong });
}

/** The interviewer's level for the tutor: a whole number 1–5. */
export const InterviewLevelSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .min(BOUNDS.interviewLevel.min, { error: 'interview-level-too-low' })
  .max(BOUNDS.interviewLevel.max, { error: 'interview-level-too-high' });

/** `POST /api/v1/interview`: the caller (a Tutor) books 30 minutes with `interviewerId` at `start`. */
export const BookInterviewRequestSchema = z.object({
  interviewerId: IdSchema,
  start: LessonStartSchema,
});

/**
 * `PUT /api/v1/interview/{id}`: what each side may change (the server checks who sends what):
 * - the interviewee: `start` (reschedule a pending interview before it starts), `status: 4` (cancel
 *   before start), `intervieweeFeedback`;
 * - the interviewer: `status` 2/3 (passed, rejected) once the interview started, 4 (cancel before
 *   start), `level`, `feedback` (shown to the tutor), `note` (staff only);
 * - a SuperAdmin: `signed: true` on a passed interview, once (`interview-already-signed`); also what
 *   the interviewer may.
 * An empty body is `empty-request`.
 */
export const UpdateInterviewRequestSchema = z
  .object({
    start: /* @__PURE__ */ LessonStartSchema.optional(),
    status: z
      .literal([InterviewStatus.Passed, InterviewStatus.Rejected, InterviewStatus.Canceled], BAD_REQUEST)
      .optional(),
    level: /* @__PURE__ */ InterviewLevelSchema.optional(),
    feedback: /* @__PURE__ */ richText('interview-feedback-too-long').optional(),
    note: /* @__PURE__ */ richText('interview-note-too-long').optional(),
    intervieweeFeedback: /* @__PURE__ */ richText('interview-feedback-too-long').optional(),
    signed: z.literal(true, BAD_REQUEST).optional(),
  })
  .strict();

/**
 * `GET /api/v1/interview/list/`: paged, newest start first by default. A tutor sees their own; a
 * TutorManager those they conduct; SuperAdmin and RegularAdmin all.
 */
export const FindInterviewsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  interviewerId: /* @__PURE__ */ QueryIdSchema.optional(),
  intervieweeId: /* @__PURE__ */ QueryIdSchema.optional(),
  status: z.coerce.number(BAD_REQUEST).pipe(z.enum(InterviewStatus, BAD_REQUEST)).optional(),
  signed: z
    .enum(['true', 'false'], BAD_REQUEST)
    .transform((value) => value === 'true')
    .optional(),
  /** Only interviews that have not ended yet (to conduct, to join). */
  upcoming: z
    .enum(['true', 'false'], BAD_REQUEST)
    .transform((value) => value === 'true')
    .optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
  from: /* @__PURE__ */ instant.optional(),
  to: /* @__PURE__ */ instant.optional(),
  order: z.enum(SortOrder, BAD_REQUEST).default(SortOrder.Desc),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), BAD_REQUEST);

/** `GET /api/v1/user/interviewer/select`: local days [from, to] (default: the next 14 days). */
export const InterviewerSelectQuerySchema = z
  .object({
    from: /* @__PURE__ */ LocalDateSchema.optional(),
    to: /* @__PURE__ */ LocalDateSchema.optional(),
    /** When moving this (own, pending) interview: its time counts as free. */
    exceptInterviewId: /* @__PURE__ */ QueryIdSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, BAD_REQUEST);

/** A person of an interview as lists show them. */
export const InterviewMemberSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});

/**
 * An interview as the API returns it. `note` is staff-only: absent from a tutor's answers. `feedback`
 * is the interviewer's words to the tutor; `intervieweeFeedback` the tutor's about the interview.
 */
export const InterviewSchema = z.object({
  id: z.number().int().positive(),
  interviewer: InterviewMemberSchema,
  interviewee: InterviewMemberSchema,
  start: isoDateTime,
  end: isoDateTime,
  status: z.enum(InterviewStatus),
  level: z.number().int().nullable(),
  feedback: z.string().nullable(),
  intervieweeFeedback: z.string().nullable(),
  note: z.string().nullable().optional(),
  canceledAt: /* @__PURE__ */ isoDateTime.nullable(),
  canceledBy: /* @__PURE__ */ InterviewMemberSchema.nullable(),
  signedAt: /* @__PURE__ */ isoDateTime.nullable(),
  signedBy: /* @__PURE__ */ InterviewMemberSchema.nullable(),
  /** The pair's chat room. */
  chatRoomId: z.number().int().positive().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const InterviewListResponseSchema = pagedSchema(InterviewSchema);

/** One TutorManager a tutor may book, with the interview starts free in the asked days. */
export const InterviewerOptionSchema = z.object({
  interviewer: /* @__PURE__ */ InterviewMemberSchema.extend({ bio: z.string().nullable() }),
  /** 30-minute starts, soonest first. */
  times: z.array(isoDateTime),
  /** Interviews they hold that have not started yet. */
  upcomingInterviews: z.number().int().nonnegative(),
});

/** Best first: the soonest free time, then the fewest upcoming interviews. Empty: none free. */
export const InterviewerSelectResponseSchema = z.object({
  list: z.array(InterviewerOptionSchema),
  /** When the caller may book next (`conflicting-interview` until then); null when they may now. */
  retakeAt: /* @__PURE__ */ isoDateTime.nullable(),
});

/** A day or an hour before an interview, to each member: `{ interviewId, kind }`. */
export const INTERVIEW_REMINDER_EVENT = 'interview-reminder';
export const InterviewEventSchema = z.object({ interview: InterviewSchema });
/** The staff channel (SuperAdmin, RegularAdmin) every interview event also goes to, note included. */
export const ADMIN_INTERVIEWS_CHANNEL = 'AdminInterviews';

export type InterviewLevel = z.infer<typeof InterviewLevelSchema>;
export type BookInterviewRequest = z.infer<typeof BookInterviewRequestSchema>;
export type UpdateInterviewRequest = z.infer<typeof UpdateInterviewRequestSchema>;
export type FindInterviewsQuery = Partial<z.output<typeof FindInterviewsQuerySchema>>;
export type InterviewerSelectQuery = Partial<z.output<typeof InterviewerSelectQuerySchema>>;
export type InterviewMember = z.infer<typeof InterviewMemberSchema>;
export type Interview = z.infer<typeof InterviewSchema>;
export type InterviewListResponse = z.infer<typeof InterviewListResponseSchema>;
export type InterviewerOption = z.infer<typeof InterviewerOptionSchema>;
export type InterviewerSelectResponse = z.infer<typeof InterviewerSelectResponseSchema>;
export type InterviewEvent = z.infer<typeof InterviewEventSchema>;
