import type { BookLessonRequest, Lesson, RescheduleLessonRequest } from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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

function useLessonChanged() {
  const queryClient = useQueryClient();
  return (lesson: Lesson) => {
    queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson);
    void queryClient.invalidateQueries({ queryKey: lessonKeys.lists });
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.current });
    void queryClient.invalidateQueries({ queryKey: tutorKeys.studentStats });
  };
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
