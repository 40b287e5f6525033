import type {
  CurrentSubscriptionResponse,
  FindSubscriptionsQuerySchema,
  GrantSubscriptionRequest,
  Subscription,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The subscriptions API paths (spec §7 "Subscription"; the staff grant of decision 0005). */
export const SUBSCRIPTION_PATHS = {
  grant: '/api/v1/sub',
  current: '/api/v1/sub/current',
  list: '/api/v1/sub/list',
  subscription: (id: number) => `/api/v1/sub/${id}`,
} as const;

/** Filters of the subscription list: page, size, and (SuperAdmin, RegularAdmin) `userId`. */
export type FindSubscriptionsParams = Partial<ReturnType<(typeof FindSubscriptionsQuerySchema)['parse']>>;

export type SubscriptionList = { list: Subscription[]; total: number };

/**
 * `GET /api/v1/sub/current`: the caller's subscription in force with this quota week's minutes left
 * and when they reset, plus a paid one queued after it; `null` without one.
 */
export async function getCurrentSubscription(
  client: ApiClient,
  options?: CallOptions,
): Promise<CurrentSubscriptionResponse> {
  const answer = await client.get<unknown>(SUBSCRIPTION_PATHS.current, signalOf(options));
  return parseResponse((contract) => contract.CurrentSubscriptionResponseSchema, answer, 'GET /sub/current');
}

/**
 * `GET /api/v1/sub/current?userId=` (SuperAdmin, RegularAdmin): a user's subscription in force, with the
 * minutes left this quota week and when they reset, exactly as the user sees it; `null` without one.
 * Others are `forbidden`; an unknown user is `user-not-found`.
 */
export async function getUserCurrentSubscription(
  client: ApiClient,
  userId: number,
  options?: CallOptions,
): Promise<CurrentSubscriptionResponse> {
  const answer = await client.get<unknown>(SUBSCRIPTION_PATHS.current, {
    query: { userId },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.CurrentSubscriptionResponseSchema,
    answer,
    'GET /sub/current?userId',
  );
}

/** `GET /api/v1/sub/list`: your own, newest first; SuperAdmin and RegularAdmin anyone's with `userId`. */
export async function findSubscriptions(
  client: ApiClient,
  query: FindSubscriptionsParams = {},
  options?: CallOptions,
): Promise<SubscriptionList> {
  const answer = await client.get<unknown>(SUBSCRIPTION_PATHS.list, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.SubscriptionListResponseSchema, answer, 'GET /sub/list');
}

/** `GET /api/v1/sub/{id}`: its student or an admin (`subscription-not-found` otherwise). */
export async function getSubscription(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<Subscription> {
  const answer = await client.get<unknown>(SUBSCRIPTION_PATHS.subscription(id), signalOf(options));
  return parseResponse((contract) => contract.SubscriptionSchema, answer, 'GET /sub/{id}');
}

/**
 * `POST /api/v1/sub` (SuperAdmin): grants a student a plan without payment, recorded as a zero-amount
 * paid transaction by the staff member; it starts now, or when the student's current one ends. A user
 * who is not a student is `student-not-found`.
 */
export async function grantSubscription(
  client: ApiClient,
  body: GrantSubscriptionRequest,
  options?: CallOptions,
): Promise<Subscription> {
  const answer = await client.post<unknown>(SUBSCRIPTION_PATHS.grant, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.SubscriptionSchema, answer, 'POST /sub');
}
