import type {
  BankInstallmentProgramme,
  CancelUnpaidOrderRequestSchema,
  OkResponse,
  PayByBankInstallmentsRequest,
  PayByCardRequest,
  PayByReferenceRequest,
  PayByWalletRequest,
  PayInstallmentRequestSchema,
  PayResponse,
  RefundRequest,
  SavedCard,
  Transaction,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The payment provider API paths (spec §7 "Payment provider", decision 0005). */
export const PAYMENT_PATHS = {
  payByCard: '/api/v1/fawry/pay/card',
  payByReference: '/api/v1/fawry/pay/ref-num',
  payByWallet: '/api/v1/fawry/pay/e-wallet',
  payByBankInstallments: '/api/v1/fawry/pay/bank-installments',
  installmentPlans: '/api/v1/fawry/installment-plans',
  payInstallment: '/api/v1/fawry/pay/installment',
  cancelUnpaidOrder: '/api/v1/fawry/cancel-unpaid-order',
  refund: '/api/v1/fawry/refund',
  cardTokenList: '/api/v1/fawry/card-token/list',
  cardToken: '/api/v1/fawry/card-token',
  cardTokenUrl: '/api/v1/fawry/card-token/url',
} as const;

export type PayInstallmentRequest = ReturnType<(typeof PayInstallmentRequestSchema)['parse']>;
export type CancelUnpaidOrderRequest = ReturnType<(typeof CancelUnpaidOrderRequestSchema)['parse']>;

/** What the cancel and refund calls answer: the transaction in its new state. */
export type TransactionResponse = { transaction: Transaction };

async function pay(client: ApiClient, path: string, body: unknown, options?: CallOptions) {
  const answer = await client.post<unknown>(path, { body, ...signalOf(options) });
  return parseResponse(
    (contract) => contract.PayResponseSchema,
    answer,
    `POST ${path.replace('/api/v1', '')}`,
  );
}

/**
 * `POST /api/v1/fawry/pay/card` (Student): a saved card and its CVV, at once or in 2 or 4 installments
 * (quarter, half-year and year plans). Answers the 3-D Secure page to open (`redirectUrl`); a card
 * Fawry declines at once answers a Failed transaction with `failureReason`.
 */
export function payByCard(
  client: ApiClient,
  body: PayByCardRequest,
  options?: CallOptions,
): Promise<PayResponse> {
  return pay(client, PAYMENT_PATHS.payByCard, body, options);
}

/**
 * `POST /api/v1/fawry/pay/ref-num` (Student): cash at any Fawry point; answers `referenceNumber` and
 * when it stops being payable (`expiresAt`).
 */
export function payByReference(
  client: ApiClient,
  body: PayByReferenceRequest,
  options?: CallOptions,
): Promise<PayResponse> {
  return pay(client, PAYMENT_PATHS.payByReference, body, options);
}

/**
 * `POST /api/v1/fawry/pay/e-wallet` (Student): with `phone` the wallet behind that number gets a payment
 * request; without it the answer carries `walletQr` to scan.
 */
export function payByWallet(
  client: ApiClient,
  body: PayByWalletRequest,
  options?: CallOptions,
): Promise<PayResponse> {
  return pay(client, PAYMENT_PATHS.payByWallet, body, options);
}

/**
 * `GET /api/v1/fawry/installment-plans?amount=` (Student): the banks' 3- and 6-month programmes Fawry
 * offers for `amount` piasters, cheapest first, each with its interest, total and monthly estimate.
 * `service-unavailable` while Fawry cannot be read.
 */
export async function findInstallmentPlans(
  client: ApiClient,
  amount: number,
  options?: CallOptions,
): Promise<BankInstallmentProgramme[]> {
  const answer = await client.get<unknown>(PAYMENT_PATHS.installmentPlans, {
    query: { amount },
    ...signalOf(options),
  });
  return (
    await parseResponse(
      (contract) => contract.InstallmentPlanListResponseSchema,
      answer,
      'GET /fawry/installment-plans',
    )
  ).list;
}

/**
 * `POST /api/v1/fawry/pay/bank-installments` (Student): a saved card on a bank's 3- or 6-month
 * installment programme (`installmentPlanId` from `findInstallmentPlans`, or `months`); quarter,
 * half-year and year plans only. Answers the 3-D Secure page; a programme Fawry does not offer is
 * `installment-plan-not-found`, one whose limits the price misses `installment-plan-amount-out-of-range`.
 */
export function payByBankInstallments(
  client: ApiClient,
  body: PayByBankInstallmentsRequest,
  options?: CallOptions,
): Promise<PayResponse> {
  return pay(client, PAYMENT_PATHS.payByBankInstallments, body, options);
}

/** `POST /api/v1/fawry/pay/installment` (Student): pays the next due installment of a card installment plan. */
export function payInstallment(
  client: ApiClient,
  body: PayInstallmentRequest,
  options?: CallOptions,
): Promise<PayResponse> {
  return pay(client, PAYMENT_PATHS.payInstallment, body, options);
}

/** `POST /api/v1/fawry/cancel-unpaid-order`: the buyer (or a SuperAdmin) drops a purchase awaiting payment. */
export async function cancelUnpaidOrder(
  client: ApiClient,
  body: CancelUnpaidOrderRequest,
  options?: CallOptions,
): Promise<TransactionResponse> {
  const answer = await client.post<unknown>(PAYMENT_PATHS.cancelUnpaidOrder, { body, ...signalOf(options) });
  return parseResponse(
    (contract) => contract.TransactionResponseSchema,
    answer,
    'POST /fawry/cancel-unpaid-order',
  );
}

/**
 * `POST /api/v1/fawry/refund` (SuperAdmin): `amount` in piasters, at most paid − already refunded (the
 * whole rest when absent; more is `bad-request`). Refunding ends the subscription the payment bought.
 */
export async function refundPayment(
  client: ApiClient,
  body: RefundRequest,
  options?: CallOptions,
): Promise<TransactionResponse> {
  const answer = await client.post<unknown>(PAYMENT_PATHS.refund, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.TransactionResponseSchema, answer, 'POST /fawry/refund');
}

/** `GET /api/v1/fawry/card-token/list` (Student): the caller's saved cards (never card numbers). */
export async function findSavedCards(client: ApiClient, options?: CallOptions): Promise<SavedCard[]> {
  const answer = await client.get<unknown>(PAYMENT_PATHS.cardTokenList, signalOf(options));
  return (
    await parseResponse(
      (contract) => contract.CardTokenListResponseSchema,
      answer,
      'GET /fawry/card-token/list',
    )
  ).list;
}

/** `DELETE /api/v1/fawry/card-token?cardToken=…` (Student): removes one of the caller's saved cards. */
export async function deleteSavedCard(
  client: ApiClient,
  cardToken: string,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(PAYMENT_PATHS.cardToken, {
    query: { cardToken },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /fawry/card-token');
}

/** `GET /api/v1/fawry/card-token/url` (Student): Fawry's add-card page, which returns to /card-added. */
export async function getCardTokenUrl(client: ApiClient, options?: CallOptions): Promise<string> {
  const answer = await client.get<unknown>(PAYMENT_PATHS.cardTokenUrl, signalOf(options));
  return (
    await parseResponse(
      (contract) => contract.CardTokenUrlResponseSchema,
      answer,
      'GET /fawry/card-token/url',
    )
  ).url;
}
