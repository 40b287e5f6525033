import type { MyTutorListResponse } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { FAVORITE_PATHS } from './favorites.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /api/v1/favorite/my-tutors`: the student's favourites and lesson partners, paged. */
export async function findMyTutors(
  client: ApiClient,
  query: { page?: number; size?: number } = {},
  options?: CallOptions,
): Promise<MyTutorListResponse> {
  const answer = await client.get<unknown>(FAVORITE_PATHS.myTutors, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.MyTutorListResponseSchema, answer, 'GET /favorite/my-tutors');
}

/** `GET /api/v1/favorite/student/{id}` (admins): a student's favourite tutors, paged. */
export async function findStudentFavorites(
  client: ApiClient,
  studentId: number,
  query: { page?: number; size?: number } = {},
  options?: CallOptions,
): Promise<MyTutorListResponse> {
  const answer = await client.get<unknown>(FAVORITE_PATHS.ofStudent(studentId), {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.MyTutorListResponseSchema,
    answer,
    'GET /favorite/student/{id}',
  );
}
