import {
  type AssignStudioRequest,
  type BookInterviewRequest,
  INTERVIEW_BOOKED_EVENT,
  INTERVIEW_UPDATED_EVENT,
  type Interview,
  type InterviewerSelectQuery,
  type InterviewerSelectResponse,
  type StudioTutorDetail,
  type StudioTutorListResponse,
  type StudioTutorsQuery,
  type TutorOnboarding,
  type UncontactedTutorListResponse,
  type UncontactedTutorsQuery,
  type UpdateInterviewRequest,
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
import { checkedListener } from '../contract.ts';
import {
  assignStudio,
  bookInterview,
  type FindInterviewsParams,
  findInterviews,
  findStudioTutors,
  findUncontactedTutors,
  getInterview,
  getStudioTutor,
  getTutorOnboarding,
  type InterviewList,
  selectInterviewer,
  updateInterview,
} from '../endpoints/interviews.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of interviews, onboarding and the studio lists. */
export const interviewKeys = {
  all: ['interview'] as const,
  lists: ['interview', 'list'] as const,
  list: (query: FindInterviewsParams) => ['interview', 'list', query] as const,
  detail: (id: number) => ['interview', 'detail', id] as const,
  select: (query: InterviewerSelectQuery) => ['interview', 'select', query] as const,
  uncontacted: (query: UncontactedTutorsQuery) => ['interview', 'uncontacted', query] as const,
  onboarding: (tutorId: number) => ['interview', 'onboarding', tutorId] as const,
  onboardingAll: ['interview', 'onboarding'] as const,
  studioTutors: ['studio', 'tutors'] as const,
  studioTutorList: (query: StudioTutorsQuery) => ['studio', 'tutors', 'list', query] as const,
  studioTutor: (tutorId: number) => ['studio', 'tutors', 'detail', tutorId] as const,
};

/** Interviews, paged and filtered (a tutor's own, a TutorManager's to conduct, all for admins). */
export function useInterviews(
  query: FindInterviewsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<InterviewList> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.list(query),
    queryFn: ({ signal }) => findInterviews(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One interview; pass `null` to wait for an id. */
export function useInterview(id: number | null): UseQueryResult<Interview> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getInterview(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/** The TutorManagers a tutor may book, best first, with their free 30-minute starts. */
export function useInterviewerSelect(
  query: InterviewerSelectQuery = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<InterviewerSelectResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.select(query),
    queryFn: ({ signal }) => selectInterviewer(client, query, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** Registered tutors who never booked an interview (TutorManagers and admins). */
export function useUncontactedTutors(
  query: UncontactedTutorsQuery = {},
): UseQueryResult<UncontactedTutorListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.uncontacted(query),
    queryFn: ({ signal }) => findUncontactedTutors(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where a tutor stands on the way to being listed; pass `null` to wait for an id. */
export function useTutorOnboarding(tutorId: number | null): UseQueryResult<TutorOnboarding> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.onboarding(tutorId ?? 0),
    queryFn: ({ signal }) => getTutorOnboarding(client, tutorId as number, { signal }),
    enabled: tutorId !== null,
  });
}

/** A studio's tutors (a Studio member's own; any studio, or the unassigned, for admins). */
export function useStudioTutors(query: StudioTutorsQuery = {}): UseQueryResult<StudioTutorListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.studioTutorList(query),
    queryFn: ({ signal }) => findStudioTutors(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One tutor's photo-session media and profile; pass `null` to wait for an id. */
export function useStudioTutor(tutorId: number | null): UseQueryResult<StudioTutorDetail> {
  const client = useApiClient();
  return useQuery({
    queryKey: interviewKeys.studioTutor(tutorId ?? 0),
    queryFn: ({ signal }) => getStudioTutor(client, tutorId as number, { signal }),
    enabled: tutorId !== null,
  });
}

/** What a booked or changed interview refreshes: itself, the lists, the free times and onboarding. */
function applyInterviewChange(queryClient: QueryClient, interview: Interview): void {
  queryClient.setQueryData(interviewKeys.detail(interview.id), interview);
  for (const queryKey of [
    interviewKeys.lists,
    ['interview', 'select'],
    ['interview', 'uncontacted'],
    interviewKeys.onboardingAll,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** `POST /api/v1/interview`: book an interview. */
export function useBookInterview(): UseMutationResult<Interview, Error, BookInterviewRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => bookInterview(client, body),
    onSuccess: (interview) => applyInterviewChange(queryClient, interview),
  });
}

/** `PUT /api/v1/interview/{id}`: reschedule, cancel, outcome, feedback, sign. */
export function useUpdateInterview(): UseMutationResult<
  Interview,
  Error,
  { id: number; body: UpdateInterviewRequest }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updateInterview(client, id, body),
    onSuccess: (interview) => applyInterviewChange(queryClient, interview),
  });
}

/** `PUT /api/v1/user/tutor/{tutorId}/studio`: assign a tutor to a Studio member (admins). */
export function useAssignStudio(): UseMutationResult<
  StudioTutorDetail,
  Error,
  { tutorId: number; body: AssignStudioRequest }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tutorId, body }) => assignStudio(client, tutorId, body),
    onSuccess: (tutor) => {
      queryClient.setQueryData(interviewKeys.studioTutor(tutor.id), tutor);
      void queryClient.invalidateQueries({ queryKey: interviewKeys.studioTutors });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.onboardingAll });
    },
  });
}

/**
 * Live interviews: on `interview-booked` or `interview-updated` (to both members) the interview, the
 * lists and the onboarding refetch. Mount once where interviews are shown; `onEvent` is for a toast.
 */
export function useInterviewEvents(onEvent?: (name: string, interview: Interview) => void): void {
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
    const names = [INTERVIEW_BOOKED_EVENT, INTERVIEW_UPDATED_EVENT];
    const handlers = names.map((name) => {
      const handle = checkedListener(
        (contract) => contract.InterviewEventSchema,
        (event) => {
          applyInterviewChange(queryClient, event.interview);
          listener.current?.(name, event.interview);
        },
      );
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
