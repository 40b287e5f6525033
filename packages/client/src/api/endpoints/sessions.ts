import type { Session, SessionRef } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The video room path (spec §7 "Session"). */
export const SESSION_PATHS = {
  session: (id: number) => `/api/v1/session/${id}`,
} as const;

/**
 * `GET /api/v1/session/{id}?kind=`: the room for one of its members inside its access window (403
 * `not-member` or `unallowed` otherwise).
 */
export async function getVideoSession(
  client: ApiClient,
  ref: SessionRef,
  options?: CallOptions,
): Promise<Session> {
  const answer = await client.get<unknown>(SESSION_PATHS.session(ref.id), {
    query: { kind: ref.kind },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.SessionSchema, answer, 'GET /session/{id}');
}
