import type { TutorFreeTimes } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

// A module of its own (issue 27): only the tutor's profile reads it, not the screens that read the
// tutors list or a profile's card (the signed-in homes among them).

/** `GET /api/v1/user/tutor/free-times/{id}`: the address names no instant (cache- and render-friendly). */
export const tutorFreeTimesPath = (id: number) => `/api/v1/user/tutor/free-times/${id}`;

/** `GET /api/v1/user/tutor/free-times/{id}`: the starts a student could book in the next seven days. */
export async function getTutorFreeTimes(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<TutorFreeTimes> {
  const answer = await client.get<unknown>(tutorFreeTimesPath(id), signalOf(options));
  return parseResponse(
    (contract) => contract.TutorFreeTimesSchema,
    answer,
    'GET /user/tutor/free-times/{id}',
  );
}
