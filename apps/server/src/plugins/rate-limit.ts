import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@hiwar/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Rate limiting, off by default per route: a route opts in with `config.rateLimit`. Counters live
 * in memory, or in Redis when one is configured so that every instance shares them.
 */
export const rateLimitPlugin = fp<{ redis?: Redis | undefined }>(
  async (app: FastifyInstance, options) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'hiwar-rl:' } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('too-many-requests', { message: `Rate limit exceeded, retry in ${context.after}` }),
    });
  },
  { name: 'rate-limit' },
);

/**
 * A route's `config` for a rate limit of `max` requests per `timeWindow` (e.g. '15 minutes'), keyed
 * by client IP unless `key` says otherwise. It runs as a preHandler, so `key` may read the parsed,
 * validated body, and after `authenticate`, so it may read `request.user`.
 */
export function rateLimited(
  max: number,
  timeWindow: string,
  key?: (request: FastifyRequest) => string,
): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler',
      ...(key ? { keyGenerator: key } : {}),
    },
  };
}
