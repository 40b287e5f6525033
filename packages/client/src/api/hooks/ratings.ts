import type { CreateRatingRequest, Rating } from '@hiwar/domain';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import { createRating, findTutorRatings } from '../endpoints/ratings.ts';
import { useApiClient } from './api-client-context.tsx';
import { tutorKeys } from './tutors.ts';

/** React Query keys of the ratings API; everything under `['rating']`. */
export const ratingKeys = {
  all: ['rating'] as const,
  byTutor: (tutorId: number) => ['rating', 'tutor', tutorId] as const,
};

/** A tutor's reviews, newest first, as an infinite list. */
export function useTutorRatings(
  tutorId: number,
  options: { enabled?: boolean } = {},
): UseInfinitePagedResult<Rating> {
  const client = useApiClient();
  return useInfinitePaged<Rating>({
    queryKey: ratingKeys.byTutor(tutorId),
    fetchPage: (page, size, signal) => findTutorRatings(client, tutorId, { page, size }, { signal }),
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
  });
}

/** `POST /api/v1/rating/`: rate a tutor; their reviews and card refetch. */
export function useCreateRating(): UseMutationResult<Rating, Error, CreateRatingRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createRating(client, body),
    onSuccess: (rating) => {
      void queryClient.invalidateQueries({ queryKey: ratingKeys.byTutor(rating.rateeId) });
      void queryClient.invalidateQueries({ queryKey: tutorKeys.all });
    },
  });
}
