import { usePaymentStatusEvents, useSession } from '@hiwar/client';
import { PaymentStatus, Role } from '@hiwar/domain';
import { useToast } from '@hiwar/ui';

function Listener() {
  const { toast } = useToast();
  usePaymentStatusEvents((event) => {
    if (event.status === PaymentStatus.Paid) {
      // The wording loads with the first payment; if it cannot be fetched the toast is left out (the
      // pages showing the subscription refresh through the same event).
      import('../lib/payment-toast-wording.ts')
        .then(({ checkoutMessages }) =>
          toast({
            id: `payment-paid-${event.transactionId}`,
            type: 'success',
            // A payment that granted no subscription (the trial lesson's) readies none.
            title:
              event.subscriptionId === null
                ? checkoutMessages.status.liveToastPaid
                : checkoutMessages.status.liveToast,
          }),
        )
        .catch(() => undefined);
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
