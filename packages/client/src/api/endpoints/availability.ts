import type { TutorScheduleResponse } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The availability paths (spec §7 "Availability slots"). */
export const AVAILABILITY_PATHS = { schedule: '/api/v1/availability-slot/' } as const;

/** A tutor's schedule in [from, to) (ISO instants, at most 62 days apart). */
/** `exceptLessonId`: the caller's lesson being rescheduled, not counted as busy. */
export type TutorScheduleParams = { tutorId: number; from: string; to: string; exceptLessonId?: number };

/**
 * `GET /api/v1/availability-slot/?tutorId=&from=&to=`: windows, booked parts and the bookable starts of
 * 15 (`short`) and 30 (`long`) minutes.
 */
export async function getTutorSchedule(
  client: ApiClient,
  query: TutorScheduleParams,
  options?: CallOptions,
): Promise<TutorScheduleResponse> {
  const answer = await client.get<unknown>(AVAILABILITY_PATHS.schedule, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.TutorScheduleResponseSchema, answer, 'GET /availability-slot/');
}
