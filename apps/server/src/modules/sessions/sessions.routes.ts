import { SessionIdParamSchema, SessionQuerySchema, SessionSchema } from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import type { SessionsService } from './sessions.service.ts';

const security = [{ bearer: [] }];

/**
 * Spec §7 "Session": `GET /api/v1/session/{id}` (members). Only the session's two members, only from
 * 10 minutes before start until the end, never once cancelled (architecture §6).
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, options) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['session'],
        security,
        summary:
          'A video room for one of its two members, from 10 minutes before start until the end: members, times, the pair’s chat room and ICE servers (short-lived TURN credentials when configured)',
        params: SessionIdParamSchema,
        querystring: SessionQuerySchema,
        errors: ['lesson-not-found', 'interview-not-found', 'not-member', 'unallowed'],
        response: { 200: SessionSchema },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      options.sessions.getSession(
        { kind: request.query.kind, id: request.params.id },
        currentUser(request).id,
      ),
  );
};
