import type {
  CreatePlanRequest,
  FindPlansQuerySchema,
  OkResponse,
  Plan,
  UpdatePlanRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The plans API paths (spec §7 "Plan"). */
export const PLAN_PATHS = {
  plans: '/api/v1/plan',
  list: '/api/v1/plan/list',
  plan: (id: number) => `/api/v1/plan/${id}`,
} as const;

/** Filters of the plan list as the server reads them; staff may filter by `active` and `forInvitesOnly`. */
export type FindPlansParams = Partial<ReturnType<(typeof FindPlansQuerySchema)['parse']>>;

export type PlanList = { list: Plan[]; total: number };

/**
 * `GET /api/v1/plan/list`: active plans open to everyone plus invite-only plans the caller was invited
 * to; SuperAdmin and RegularAdmin see every plan that was not deleted. Ordered by weekly minutes.
 */
export async function findPlans(
  client: ApiClient,
  query: FindPlansParams = {},
  options?: CallOptions,
): Promise<PlanList> {
  const answer = await client.get<unknown>(PLAN_PATHS.list, { query: { ...query }, ...signalOf(options) });
  return parseResponse((contract) => contract.PlanListResponseSchema, answer, 'GET /plan/list');
}

/** `GET /api/v1/plan/{id}`: one plan the caller may see (`plan-not-found` otherwise, hidden plans too). */
export async function getPlan(client: ApiClient, id: number, options?: CallOptions): Promise<Plan> {
  const answer = await client.get<unknown>(PLAN_PATHS.plan(id), signalOf(options));
  return parseResponse((contract) => contract.PlanSchema, answer, 'GET /plan/{id}');
}

/** `POST /api/v1/plan` (SuperAdmin): prices in piasters (whole pounds), discounts in basis points. */
export async function createPlan(
  client: ApiClient,
  body: CreatePlanRequest,
  options?: CallOptions,
): Promise<Plan> {
  const answer = await client.post<unknown>(PLAN_PATHS.plans, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.PlanSchema, answer, 'POST /plan');
}

/**
 * `PUT /api/v1/plan/{id}` (SuperAdmin): any subset of the fields; new prices apply to purchases from now
 * on. The server checks `plan-discount-total` on the merged plan.
 */
export async function updatePlan(
  client: ApiClient,
  id: number,
  body: UpdatePlanRequest,
  options?: CallOptions,
): Promise<Plan> {
  const answer = await client.put<unknown>(PLAN_PATHS.plan(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.PlanSchema, answer, 'PUT /plan/{id}');
}

/** `DELETE /api/v1/plan/{id}` (SuperAdmin): withdraws the plan from sale; bought subscriptions stay. */
export async function deletePlan(client: ApiClient, id: number, options?: CallOptions): Promise<OkResponse> {
  const answer = await client.delete<unknown>(PLAN_PATHS.plan(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /plan/{id}');
}
