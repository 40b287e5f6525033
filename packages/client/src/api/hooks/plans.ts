import type { CreatePlanRequest, OkResponse, Plan, UpdatePlanRequest } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createPlan,
  deletePlan,
  type FindPlansParams,
  findPlans,
  getPlan,
  type PlanList,
  updatePlan,
} from '../endpoints/plans.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the plans API; everything under `['plan']`, so one invalidation covers it. */
export const planKeys = {
  all: ['plan'] as const,
  lists: ['plan', 'list'] as const,
  list: (query: FindPlansParams) => ['plan', 'list', query] as const,
  detail: (id: number) => ['plan', 'detail', id] as const,
};

/** The plans the caller may see (staff: every plan); the previous page stays on screen while the next loads. */
export function usePlans(
  query: FindPlansParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<PlanList> {
  const client = useApiClient();
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: ({ signal }) => findPlans(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One plan (the checkout screen's); pass `null` to wait for an id. */
export function usePlan(id: number | null): UseQueryResult<Plan> {
  const client = useApiClient();
  return useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPlan(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/** `POST /api/v1/plan` (SuperAdmin); the lists refetch. */
export function useCreatePlan(): UseMutationResult<Plan, Error, CreatePlanRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createPlan(client, body),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: planKeys.lists });
    },
  });
}

export interface UpdatePlanVariables {
  id: number;
  body: UpdatePlanRequest;
}

/** `PUT /api/v1/plan/{id}` (SuperAdmin): the plan's cache takes the answer, the lists refetch. */
export function useUpdatePlan(): UseMutationResult<Plan, Error, UpdatePlanVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updatePlan(client, id, body),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.detail(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: planKeys.lists });
    },
  });
}

/** `DELETE /api/v1/plan/{id}` (SuperAdmin): the plan leaves every cache. */
export function useDeletePlan(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deletePlan(client, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: planKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: planKeys.lists });
    },
  });
}
