import type { ReplaceUserTopicsRequest, Topic } from '@hiwar/domain';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { findTopics, findUserTopics, replaceUserTopics } from '../endpoints/topics.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the topics API. */
export const topicKeys = {
  all: ['topic'] as const,
  list: ['topic', 'list'] as const,
  ofUser: ['topic', 'of-user'] as const,
};

/** Every topic, by Arabic name. */
export function useTopics(): UseQueryResult<Topic[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: topicKeys.list,
    queryFn: ({ signal }) => findTopics(client, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's topics (a student's favourites). */
export function useUserTopics(options: { enabled?: boolean } = {}): UseQueryResult<Topic[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: topicKeys.ofUser,
    queryFn: ({ signal }) => findUserTopics(client, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** `PATCH /api/v1/topic/of/user`: replace the signed-in user's topics. */
export function useReplaceUserTopics(): UseMutationResult<Topic[], Error, ReplaceUserTopicsRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => replaceUserTopics(client, body),
    onSuccess: (topics) => {
      queryClient.setQueryData(topicKeys.ofUser, topics);
    },
  });
}
