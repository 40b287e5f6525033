import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_CLOCK_MAX_OFFSET_MS, type DevClock } from './dev-clock.ts';

const MoveClockRequestSchema = z
  .object({
    offsetMs: z.number().int().min(-DEV_CLOCK_MAX_OFFSET_MS).max(DEV_CLOCK_MAX_OFFSET_MS),
  })
  .strict();

const DevClockResponseSchema = z.object({
  now: z.iso.datetime({ offset: true }),
  offsetMs: z.number().int(),
});

/**
 * Local mode with DEV_CLOCK=1 only (app.ts registers it then): reads and moves the app's clock, so a
 * browser journey can reach a lesson's join window or its end without waiting. `offsetMs` is from
 * real time; 0 puts the clock back.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: DevClock }> = async (app, options) => {
  const { clock } = options;
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });

  app.get(
    '/dev/clock',
    { schema: { hide: true, response: { 200: DevClockResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return state();
    },
  );

  app.post(
    '/dev/clock',
    { schema: { hide: true, body: MoveClockRequestSchema, response: { 200: DevClockResponseSchema } } },
    async (request) => {
      clock.setOffset(request.body.offsetMs);
      app.log.warn({ offsetMs: request.body.offsetMs }, 'dev clock moved');
      return state();
    },
  );
};
