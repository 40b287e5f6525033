import { PAYMENT_STATUS_EVENT, type PaymentStatusEvent } from '@hiwar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import { lessonKeys } from './lessons.ts';
import { subscriptionKeys } from './subscriptions.ts';
import { transactionKeys } from './transactions.ts';

// A module of its own, as lesson-events.ts: the signed-in layout listens on every screen (the payment
// toast), and a screen loads the whole of a module it reads anything from; payments.ts brings the
// payment calls and their checks, which only the checkout and the payment screens use (issue 26).

/**
 * Listens for the server's `payment-status` event on the realtime connection (inside `SocketProvider`):
 * the transaction and subscription caches refetch, and `onEvent` hears about it (a toast, a redirect
 * from the 3-D Secure return page). Malformed events are ignored.
 */
export function usePaymentStatusEvents(onEvent?: (event: PaymentStatusEvent) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.PaymentStatusEventSchema,
      (event) => {
        void queryClient.invalidateQueries({ queryKey: transactionKeys.detail(event.transactionId) });
        void queryClient.invalidateQueries({ queryKey: transactionKeys.lists });
        void queryClient.invalidateQueries({ queryKey: transactionKeys.installments });
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
        // A paid (or refunded) trial payment changes whether the trial can be booked (decision 0048).
        void queryClient.invalidateQueries({ queryKey: lessonKeys.trial });
        listener.current?.(event);
      },
    );
    socket.on(PAYMENT_STATUS_EVENT, handle);
    return () => {
      socket.off(PAYMENT_STATUS_EVENT, handle);
    };
  }, [socket, queryClient]);
}
