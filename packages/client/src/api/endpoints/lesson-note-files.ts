import type { LessonNote } from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import type { UploadCallOptions } from './assets.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/**
 * The files on a lesson's note (decision 0049): a module of its own so that only the note dialog's
 * chunk carries it, never the homes that list lessons.
 */
export const LESSON_NOTE_FILE_PATHS = {
  files: (id: number) => `/api/v1/lesson/${id}/note/files`,
  file: (id: number, fileName: string) => `/api/v1/lesson/${id}/note/files/${encodeURIComponent(fileName)}`,
} as const;

/**
 * `POST /api/v1/lesson/{id}/note/files` (multipart files `file`): the tutor attaches pictures and PDFs to
 * the written note (decision 0049), with upload progress and abort; answers the note with its files.
 * Errors: `invalid-type`, `payload-too-large`, `lesson-note-too-many-files`, the note's window codes.
 */
export async function attachLessonNoteFiles(
  client: ApiClient,
  id: number,
  files: readonly File[],
  options?: UploadCallOptions,
): Promise<LessonNote> {
  const formData = new FormData();
  for (const file of files) {
    formData.append('file', file, file.name);
  }
  const answer = await client.upload<unknown>(LESSON_NOTE_FILE_PATHS.files(id), formData, {
    method: 'POST',
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
  return parseResponse((contract) => contract.LessonNoteSchema, answer, 'POST /lesson/{id}/note/files');
}

/** `DELETE /api/v1/lesson/{id}/note/files/{name}`: the tutor takes a file off the note. */
export async function removeLessonNoteFile(
  client: ApiClient,
  id: number,
  fileName: string,
  options?: CallOptions,
): Promise<LessonNote> {
  const answer = await client.delete<unknown>(LESSON_NOTE_FILE_PATHS.file(id, fileName), signalOf(options));
  return parseResponse(
    (contract) => contract.LessonNoteSchema,
    answer,
    'DELETE /lesson/{id}/note/files/{name}',
  );
}
