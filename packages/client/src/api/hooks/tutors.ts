import type { StudentStats, TutorCard, TutorInfo } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import { type FindTutorsParams, findTutors, getMyStudentStats, getTutorInfo } from '../endpoints/tutors.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the tutors API; everything under `['tutor']`. */
export const tutorKeys = {
  all: ['tutor'] as const,
  lists: ['tutor', 'list'] as const,
  list: (query: Omit<FindTutorsParams, 'page' | 'size'>) => ['tutor', 'list', query] as const,
  info: (id: number) => ['tutor', 'info', id] as const,
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

/** The signed-in student's figures (dashboard). */
export function useMyStudentStats(options: { enabled?: boolean } = {}): UseQueryResult<StudentStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: tutorKeys.studentStats,
    queryFn: ({ signal }) => getMyStudentStats(client, { signal }),
    enabled: options.enabled ?? true,
  });
}
