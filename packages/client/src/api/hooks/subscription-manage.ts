import type {
  CurrentSubscriptionResponse,
  REFUND_REQUEST_UPDATED_EVENT,
  Subscription,
  SubscriptionEvent,
  SubscriptionRefundRequest,
  UpgradeQuote,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import {
  createRefundRequest,
  declineRefundRequest,
  type FindRefundRequestsParams,
  findRefundRequests,
  findSubscriptionEvents,
  getUpgradeQuote,
  type RefundRequestList,
  setSubscriptionRenewal,
  withdrawRefundRequest,
} from '../endpoints/subscription-manage.ts';
import { useApiClient } from './api-client-context.tsx';
import { subscriptionKeys } from './subscriptions.ts';

/**
 * React Query keys of managing a subscription, under `['subscription']`: a payment, a refund or a
 * change made here refreshes them with the rest of the subscription caches.
 */
export const subscriptionManageKeys = {
  upgradeQuote: (planId: number) => ['subscription', 'upgrade-quote', planId] as const,
  refundRequests: ['subscription', 'refund-request'] as const,
  refundRequestList: (query: FindRefundRequestsParams) =>
    ['subscription', 'refund-request', 'list', query] as const,
  events: (subscriptionId: number) => ['subscription', 'events', subscriptionId] as const,
};

/** Something about a subscription changed: its current answer, lists, requests and history refetch. */
function refreshSubscriptions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

/**
 * Turns renewal on or off, optimistically: `GET /sub/current` shows the new state at once and the old
 * one again if the call fails (the mutation then carries the error, for the caller's message).
 */
export function useSetRenewal(): UseMutationResult<
  Subscription,
  Error,
  { subscriptionId: number; renew: boolean },
  { previous: CurrentSubscriptionResponse | undefined }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, renew }) => setSubscriptionRenewal(client, subscriptionId, renew),
    onMutate: async ({ subscriptionId, renew }) => {
      await queryClient.cancelQueries({ queryKey: subscriptionKeys.current, exact: true });
      const previous = queryClient.getQueryData<CurrentSubscriptionResponse>(subscriptionKeys.current);
      if (previous && previous.subscription.id === subscriptionId) {
        const shown: CurrentSubscriptionResponse = {
          ...previous,
          subscription: { ...previous.subscription, renew },
        };
        queryClient.setQueryData(subscriptionKeys.current, shown);
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) {
        queryClient.setQueryData(subscriptionKeys.current, context.previous);
      }
    },
    onSettled: () => refreshSubscriptions(queryClient),
  });
}

/**
 * What upgrading the subscription in force to `planId` costs now; pass `null` to wait (quotes are
 * fetched on demand). A quote is read again after a minute, since its amount shrinks with time.
 */
export function useUpgradeQuote(planId: number | null): UseQueryResult<UpgradeQuote> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionManageKeys.upgradeQuote(planId ?? 0),
    queryFn: ({ signal }) => getUpgradeQuote(client, planId as number, { signal }),
    enabled: planId !== null,
    staleTime: 60_000,
    // A refusal (not a bigger plan, not available now) will not change on a retry.
    retry: false,
  });
}

/** Refund requests: the student's own, or (SuperAdmin, RegularAdmin) everyone's, newest first. */
export function useRefundRequests(
  query: FindRefundRequestsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<RefundRequestList> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionManageKeys.refundRequestList(query),
    queryFn: ({ signal }) => findRefundRequests(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Asks staff for a refund of a subscription, with the student's reason. */
export function useCreateRefundRequest(): UseMutationResult<
  SubscriptionRefundRequest,
  Error,
  { subscriptionId: number; reason: string }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, reason }) => createRefundRequest(client, subscriptionId, reason),
    onSettled: () => refreshSubscriptions(queryClient),
  });
}

/** Withdraws the student's open refund request. */
export function useWithdrawRefundRequest(): UseMutationResult<SubscriptionRefundRequest, Error, number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => withdrawRefundRequest(client, id),
    onSettled: () => refreshSubscriptions(queryClient),
  });
}

/** Declines a refund request with a note for the student (SuperAdmin). */
export function useDeclineRefundRequest(): UseMutationResult<
  SubscriptionRefundRequest,
  Error,
  { id: number; note: string }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }) => declineRefundRequest(client, id, note),
    onSettled: () => refreshSubscriptions(queryClient),
  });
}

/** A subscription's history, newest first as the server orders it; pass `null` to wait for an id. */
export function useSubscriptionEvents(subscriptionId: number | null): UseQueryResult<SubscriptionEvent[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionManageKeys.events(subscriptionId ?? 0),
    queryFn: ({ signal }) => findSubscriptionEvents(client, subscriptionId as number, { signal }),
    enabled: subscriptionId !== null,
  });
}

/**
 * The event's name, written here: the domain declares it beside the schemas (zod), which the screen
 * listening for it does not otherwise load.
 */
const REFUND_REQUEST_UPDATED = 'refund-request-updated' satisfies typeof REFUND_REQUEST_UPDATED_EVENT;

/**
 * Listens for `refund-request-updated` (staff refunded or declined the student's request) on the
 * realtime connection: the subscription caches refetch and `onUpdate` hears about it (a toast).
 * Malformed events are ignored.
 */
export function useRefundRequestUpdates(onUpdate?: (request: SubscriptionRefundRequest) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onUpdate);
  useEffect(() => {
    listener.current = onUpdate;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.SubscriptionRefundRequestSchema,
      (request) => {
        refreshSubscriptions(queryClient);
        listener.current?.(request);
      },
    );
    socket.on(REFUND_REQUEST_UPDATED, handle);
    return () => {
      socket.off(REFUND_REQUEST_UPDATED, handle);
    };
  }, [socket, queryClient]);
}
