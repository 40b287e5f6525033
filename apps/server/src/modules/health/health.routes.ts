import { AppError } from '@hiwar/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.literal('up'),
  uptimeSeconds: z.number(),
});

/** Liveness and readiness in one: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Service health', response: { 200: HealthResponseSchema } } },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (cause) {
        throw new AppError('service-unavailable', { message: 'Database unreachable', cause });
      }
      return {
        status: 'ok' as const,
        version: app.config.version,
        database: 'up' as const,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
