import type {
  FindOnboardedTutorsQuerySchema,
  StudentStats,
  TutorCard,
  TutorInfo,
  TutorStats,
} from '@hiwar/domain';
import type { ApiClient, Query } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The tutors list and profile paths (spec §7 "User"). */
export const TUTOR_PATHS = {
  list: '/api/v1/user/tutor/list/onboarded',
  info: (id: number) => `/api/v1/user/tutor/info/${id}`,
  stats: (id: number) => `/api/v1/user/tutor/stats/${id}`,
  studentStats: '/api/v1/user/student/stats/personalized',
} as const;

/** Filters of the tutors list; `topics` as ids. */
export type FindTutorsParams = Partial<
  Omit<ReturnType<(typeof FindOnboardedTutorsQuerySchema)['parse']>, 'topics'>
> & { topics?: number[] };

export type TutorCardList = { list: TutorCard[]; total: number };

/** `GET /api/v1/user/tutor/list/onboarded`: listed tutors, paged and filtered. */
export async function findTutors(
  client: ApiClient,
  query: FindTutorsParams = {},
  options?: CallOptions,
): Promise<TutorCardList> {
  const { topics, ...rest } = query;
  const params: Record<string, Query[string]> = { ...rest };
  if (topics && topics.length > 0) {
    params.topics = topics.join(',');
  }
  const answer = await client.get<unknown>(TUTOR_PATHS.list, { query: params, ...signalOf(options) });
  return parseResponse(
    (contract) => contract.TutorCardListResponseSchema,
    answer,
    'GET /user/tutor/list/onboarded',
  );
}

/** `GET /api/v1/user/tutor/info/{id}`: the profile (card, about, topics, video). */
export async function getTutorInfo(client: ApiClient, id: number, options?: CallOptions): Promise<TutorInfo> {
  const answer = await client.get<unknown>(TUTOR_PATHS.info(id), signalOf(options));
  return parseResponse((contract) => contract.TutorInfoSchema, answer, 'GET /user/tutor/info/{id}');
}

/** `GET /api/v1/user/tutor/stats/{id}`: public figures. */
export async function getTutorStats(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<TutorStats> {
  const answer = await client.get<unknown>(TUTOR_PATHS.stats(id), signalOf(options));
  return parseResponse((contract) => contract.TutorStatsSchema, answer, 'GET /user/tutor/stats/{id}');
}

/** `GET /api/v1/user/student/stats/personalized`: the signed-in student's figures. */
export async function getMyStudentStats(client: ApiClient, options?: CallOptions): Promise<StudentStats> {
  const answer = await client.get<unknown>(TUTOR_PATHS.studentStats, signalOf(options));
  return parseResponse(
    (contract) => contract.StudentStatsSchema,
    answer,
    'GET /user/student/stats/personalized',
  );
}
