import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@hiwar/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Rate limits as routes declare them, counted by the rate-limit plugin (plugins/rate-limit.ts):
 * a route's own limit (`config.rateLimit`), the shared limits of the routes that send mail, and
 * further limits on one route (`limitBy`).
 */

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

/**
 * Sign-up and every unauthenticated route that sends mail or messages (rules.md; issue 14): per
 * address (IP) and per target e-mail, so neither one machine nor one victim's inbox can be flooded.
 */
export const SIGN_UP_LIMITS = {
  perIp: { max: 20, timeWindow: '1 hour' },
  perEmail: { max: 3, timeWindow: '1 hour' },
} as const;
export const SENDS_CODE_LIMITS = {
  perIp: { max: 10, timeWindow: '15 minutes' },
  perEmail: { max: 10, timeWindow: '1 hour' },
} as const;

/** The e-mail address a JSON body names, lower-cased (the key of a per-address limit). */
export function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * A limit of its own on a route (a preHandler, after validation, so it may read the body): `max` per
 * `timeWindow` for each `key`; callers `exempt` says (e.g. staff creating accounts) are not counted.
 * Several may guard one route (per address and per e-mail): each keeps its own counter, unlike the
 * plugin's route hook, which runs once per request.
 */
export function limitBy(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: string },
  key: (request: FastifyRequest) => string,
  exempt?: (request: FastifyRequest) => boolean,
) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `${name}:${key(request)}`,
    ...(exempt ? { allowList: (request: FastifyRequest) => exempt(request) } : {}),
  });
  const hook = async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('too-many-requests', {
        message: `Rate limit exceeded, retry in ${Math.max(1, result.ttlInSeconds)} seconds`,
      });
    }
  };
  limitHooks.add(hook);
  return hook;
}

const limitHooks = new WeakSet<object>();

/** Whether a route is rate-limited (`config.rateLimit` or a `limitBy` hook): the API document says 429. */
export function isRateLimited(route: Pick<RouteOptions, 'config' | 'onRequest' | 'preHandler'>): boolean {
  const hooks = [route.onRequest, route.preHandler].flat();
  const config = route.config as { rateLimit?: unknown } | undefined;
  return (
    Boolean(config?.rateLimit) || hooks.some((hook) => typeof hook === 'function' && limitHooks.has(hook))
  );
}
