import type { ReplaceUserTopicsRequest, Topic } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The topics paths (spec §7 "Topic"). */
export const TOPIC_PATHS = { list: '/api/v1/topic/list', ofUser: '/api/v1/topic/of/user' } as const;

/** `GET /api/v1/topic/list`: every topic, by Arabic name. */
export async function findTopics(client: ApiClient, options?: CallOptions): Promise<Topic[]> {
  const answer = await client.get<unknown>(TOPIC_PATHS.list, signalOf(options));
  return (await parseResponse((contract) => contract.TopicListResponseSchema, answer, 'GET /topic/list'))
    .list;
}

/** `GET /api/v1/topic/of/user`: the caller's topics (a student's favourites, a tutor's specialities). */
export async function findUserTopics(client: ApiClient, options?: CallOptions): Promise<Topic[]> {
  const answer = await client.get<unknown>(TOPIC_PATHS.ofUser, signalOf(options));
  return (await parseResponse((contract) => contract.TopicListResponseSchema, answer, 'GET /topic/of/user'))
    .list;
}

/** `PATCH /api/v1/topic/of/user`: replace the caller's topics (at most 30: `topics-max-exceeded`). */
export async function replaceUserTopics(
  client: ApiClient,
  body: ReplaceUserTopicsRequest,
  options?: CallOptions,
): Promise<Topic[]> {
  const answer = await client.patch<unknown>(TOPIC_PATHS.ofUser, { body, ...signalOf(options) });
  return (await parseResponse((contract) => contract.TopicListResponseSchema, answer, 'PATCH /topic/of/user'))
    .list;
}
