import { PaymentStatus } from '@hiwar/domain';
import { Badge, type BadgeTone, checkoutMessages } from '@hiwar/ui';
import { CheckCircle2, CircleSlash, Clock, RotateCcw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

const STATUS_LOOK: Record<PaymentStatus, { tone: BadgeTone; icon: ReactNode }> = {
  [PaymentStatus.New]: { tone: 'warning', icon: <Clock aria-hidden="true" /> },
  [PaymentStatus.Paid]: { tone: 'success', icon: <CheckCircle2 aria-hidden="true" /> },
  [PaymentStatus.Canceled]: { tone: 'neutral', icon: <CircleSlash aria-hidden="true" /> },
  [PaymentStatus.Refunded]: { tone: 'info', icon: <RotateCcw aria-hidden="true" /> },
  [PaymentStatus.Expired]: { tone: 'neutral', icon: <Clock aria-hidden="true" /> },
  [PaymentStatus.PartialRefunded]: { tone: 'info', icon: <RotateCcw aria-hidden="true" /> },
  [PaymentStatus.Failed]: { tone: 'danger', icon: <XCircle aria-hidden="true" /> },
};

/** A payment's status as a coloured pill with an icon (colour is never the only signal). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge tone={look.tone}>
      {look.icon}
      {checkoutMessages.statuses[status]}
    </Badge>
  );
}
