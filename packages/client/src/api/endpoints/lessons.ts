import type {
  BookLessonRequest,
  FindLessonsQuerySchema,
  Lesson,
  LessonNote,
  RescheduleLessonRequest,
  SaveLessonNoteRequest,
  TrialStatusResponse,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The lessons paths (spec §7 "Lesson"). */
export const LESSON_PATHS = {
  book: '/api/v1/lesson/',
  reschedule: '/api/v1/lesson/',
  list: '/api/v1/lesson/list/',
  lesson: (id: number) => `/api/v1/lesson/${id}`,
  trial: '/api/v1/lesson/trial',
  note: (id: number) => `/api/v1/lesson/${id}/note`,
  noteFiles: (id: number) => `/api/v1/lesson/${id}/note/files`,
  noteFile: (id: number, fileName: string) =>
    `/api/v1/lesson/${id}/note/files/${encodeURIComponent(fileName)}`,
} as const;

/** `GET /api/v1/lesson/{id}/note`: the tutor's summary and homework (members and admins). */
export async function getLessonNote(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<LessonNote> {
  const answer = await client.get<unknown>(LESSON_PATHS.note(id), signalOf(options));
  return parseResponse((contract) => contract.LessonNoteSchema, answer, 'GET /lesson/{id}/note');
}

/** `PUT /api/v1/lesson/{id}/note`: the lesson's tutor writes or changes it. */
export async function saveLessonNote(
  client: ApiClient,
  id: number,
  body: SaveLessonNoteRequest,
  options?: CallOptions,
): Promise<LessonNote> {
  const answer = await client.put<unknown>(LESSON_PATHS.note(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.LessonNoteSchema, answer, 'PUT /lesson/{id}/note');
}

/** `GET /api/v1/lesson/trial`: whether the signed-in student may book their trial lesson (issue 27). */
export async function getTrialStatus(client: ApiClient, options?: CallOptions): Promise<TrialStatusResponse> {
  const answer = await client.get<unknown>(LESSON_PATHS.trial, signalOf(options));
  return parseResponse((contract) => contract.TrialStatusResponseSchema, answer, 'GET /lesson/trial');
}

/** Filters of the lesson list: page, size, members, status, [from, to), order. */
export type FindLessonsParams = Partial<ReturnType<(typeof FindLessonsQuerySchema)['parse']>>;
export type LessonList = { list: Lesson[]; total: number };

/** `POST /api/v1/lesson/`: book a lesson (students with a verified e-mail). */
export async function bookLesson(
  client: ApiClient,
  body: BookLessonRequest,
  options?: CallOptions,
): Promise<Lesson> {
  const answer = await client.post<unknown>(LESSON_PATHS.book, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.LessonSchema, answer, 'POST /lesson/');
}

/** `PATCH /api/v1/lesson/`: move a pending lesson. */
export async function rescheduleLesson(
  client: ApiClient,
  body: RescheduleLessonRequest,
  options?: CallOptions,
): Promise<Lesson> {
  const answer = await client.patch<unknown>(LESSON_PATHS.reschedule, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.LessonSchema, answer, 'PATCH /lesson/');
}

/** `GET /api/v1/lesson/list/`: your lessons, paged and filtered. */
export async function findLessons(
  client: ApiClient,
  query: FindLessonsParams = {},
  options?: CallOptions,
): Promise<LessonList> {
  const answer = await client.get<unknown>(LESSON_PATHS.list, { query: { ...query }, ...signalOf(options) });
  return parseResponse((contract) => contract.LessonListResponseSchema, answer, 'GET /lesson/list/');
}

/** `GET /api/v1/lesson/{id}`: one lesson. */
export async function getLesson(client: ApiClient, id: number, options?: CallOptions): Promise<Lesson> {
  const answer = await client.get<unknown>(LESSON_PATHS.lesson(id), signalOf(options));
  return parseResponse((contract) => contract.LessonSchema, answer, 'GET /lesson/{id}');
}

/** `DELETE /api/v1/lesson/{id}`: cancel; irreversible. */
export async function cancelLesson(client: ApiClient, id: number, options?: CallOptions): Promise<Lesson> {
  const answer = await client.delete<unknown>(LESSON_PATHS.lesson(id), signalOf(options));
  return (
    await parseResponse((contract) => contract.CancelLessonResponseSchema, answer, 'DELETE /lesson/{id}')
  ).lesson;
}
