import { createApiClient, findPlans } from '@hiwar/client';
import type { Plan } from '@hiwar/domain';
import { readRuntimeConfig } from '../config.ts';

/**
 * The plans on sale, from the public `GET /api/v1/plan/list` at this deployment's `apiUrl` (read from
 * the runtime config in the browser: the prerendered page carries no prices, so they are never stale).
 */
export async function fetchPublicPlans(signal?: AbortSignal): Promise<Plan[]> {
  const { apiUrl } = readRuntimeConfig();
  const client = createApiClient({ baseUrl: apiUrl });
  const { list } = await findPlans(client, { size: 100 }, { signal });
  return list.filter((plan) => plan.active);
}
