import {
  BOOKING_ERROR_CODES,
  BOUNDS,
  BookLessonRequestSchema,
  CancelLessonResponseSchema,
  FindLessonsQuerySchema,
  IdParamSchema,
  LessonListResponseSchema,
  LessonSchema,
  RescheduleLessonRequestSchema,
  Role,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, isAdmin } from '../../core/auth.ts';
import { limitBy } from '../../core/rate-limit.ts';

const security = [{ bearer: [] }];

/**
 * Spec §7 "Lesson": /api/v1/lesson/… Students book and reschedule (verified e-mail required, spec
 * §4); members and admins read and cancel. Socket events `lesson-booked`, `lesson-rescheduled` and
 * `lesson-canceled` go to both members.
 */
export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lessons = app.lessons;
  const tags = ['lesson'];
  const student = [app.authenticate, app.requireRoles(Role.Student), app.requireVerifiedEmail];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Book a lesson with a listed tutor: 15 or 30 minutes inside one of their windows, within the lead time and notice, one upcoming lesson at a time, paid from the weekly minutes (or the free introductory lesson with a TutorManager)',
        body: BookLessonRequestSchema,
        errors: [...BOOKING_ERROR_CODES, 'tutor-not-found'],
        response: { 200: LessonSchema },
      },
      preHandler: student,
    },
    (request) => lessons.bookLesson(currentUser(request), request.body),
  );

  app.patch(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Move your pending lesson to another time with the same tutor (every booking rule again)',
        body: RescheduleLessonRequestSchema,
        errors: [
          ...BOOKING_ERROR_CODES,
          'tutor-not-found',
          'lesson-not-found',
          'lesson-already-canceled',
          'lesson-already-started',
          'lesson-already-ended',
        ],
        response: { 200: LessonSchema },
      },
      preHandler: student,
    },
    (request) => lessons.rescheduleLesson(currentUser(request), request.body),
  );

  app.get(
    '/list/',
    {
      schema: {
        tags,
        security,
        summary: 'Lessons, paged: your own (members), or anyone’s (SuperAdmin, RegularAdmin)',
        querystring: FindLessonsQuerySchema,
        errors: ['forbidden'],
        response: { 200: LessonListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => lessons.findLessons(request.query, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One lesson: its members and admins',
        params: IdParamSchema,
        errors: ['lesson-not-found'],
        response: { 200: LessonSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => lessons.getLesson(request.params.id, currentUser(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancel a lesson before it ends (a member, or an admin); irreversible. A student cancelling late keeps the minutes spent',
        params: IdParamSchema,
        errors: ['lesson-not-found', 'lesson-already-canceled', 'lesson-already-ended'],
        response: { 200: CancelLessonResponseSchema },
      },
      preHandler: [
        app.authenticate,
        limitBy(
          app,
          'lesson-cancel',
          { max: BOUNDS.lessonCancelsPerHour, timeWindow: '1 hour' },
          (request) => String(currentUser(request).id),
          (request) => request.user !== null && isAdmin(request.user),
        ),
      ],
    },
    (request) => lessons.cancelLesson(currentUser(request), request.params.id),
  );
};
