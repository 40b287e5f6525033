import type { TutorFreeTimes } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { getTutorFreeTimes } from '../endpoints/tutor-free-times.ts';
import { useApiClient } from './api-client-context.tsx';
import { TUTOR_FREE_TIMES_KEY } from './tutor-free-times-key.ts';

export { TUTOR_FREE_TIMES_KEY };

/** The free-times key of one tutor. */
export const tutorFreeTimesKey = (id: number) => [...TUTOR_FREE_TIMES_KEY, id] as const;

/**
 * A tutor's free times for the next seven days (the profile's list); pass `null` to wait for an id. Its
 * key names no instant, so the server's render and the browser's hydration share it. A module of its
 * own: only the profile loads it.
 */
export function useTutorFreeTimes(
  id: number | null,
  options: { enabled?: boolean } = {},
): UseQueryResult<TutorFreeTimes> {
  const client = useApiClient();
  return useQuery({
    queryKey: tutorFreeTimesKey(id ?? 0),
    queryFn: ({ signal }) => getTutorFreeTimes(client, id as number, { signal }),
    enabled: id !== null && (options.enabled ?? true),
  });
}
