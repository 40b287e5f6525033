import type {
  DashboardQuery,
  DashboardStats,
  LeadSourceStats,
  LeadSourceStatsQuery,
  ServerStatsFrame,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The back office's figures (issue 13 "Back office"). */
export const STATS_PATHS = {
  dashboard: '/api/v1/stats/dashboard',
  server: '/api/v1/stats/server',
  leadSources: '/api/v1/stats/lead-sources',
} as const;

/** `GET /api/v1/stats/dashboard` (staff): the caller's cards with their weekly series. */
export async function getDashboardStats(
  client: ApiClient,
  query: DashboardQuery = {},
  options?: CallOptions,
): Promise<DashboardStats> {
  const answer = await client.get<unknown>(STATS_PATHS.dashboard, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.DashboardStatsSchema, answer, 'GET /stats/dashboard');
}

/** `GET /api/v1/stats/server` (SuperAdmin): the answering instance's figures, for the first paint. */
export async function getServerStats(client: ApiClient, options?: CallOptions): Promise<ServerStatsFrame> {
  const answer = await client.get<unknown>(STATS_PATHS.server, signalOf(options));
  return parseResponse((contract) => contract.ServerStatsFrameSchema, answer, 'GET /stats/server');
}

/**
 * `GET /api/v1/stats/lead-sources` (admins): visits to `/url/{name}` links the landing site does not
 * know, per name and week.
 */
export async function getLeadSourceStats(
  client: ApiClient,
  query: LeadSourceStatsQuery = {},
  options?: CallOptions,
): Promise<LeadSourceStats> {
  const answer = await client.get<unknown>(STATS_PATHS.leadSources, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.LeadSourceStatsSchema, answer, 'GET /stats/lead-sources');
}
