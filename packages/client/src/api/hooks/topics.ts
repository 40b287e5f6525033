import type { Topic } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { findTopics } from '../endpoints/topics.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the topics API. */
export const topicKeys = { all: ['topic'] as const, list: ['topic', 'list'] as const };

/** Every topic, by Arabic name. */
export function useTopics(): UseQueryResult<Topic[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: topicKeys.list,
    queryFn: ({ signal }) => findTopics(client, { signal }),
    staleTime: 5 * 60_000,
  });
}
