import { z } from 'zod';
import { ContactRequestSchema } from './contact-request.schemas.ts';
import { ReportReplySchema, ReportSchema } from './report.schemas.ts';

/**
 * Socket events of the support area (reports and contact requests).
 *
 * - `report-replied`, to the reporter's own sockets: staff answered their report (a toast, and the
 *   conversation refetches).
 * - `report-updated`, to the reporter's own sockets: staff changed their report otherwise (resolved or
 *   opened again, a staff reply edited or deleted).
 * - The `Reports` channel (a socket.io room only SuperAdmin and RegularAdmin sockets join), event
 *   `Reports`: any change of any report or reply, with the open count for the inbox badge; event
 *   `ContactRequests`: a contact request arrived or was marked handled.
 */
export const REPORT_REPLIED_EVENT = 'report-replied';
export const REPORT_UPDATED_EVENT = 'report-updated';
export const REPORTS_CHANNEL = 'Reports';
export const CONTACT_REQUESTS_EVENT = 'ContactRequests';

export const ReportEventAction = {
  Created: 'created',
  Updated: 'updated',
  Deleted: 'deleted',
  Replied: 'replied',
  ReplyUpdated: 'reply-updated',
  ReplyDeleted: 'reply-deleted',
} as const;
export type ReportEventAction = (typeof ReportEventAction)[keyof typeof ReportEventAction];

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
