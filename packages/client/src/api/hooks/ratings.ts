import type { CreateRatingRequest, Rating, UpdateRatingRequest } from '@hiwar/domain';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type UseInfinitePagedResult, useInfinitePaged } from '../../query/infinite.ts';
import { createRating, findOwnRating, findTutorRatings, updateRating } from '../endpoints/ratings.ts';
import { useApiClient } from './api-client-context.tsx';
import { tutorKeys } from './tutors.ts';

/** React Query keys of the ratings API; everything under `['rating']`. */
export const ratingKeys = {
  all: ['rating'] as const,
  byTutor: (tutorId: number) => ['rating', 'tutor', tutorId] as const,
  own: (raterId: number, rateeId: number) => ['rating', 'own', raterId, rateeId] as const,
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

/**
 * The rating a student gave a tutor (null before they rate); pass `raterId: null` to wait for the
 * signed-in user.
 */
export function useOwnRating(
  raterId: number | null,
  rateeId: number,
  options: { enabled?: boolean } = {},
): UseQueryResult<Rating | null> {
  const client = useApiClient();
  return useQuery({
    queryKey: ratingKeys.own(raterId ?? 0, rateeId),
    queryFn: ({ signal }) => findOwnRating(client, raterId as number, rateeId, { signal }),
    enabled: raterId !== null && (options.enabled ?? true),
  });
}

function useRatingChanged() {
  const queryClient = useQueryClient();
  return (rating: Rating) => {
    queryClient.setQueryData(ratingKeys.own(rating.raterId, rating.rateeId), rating);
    void queryClient.invalidateQueries({ queryKey: ratingKeys.byTutor(rating.rateeId) });
    void queryClient.invalidateQueries({ queryKey: tutorKeys.all });
  };
}

/** `POST /api/v1/rating/`: rate a tutor; their reviews and card refetch. */
export function useCreateRating(): UseMutationResult<Rating, Error, CreateRatingRequest> {
  const client = useApiClient();
  const changed = useRatingChanged();
  return useMutation({ mutationFn: (body) => createRating(client, body), onSuccess: changed });
}

/** `PUT /api/v1/rating/{id}`: change your rating; the tutor's reviews and card refetch. */
export function useUpdateRating(): UseMutationResult<
  Rating,
  Error,
  { id: number; patch: UpdateRatingRequest }
> {
  const client = useApiClient();
  const changed = useRatingChanged();
  return useMutation({
    mutationFn: ({ id, patch }) => updateRating(client, id, patch),
    onSuccess: changed,
  });
}
