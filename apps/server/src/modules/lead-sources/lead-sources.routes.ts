import { LeadSourceStatsQuerySchema, LeadSourceStatsSchema, Role } from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLeadSourcesService } from './lead-sources.service.ts';

/**
 * `GET /api/v1/stats/lead-sources` (SuperAdmin, RegularAdmin): visits to `/url/{name}` links the
 * landing site does not know, per name and product week, for the dashboard. The visits themselves
 * are counted by the landing server (apps/server/src/static/landing-site.ts), not through the API.
 */
export const leadSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const leadSources = createLeadSourcesService(app);

  app.get(
    '/lead-sources',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          'Visits to unknown /url/{name} marketing links (sent to the web home page), per name and week, most visited first (admins)',
        querystring: LeadSourceStatsQuerySchema,
        response: { 200: LeadSourceStatsSchema },
      },
      // Who asks is checked before what is asked.
      onRequest: [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)],
    },
    (request) => leadSources.getStats(request.query),
  );
};
