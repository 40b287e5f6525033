import type { FavoriteTutorIdsResponse } from '@hiwar/domain';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getFavoriteTutorIds, removeFavoriteTutor, saveFavoriteTutor } from '../endpoints/favorites.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the favourites API; everything under `['favorite']`. */
export const favoriteKeys = {
  all: ['favorite'] as const,
  ids: ['favorite', 'ids'] as const,
  myTutors: ['favorite', 'my-tutors'] as const,
  ofStudent: (studentId: number) => ['favorite', 'student', studentId] as const,
};

/** The ids change only when the student saves or unsaves, which updates and invalidates them. */
const IDS_STALE_MS = 5 * 60_000;

/**
 * The tutors the signed-in student saved: one request for every heart of the directory and the
 * profile. Pass `enabled: false` for anyone but a student.
 */
export function useFavoriteTutorIds(
  options: { enabled?: boolean } = {},
): UseQueryResult<FavoriteTutorIdsResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: favoriteKeys.ids,
    queryFn: ({ signal }) => getFavoriteTutorIds(client, { signal }),
    enabled: options.enabled ?? true,
    staleTime: IDS_STALE_MS,
  });
}

const withFavorite = (current: FavoriteTutorIdsResponse, tutorId: number, saved: boolean) => {
  const others = current.ids.filter((id) => id !== tutorId);
  return { ids: saved ? [tutorId, ...others] : others };
};

/**
 * Saves (`saved` true) or unsaves a tutor, optimistically: the hearts change at once and change back if
 * the call fails (the promise then rejects with its error, for the caller's toast). The ids are read
 * again afterwards; "my tutors" is marked stale but not read again while shown, so a row unsaved there
 * stays (its heart empty, to save it back) until the list is next opened.
 *
 * Plain cache writes rather than `useMutation`: the directory and the profile, pages visitors land on,
 * carry this code, and the mutation observer is not needed for one call.
 */
export function useToggleFavoriteTutor(): (tutorId: number, saved: boolean) => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (tutorId: number, saved: boolean) => {
      const show = (value: boolean) =>
        queryClient.setQueryData<FavoriteTutorIdsResponse>(favoriteKeys.ids, (current) =>
          current ? withFavorite(current, tutorId, value) : current,
        );
      // A read of the ids in flight must not overwrite the change with what it saw before.
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids });
      show(saved);
      try {
        await (saved ? saveFavoriteTutor : removeFavoriteTutor)(client, tutorId);
      } catch (error) {
        show(!saved);
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.ids });
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.myTutors, refetchType: 'none' });
      }
    },
    [client, queryClient],
  );
}
