import type {
  FindRefundRequestsQuerySchema,
  Subscription,
  SubscriptionEvent,
  SubscriptionRefundRequest,
  UpgradeQuote,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** Managing a subscription (decision 0042): renewal, upgrades, refund requests and its history. */
export const SUBSCRIPTION_MANAGE_PATHS = {
  renewal: (id: number) => `/api/v1/sub/${id}/renewal`,
  upgradeQuote: '/api/v1/sub/upgrade-quote',
  refundRequest: (subscriptionId: number) => `/api/v1/sub/${subscriptionId}/refund-request`,
  withdrawRefundRequest: (id: number) => `/api/v1/sub/refund-request/${id}`,
  refundRequestList: '/api/v1/sub/refund-request/list',
  declineRefundRequest: (id: number) => `/api/v1/sub/refund-request/${id}/decline`,
  events: (subscriptionId: number) => `/api/v1/sub/${subscriptionId}/events`,
} as const;

/** Filters of the refund request list: page, size, `status`, and (staff) `userId`. */
export type FindRefundRequestsParams = Partial<ReturnType<(typeof FindRefundRequestsQuerySchema)['parse']>>;

export type RefundRequestList = { list: SubscriptionRefundRequest[]; total: number };

/** `PUT /api/v1/sub/{id}/renewal`: renewal on (a reminder before the end) or off (it simply ends). */
export async function setSubscriptionRenewal(
  client: ApiClient,
  id: number,
  renew: boolean,
  options?: CallOptions,
): Promise<Subscription> {
  const answer = await client.put<unknown>(SUBSCRIPTION_MANAGE_PATHS.renewal(id), {
    body: { renew },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.SubscriptionSchema, answer, 'PUT /sub/{id}/renewal');
}

/** `GET /api/v1/sub/upgrade-quote?planId=`: what moving the subscription in force to a bigger plan costs now. */
export async function getUpgradeQuote(
  client: ApiClient,
  planId: number,
  options?: CallOptions,
): Promise<UpgradeQuote> {
  const answer = await client.get<unknown>(SUBSCRIPTION_MANAGE_PATHS.upgradeQuote, {
    query: { planId },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.UpgradeQuoteSchema, answer, 'GET /sub/upgrade-quote');
}

/** `POST /api/v1/sub/{id}/refund-request`: the student asks staff for money back, with a reason. */
export async function createRefundRequest(
  client: ApiClient,
  subscriptionId: number,
  reason: string,
  options?: CallOptions,
): Promise<SubscriptionRefundRequest> {
  const answer = await client.post<unknown>(SUBSCRIPTION_MANAGE_PATHS.refundRequest(subscriptionId), {
    body: { reason },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.SubscriptionRefundRequestSchema,
    answer,
    'POST /sub/{id}/refund-request',
  );
}

/** `DELETE /api/v1/sub/refund-request/{id}`: the student withdraws an open request. */
export async function withdrawRefundRequest(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<SubscriptionRefundRequest> {
  const answer = await client.delete<unknown>(
    SUBSCRIPTION_MANAGE_PATHS.withdrawRefundRequest(id),
    signalOf(options),
  );
  return parseResponse(
    (contract) => contract.SubscriptionRefundRequestSchema,
    answer,
    'DELETE /sub/refund-request/{id}',
  );
}

/** `GET /api/v1/sub/refund-request/list`: a student's own; SuperAdmin and RegularAdmin everyone's. */
export async function findRefundRequests(
  client: ApiClient,
  query: FindRefundRequestsParams = {},
  options?: CallOptions,
): Promise<RefundRequestList> {
  const answer = await client.get<unknown>(SUBSCRIPTION_MANAGE_PATHS.refundRequestList, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.RefundRequestListResponseSchema,
    answer,
    'GET /sub/refund-request/list',
  );
}

/** `POST /api/v1/sub/refund-request/{id}/decline` (SuperAdmin): declined, with a note for the student. */
export async function declineRefundRequest(
  client: ApiClient,
  id: number,
  note: string,
  options?: CallOptions,
): Promise<SubscriptionRefundRequest> {
  const answer = await client.post<unknown>(SUBSCRIPTION_MANAGE_PATHS.declineRefundRequest(id), {
    body: { note },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.SubscriptionRefundRequestSchema,
    answer,
    'POST /sub/refund-request/{id}/decline',
  );
}

/** `GET /api/v1/sub/{id}/events`: the subscription's history (its student, or an admin). */
export async function findSubscriptionEvents(
  client: ApiClient,
  subscriptionId: number,
  options?: CallOptions,
): Promise<SubscriptionEvent[]> {
  const answer = await client.get<unknown>(
    SUBSCRIPTION_MANAGE_PATHS.events(subscriptionId),
    signalOf(options),
  );
  return (
    await parseResponse(
      (contract) => contract.SubscriptionEventListResponseSchema,
      answer,
      'GET /sub/{id}/events',
    )
  ).list;
}
