import type {
  CopyWeekRequest,
  CreateTopicRequest,
  FindLessonsQuerySchema,
  FlushCacheResponse,
  Lesson,
  OkResponse,
  SaveSlotsRequest,
  SaveSlotsResponse,
  Topic,
  TutorPersonalStats,
  TutorScheduleResponse,
  UpdateTopicRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/**
 * What the tutor's schedule screen and the back office's topics, lessons and cache tools call (spec §7
 * "Availability slots", "Topic", "Lesson", "Cache"). Names are prefixed (`schedule…`, `staff…`) so they
 * never clash with the student-side endpoint files.
 */
export const SCHEDULE_ADMIN_PATHS = {
  slots: '/api/v1/availability-slot/',
  copyWeek: '/api/v1/availability-slot/copy-week',
  topics: '/api/v1/topic/',
  topicList: '/api/v1/topic/list',
  topic: (id: number) => `/api/v1/topic/${id}`,
  lessonList: '/api/v1/lesson/list/',
  lesson: (id: number) => `/api/v1/lesson/${id}`,
  cacheFlush: '/api/v1/cache/flush',
  tutorStats: '/api/v1/user/tutor/stats/personalized',
} as const;

export interface ScheduleRange {
  /** ISO instants: windows starting in [from, to). */
  from: string;
  to: string;
  /** Another tutor's schedule; without it, the caller's own. */
  tutorId?: number;
}

/** `GET /api/v1/availability-slot/`: the windows, booked parts and bookable starts of a range. */
export async function getScheduleRange(
  client: ApiClient,
  range: ScheduleRange,
  options?: CallOptions,
): Promise<TutorScheduleResponse> {
  const answer = await client.get<unknown>(SCHEDULE_ADMIN_PATHS.slots, {
    query: { ...range },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.TutorScheduleResponseSchema, answer, 'GET /availability-slot');
}

/** `POST /api/v1/availability-slot/`: one save (create, update, delete); `slot-has-lessons` without consent. */
export async function saveScheduleSlots(
  client: ApiClient,
  body: SaveSlotsRequest,
  options?: CallOptions,
): Promise<SaveSlotsResponse> {
  const answer = await client.post<unknown>(SCHEDULE_ADMIN_PATHS.slots, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.SaveSlotsResponseSchema, answer, 'POST /availability-slot');
}

/** `POST /api/v1/availability-slot/copy-week`: the week holding `week` over the next 1–8 weeks. */
export async function copyScheduleWeek(
  client: ApiClient,
  body: CopyWeekRequest,
  options?: CallOptions,
): Promise<SaveSlotsResponse> {
  const answer = await client.post<unknown>(SCHEDULE_ADMIN_PATHS.copyWeek, { body, ...signalOf(options) });
  return parseResponse(
    (contract) => contract.SaveSlotsResponseSchema,
    answer,
    'POST /availability-slot/copy-week',
  );
}

/** `GET /api/v1/topic/list`: the whole catalogue, by Arabic name. */
export async function staffListTopics(client: ApiClient, options?: CallOptions): Promise<Topic[]> {
  const answer = await client.get<unknown>(SCHEDULE_ADMIN_PATHS.topicList, signalOf(options));
  return (await parseResponse((contract) => contract.TopicListResponseSchema, answer, 'GET /topic/list'))
    .list;
}

/** `POST /api/v1/topic/` (staff): `topic-exists` for a name already used. */
export async function staffCreateTopic(
  client: ApiClient,
  body: CreateTopicRequest,
  options?: CallOptions,
): Promise<Topic> {
  const answer = await client.post<unknown>(SCHEDULE_ADMIN_PATHS.topics, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.TopicSchema, answer, 'POST /topic');
}

/** `PUT /api/v1/topic/{id}` (staff). */
export async function staffUpdateTopic(
  client: ApiClient,
  id: number,
  body: UpdateTopicRequest,
  options?: CallOptions,
): Promise<Topic> {
  const answer = await client.put<unknown>(SCHEDULE_ADMIN_PATHS.topic(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.TopicSchema, answer, 'PUT /topic/{id}');
}

/** `DELETE /api/v1/topic/{id}` (staff): the topic leaves every user's list. */
export async function staffDeleteTopic(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(SCHEDULE_ADMIN_PATHS.topic(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /topic/{id}');
}

export type StaffLessonsQuery = Partial<ReturnType<(typeof FindLessonsQuerySchema)['parse']>>;
export type LessonPage = { list: Lesson[]; total: number };

/** `GET /api/v1/lesson/list/`: the caller's lessons (members) or anyone's (SuperAdmin, RegularAdmin). */
export async function findScheduleLessons(
  client: ApiClient,
  query: StaffLessonsQuery = {},
  options?: CallOptions,
): Promise<LessonPage> {
  const answer = await client.get<unknown>(SCHEDULE_ADMIN_PATHS.lessonList, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.LessonListResponseSchema, answer, 'GET /lesson/list');
}

/** `DELETE /api/v1/lesson/{id}`: cancel as a member or as staff; irreversible. */
export async function cancelScheduleLesson(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<Lesson> {
  const answer = await client.delete<unknown>(SCHEDULE_ADMIN_PATHS.lesson(id), signalOf(options));
  return (
    await parseResponse((contract) => contract.CancelLessonResponseSchema, answer, 'DELETE /lesson/{id}')
  ).lesson;
}

/** `DELETE /api/v1/cache/flush` (SuperAdmin, RegularAdmin): empties the tutors cache everywhere. */
export async function flushTutorsCache(
  client: ApiClient,
  options?: CallOptions,
): Promise<FlushCacheResponse> {
  const answer = await client.delete<unknown>(SCHEDULE_ADMIN_PATHS.cacheFlush, signalOf(options));
  return parseResponse((contract) => contract.FlushCacheResponseSchema, answer, 'DELETE /cache/flush');
}

/** `GET /api/v1/user/tutor/stats/personalized`: the signed-in tutor's dashboard figures. */
export async function getMyTutorStats(client: ApiClient, options?: CallOptions): Promise<TutorPersonalStats> {
  const answer = await client.get<unknown>(SCHEDULE_ADMIN_PATHS.tutorStats, signalOf(options));
  return parseResponse(
    (contract) => contract.TutorPersonalStatsSchema,
    answer,
    'GET /user/tutor/stats/personalized',
  );
}
