import {
  PLATFORM_SETTINGS_CHANGED_EVENT,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettingsAuditResponse,
  type PlatformSettingsResponse,
  type PublicPlatformSettings,
  publicPlatformSettings,
  type UpdatePlatformSettingsRequest,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import {
  type FindPlatformSettingsAuditParams,
  findPlatformSettingsAudit,
  getPlatformSettings,
  getPublicPlatformSettings,
  updatePlatformSettings,
} from '../endpoints/platform-settings.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the platform settings; everything under `['platform-settings']`. */
export const platformSettingsKeys = {
  all: ['platform-settings'] as const,
  staff: ['platform-settings', 'staff'] as const,
  public: ['platform-settings', 'public'] as const,
  audits: ['platform-settings', 'audit'] as const,
  audit: (query: FindPlatformSettingsAuditParams) => ['platform-settings', 'audit', query] as const,
};

/** `GET /api/v1/platform-settings` (staff): every setting with its default and bounds. */
export function usePlatformSettings(): UseQueryResult<PlatformSettingsResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: platformSettingsKeys.staff,
    queryFn: ({ signal }) => getPlatformSettings(client, { signal }),
  });
}

/** `PUT /api/v1/platform-settings` (staff): the list, the audit and the public part refresh. */
export function useUpdatePlatformSettings(): UseMutationResult<
  PlatformSettingsResponse,
  Error,
  UpdatePlatformSettingsRequest
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => updatePlatformSettings(client, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(platformSettingsKeys.staff, answer);
      void queryClient.invalidateQueries({ queryKey: platformSettingsKeys.audits });
      void queryClient.invalidateQueries({ queryKey: platformSettingsKeys.public });
    },
  });
}

/** A page of the settings' audit (staff), newest first. */
export function usePlatformSettingsAudit(
  query: FindPlatformSettingsAuditParams = {},
): UseQueryResult<PlatformSettingsAuditResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: platformSettingsKeys.audit(query),
    queryFn: ({ signal }) => findPlatformSettingsAudit(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

const DEFAULT_PUBLIC_SETTINGS: PublicPlatformSettings = Object.freeze(
  publicPlatformSettings(PLATFORM_SETTINGS_DEFAULTS),
);

/** How long the public settings are fresh for visitors without a socket (a refocus refetches after). */
const PUBLIC_STALE_MS = 30_000;

/**
 * The booking rules in force (free-cancellation hours, lead time, upcoming-lesson limit) for the web
 * app's wording: the rules.md defaults until the server answered (or if it cannot), then the server's,
 * replaced live when staff change them (`platform-settings-changed`, sent to every open tab). Must sit
 * inside `SocketProvider`.
 */
export function usePublicPlatformSettings(): PublicPlatformSettings {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const query = useQuery({
    queryKey: platformSettingsKeys.public,
    queryFn: ({ signal }) => getPublicPlatformSettings(client, { signal }),
    staleTime: PUBLIC_STALE_MS,
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.PlatformSettingsChangedEventSchema,
      (event) => {
        queryClient.setQueryData(platformSettingsKeys.public, event.settings);
      },
    );
    socket.on(PLATFORM_SETTINGS_CHANGED_EVENT, handle);
    return () => {
      socket.off(PLATFORM_SETTINGS_CHANGED_EVENT, handle);
    };
  }, [socket, queryClient]);

  return query.data ?? DEFAULT_PUBLIC_SETTINGS;
}
