import {
  type DashboardQuery,
  type DashboardStats,
  type LeadSourceStats,
  type LeadSourceStatsQuery,
  SERVER_STATS_EVENT,
  SERVER_STATS_SUBSCRIBE_EVENT,
  SERVER_STATS_UNSUBSCRIBE_EVENT,
  type ServerStatsFrame,
} from '@hiwar/domain';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import { getDashboardStats, getLeadSourceStats, getServerStats } from '../endpoints/stats.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the back office's figures. */
export const statsKeys = {
  all: ['stats'] as const,
  dashboard: (query: DashboardQuery) => ['stats', 'dashboard', query] as const,
  server: ['stats', 'server'] as const,
  leadSources: (query: LeadSourceStatsQuery) => ['stats', 'lead-sources', query] as const,
};

/** The admin dashboard's cards for the signed-in staff member. */
export function useDashboardStats(query: DashboardQuery = {}): UseQueryResult<DashboardStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: statsKeys.dashboard(query),
    queryFn: ({ signal }) => getDashboardStats(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Visits to unknown `/url/{name}` links per name and week (admins: the dashboard). */
export function useLeadSourceStats(
  query: LeadSourceStatsQuery = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<LeadSourceStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: statsKeys.leadSources(query),
    queryFn: ({ signal }) => getLeadSourceStats(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One instance's recent frames, oldest first. */
export type InstanceStats = { instanceId: string; frames: ServerStatsFrame[] };

export type ServerStatsLive = {
  /** Each instance seen, in order of first report, with its latest frames. */
  instances: InstanceStats[];
  /**
   * `connecting` until the subscription is acknowledged; `live` while frames flow; `unallowed` for
   * anyone but a SuperAdmin; `unreachable` when the socket did not answer.
   */
  status: 'connecting' | 'live' | 'unallowed' | 'unreachable';
  /** The first paint (`GET /api/v1/stats/server`) failed. */
  error: Error | null;
};

/** Frames kept per instance for the small charts (a minute at the default interval). */
export const SERVER_STATS_HISTORY = 12;

function withFrame(instances: InstanceStats[], frame: ServerStatsFrame, keep: number): InstanceStats[] {
  const index = instances.findIndex((instance) => instance.instanceId === frame.instanceId);
  if (index === -1) {
    return [...instances, { instanceId: frame.instanceId, frames: [frame] }];
  }
  const current = instances[index]!;
  const last = current.frames.at(-1);
  if (last && last.at >= frame.at) {
    return instances;
  }
  const next = [...instances];
  next[index] = { instanceId: frame.instanceId, frames: [...current.frames, frame].slice(-keep) };
  return next;
}

/**
 * Live server figures for SuperAdmins: the answering instance's frame first (`GET /stats/server`), then
 * every instance's frames from the `ServerStats` channel, subscribed while mounted (again after each
 * reconnection) and left on unmount. Needs `SocketProvider`.
 */
export function useServerStats(keep = SERVER_STATS_HISTORY): ServerStatsLive {
  const client = useApiClient();
  const { socket, connected, emitWithAck } = useSocket();
  const first = useQuery({
    queryKey: statsKeys.server,
    queryFn: ({ signal }) => getServerStats(client, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [instances, setInstances] = useState<InstanceStats[]>([]);
  const [status, setStatus] = useState<ServerStatsLive['status']>('connecting');

  useEffect(() => {
    if (first.data) {
      setInstances((current) => withFrame(current, first.data, keep));
    }
  }, [first.data, keep]);

  useEffect(() => {
    if (!socket) {
      return;
    }
    const onFrame = checkedListener(
      (contract) => contract.ServerStatsFrameSchema,
      (event) => {
        setInstances((current) => withFrame(current, event, keep));
      },
    );
    socket.on(SERVER_STATS_EVENT, onFrame);
    return () => {
      socket.off(SERVER_STATS_EVENT, onFrame);
    };
  }, [socket, keep]);

  useEffect(() => {
    if (!socket || !connected) {
      return;
    }
    let active = true;
    setStatus('connecting');
    void emitWithAck(SERVER_STATS_SUBSCRIBE_EVENT, {}).then((ack) => {
      if (active) {
        setStatus(ack.code === 'ok' ? 'live' : ack.code === 'unallowed' ? 'unallowed' : 'unreachable');
      }
    });
    return () => {
      active = false;
      // A lost connection left the channel already; a buffered emit would only arrive after a resubscribe.
      if (socket.connected) {
        socket.emit(SERVER_STATS_UNSUBSCRIBE_EVENT, {});
      }
    };
  }, [socket, connected, emitWithAck]);

  return { instances, status, error: first.error };
}
