import type { Session, SessionRef } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { isApiError } from '../api-client.ts';
import { getVideoSession } from '../endpoints/sessions.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the video room API; everything under `['video-session']`. */
export const videoSessionKeys = {
  all: ['video-session'] as const,
  detail: (ref: SessionRef) => ['video-session', ref.kind, ref.id] as const,
};

/**
 * A video room (members, times, chat room, ICE servers). Never refetched on focus: the TURN
 * credentials it carries last an hour, and a refetch would only churn the room.
 */
export function useVideoSession(
  ref: SessionRef | null,
  options: { enabled?: boolean } = {},
): UseQueryResult<Session> {
  const client = useApiClient();
  return useQuery({
    queryKey: ref ? videoSessionKeys.detail(ref) : videoSessionKeys.all,
    queryFn: ({ signal }) => getVideoSession(client, ref!, { signal }),
    enabled: ref !== null && (options.enabled ?? true),
    refetchOnWindowFocus: false,
    // A refusal (not a member, outside the window) will not change by asking again.
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status < 500),
    staleTime: 5 * 60_000,
  });
}
