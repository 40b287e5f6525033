import type { OkResponse } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api-client.ts';
import type { CallOptions } from '../endpoints/call-options.ts';
import { useApiClient } from './api-client-context.tsx';

/** What an update mutation takes: the record's id and the fields to change. */
export interface UpdateVariables<TUpdate> {
  id: number;
  body: TUpdate;
}

/** The endpoint functions of one staff-managed resource (plans, coupons, invites). */
export interface CrudEndpoints<
  TKey extends string,
  TItem extends { id: number },
  TQuery,
  TList,
  TCreate,
  TUpdate,
> {
  /** The first query-key segment; every key of the resource starts with it, so one invalidation covers all. */
  key: TKey;
  list: (client: ApiClient, query?: TQuery, options?: CallOptions) => Promise<TList>;
  get: (client: ApiClient, id: number, options?: CallOptions) => Promise<TItem>;
  create: (client: ApiClient, body: TCreate) => Promise<TItem>;
  update: (client: ApiClient, id: number, body: TUpdate) => Promise<TItem>;
  remove: (client: ApiClient, id: number) => Promise<OkResponse>;
}

/**
 * The React Query keys and hooks of a resource with list, read, create, update and delete endpoints.
 * Lists keep the previous page on screen while the next loads; a saved record goes into its detail
 * cache and a deleted one leaves it, and either way every list of the resource refetches.
 */
export function createCrudHooks<
  TKey extends string,
  TItem extends { id: number },
  TQuery,
  TList,
  TCreate,
  TUpdate,
>(endpoints: CrudEndpoints<TKey, TItem, TQuery, TList, TCreate, TUpdate>) {
  const { key } = endpoints;
  const keys = {
    all: [key] as const,
    lists: [key, 'list'] as const,
    list: (query: TQuery | undefined) => [key, 'list', query ?? {}] as const,
    detail: (id: number) => [key, 'detail', id] as const,
  };

  function useList(query?: TQuery, options: { enabled?: boolean } = {}): UseQueryResult<TList> {
    const client = useApiClient();
    return useQuery({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => endpoints.list(client, query, { signal }),
      placeholderData: keepPreviousData,
      enabled: options.enabled ?? true,
    });
  }

  function useOne(id: number | null): UseQueryResult<TItem> {
    const client = useApiClient();
    return useQuery({
      queryKey: keys.detail(id ?? 0),
      queryFn: ({ signal }) => endpoints.get(client, id as number, { signal }),
      enabled: id !== null,
    });
  }

  function useSaved() {
    const queryClient = useQueryClient();
    return (item: TItem) => {
      queryClient.setQueryData(keys.detail(item.id), item);
      void queryClient.invalidateQueries({ queryKey: keys.lists });
    };
  }

  function useCreate(): UseMutationResult<TItem, Error, TCreate> {
    const client = useApiClient();
    const onSuccess = useSaved();
    return useMutation({ mutationFn: (body) => endpoints.create(client, body), onSuccess });
  }

  function useUpdate(): UseMutationResult<TItem, Error, UpdateVariables<TUpdate>> {
    const client = useApiClient();
    const onSuccess = useSaved();
    return useMutation({ mutationFn: ({ id, body }) => endpoints.update(client, id, body), onSuccess });
  }

  function useRemove(): UseMutationResult<OkResponse, Error, number> {
    const client = useApiClient();
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id) => endpoints.remove(client, id),
      onSuccess: (_answer, id) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: keys.lists });
      },
    });
  }

  return { keys, useList, useOne, useCreate, useUpdate, useRemove };
}
