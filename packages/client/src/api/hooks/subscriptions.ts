import type { CurrentSubscriptionResponse, GrantSubscriptionRequest, Subscription } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type FindSubscriptionsParams,
  findSubscriptions,
  getCurrentSubscription,
  getSubscription,
  getUserCurrentSubscription,
  grantSubscription,
  type SubscriptionList,
} from '../endpoints/subscriptions.ts';
import { useApiClient } from './api-client-context.tsx';
import { transactionKeys } from './transactions.ts';

/** React Query keys of the subscriptions API; everything under `['subscription']`. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: ['subscription', 'current'] as const,
  userCurrent: (userId: number) => ['subscription', 'current', 'user', userId] as const,
  lists: ['subscription', 'list'] as const,
  list: (query: FindSubscriptionsParams) => ['subscription', 'list', query] as const,
  detail: (id: number) => ['subscription', 'detail', id] as const,
};

/**
 * The signed-in user's subscription in force, this quota week's minutes left and when they reset, and
 * a queued one (`null` without a subscription). The session's logout clears it with the whole cache.
 */
export function useCurrentSubscription(
  options: { enabled?: boolean } = {},
): UseQueryResult<CurrentSubscriptionResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => getCurrentSubscription(client, { signal }),
    enabled: options.enabled ?? true,
  });
}

/**
 * (SuperAdmin, RegularAdmin) a user's subscription in force with the server's count of minutes left this
 * quota week and when they reset; pass `null` to wait for an id.
 */
export function useUserCurrentSubscription(
  userId: number | null,
): UseQueryResult<CurrentSubscriptionResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.userCurrent(userId ?? 0),
    queryFn: ({ signal }) => getUserCurrentSubscription(client, userId as number, { signal }),
    enabled: userId !== null,
  });
}

/** Your subscriptions, or (SuperAdmin, RegularAdmin) a user's with `userId`; newest first. */
export function useSubscriptions(
  query: FindSubscriptionsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<SubscriptionList> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.list(query),
    queryFn: ({ signal }) => findSubscriptions(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One subscription; pass `null` to wait for an id. */
export function useSubscription(id: number | null): UseQueryResult<Subscription> {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getSubscription(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/**
 * `POST /api/v1/sub` (SuperAdmin): grants a student a plan for free. The grant is also a zero-amount
 * transaction, so both the subscription and the transaction caches refetch.
 */
export function useGrantSubscription(): UseMutationResult<Subscription, Error, GrantSubscriptionRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => grantSubscription(client, body),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.detail(subscription.id), subscription);
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
