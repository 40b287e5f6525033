import type { FindTransactionsQuerySchema, Installment, Transaction } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The payments-history API paths (decision 0005: not in the spec, which names none). */
export const TRANSACTION_PATHS = {
  list: '/api/v1/transaction/list',
  installments: '/api/v1/transaction/installments',
  transaction: (id: number) => `/api/v1/transaction/${id}`,
} as const;

/** Filters of the transaction list: page, size, `status`, and (SuperAdmin, RegularAdmin) `userId`. */
export type FindTransactionsParams = Partial<ReturnType<(typeof FindTransactionsQuerySchema)['parse']>>;

export type TransactionList = { list: Transaction[]; total: number };

/**
 * `GET /api/v1/transaction/list`: the caller's payments, newest first (the web app's /payments);
 * SuperAdmin and RegularAdmin see everyone's and filter by `userId`.
 */
export async function findTransactions(
  client: ApiClient,
  query: FindTransactionsParams = {},
  options?: CallOptions,
): Promise<TransactionList> {
  const answer = await client.get<unknown>(TRANSACTION_PATHS.list, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.TransactionListResponseSchema, answer, 'GET /transaction/list');
}

/**
 * `GET /api/v1/transaction/{id}`: one payment, for its buyer or an admin (`transaction-not-found`
 * otherwise); the 3-D Secure return page polls it until the status settles.
 */
export async function getTransaction(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<Transaction> {
  const answer = await client.get<unknown>(TRANSACTION_PATHS.transaction(id), signalOf(options));
  return (
    await parseResponse((contract) => contract.TransactionResponseSchema, answer, 'GET /transaction/{id}')
  ).transaction;
}

/** `GET /api/v1/transaction/installments`: the caller's card installments, by purchase then order. */
export async function findInstallments(client: ApiClient, options?: CallOptions): Promise<Installment[]> {
  const answer = await client.get<unknown>(TRANSACTION_PATHS.installments, signalOf(options));
  return (
    await parseResponse(
      (contract) => contract.InstallmentListResponseSchema,
      answer,
      'GET /transaction/installments',
    )
  ).list;
}
