import { usePaymentStatusEvents, useTransaction } from '@hiwar/client';
import { PaymentStatus, type Transaction } from '@hiwar/domain';
import { useState } from 'react';

/** Fallback poll while a payment is awaited, in case the realtime connection is down. */
export const PAYMENT_POLL_MS = 5000;

export interface LiveTransaction {
  transaction: Transaction | undefined;
  /** The freshest status known: the socket's news wins over a read still saying New. */
  status: PaymentStatus | undefined;
  isLoading: boolean;
  error: unknown;
}

/**
 * One payment kept current without a reload: the server's `payment-status` event on the buyer's room
 * (the transaction and subscription caches refetch too), with a poll of `GET /transaction/{id}` as the
 * fallback while it is still New. A status never goes back to New once a final one was heard.
 */
export function useLiveTransaction(id: number | null): LiveTransaction {
  const [heard, setHeard] = useState<{ id: number; status: PaymentStatus } | null>(null);
  usePaymentStatusEvents((event) => {
    if (event.transactionId === id) {
      setHeard({ id: event.transactionId, status: event.status });
    }
  });
  const query = useTransaction(id, { pollMs: PAYMENT_POLL_MS });
  const read = query.data?.status;
  const fromEvent = heard && heard.id === id ? heard.status : undefined;
  const status = read === undefined || read === PaymentStatus.New ? (fromEvent ?? read) : read;
  return {
    transaction: query.data,
    status,
    isLoading: query.isLoading,
    error: query.error,
  };
}
