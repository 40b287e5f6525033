import { BOUNDS, type CreateRatingRequest, type Rating, type UpdateRatingRequest } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The ratings paths (spec §7 "Rating"). */
export const RATING_PATHS = {
  create: '/api/v1/rating/',
  byTutor: (id: number) => `/api/v1/rating/list/tutor/${id}`,
  byRater: (id: number) => `/api/v1/rating/list/rater/${id}`,
  rating: (id: number) => `/api/v1/rating/${id}`,
} as const;

export type RatingList = { list: Rating[]; total: number };

/** `POST /api/v1/rating/`: rate a tutor after a fulfilled lesson. */
export async function createRating(
  client: ApiClient,
  body: CreateRatingRequest,
  options?: CallOptions,
): Promise<Rating> {
  const answer = await client.post<unknown>(RATING_PATHS.create, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.RatingSchema, answer, 'POST /rating/');
}

/** `GET /api/v1/rating/list/tutor/{id}`: a tutor's reviews, newest first. */
export async function findTutorRatings(
  client: ApiClient,
  tutorId: number,
  query: { page?: number; size?: number } = {},
  options?: CallOptions,
): Promise<RatingList> {
  const answer = await client.get<unknown>(RATING_PATHS.byTutor(tutorId), {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.RatingListResponseSchema,
    answer,
    'GET /rating/list/tutor/{id}',
  );
}

/** `PUT /api/v1/rating/{id}`: its author changes the value, the text or both. */
export async function updateRating(
  client: ApiClient,
  id: number,
  body: UpdateRatingRequest,
  options?: CallOptions,
): Promise<Rating> {
  const answer = await client.put<unknown>(RATING_PATHS.rating(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.RatingSchema, answer, 'PUT /rating/{id}');
}

/** `GET /api/v1/rating/list/rater/{id}`: the ratings a user wrote (themself, or an admin). */
export async function findRaterRatings(
  client: ApiClient,
  raterId: number,
  query: { page?: number; size?: number } = {},
  options?: CallOptions,
): Promise<RatingList> {
  const answer = await client.get<unknown>(RATING_PATHS.byRater(raterId), {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.RatingListResponseSchema,
    answer,
    'GET /rating/list/rater/{id}',
  );
}

/**
 * The rating `raterId` gave tutor `rateeId`, or null: the rater's list read page after page (a student
 * rates few tutors, so this is one request in practice).
 */
export async function findOwnRating(
  client: ApiClient,
  raterId: number,
  rateeId: number,
  options?: CallOptions,
): Promise<Rating | null> {
  const size = BOUNDS.pageSize.max;
  for (let page = 1; ; page += 1) {
    const { list, total } = await findRaterRatings(client, raterId, { page, size }, options);
    const found = list.find((rating) => rating.rateeId === rateeId);
    if (found) {
      return found;
    }
    if (list.length === 0 || page * size >= total) {
      return null;
    }
  }
}
