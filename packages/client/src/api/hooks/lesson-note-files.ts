import type { LessonNote } from '@hiwar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../api-client.ts';
import { attachLessonNoteFiles, removeLessonNoteFile } from '../endpoints/lesson-note-files.ts';
import { useApiClient } from './api-client-context.tsx';
import { lessonKeys } from './lessons.ts';

export interface LessonNoteFilesUpload {
  /** Whole percentages while files are sent; null when nothing is being sent. */
  progress: number | null;
  /**
   * Attaches the files to the lesson's written note; answers `ok`, `canceled`, the server's error code,
   * or `network` when no answer came. On `ok` the note's query holds the note with its files.
   */
  attach(files: readonly File[]): Promise<string>;
  /** Stops the upload in flight (its promise answers `canceled`). */
  cancel(): void;
  /** Takes a file off the note; answers `ok`, the server's error code or `network`. */
  remove(fileName: string): Promise<string>;
}

/**
 * The tutor's pictures and PDFs on a lesson's note (issue 27, decision 0049): an XHR upload with
 * progress and cancel, and removal. Not optimistic: the note's query is updated with the server's answer.
 */
export function useLessonNoteFiles(lessonId: number): LessonNoteFilesUpload {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const store = useCallback(
    (note: LessonNote) => queryClient.setQueryData(lessonKeys.note(lessonId), note),
    [queryClient, lessonId],
  );

  const attach = useCallback(
    async (files: readonly File[]): Promise<string> => {
      const abort = new AbortController();
      controller.current = abort;
      setProgress(0);
      try {
        store(
          await attachLessonNoteFiles(client, lessonId, files, {
            onProgress: setProgress,
            signal: abort.signal,
          }),
        );
        return 'ok';
      } catch (error) {
        if (abort.signal.aborted) {
          return 'canceled';
        }
        return isApiError(error) ? error.code : 'network';
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [client, lessonId, store],
  );

  const remove = useCallback(
    async (fileName: string): Promise<string> => {
      try {
        store(await removeLessonNoteFile(client, lessonId, fileName));
        return 'ok';
      } catch (error) {
        return isApiError(error) ? error.code : 'network';
      }
    },
    [client, lessonId, store],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { progress, attach, cancel, remove };
}
