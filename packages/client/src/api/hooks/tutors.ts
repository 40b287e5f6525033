import type { StudentStats, TutorCard, TutorFreeTimes, TutorInfo } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import {
  type FindTutorsParams,
  findTutors,
  getMyStudentStats,
  getTutorFreeTimes,
  getTutorInfo,
} from '../endpoints/tutors.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the tutors API; everything under `['tutor']`. */
export const tutorKeys = {
  all: ['tutor'] as const,
  lists: ['tutor', 'list'] as const,
  list: (query: Omit<FindTutorsParams, 'page' | 'size'>) => ['tutor', 'list', query] as const,
  info: (id: number) => ['tutor', 'info', id] as const,
  freeTimes: (id: number) => ['tutor', 'free-times', id] as const,
  studentStats: ['tutor', 'student-stats'] as const,
};

/** The tutors list as an infinite list (filters without page/size). */
export function useInfiniteTutors(
  query: Omit<FindTutorsParams, 'page' | 'size'> = {},
  options: { pageSize?: number; enabled?: boolean } = {},
): UseInfinitePagedResult<TutorCard> {
  const client = useApiClient();
  return useInfinitePaged<TutorCard>({
    queryKey: tutorKeys.list(query),
    fetchPage: (page, size, signal) => findTutors(client, { ...query, page, size }, { signal }),
    ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
  });
}

/** A tutor's profile; pass `null` to wait for an id. */
export function useTutorInfo(id: number | null): UseQueryResult<TutorInfo> {
  const client = useApiClient();
  return useQuery({
    queryKey: tutorKeys.info(id ?? 0),
    queryFn: ({ signal }) => getTutorInfo(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/**
 * A tutor's free times for the next seven days (the profile's list); pass `null` to wait for an id. Its
 * key names no instant, so the server's render and the browser's hydration share it.
 */
export function useTutorFreeTimes(
  id: number | null,
  options: { enabled?: boolean } = {},
): UseQueryResult<TutorFreeTimes> {
  const client = useApiClient();
  return useQuery({
    queryKey: tutorKeys.freeTimes(id ?? 0),
    queryFn: ({ signal }) => getTutorFreeTimes(client, id as number, { signal }),
    enabled: id !== null && (options.enabled ?? true),
  });
}

/** The signed-in student's figures (dashboard). */
export function useMyStudentStats(options: { enabled?: boolean } = {}): UseQueryResult<StudentStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: tutorKeys.studentStats,
    queryFn: ({ signal }) => getMyStudentStats(client, { signal }),
    enabled: options.enabled ?? true,
  });
}
