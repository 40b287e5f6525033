import {
  type BookLessonRequest,
  LESSON_EVENTS,
  type Lesson,
  type LessonEvent,
  type LessonEventName,
  LessonEventSchema,
  type RescheduleLessonRequest,
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
import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import {
  bookLesson,
  cancelLesson,
  type FindLessonsParams,
  findLessons,
  getLesson,
  type LessonList,
  rescheduleLesson,
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
};

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
function applyLessonChange(queryClient: QueryClient, lesson: Lesson): void {
  queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson);
  for (const queryKey of [
    lessonKeys.lists,
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

/**
 * Live lessons: on `lesson-booked`, `lesson-rescheduled` or `lesson-canceled` (sent to both members) the
 * lesson, the lesson lists, the weekly minutes and the availability (the tutor's schedule screen and
 * dashboard included) refetch. Mount once; `onEvent` is for a toast or similar.
 */
export function useLessonEvents(onEvent?: (name: LessonEventName, event: LessonEvent) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handlers = LESSON_EVENTS.map((name) => {
      const handle = (payload: unknown) => {
        const parsed = LessonEventSchema.safeParse(payload);
        if (!parsed.success) {
          return;
        }
        applyLessonChange(queryClient, parsed.data.lesson);
        listener.current?.(name, parsed.data);
      };
      socket.on(name, handle);
      return { name, handle };
    });
    return () => {
      for (const { name, handle } of handlers) {
        socket.off(name, handle);
      }
    };
  }, [socket, queryClient]);
}
