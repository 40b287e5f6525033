import { INVOICE_MOVES, type Invoice, InvoiceStatus, isFinalInvoiceStatus } from '@hiwar/domain';

/**
 * What staff can do to a request, one entry per cell of rules.md's table (the staff column), plus the
 * note edit left on final statuses.
 */
export type StaffAction =
  | 'approveUpdate'
  | 'approveCancel'
  | 'refuseCancel'
  | 'fulfil'
  | 'reject'
  | 'cancel'
  | 'editNote';

/** The note an action asks for: none, a note the tutor may read, or a required one (a rejection's reason). */
export type NoteMode = 'optional' | 'required' | 'edit';

export interface StaffActionSpec {
  action: StaffAction;
  /** The status it moves to; none for a note edit. */
  to: InvoiceStatus | undefined;
  note: NoteMode;
  /** Fulfilling uploads the transfer's receipt. */
  receipt: boolean;
  tone: 'primary' | 'danger' | 'secondary';
}

function specOf(from: InvoiceStatus, to: InvoiceStatus): StaffActionSpec {
  switch (to) {
    case InvoiceStatus.Fulfilled:
      return { action: 'fulfil', to, note: 'optional', receipt: true, tone: 'primary' };
    case InvoiceStatus.Rejected:
      return { action: 'reject', to, note: 'required', receipt: false, tone: 'danger' };
    case InvoiceStatus.CanceledByAdmin:
      return { action: 'cancel', to, note: 'optional', receipt: false, tone: 'secondary' };
    case InvoiceStatus.CancellationApprovedByAdmin:
      return { action: 'approveCancel', to, note: 'optional', receipt: false, tone: 'primary' };
    default:
      // Back to pending: approving an update from updated-by-receiver, refusing a cancellation otherwise.
      return from === InvoiceStatus.UpdatedByReceiver
        ? { action: 'approveUpdate', to, note: 'optional', receipt: false, tone: 'primary' }
        : { action: 'refuseCancel', to, note: 'optional', receipt: false, tone: 'secondary' };
  }
}

/** The staff actions a request in its current status allows, in the table's order. */
export function staffActionsFor(invoice: Pick<Invoice, 'status'>): StaffActionSpec[] {
  if (isFinalInvoiceStatus(invoice.status)) {
    return [{ action: 'editNote', to: undefined, note: 'edit', receipt: false, tone: 'secondary' }];
  }
  return INVOICE_MOVES.staff[invoice.status].map((to) => specOf(invoice.status, to));
}
