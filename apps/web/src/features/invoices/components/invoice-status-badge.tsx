import { InvoiceStatus } from '@hiwar/domain';
import { Badge, type BadgeTone, invoicesMessages } from '@hiwar/ui';

const TONE: Record<InvoiceStatus, BadgeTone> = {
  [InvoiceStatus.Pending]: 'info',
  [InvoiceStatus.UpdatedByReceiver]: 'warning',
  [InvoiceStatus.CanceledByReceiver]: 'warning',
  [InvoiceStatus.Fulfilled]: 'success',
  [InvoiceStatus.Rejected]: 'danger',
  [InvoiceStatus.CanceledByAdmin]: 'neutral',
  [InvoiceStatus.CancellationApprovedByAdmin]: 'neutral',
};

/** A withdrawal request's status in words and colour (rules.md's seven statuses). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONE[status]}>{invoicesMessages.status[status]}</Badge>;
}
