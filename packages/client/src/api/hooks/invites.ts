import type { CreateInviteRequest, Invite, OkResponse, UpdateInviteRequest } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createInvite,
  deleteInvite,
  type FindInvitesParams,
  findInvites,
  getInvite,
  type InviteList,
  updateInvite,
} from '../endpoints/invites.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the invites API; everything under `['invite']`. */
export const inviteKeys = {
  all: ['invite'] as const,
  lists: ['invite', 'list'] as const,
  list: (query: FindInvitesParams) => ['invite', 'list', query] as const,
  detail: (id: number) => ['invite', 'detail', id] as const,
};

/** The staff invite list (SuperAdmin, RegularAdmin), newest first. */
export function useInvites(query: FindInvitesParams = {}): UseQueryResult<InviteList> {
  const client = useApiClient();
  return useQuery({
    queryKey: inviteKeys.list(query),
    queryFn: ({ signal }) => findInvites(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One invite (staff); pass `null` to wait for an id. */
export function useInvite(id: number | null): UseQueryResult<Invite> {
  const client = useApiClient();
  return useQuery({
    queryKey: inviteKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getInvite(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/** `POST /api/v1/invite` (SuperAdmin); the lists refetch. */
export function useCreateInvite(): UseMutationResult<Invite, Error, CreateInviteRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createInvite(client, body),
    onSuccess: (invite) => {
      queryClient.setQueryData(inviteKeys.detail(invite.id), invite);
      void queryClient.invalidateQueries({ queryKey: inviteKeys.lists });
    },
  });
}

export interface UpdateInviteVariables {
  id: number;
  body: UpdateInviteRequest;
}

/** `PUT /api/v1/invite/{id}` (SuperAdmin). */
export function useUpdateInvite(): UseMutationResult<Invite, Error, UpdateInviteVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updateInvite(client, id, body),
    onSuccess: (invite) => {
      queryClient.setQueryData(inviteKeys.detail(invite.id), invite);
      void queryClient.invalidateQueries({ queryKey: inviteKeys.lists });
    },
  });
}

/** `DELETE /api/v1/invite/{id}` (SuperAdmin). */
export function useDeleteInvite(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deleteInvite(client, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: inviteKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: inviteKeys.lists });
    },
  });
}
