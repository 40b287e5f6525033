import {
  AssignStudioRequestSchema,
  BookInterviewRequestSchema,
  type ErrorCode,
  FindInterviewsQuerySchema,
  IdParamSchema,
  INTERVIEW_BOOKING_ERROR_CODES,
  InterviewerSelectQuerySchema,
  InterviewerSelectResponseSchema,
  InterviewListResponseSchema,
  InterviewSchema,
  QueryIdSchema,
  Role,
  StudioTutorDetailSchema,
  StudioTutorListResponseSchema,
  StudioTutorsQuerySchema,
  TutorOnboardingSchema,
  UncontactedTutorListResponseSchema,
  UncontactedTutorsQuerySchema,
  UpdateInterviewRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import type { InterviewsService } from './interviews.service.ts';
import type { TutorSupplyService } from './tutor-supply.service.ts';

const security = [{ bearer: [] }];
const TutorIdParamSchema = z.object({
  tutorId: QueryIdSchema,
});

/** A move meets the booking rules again; a decision, a signature or rich text their own. */
const INTERVIEW_UPDATE_ERRORS: readonly ErrorCode[] = [
  'interview-not-found',
  'forbidden',
  ...INTERVIEW_BOOKING_ERROR_CODES,
  'user-not-found',
  'interview-already-canceled',
  'interview-already-decided',
  'interview-already-started',
  'interview-already-signed',
  'interview-not-started',
  'interview-not-passed',
  'interview-feedback-invalid-html',
  'interview-feedback-too-short',
  'interview-feedback-too-long',
  'interview-note-invalid-html',
  'interview-note-too-short',
  'interview-note-too-long',
];

/**
 * Spec §7 "Interview": /api/v1/interview… Tutors book and move their interview, TutorManagers conduct
 * theirs, SuperAdmins sign. Authentication and the role are checked on the request (`onRequest`),
 * before the body is read: a stranger learns nothing of the schema.
 */
export const interviewsRoutes: FastifyPluginAsyncZod<{ interviews: InterviewsService }> = async (
  app,
  options,
) => {
  const { interviews } = options;
  const tags = ['interview'];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Book a 30-minute interview inside a TutorManager’s availability (Tutors): `conflicting-interview`, `busy-tutor-manager`, `conflicting-lessons`, `slot-not-found`, `lesson-too-soon`, `lesson-too-far`',
        body: BookInterviewRequestSchema,
        errors: [...INTERVIEW_BOOKING_ERROR_CODES, 'user-not-found'],
        response: { 200: InterviewSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.Tutor)],
    },
    (request) => interviews.bookInterview(currentUser(request), request.body),
  );

  app.get(
    '/list/',
    {
      schema: {
        tags,
        security,
        summary:
          'Interviews: a Tutor’s own, a TutorManager’s to conduct, all for SuperAdmin and RegularAdmin (the note for staff only)',
        querystring: FindInterviewsQuerySchema,
        errors: ['forbidden'],
        response: { 200: InterviewListResponseSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => interviews.findInterviews(currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One interview, for its members and admins (the note for staff only)',
        params: IdParamSchema,
        errors: ['interview-not-found'],
        response: { 200: InterviewSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => interviews.getInterview(currentUser(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Change an interview: the tutor moves or cancels it before the start and gives feedback; the interviewer records status, level, feedback and note once it started, or cancels before; a SuperAdmin signs a passed one, once (`interview-already-signed`)',
        params: IdParamSchema,
        body: UpdateInterviewRequestSchema,
        errors: INTERVIEW_UPDATE_ERRORS,
        response: { 200: InterviewSchema },
      },
      onRequest: [
        app.authenticate,
        app.requireRoles(Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin),
      ],
    },
    (request) => interviews.updateInterview(currentUser(request), request.params.id, request.body),
  );
};

/**
 * Spec §7 "User", the tutor-supply part: /api/v1/user/interviewer/select, /user/tutor/list/uncontacted,
 * /user/tutor/onboarding/{id}, /user/tutor/all/for/studio, /user/tutor/{tutorId}/for/studio and the
 * studio assignment /user/tutor/{tutorId}/studio.
 */
export const tutorSupplyRoutes: FastifyPluginAsyncZod<{
  interviews: InterviewsService;
  supply: TutorSupplyService;
}> = async (app, options) => {
  const { interviews, supply } = options;
  const tags = ['user'];
  const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

  app.get(
    '/interviewer/select',
    {
      schema: {
        tags,
        security,
        summary:
          'For a Tutor: the TutorManagers to book an interview with, best first (soonest free time, then fewest interviews ahead), with their free 30-minute starts; `retakeAt` when the tutor may book again',
        querystring: InterviewerSelectQuerySchema,
        response: { 200: InterviewerSelectResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.Tutor)],
    },
    (request) => interviews.selectInterviewers(currentUser(request), request.query),
  );

  app.get(
    '/tutor/list/uncontacted',
    {
      schema: {
        tags,
        security,
        summary:
          'Registered tutors who have not booked an interview yet, newest first (TutorManager, admins)',
        querystring: UncontactedTutorsQuerySchema,
        response: { 200: UncontactedTutorListResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.TutorManager, ...admins)],
    },
    (request) => interviews.findUncontacted(request.query),
  );

  app.get(
    '/tutor/onboarding/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Where a tutor stands on the way to being listed: the interview, the studio, the profile (the tutor, admins, their Studio member, a TutorManager interviewing them or while they await an interviewer: decision 0045)',
        params: IdParamSchema,
        errors: ['forbidden', 'tutor-not-found'],
        response: { 200: TutorOnboardingSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => supply.getOnboarding(currentUser(request), request.params.id),
  );

  app.get(
    '/tutor/all/for/studio',
    {
      schema: {
        tags,
        security,
        summary:
          'A studio’s tutors with the media they still lack (a Studio member: their own; admins: any studio, or the unassigned)',
        querystring: StudioTutorsQuerySchema,
        errors: ['forbidden'],
        response: { 200: StudioTutorListResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.Studio, ...admins)],
    },
    (request) => supply.findStudioTutors(currentUser(request), request.query),
  );

  app.get(
    '/tutor/:tutorId/for/studio',
    {
      schema: {
        tags,
        security,
        summary: 'One tutor’s photo-session media and profile (their Studio member, admins)',
        params: TutorIdParamSchema,
        errors: ['forbidden'],
        response: { 200: StudioTutorDetailSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.Studio, ...admins)],
    },
    (request) => supply.getStudioTutor(currentUser(request), request.params.tutorId),
  );

  app.put(
    '/tutor/:tutorId/studio',
    {
      schema: {
        tags,
        security,
        summary: 'Assign a tutor to a Studio member, or unassign with null (SuperAdmin, RegularAdmin)',
        params: TutorIdParamSchema,
        body: AssignStudioRequestSchema,
        errors: ['user-not-found'],
        response: { 200: StudioTutorDetailSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...admins)],
    },
    (request) => supply.assignStudio(request.params.tutorId, request.body),
  );
};
