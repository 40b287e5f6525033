import { INSTALLMENT_REMINDER_EVENT, type InstallmentReminderEvent } from '@hiwar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import { subscriptionKeys } from './subscriptions.ts';
import { transactionKeys } from './transactions.ts';

// A module of its own: the event's schema brings zod, which the screens reading subscriptions (their
// hooks in subscriptions.ts) do not load; only signed-in pages, which have a socket, listen (issue 26).

/**
 * Listens for the server's `installment-reminder` event on the realtime connection (inside
 * `SocketProvider`): the current subscription and the installments refetch (a paused subscription
 * grants no minutes), and `onReminder` hears about it (a toast pointing to /payments). Malformed events
 * are ignored.
 */
export function useInstallmentReminders(onReminder?: (reminder: InstallmentReminderEvent) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onReminder);
  useEffect(() => {
    listener.current = onReminder;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.InstallmentReminderEventSchema,
      (event) => {
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
        void queryClient.invalidateQueries({ queryKey: transactionKeys.installments });
        listener.current?.(event);
      },
    );
    socket.on(INSTALLMENT_REMINDER_EVENT, handle);
    return () => {
      socket.off(INSTALLMENT_REMINDER_EVENT, handle);
    };
  }, [socket, queryClient]);
}
