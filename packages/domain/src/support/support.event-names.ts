/**
 * The support events' names: plain values without zod, so that a screen that only listens for these events
 * loads no schema (issue 26). The payloads' schemas are beside the others.
 */

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
