import {
  DashboardQuerySchema,
  DashboardStatsSchema,
  Role,
  ServerStatsFrameSchema,
  ServerStatsQuerySchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createDashboardService } from './dashboard.service.ts';

const security = [{ bearer: [] }];

/**
 * The back office's figures: `/api/v1/stats/dashboard` (every staff role, each its own cards) and
 * `/api/v1/stats/server` (SuperAdmin: this instance's live figures for the first paint; the rest
 * arrives over the `ServerStats` channel).
 */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app);
  const tags = ['stats'];

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        security,
        summary:
          'The admin dashboard: lessons, new users, revenue, pending invoices, interviews, open reports and photo sessions with weekly series (a TutorManager: own lessons and interviews; Studio: own photo sessions)',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardStatsSchema },
      },
      onRequest: [
        app.authenticate,
        app.requireRoles(Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager, Role.Studio),
      ],
    },
    (request) => dashboard.getDashboard(currentUser(request), request.query),
  );

  app.get(
    '/server',
    {
      schema: {
        tags,
        security,
        summary:
          'This instance’s figures (SuperAdmin): uptime, memory, event-loop delay, sockets, pg-boss queues, database pool',
        querystring: ServerStatsQuerySchema,
        response: { 200: ServerStatsFrameSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.SuperAdmin)],
    },
    () => app.serverStats.collect(),
  );
};
