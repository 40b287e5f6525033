import type {
  BankInstallmentProgramme,
  OkResponse,
  PayByBankInstallmentsRequest,
  PayByCardRequest,
  PayByReferenceRequest,
  PayByWalletRequest,
  PayResponse,
  RefundRequest,
  SavedCard,
} from '@hiwar/domain';
import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CancelUnpaidOrderRequest,
  cancelUnpaidOrder,
  deleteSavedCard,
  findInstallmentPlans,
  findSavedCards,
  getCardTokenUrl,
  type PayInstallmentRequest,
  payByBankInstallments,
  payByCard,
  payByReference,
  payByWallet,
  payInstallment,
  refundPayment,
  type TransactionResponse,
} from '../endpoints/payments.ts';
import { useApiClient } from './api-client-context.tsx';
import { subscriptionKeys } from './subscriptions.ts';
import { transactionKeys } from './transactions.ts';

/** React Query keys of the saved cards; under `['payment']`. */
export const paymentKeys = {
  all: ['payment'] as const,
  savedCards: ['payment', 'saved-cards'] as const,
  installmentPlans: (amount: number) => ['payment', 'installment-plans', amount] as const,
};

/** Fawry's programme list changes rarely (the server caches it too). */
const INSTALLMENT_PLANS_STALE_MS = 5 * 60 * 1000;

/** A transaction changed: its cache takes it, the payment lists refetch, and so do subscriptions. */
function applyTransaction(queryClient: QueryClient, answer: TransactionResponse | PayResponse): void {
  queryClient.setQueryData(transactionKeys.detail(answer.transaction.id), answer.transaction);
  void queryClient.invalidateQueries({ queryKey: transactionKeys.lists });
  void queryClient.invalidateQueries({ queryKey: transactionKeys.installments });
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

function usePayMutation<Body>(
  pay: (client: ReturnType<typeof useApiClient>, body: Body) => Promise<PayResponse>,
): UseMutationResult<PayResponse, Error, Body> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => pay(client, body),
    onSuccess: (answer) => applyTransaction(queryClient, answer),
  });
}

/** Buys a plan with a saved card and its CVV; open `redirectUrl` (3-D Secure) next. */
export function usePayByCard(): UseMutationResult<PayResponse, Error, PayByCardRequest> {
  return usePayMutation(payByCard);
}

/** Buys a plan in cash at a Fawry point; show `referenceNumber` and `expiresAt` next. */
export function usePayByReference(): UseMutationResult<PayResponse, Error, PayByReferenceRequest> {
  return usePayMutation(payByReference);
}

/** Buys a plan with a mobile wallet: a request to `phone`, or `walletQr` to scan. */
export function usePayByWallet(): UseMutationResult<PayResponse, Error, PayByWalletRequest> {
  return usePayMutation(payByWallet);
}

/** Buys a quarter, half-year or year plan on a bank's 3- or 6-month installment programme. */
export function usePayByBankInstallments(): UseMutationResult<
  PayResponse,
  Error,
  PayByBankInstallmentsRequest
> {
  return usePayMutation(payByBankInstallments);
}

/**
 * The bank installment programmes Fawry offers for `amount` piasters (the price after the coupon),
 * cheapest first; pass `null` to wait (no price yet, or the bank option not chosen).
 */
export function useInstallmentPlans(amount: number | null): UseQueryResult<BankInstallmentProgramme[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.installmentPlans(amount ?? 0),
    queryFn: ({ signal }) => findInstallmentPlans(client, amount as number, { signal }),
    enabled: amount !== null && amount > 0,
    staleTime: INSTALLMENT_PLANS_STALE_MS,
    // A failure is Fawry being unreachable (503): the checkout says so at once and offers a retry.
    retry: false,
  });
}

/** Pays the next due installment of a card installment purchase. */
export function usePayInstallment(): UseMutationResult<PayResponse, Error, PayInstallmentRequest> {
  return usePayMutation(payInstallment);
}

/** Cancels a purchase still awaiting payment (its buyer, or a SuperAdmin). */
export function useCancelUnpaidOrder(): UseMutationResult<
  TransactionResponse,
  Error,
  CancelUnpaidOrderRequest
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => cancelUnpaidOrder(client, body),
    onSuccess: (answer) => applyTransaction(queryClient, answer),
  });
}

/** Refunds all or part of a payment (SuperAdmin); the subscription it bought ends, so subscriptions refetch. */
export function useRefundPayment(): UseMutationResult<TransactionResponse, Error, RefundRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => refundPayment(client, body),
    onSuccess: (answer) => applyTransaction(queryClient, answer),
  });
}

/** The signed-in student's saved cards. */
export function useSavedCards(options: { enabled?: boolean } = {}): UseQueryResult<SavedCard[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.savedCards,
    queryFn: ({ signal }) => findSavedCards(client, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** Removes a saved card by its token; the card list refetches. */
export function useDeleteSavedCard(): UseMutationResult<OkResponse, Error, string> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardToken) => deleteSavedCard(client, cardToken),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.savedCards }),
  });
}

/**
 * Asks for Fawry's add-card page (a fresh address each time, so a mutation rather than a cached query);
 * navigate to the answer. Fawry returns to /card-added.
 */
export function useCardTokenUrl(): UseMutationResult<string, Error, void> {
  const client = useApiClient();
  return useMutation({ mutationFn: () => getCardTokenUrl(client) });
}
