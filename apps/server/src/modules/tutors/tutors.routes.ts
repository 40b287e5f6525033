import { createHash } from 'node:crypto';
import {
  FindOnboardedTutorsQuerySchema,
  IdParamSchema,
  Role,
  StudentStatsSchema,
  TutorActivitySchema,
  type TutorCardListResponse,
  TutorCardListResponseSchema,
  TutorFreeTimesSchema,
  TutorInfoSchema,
  TutorPersonalStatsSchema,
  TutorStatsSchema,
} from '@hiwar/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import type { EncodedBody } from '../../core/encoded-body.ts';
import { createTutorsService } from './tutors.service.ts';

const security = [{ bearer: [] }];
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A directory page as it is kept: its bytes, compressed once for every client that accepts it (the
 * API's compression leaves a body that already names its coding alone), never serialised again.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const { coding, bytes } = body.for(request.headers['accept-encoding']);
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  if (coding) {
    reply.header('content-encoding', coding);
  }
  return reply.send(bytes as unknown as TutorCardListResponse);
}

/** 304 Not Modified, no body: the copy the caller named by its ETag is current. */
function notModified(reply: FastifyReply) {
  return reply.code(304).send();
}

/** Spec §7 "User": the tutors list, tutor profiles and the dashboards' figures under /api/v1/user/… */
export const tutorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tutors = createTutorsService(app);
  const tags = ['tutor'];

  app.get(
    '/tutor/list/onboarded',
    {
      schema: {
        tags,
        summary:
          'Listed tutors, paged: search (names, bio, topics), topics, gender, a bookable start on a day / in a part of the day; sorted by rating, lessons or newest. Served from the tutor directory',
        querystring: FindOnboardedTutorsQuerySchema,
        response: { 200: TutorCardListResponseSchema },
      },
      // The hot path: the same URL as a request already validated and answered, and no change since
      // touched what its page shows.
      onRequest: async (request, reply) => {
        const body = tutors.peekOnboarded(request.url);
        if (body !== undefined) {
          return sendPage(request, reply, body);
        }
      },
    },
    async (request, reply) => {
      // The page is JSON already (made from the schema's own type): sent as bytes, no serialisation.
      return sendPage(request, reply, await tutors.listOnboarded(request.query, request.url));
    },
  );

  app.get(
    '/tutor/free-times/:id',
    {
      schema: {
        tags,
        summary:
          "A listed tutor's next free times (public): the starts a lesson could be booked at now, from now to the end of the seventh Cairo day, grouped by day. Served from the tutor directory (no database read); an ETag answers an unchanged list with 304",
        params: IdParamSchema,
        errors: ['tutor-not-found'],
        response: { 200: TutorFreeTimesSchema },
      },
    },
    async (request, reply) => {
      const answer = await tutors.getFreeTimes(request.params.id);
      const etag = `"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url')}"`;
      // Any cache may keep it, but asks again each time: a time just booked must not be offered.
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        return notModified(reply);
      }
      return answer;
    },
  );

  app.get(
    '/tutor/info/:id',
    {
      schema: {
        tags,
        summary:
          "A tutor's profile: card, about, topics, video (listed tutors; themself and the staff who may read them also before: decision 0045)",
        params: IdParamSchema,
        errors: ['tutor-not-found'],
        response: { 200: TutorInfoSchema },
      },
      preHandler: app.authenticateOptional,
    },
    (request) => tutors.getTutorInfo(request.params.id, request.user),
  );

  app.get(
    '/tutor/stats/personalized',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in tutor's dashboard: lessons given and to come, students, rating, earnings",
        response: { 200: TutorPersonalStatsSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Tutor, Role.TutorManager)],
    },
    (request) => tutors.getPersonalTutorStats(currentUser(request)),
  );

  app.get(
    '/tutor/stats/:id',
    {
      schema: {
        tags,
        summary: "A tutor's public figures: lessons given, students, minutes, rating",
        params: IdParamSchema,
        errors: ['tutor-not-found'],
        response: { 200: TutorStatsSchema },
      },
      preHandler: app.authenticateOptional,
    },
    (request) => tutors.getTutorStats(request.params.id, request.user),
  );

  app.get(
    '/tutor/activity/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Lessons given per day over 12 weeks (the tutor, admins, a TutorManager for the tutors within their reach: decision 0045)',
        params: IdParamSchema,
        errors: ['forbidden', 'tutor-not-found'],
        response: { 200: TutorActivitySchema },
      },
      preHandler: app.authenticate,
    },
    (request) => tutors.getTutorActivity(request.params.id, currentUser(request)),
  );

  app.get(
    '/student/stats/personalized',
    {
      schema: {
        tags,
        security,
        summary: "The signed-in student's figures: lessons taken and to come, minutes, tutors",
        response: { 200: StudentStatsSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Student)],
    },
    (request) => tutors.getStudentStats(currentUser(request).id, currentUser(request)),
  );

  app.get(
    '/student/stats/:id',
    {
      schema: {
        tags,
        security,
        summary: "A student's figures (the student, SuperAdmin, RegularAdmin)",
        params: IdParamSchema,
        errors: ['forbidden', 'student-not-found'],
        response: { 200: StudentStatsSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => tutors.getStudentStats(request.params.id, currentUser(request)),
  );
};
