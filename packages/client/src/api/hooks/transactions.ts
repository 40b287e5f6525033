import { type Installment, PaymentStatus, type Transaction } from '@hiwar/domain';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  type FindTransactionsParams,
  findInstallments,
  findTransactions,
  getTransaction,
  type TransactionList,
} from '../endpoints/transactions.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the payments history; everything under `['transaction']`. */
export const transactionKeys = {
  all: ['transaction'] as const,
  lists: ['transaction', 'list'] as const,
  list: (query: FindTransactionsParams) => ['transaction', 'list', query] as const,
  detail: (id: number) => ['transaction', 'detail', id] as const,
  installments: ['transaction', 'installments'] as const,
};

/** Your payments, or (SuperAdmin, RegularAdmin) a user's with `userId`; newest first. */
export function useTransactions(
  query: FindTransactionsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<TransactionList> {
  const client = useApiClient();
  return useQuery({
    queryKey: transactionKeys.list(query),
    queryFn: ({ signal }) => findTransactions(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export interface UseTransactionOptions {
  /**
   * Re-reads the transaction every `pollMs` while it is still New (the 3-D Secure return page waits for
   * Fawry's verdict); stops once it is paid, failed, expired or cancelled.
   */
  pollMs?: number;
}

/** One payment; pass `null` to wait for an id. */
export function useTransaction(
  id: number | null,
  options: UseTransactionOptions = {},
): UseQueryResult<Transaction> {
  const client = useApiClient();
  const { pollMs } = options;
  return useQuery({
    queryKey: transactionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTransaction(client, id as number, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      pollMs !== undefined && query.state.data?.status === PaymentStatus.New ? pollMs : false,
  });
}

/** Your card installments: due dates, amounts, which are paid. */
export function useInstallments(options: { enabled?: boolean } = {}): UseQueryResult<Installment[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: transactionKeys.installments,
    queryFn: ({ signal }) => findInstallments(client, { signal }),
    enabled: options.enabled ?? true,
  });
}
