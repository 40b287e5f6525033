import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createMemoryPaceStore, createRedisPaceStore, type PaceStore } from '../core/paced-limits.ts';
import { tooManyRequests } from '../core/rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where paced limits (`paceBy`, decision 0047) count: Redis when configured, else memory. */
    paceStore: PaceStore;
  }
}

/**
 * Rate limiting, off by default per route: a route opts in with `config.rateLimit` or a `limitBy` or
 * `paceBy` hook (core/rate-limit.ts). Counters live in memory, or in Redis when one is configured so
 * that every instance shares them (paced limits under the database's `namespace`, like the other
 * shared state). Every refusal is `too-many-requests` with `Retry-After` and `details.retryAfterSeconds`.
 */
export const rateLimitPlugin = fp<{ redis?: Redis | undefined; namespace?: string | undefined }>(
  async (app: FastifyInstance, options) => {
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'hiwar-rl:' } : {}),
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
    });
    app.decorate(
      'paceStore',
      options.redis
        ? createRedisPaceStore(options.redis, `hiwar-pace:${options.namespace ?? 'default'}:`)
        : createMemoryPaceStore(),
    );
  },
  { name: 'rate-limit' },
);
