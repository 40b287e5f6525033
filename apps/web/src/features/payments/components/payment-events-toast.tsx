import { usePaymentStatusEvents, useSession } from '@hiwar/client';
import { PaymentStatus, Role } from '@hiwar/domain';
import { checkoutMessages, useToast } from '@hiwar/ui';

function Listener() {
  const { toast } = useToast();
  usePaymentStatusEvents((event) => {
    if (event.status === PaymentStatus.Paid) {
      toast({
        id: `payment-paid-${event.transactionId}`,
        type: 'success',
        title: checkoutMessages.status.liveToast,
      });
    }
  });
  return null;
}

/**
 * Tells a signed-in student, on any page, that a payment went through (a reference number paid at a
 * Fawry outlet while they browse). The caches refresh through the same event.
 */
export function PaymentEventsToast() {
  const { user } = useSession();
  return user?.role === Role.Student ? <Listener /> : null;
}
