import { type CreateRatingRequest, type Rating, RatingListResponseSchema, RatingSchema } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The ratings paths (spec §7 "Rating"). */
export const RATING_PATHS = {
  create: '/api/v1/rating/',
  byTutor: (id: number) => `/api/v1/rating/list/tutor/${id}`,
} as const;

export type RatingList = { list: Rating[]; total: number };

/** `POST /api/v1/rating/`: rate a tutor after a fulfilled lesson. */
export async function createRating(
  client: ApiClient,
  body: CreateRatingRequest,
  options?: CallOptions,
): Promise<Rating> {
  const answer = await client.post<unknown>(RATING_PATHS.create, { body, ...signalOf(options) });
  return parseResponse(RatingSchema, answer, 'POST /rating/');
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
  return parseResponse(RatingListResponseSchema, answer, 'GET /rating/list/tutor/{id}');
}
