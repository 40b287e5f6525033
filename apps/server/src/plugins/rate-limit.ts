import rateLimit from '@fastify/rate-limit';
import { AppError } from '@hiwar/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * Rate limiting, off by default per route: a route opts in with `config.rateLimit` or a `limitBy`
 * hook (core/rate-limit.ts). Counters live in memory, or in Redis when one is configured so that
 * every instance shares them.
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
