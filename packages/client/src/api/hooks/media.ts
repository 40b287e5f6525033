import type { MediaListResponse, RemoveOrphansResponse } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type FindMediaParams,
  fetchPrivateFile,
  findMedia,
  removeOrphanedMedia,
} from '../endpoints/media.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the stored files. */
export const mediaKeys = {
  all: ['media'] as const,
  lists: ['media', 'list'] as const,
  list: (query: FindMediaParams) => ['media', 'list', query] as const,
  privateFile: (url: string) => ['media', 'private', url] as const,
};

/** A page of stored files (admins); the previous page stays on screen while the next one loads. */
export function useMedia(query: FindMediaParams = {}): UseQueryResult<MediaListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: mediaKeys.list(query),
    queryFn: ({ signal }) => findMedia(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Removes orphaned files (SuperAdmin); the lists refresh. */
export function useRemoveOrphanedMedia(): UseMutationResult<RemoveOrphansResponse, Error, void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeOrphanedMedia(client),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.lists }),
  });
}

/**
 * A private file (receipt, report screenshot) as an object URL for `<img src>`, fetched with the bearer
 * token once `url` is given, revoked when it changes or the component unmounts; `null` while loading.
 */
export function usePrivateFileUrl(url: string | null): { url: string | null; error: Error | null } {
  const client = useApiClient();
  const query = useQuery({
    queryKey: mediaKeys.privateFile(url ?? ''),
    queryFn: ({ signal }) => fetchPrivateFile(client, url as string, { signal }),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setObjectUrl(null);
      return;
    }
    const created = URL.createObjectURL(query.data);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [query.data]);
  return { url: objectUrl, error: query.error };
}
