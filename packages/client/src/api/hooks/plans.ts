import type { UpdatePlanRequest } from '@hiwar/domain';
import { createPlan, deletePlan, findPlans, getPlan, updatePlan } from '../endpoints/plans.ts';
import { createCrudHooks, type UpdateVariables } from './create-crud-hooks.ts';

const plans = createCrudHooks({
  key: 'plan',
  list: findPlans,
  get: getPlan,
  create: createPlan,
  update: updatePlan,
  remove: deletePlan,
});

/** React Query keys of the plans API; everything under `['plan']`, so one invalidation covers it. */
export const planKeys = plans.keys;

/** The plans the caller may see (staff: every plan); the previous page stays on screen while the next loads. */
export const usePlans = plans.useList;

/** One plan (the checkout screen's); pass `null` to wait for an id. */
export const usePlan = plans.useOne;

/** `POST /api/v1/plan` (SuperAdmin); the lists refetch. */
export const useCreatePlan = plans.useCreate;

export type UpdatePlanVariables = UpdateVariables<UpdatePlanRequest>;

/** `PUT /api/v1/plan/{id}` (SuperAdmin): the plan's cache takes the answer, the lists refetch. */
export const useUpdatePlan = plans.useUpdate;

/** `DELETE /api/v1/plan/{id}` (SuperAdmin): the plan leaves every cache. */
export const useDeletePlan = plans.useRemove;
