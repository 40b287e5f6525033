import type {
  BookLessonRequest,
  Lesson,
  LessonNote,
  RescheduleLessonRequest,
  SaveLessonNoteRequest,
  TrialStatusResponse,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { isApiError } from '../api-client.ts';
import {
  bookLesson,
  cancelLesson,
  type FindLessonsParams,
  findLessons,
  getLesson,
  getLessonNote,
  getTrialStatus,
  type LessonList,
  rescheduleLesson,
  saveLessonNote,
} from '../endpoints/lessons.ts';
import { useApiClient } from './api-client-context.tsx';
import { availabilityKeys } from './availability.ts';
import { scheduleAdminKeys } from './schedule-admin.ts';
import { subscriptionKeys } from './subscriptions.ts';
import { tutorKeys } from './tutors.ts';

/** React Query keys of the lessons API; everything under `['lesson']`. */
export const lessonKeys = {
  all: ['lesson'] as const,
  lists: ['lesson', 'list'] as const,
  list: (query: FindLessonsParams) => ['lesson', 'list', query] as const,
  detail: (id: number) => ['lesson', 'detail', id] as const,
  trial: ['lesson', 'trial'] as const,
  note: (id: number) => ['lesson', 'note', id] as const,
};

/**
 * A lesson's summary and homework (issue 27); `null` data when the tutor has not written one yet
 * (`lesson-note-not-found`). Pass `enabled: false` until it is to be shown.
 */
export function useLessonNote(
  id: number,
  options: { enabled?: boolean } = {},
): UseQueryResult<LessonNote | null> {
  const client = useApiClient();
  return useQuery({
    queryKey: lessonKeys.note(id),
    queryFn: async ({ signal }) => {
      try {
        return await getLessonNote(client, id, { signal });
      } catch (error) {
        if (isApiError(error) && error.code === 'lesson-note-not-found') {
          return null;
        }
        throw error;
      }
    },
    enabled: options.enabled ?? true,
  });
}

/** `PUT /api/v1/lesson/{id}/note`: the tutor saves it; the note's query holds the answer. */
export function useSaveLessonNote(id: number): UseMutationResult<LessonNote, Error, SaveLessonNoteRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => saveLessonNote(client, id, body),
    onSuccess: (note) => queryClient.setQueryData(lessonKeys.note(id), note),
  });
}

/** The signed-in student's trial lesson (issue 27): may they book it, how long; off for others. */
export function useTrialStatus(options: { enabled?: boolean } = {}): UseQueryResult<TrialStatusResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: lessonKeys.trial,
    queryFn: ({ signal }) => getTrialStatus(client, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** Your lessons, paged and filtered. */
export function useLessons(
  query: FindLessonsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<LessonList> {
  const client = useApiClient();
  return useQuery({
    queryKey: lessonKeys.list(query),
    queryFn: ({ signal }) => findLessons(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One lesson; pass `null` to wait for an id. */
export function useLesson(id: number | null): UseQueryResult<Lesson> {
  const client = useApiClient();
  return useQuery({
    queryKey: lessonKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getLesson(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/**
 * What a booked, moved or cancelled lesson changes, whether this tab did it or a socket event says so:
 * the lesson itself, every lesson list, the availability, the weekly minutes, the student's stats and
 * the staff's schedule views.
 */
export function applyLessonChange(queryClient: QueryClient, lesson: Lesson): void {
  queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson);
  for (const queryKey of [
    lessonKeys.lists,
    lessonKeys.trial,
    availabilityKeys.all,
    subscriptionKeys.current,
    tutorKeys.studentStats,
    scheduleAdminKeys.schedule,
    scheduleAdminKeys.lessons,
    scheduleAdminKeys.tutorStats,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

function useLessonChanged() {
  const queryClient = useQueryClient();
  return (lesson: Lesson) => applyLessonChange(queryClient, lesson);
}

/** `POST /api/v1/lesson/`: book; lists, schedules and the weekly minutes refetch. */
export function useBookLesson(): UseMutationResult<Lesson, Error, BookLessonRequest> {
  const client = useApiClient();
  const changed = useLessonChanged();
  return useMutation({ mutationFn: (body) => bookLesson(client, body), onSuccess: changed });
}

/** `PATCH /api/v1/lesson/`: reschedule a pending lesson. */
export function useRescheduleLesson(): UseMutationResult<Lesson, Error, RescheduleLessonRequest> {
  const client = useApiClient();
  const changed = useLessonChanged();
  return useMutation({ mutationFn: (body) => rescheduleLesson(client, body), onSuccess: changed });
}

/** `DELETE /api/v1/lesson/{id}`: cancel a lesson. */
export function useCancelLesson(): UseMutationResult<Lesson, Error, number> {
  const client = useApiClient();
  const changed = useLessonChanged();
  return useMutation({ mutationFn: (id) => cancelLesson(client, id), onSuccess: changed });
}
