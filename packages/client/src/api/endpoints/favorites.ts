import type { FavoriteTutorIdsResponse, OkResponse } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The favourite tutors paths (issue 27). */
export const FAVORITE_PATHS = {
  ids: '/api/v1/favorite/tutor/ids',
  list: '/api/v1/favorite/tutor/list',
  tutor: (tutorId: number) => `/api/v1/favorite/tutor/${tutorId}`,
  myTutors: '/api/v1/favorite/my-tutors',
  ofStudent: (studentId: number) => `/api/v1/favorite/student/${studentId}`,
} as const;

/** `GET /api/v1/favorite/tutor/ids`: the tutors the signed-in student saved, newest first. */
export async function getFavoriteTutorIds(
  client: ApiClient,
  options?: CallOptions,
): Promise<FavoriteTutorIdsResponse> {
  const answer = await client.get<unknown>(FAVORITE_PATHS.ids, signalOf(options));
  return parseResponse(
    (contract) => contract.FavoriteTutorIdsResponseSchema,
    answer,
    'GET /favorite/tutor/ids',
  );
}

/** `PUT /api/v1/favorite/tutor/{tutorId}`: save a tutor (again is fine). */
export async function saveFavoriteTutor(client: ApiClient, tutorId: number): Promise<OkResponse> {
  const answer = await client.put<unknown>(FAVORITE_PATHS.tutor(tutorId));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'PUT /favorite/tutor/{tutorId}');
}

/** `DELETE /api/v1/favorite/tutor/{tutorId}`: unsave a tutor (one not saved is fine). */
export async function removeFavoriteTutor(client: ApiClient, tutorId: number): Promise<OkResponse> {
  const answer = await client.delete<unknown>(FAVORITE_PATHS.tutor(tutorId));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /favorite/tutor/{tutorId}');
}
