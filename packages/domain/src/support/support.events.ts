import { z } from 'zod';
import { ContactRequestSchema } from './contact-request.schemas.ts';
import { ReportReplySchema, ReportSchema } from './report.schemas.ts';
import { ReportEventAction } from './support.event-names.ts';

/** `report-replied` and `report-updated` to the reporter, and `Reports` to staff: the report as it is now. */
export const ReportEventSchema = z.object({
  action: z.enum(ReportEventAction),
  /** The report after the change (as it was, for `deleted`). */
  report: ReportSchema,
  /** The reply concerned, for the reply actions. */
  reply: /* @__PURE__ */ ReportReplySchema.nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type ReportEvent = z.infer<typeof ReportEventSchema>;

/** `Reports` to staff: also how many reports are open now, for the sidebar badge. */
export const StaffReportEventSchema = /* @__PURE__ */ ReportEventSchema.extend({
  unresolved: z.number().int().nonnegative(),
});
export type StaffReportEvent = z.infer<typeof StaffReportEventSchema>;

export const ContactRequestEventSchema = z.object({
  action: z.enum(['created', 'updated']),
  contactRequest: ContactRequestSchema,
  unhandled: z.number().int().nonnegative(),
  at: z.iso.datetime({ offset: true }),
});
export type ContactRequestEvent = z.infer<typeof ContactRequestEventSchema>;
