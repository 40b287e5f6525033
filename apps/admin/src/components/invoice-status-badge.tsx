import { InvoiceStatus } from '@hiwar/domain';
import { invoicesMessages } from '@hiwar/ui';
import { Badge, type BadgeTone } from './badge.tsx';

const TONE: Record<InvoiceStatus, BadgeTone> = {
  [InvoiceStatus.Pending]: 'info',
  [InvoiceStatus.UpdatedByReceiver]: 'warning',
  [InvoiceStatus.CanceledByReceiver]: 'warning',
  [InvoiceStatus.Fulfilled]: 'success',
  [InvoiceStatus.Rejected]: 'danger',
  [InvoiceStatus.CanceledByAdmin]: 'neutral',
  [InvoiceStatus.CancellationApprovedByAdmin]: 'neutral',
};

/** A withdrawal request's status (the invoices screen and the tutor page). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONE[status]}>{invoicesMessages.status[status]}</Badge>;
}
