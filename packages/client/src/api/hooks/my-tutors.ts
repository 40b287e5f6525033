import { BOUNDS, type MyTutor, type MyTutorListResponse } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import { findMyTutors, findStudentFavorites } from '../endpoints/my-tutors.ts';
import { useApiClient } from './api-client-context.tsx';
import { favoriteKeys } from './favorites.ts';

/** The signed-in student's favourites and lesson partners (the home's "my tutors"), page after page. */
export function useMyTutors(options: { pageSize?: number } = {}): UseInfinitePagedResult<MyTutor> {
  const client = useApiClient();
  return useInfinitePaged<MyTutor>({
    queryKey: favoriteKeys.myTutors,
    fetchPage: (page, size, signal) => findMyTutors(client, { page, size }, { signal }),
    ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
  });
}

/**
 * A student's favourite tutors, for admins (the back office's user page): all of them in one page, as a
 * student saves at most `BOUNDS.favoriteTutors.max`, the largest page the server gives.
 */
export function useStudentFavorites(
  studentId: number,
  options: { enabled?: boolean } = {},
): UseQueryResult<MyTutorListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: favoriteKeys.ofStudent(studentId),
    queryFn: ({ signal }) =>
      findStudentFavorites(client, studentId, { page: 1, size: BOUNDS.favoriteTutors.max }, { signal }),
    enabled: options.enabled ?? true,
  });
}
