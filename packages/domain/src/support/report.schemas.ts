import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { IdSchema, QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * The reports API contract (spec §7 "Report" and "Report reply"; rules.md "Reports and contact
 * requests"): a signed-in user reports a problem — title 5–128, description 10–1000 characters, an
 * optional lesson of theirs and an optional screenshot — and talks it through with staff in replies.
 * Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const instant = z.string({ error: typeErrorCode }).pipe(z.iso.datetime({ offset: true, ...BAD_REQUEST }));
const booleanQuery = z.enum(['true', 'false'], BAD_REQUEST).transform((value) => value === 'true');

/** One line of plain text (decision 0046), 5–128 characters (`report-title-short`, `report-title-long`). */
export const ReportTitleSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'line',
  max: BOUNDS.reportTitle.max,
  tooLong: 'report-title-long',
})
  .min(BOUNDS.reportTitle.min, { error: 'report-title-short' })
  .max(BOUNDS.reportTitle.max, { error: 'report-title-long' });

/** Plain text (decision 0046), 10–1000 characters (`report-description-short`, `report-description-long`). */
export const ReportDescriptionSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'paragraphs',
  max: BOUNDS.reportDescription.max,
  tooLong: 'report-description-long',
})
  .min(BOUNDS.reportDescription.min, { error: 'report-description-short' })
  .max(BOUNDS.reportDescription.max, { error: 'report-description-long' });

/** A reply: plain text (decision 0046), 1–1000 characters (`text-too-short`, `text-too-long`). */
export const ReportReplyTextSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'paragraphs',
  max: BOUNDS.reportReply.max,
  tooLong: 'text-too-long',
})
  .min(BOUNDS.reportReply.min, { error: 'text-too-short' })
  .max(BOUNDS.reportReply.max, { error: 'text-too-long' });

/**
 * `POST /api/v1/report` (any signed-in user), as JSON or as multipart with the same fields as text and
 * an optional `screenshot` picture (JPG, PNG or GIF, at most 10 MB). `lessonId` must be one of the
 * caller's lessons (`lesson-not-found`).
 */
export const CreateReportRequestSchema = z.object({
  title: ReportTitleSchema,
  description: ReportDescriptionSchema,
  lessonId: /* @__PURE__ */ IdSchema.nullish().transform((value) => value ?? null),
});
export type CreateReportRequest = z.input<typeof CreateReportRequestSchema>;

/**
 * `PUT /api/v1/report/{id}`: the reporter changes the title or description until staff replied
 * (`report-has-reply`); staff (SuperAdmin, RegularAdmin) mark it resolved or open again. Anything else
 * is `forbidden`; nothing at all `empty-request`.
 */
export const UpdateReportRequestSchema = z
  .strictObject(
    {
      title: /* @__PURE__ */ ReportTitleSchema.optional(),
      description: /* @__PURE__ */ ReportDescriptionSchema.optional(),
      resolved: z.boolean({ error: typeErrorCode }).optional(),
    },
    BAD_REQUEST,
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'empty-request' });
export type UpdateReportRequest = z.infer<typeof UpdateReportRequestSchema>;

/**
 * `GET /api/v1/report/list`: newest first. The reporter sees their own; staff everyone's, narrowed by
 * `resolved`, `userId` (the reporter), `search` (title, description, the reporter's name or e-mail) and
 * [from, to) on the creation time.
 */
export const FindReportsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  resolved: /* @__PURE__ */ booleanQuery.optional(),
  userId: /* @__PURE__ */ QueryIdSchema.optional(),
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
  from: /* @__PURE__ */ instant.optional(),
  to: /* @__PURE__ */ instant.optional(),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), BAD_REQUEST);
export type FindReportsQuery = z.input<typeof FindReportsQuerySchema>;

/** A person in the support screens. */
export const SupportMemberSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});
export type SupportMember = z.infer<typeof SupportMemberSchema>;

/**
 * A report as the API returns it. `screenshot` is a private URL under `/assets/reports/` that only the
 * reporter and staff may read (with their bearer token). `hasStaffReply` is true once someone other
 * than the reporter replied: from then on the reporter can no longer edit or delete it.
 */
export const ReportSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  reporter: /* @__PURE__ */ SupportMemberSchema.extend({ email: z.string(), role: z.number().int() }),
  title: z.string(),
  description: z.string(),
  lessonId: z.number().int().positive().nullable(),
  lessonStart: /* @__PURE__ */ isoDateTime.nullable(),
  screenshot: z.string().nullable(),
  resolved: z.boolean(),
  resolvedAt: /* @__PURE__ */ isoDateTime.nullable(),
  resolvedBy: /* @__PURE__ */ SupportMemberSchema.nullable(),
  replyCount: z.number().int().nonnegative(),
  hasStaffReply: z.boolean(),
  lastReplyAt: /* @__PURE__ */ isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Report = z.infer<typeof ReportSchema>;

/** A page of reports and `unresolved`: how many open reports the caller can see (the inbox badge). */
export const ReportListResponseSchema = /* @__PURE__ */ pagedSchema(ReportSchema).extend({
  unresolved: z.number().int().nonnegative(),
});
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/**
 * `POST /api/v1/report/reply`: staff answer a report, or its reporter follows up (which opens a
 * resolved report again).
 */
export const CreateReportReplyRequestSchema = z.object({ reportId: IdSchema, text: ReportReplyTextSchema });
export type CreateReportReplyRequest = z.input<typeof CreateReportReplyRequestSchema>;

/** `PUT /api/v1/report/reply/{id}` (its author). */
export const UpdateReportReplyRequestSchema = z.object({ text: ReportReplyTextSchema });
export type UpdateReportReplyRequest = z.input<typeof UpdateReportReplyRequestSchema>;

/** `GET /api/v1/report/reply/list` (staff): newest first, optionally one report's or one author's. */
export const FindReportRepliesQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  reportId: /* @__PURE__ */ QueryIdSchema.optional(),
  authorId: /* @__PURE__ */ QueryIdSchema.optional(),
});
export type FindReportRepliesQuery = z.input<typeof FindReportRepliesQuerySchema>;

/**
 * A reply. `author` is null when that account was deleted; `fromStaff` is true for anyone but the
 * reporter (the support team).
 */
export const ReportReplySchema = z.object({
  id: z.number().int().positive(),
  reportId: z.number().int().positive(),
  author: /* @__PURE__ */ SupportMemberSchema.extend({ role: z.number().int() }).nullable(),
  fromStaff: z.boolean(),
  text: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ReportReply = z.infer<typeof ReportReplySchema>;

/** Replies: a staff page (newest first) or a report's whole conversation (oldest first). */
export const ReportReplyListResponseSchema = pagedSchema(ReportReplySchema);
export type ReportReplyListResponse = z.infer<typeof ReportReplyListResponseSchema>;
