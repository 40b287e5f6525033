import { FlushCacheResponseSchema, Role } from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Spec §7 "Cache": staff empty the server's caches (rules.md: SuperAdmin and RegularAdmin). */
export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/flush',
    {
      schema: {
        tags: ['cache'],
        security: [{ bearer: [] }],
        summary: 'Empty the tutors cache on every instance; clients are told on the TutorsCache channel',
        response: { 200: FlushCacheResponseSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)],
    },
    async () => {
      await app.tutorsCache.invalidate('flush');
      await app.tutorsCache.settled();
      return { ok: true as const, flushedAt: app.clock().toISOString() };
    },
  );
};
