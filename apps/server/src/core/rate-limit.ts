import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '@hiwar/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { PaceAnswer, PacePolicy } from './paced-limits.ts';

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
 * The refusal of every limit: `too-many-requests`, with the wait in `details.retryAfterSeconds` (the
 * same number as the `Retry-After` header) so a client on another origin, which cannot read that
 * header, can still say when to try again.
 */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('too-many-requests', {
    message: `Rate limit exceeded, retry in ${seconds} seconds`,
    details: { retryAfterSeconds: seconds },
  });
}

const MINUTE_MS = 60_000;

/**
 * Sign-up (rules.md; issues 14 and 28, decision 0047): paced per address (IP) and per target e-mail, so
 * neither one machine nor one victim's inbox can be flooded, and a school's class behind one address
 * can all sign up. Per address: 30 at once, then one every 2 minutes (30 an hour); per e-mail: 3 at
 * once, then one every 20 minutes.
 */
export const SIGN_UP_LIMITS = {
  perIp: { burst: 30, intervalMs: 2 * MINUTE_MS },
  perEmail: { burst: 3, intervalMs: 20 * MINUTE_MS },
} as const satisfies Record<string, PacePolicy>;
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
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw refuse(reply, result.ttlInSeconds);
    }
  };
  limitHooks.add(hook);
  return hook;
}

/** Sets `Retry-After` on the answer and returns the error to throw. */
function refuse(reply: FastifyReply, retryAfterSeconds: number): AppError {
  const error = tooManyRequests(retryAfterSeconds);
  reply.header('retry-after', String((error.details as { retryAfterSeconds: number }).retryAfterSeconds));
  return error;
}

/**
 * A paced limit on a route (decision 0047; a preHandler, after validation, so it may read the body):
 * `policy.burst` at once for each `key`, then one every `policy.intervalMs`, counted on the app's
 * clock in the shared store (Redis when configured). Callers `exempt` says are not counted. If the
 * store cannot be reached the request goes through and the failure is logged: a limit is no reason
 * to refuse a sign-up with a 500.
 */
export function paceBy(
  app: FastifyInstance,
  name: string,
  policy: PacePolicy,
  key: (request: FastifyRequest) => string,
  exempt?: (request: FastifyRequest) => boolean,
) {
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (exempt?.(request)) {
      return;
    }
    let answer: PaceAnswer;
    try {
      answer = await app.paceStore.take(`${name}:${key(request)}`, policy, app.clock().getTime());
    } catch (error) {
      request.log.error({ err: error, limit: name }, 'paced limit not counted: its store failed');
      return;
    }
    if (!answer.allowed) {
      throw refuse(reply, answer.retryAfterMs / 1000);
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
