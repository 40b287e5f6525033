import {
  CopyWeekRequestSchema,
  FindSlotsQuerySchema,
  Role,
  SaveSlotsResponseSchema,
  saveSlotsRequestSchema,
  TutorScheduleResponseSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createAvailabilityService } from './availability.service.ts';

const security = [{ bearer: [] }];

/**
 * Spec §7 "Availability slots": /api/v1/availability-slot/… Anyone reads a listed tutor's schedule;
 * tutors and TutorManagers change their own, in one save (create, update, delete) at a time.
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const availability = createAvailabilityService(app);
  const tags = ['availability'];
  const tutor = [app.authenticate, app.requireRoles(Role.Tutor, Role.TutorManager)];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          "A tutor's windows starting in [from, to) (at most 62 days), the booked parts and the bookable starts of 15 and 30 minutes; without tutorId, the caller's own",
        querystring: FindSlotsQuerySchema,
        errors: ['tutor-not-found'],
        response: { 200: TutorScheduleResponseSchema },
      },
      preHandler: app.authenticateOptional,
    },
    (request) => availability.getSchedule(request.query, request.user),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Save schedule changes at once: windows to create, update and delete. Lessons left outside every window need `cancelLessons: true` (else `slot-has-lessons`), and are then cancelled by the tutor',
        // The clock is read at each request (`app.clock`), so "in the past" follows the app's time.
        body: saveSlotsRequestSchema(() => app.clock()),
        errors: [
          'slot-off-grid',
          'slot-too-short',
          'slot-too-long',
          'slot-in-past',
          'slot-not-found',
          'conflicting-schedule',
          'slot-has-lessons',
        ],
        response: { 200: SaveSlotsResponseSchema },
      },
      preHandler: tutor,
    },
    (request) => availability.saveSlots(currentUser(request), request.body),
  );

  app.post(
    '/copy-week',
    {
      schema: {
        tags,
        security,
        summary:
          'Copy the week holding `week` over the next 1–8 weeks at the same wall-clock times (replacing the windows still to come there)',
        body: CopyWeekRequestSchema,
        errors: ['conflicting-schedule', 'slot-has-lessons'],
        response: { 200: SaveSlotsResponseSchema },
      },
      preHandler: tutor,
    },
    (request) => availability.copyWeek(currentUser(request), request.body),
  );
};
