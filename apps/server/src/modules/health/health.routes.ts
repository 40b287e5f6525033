import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createReadiness, type Readiness } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance should get traffic; `startHiwar` moves its jobs state and drains it. */
    readiness: Readiness;
  }
}

const ChecksSchema = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  redis: z.enum(['up', 'down', 'off']),
  jobs: z.enum(['started', 'starting', 'stopped', 'off']),
  shutdown: z.enum(['no', 'draining']),
});

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.literal('up'),
  uptimeSeconds: z.number(),
  checks: ChecksSchema,
});

export const NotReadyResponseSchema = z.object({
  status: z.literal('unavailable'),
  code: z.literal('service-unavailable'),
  message: z.string(),
  /** The checks that failed: database, migrations, redis, jobs, shutdown. */
  failed: z.array(z.string()),
  version: z.string(),
  uptimeSeconds: z.number(),
  checks: ChecksSchema,
});

export const LiveResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});

const readyRoute = {
  tags: ['health'],
  response: { 200: HealthResponseSchema, 503: NotReadyResponseSchema },
};

/**
 * `/health/live`: the process serves HTTP (200 whenever it answers at all; a load balancer or
 * orchestrator restarts it otherwise). `/health/ready`: 200 only when the database answers, every
 * committed migration is applied, Redis answers when configured, pg-boss runs on a worker instance and
 * shutdown has not begun; otherwise 503 naming the failed checks. `/health` is ready's older name.
 */
export const healthRoutes = fp<{ redis?: Redis | undefined }>(
  (async (app, options) => {
    const readiness = createReadiness({ db: app.db, redis: options.redis });
    app.decorate('readiness', readiness);

    const uptimeSeconds = () => Math.round(process.uptime());

    app.get(
      '/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process is up',
          response: { 200: LiveResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, version: app.config.version, uptimeSeconds: uptimeSeconds() };
      },
    );

    const ready = async (_request: unknown, reply: FastifyReply) => {
      const report = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (!report.ready) {
        return reply.code(503).send({
          status: 'unavailable' as const,
          code: 'service-unavailable' as const,
          message: `Not ready: ${report.failed.join(', ')}`,
          failed: report.failed,
          version: app.config.version,
          uptimeSeconds: uptimeSeconds(),
          checks: report.checks,
        });
      }
      return {
        status: 'ok' as const,
        version: app.config.version,
        database: 'up' as const,
        uptimeSeconds: uptimeSeconds(),
        checks: report.checks,
      };
    };

    app.get(
      '/health/ready',
      { schema: { ...readyRoute, summary: 'Readiness: send this instance traffic' } },
      ready,
    );
    app.get('/health', { schema: { ...readyRoute, summary: 'Service health (readiness)' } }, ready);
  }) satisfies FastifyPluginAsyncZod<{ redis?: Redis | undefined }>,
  { name: 'health' },
);
