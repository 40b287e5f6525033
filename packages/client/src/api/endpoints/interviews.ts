import type {
  AssignStudioRequest,
  BookInterviewRequest,
  FindInterviewsQuerySchema,
  Interview,
  InterviewerSelectQuery,
  InterviewerSelectResponse,
  StudioTutorDetail,
  StudioTutorListResponse,
  StudioTutorsQuery,
  TutorOnboarding,
  UncontactedTutorListResponse,
  UncontactedTutorsQuery,
  UpdateInterviewRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The interview, onboarding and studio paths (spec §7 "Interview" and "User"). */
export const INTERVIEW_PATHS = {
  book: '/api/v1/interview',
  interview: (id: number) => `/api/v1/interview/${id}`,
  list: '/api/v1/interview/list/',
  interviewerSelect: '/api/v1/user/interviewer/select',
  uncontacted: '/api/v1/user/tutor/list/uncontacted',
  onboarding: (tutorId: number) => `/api/v1/user/tutor/onboarding/${tutorId}`,
  studioTutors: '/api/v1/user/tutor/all/for/studio',
  studioTutor: (tutorId: number) => `/api/v1/user/tutor/${tutorId}/for/studio`,
  assignStudio: (tutorId: number) => `/api/v1/user/tutor/${tutorId}/studio`,
} as const;

/** Filters of the interview list: page, size, members, status, signed, upcoming, search, [from, to), order. */
export type FindInterviewsParams = Partial<ReturnType<(typeof FindInterviewsQuerySchema)['parse']>>;
export type InterviewList = { list: Interview[]; total: number };

/** `POST /api/v1/interview`: a tutor books 30 minutes with a TutorManager. */
export async function bookInterview(
  client: ApiClient,
  body: BookInterviewRequest,
  options?: CallOptions,
): Promise<Interview> {
  const answer = await client.post<unknown>(INTERVIEW_PATHS.book, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InterviewSchema, answer, 'POST /interview');
}

/** `PUT /api/v1/interview/{id}`: reschedule, cancel, record the outcome, give feedback, sign. */
export async function updateInterview(
  client: ApiClient,
  id: number,
  body: UpdateInterviewRequest,
  options?: CallOptions,
): Promise<Interview> {
  const answer = await client.put<unknown>(INTERVIEW_PATHS.interview(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InterviewSchema, answer, 'PUT /interview/{id}');
}

/** `GET /api/v1/interview/{id}`: one interview (its members and staff; the note for staff only). */
export async function getInterview(client: ApiClient, id: number, options?: CallOptions): Promise<Interview> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.interview(id), signalOf(options));
  return parseResponse((contract) => contract.InterviewSchema, answer, 'GET /interview/{id}');
}

/** `GET /api/v1/interview/list/`: yours (tutor, TutorManager) or all (admins), paged and filtered. */
export async function findInterviews(
  client: ApiClient,
  query: FindInterviewsParams = {},
  options?: CallOptions,
): Promise<InterviewList> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.list, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.InterviewListResponseSchema, answer, 'GET /interview/list/');
}

/** `GET /api/v1/user/interviewer/select`: the TutorManagers a tutor may book, best first, with free times. */
export async function selectInterviewer(
  client: ApiClient,
  query: InterviewerSelectQuery = {},
  options?: CallOptions,
): Promise<InterviewerSelectResponse> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.interviewerSelect, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.InterviewerSelectResponseSchema,
    answer,
    'GET /user/interviewer/select',
  );
}

/** `GET /api/v1/user/tutor/list/uncontacted`: registered tutors who never booked an interview. */
export async function findUncontactedTutors(
  client: ApiClient,
  query: UncontactedTutorsQuery = {},
  options?: CallOptions,
): Promise<UncontactedTutorListResponse> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.uncontacted, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.UncontactedTutorListResponseSchema,
    answer,
    'GET /user/tutor/list/uncontacted',
  );
}

/** `GET /api/v1/user/tutor/onboarding/{id}`: where a tutor stands on the way to being listed. */
export async function getTutorOnboarding(
  client: ApiClient,
  tutorId: number,
  options?: CallOptions,
): Promise<TutorOnboarding> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.onboarding(tutorId), signalOf(options));
  return parseResponse(
    (contract) => contract.TutorOnboardingSchema,
    answer,
    'GET /user/tutor/onboarding/{id}',
  );
}

/** `GET /api/v1/user/tutor/all/for/studio`: a studio's tutors with the media they still lack. */
export async function findStudioTutors(
  client: ApiClient,
  query: StudioTutorsQuery = {},
  options?: CallOptions,
): Promise<StudioTutorListResponse> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.studioTutors, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.StudioTutorListResponseSchema,
    answer,
    'GET /user/tutor/all/for/studio',
  );
}

/** `GET /api/v1/user/tutor/{tutorId}/for/studio`: one tutor's media and profile. */
export async function getStudioTutor(
  client: ApiClient,
  tutorId: number,
  options?: CallOptions,
): Promise<StudioTutorDetail> {
  const answer = await client.get<unknown>(INTERVIEW_PATHS.studioTutor(tutorId), signalOf(options));
  return parseResponse(
    (contract) => contract.StudioTutorDetailSchema,
    answer,
    'GET /user/tutor/{tutorId}/for/studio',
  );
}

/** `PUT /api/v1/user/tutor/{tutorId}/studio`: assign the tutor to a Studio member (admins), or unassign. */
export async function assignStudio(
  client: ApiClient,
  tutorId: number,
  body: AssignStudioRequest,
  options?: CallOptions,
): Promise<StudioTutorDetail> {
  const answer = await client.put<unknown>(INTERVIEW_PATHS.assignStudio(tutorId), {
    body,
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.StudioTutorDetailSchema,
    answer,
    'PUT /user/tutor/{tutorId}/studio',
  );
}

/** The interview in a tutor's onboarding, re-exported for screens that only need the type. */
export type { Interview, TutorOnboarding };
