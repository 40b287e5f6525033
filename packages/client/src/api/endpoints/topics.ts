import { type Topic, TopicListResponseSchema } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The topics paths (spec §7 "Topic"). */
export const TOPIC_PATHS = { list: '/api/v1/topic/list' } as const;

/** `GET /api/v1/topic/list`: every topic, by Arabic name. */
export async function findTopics(client: ApiClient, options?: CallOptions): Promise<Topic[]> {
  const answer = await client.get<unknown>(TOPIC_PATHS.list, signalOf(options));
  return parseResponse(TopicListResponseSchema, answer, 'GET /topic/list').list;
}
