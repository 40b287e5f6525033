import type {
  CopyWeekRequest,
  CreateTopicRequest,
  FlushCacheResponse,
  Lesson,
  OkResponse,
  Role,
  SaveSlotsRequest,
  SaveSlotsResponse,
  Topic,
  TutorPersonalStats,
  TutorScheduleResponse,
  UpdateTopicRequest,
  User,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { findTutorRatings, type RatingList } from '../endpoints/ratings.ts';
import {
  cancelScheduleLesson,
  copyScheduleWeek,
  findScheduleLessons,
  flushTutorsCache,
  getMyTutorStats,
  getScheduleRange,
  type LessonPage,
  type ScheduleRange,
  type StaffLessonsQuery,
  saveScheduleSlots,
  staffCreateTopic,
  staffDeleteTopic,
  staffListTopics,
  staffUpdateTopic,
} from '../endpoints/schedule-admin.ts';
import { findUsers } from '../endpoints/users.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the schedule screen and the back office's topics and lessons. */
export const scheduleAdminKeys = {
  schedule: ['schedule-admin', 'schedule'] as const,
  range: (range: ScheduleRange) => ['schedule-admin', 'schedule', range] as const,
  topics: ['schedule-admin', 'topics'] as const,
  lessons: ['schedule-admin', 'lessons'] as const,
  tutorStats: ['schedule-admin', 'tutor-stats'] as const,
  lessonList: (query: StaffLessonsQuery) => ['schedule-admin', 'lessons', query] as const,
};

/** A tutor's schedule over [from, to) (their own without `tutorId`). */
export function useScheduleRange(range: ScheduleRange): UseQueryResult<TutorScheduleResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: scheduleAdminKeys.range(range),
    queryFn: ({ signal }) => getScheduleRange(client, range, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useScheduleInvalidation() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: scheduleAdminKeys.schedule });
    void queryClient.invalidateQueries({ queryKey: scheduleAdminKeys.lessons });
  };
}

/** `POST /api/v1/availability-slot/`: the schedule and lessons refetch. */
export function useSaveScheduleSlots(): UseMutationResult<SaveSlotsResponse, Error, SaveSlotsRequest> {
  const client = useApiClient();
  const invalidate = useScheduleInvalidation();
  return useMutation({ mutationFn: (body) => saveScheduleSlots(client, body), onSuccess: invalidate });
}

/** `POST /api/v1/availability-slot/copy-week`: the schedule refetches. */
export function useCopyScheduleWeek(): UseMutationResult<SaveSlotsResponse, Error, CopyWeekRequest> {
  const client = useApiClient();
  const invalidate = useScheduleInvalidation();
  return useMutation({ mutationFn: (body) => copyScheduleWeek(client, body), onSuccess: invalidate });
}

/** Lessons, paged: the caller's own (members) or anyone's (staff). */
export function useScheduleLessons(
  query: StaffLessonsQuery,
  options: { enabled?: boolean } = {},
): UseQueryResult<LessonPage> {
  const client = useApiClient();
  return useQuery({
    queryKey: scheduleAdminKeys.lessonList(query),
    queryFn: ({ signal }) => findScheduleLessons(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** `DELETE /api/v1/lesson/{id}`: lists and schedules refetch. */
export function useCancelScheduleLesson(): UseMutationResult<Lesson, Error, number> {
  const client = useApiClient();
  const invalidate = useScheduleInvalidation();
  return useMutation({ mutationFn: (id) => cancelScheduleLesson(client, id), onSuccess: invalidate });
}

/** The topics catalogue. */
export function useStaffTopics(): UseQueryResult<Topic[]> {
  const client = useApiClient();
  return useQuery({
    queryKey: scheduleAdminKeys.topics,
    queryFn: ({ signal }) => staffListTopics(client, { signal }),
  });
}

function useTopicsInvalidation() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: scheduleAdminKeys.topics });
}

export function useStaffCreateTopic(): UseMutationResult<Topic, Error, CreateTopicRequest> {
  const client = useApiClient();
  const invalidate = useTopicsInvalidation();
  return useMutation({ mutationFn: (body) => staffCreateTopic(client, body), onSuccess: invalidate });
}

export function useStaffUpdateTopic(): UseMutationResult<
  Topic,
  Error,
  { id: number; body: UpdateTopicRequest }
> {
  const client = useApiClient();
  const invalidate = useTopicsInvalidation();
  return useMutation({
    mutationFn: ({ id, body }) => staffUpdateTopic(client, id, body),
    onSuccess: invalidate,
  });
}

export function useStaffDeleteTopic(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const invalidate = useTopicsInvalidation();
  return useMutation({ mutationFn: (id) => staffDeleteTopic(client, id), onSuccess: invalidate });
}

/** `DELETE /api/v1/cache/flush` (SuperAdmin, RegularAdmin). */
export function useFlushTutorsCache(): UseMutationResult<FlushCacheResponse, Error, void> {
  const client = useApiClient();
  return useMutation({ mutationFn: () => flushTutorsCache(client) });
}

/** The signed-in tutor's dashboard figures. */
export function useMyTutorStats(): UseQueryResult<TutorPersonalStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: scheduleAdminKeys.tutorStats,
    queryFn: ({ signal }) => getMyTutorStats(client, { signal }),
  });
}

/** A tutor's ratings one page at a time, newest first (the back office's tutor page). */
export function useTutorRatingPage(tutorId: number, page: number, size: number): UseQueryResult<RatingList> {
  const client = useApiClient();
  return useQuery({
    // Under the ratings' own key, so a new or changed rating refetches this page too.
    queryKey: ['rating', 'tutor', tutorId, 'page', page, size] as const,
    queryFn: ({ signal }) => findTutorRatings(client, tutorId, { page, size }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Users of the given roles whose name, e-mail or phone contains `search`, for a staff picker: one list
 * request per role, merged by name. Waits while `search` is empty.
 */
export function useStaffUserSearch(search: string, roles: readonly Role[], size = 8): UseQueryResult<User[]> {
  const client = useApiClient();
  const text = search.trim();
  return useQuery({
    queryKey: ['user', 'picker', text, [...roles], size] as const,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        roles.map((role) => findUsers(client, { search: text, role, size }, { signal })),
      );
      const users = pages.flatMap((answer) => answer.list);
      return users.sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email, 'ar'));
    },
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
