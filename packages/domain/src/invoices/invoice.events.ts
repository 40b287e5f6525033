import { z } from 'zod';
import { InvoiceStatusSchema } from '../enums/invoice.enum-schemas.ts';
import { InvoiceSchema } from './invoice.schemas.ts';

/**
 * Socket events about invoices (spec §7: server-to-client events for invoices; cache channel
 * `AdminInvoices`). Every change reaches the invoice's tutor as `invoice-updated` on their own sockets,
 * and staff (SuperAdmin, RegularAdmin, whose sockets join the `AdminInvoices` room) as `AdminInvoices`.
 * Both carry the same payload.
 */
export const INVOICE_UPDATED_EVENT = 'invoice-updated';

/** The staff channel (a socket.io room) and its event name, like `TutorsCache`. */
export const ADMIN_INVOICES_CHANNEL = 'AdminInvoices';

/**
 * What happened: `created` (a new request), `status-changed` (a move of rules.md's table),
 * `note-changed` (staff edited the note only), `deleted` (the invoice is gone; it is sent as it was).
 */
export const InvoiceEventAction = {
  Created: 'created',
  StatusChanged: 'status-changed',
  NoteChanged: 'note-changed',
  Deleted: 'deleted',
} as const;
export type InvoiceEventAction = (typeof InvoiceEventAction)[keyof typeof InvoiceEventAction];

export const InvoiceEventSchema = z.object({
  action: z.enum(InvoiceEventAction),
  invoice: InvoiceSchema,
  /** The status before a move; null when nothing moved. */
  previousStatus: /* @__PURE__ */ InvoiceStatusSchema.nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type InvoiceEvent = z.infer<typeof InvoiceEventSchema>;
