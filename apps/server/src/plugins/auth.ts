import { AppError, type Role } from '@hiwar/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, currentUser, forbidden, type ProtectedRoute } from '../core/auth.ts';
import type { Sessions } from '../modules/auth/session.ts';

/** The hooks this plugin makes: who the caller is and what they may do, never what they sent. */
const callerChecks = new WeakSet<object>();
function callerCheck<T extends object>(hook: T): T {
  callerChecks.add(hook);
  return hook;
}
/** The roles each `requireRoles` hook admits; `authenticate` itself is marked by `REQUIRED`. */
const admittedRoles = new WeakMap<object, readonly Role[]>();
const REQUIRED: readonly Role[] = [];
/** `authenticateOptional` and `requireVerifiedEmail`, so `callerGate` can tell them apart. */
const optionalChecks = new WeakSet<object>();
const verifiedEmailChecks = new WeakSet<object>();

type Hooks = RouteOptions['onRequest'] | RouteOptions['preHandler'];
const asList = (hooks: Hooks): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Moves a route's caller checks (authenticate, roles, verified e-mail) from `preHandler` to
 * `onRequest`, in their order: the caller is known and authorised before the body is parsed or
 * validated, so a stranger's request to a protected route is 401 whatever it carries, and learns
 * nothing of the route's schema (issue 14). Other preHandlers (rate limits reading the body) stay.
 */
function checkCallerFirst(route: RouteOptions, protectedRoutes: ProtectedRoute[]): void {
  const handlers = asList(route.preHandler);
  const checks = handlers.filter((hook) => typeof hook === 'function' && callerChecks.has(hook));
  route.preHandler = handlers.filter((hook) => !checks.includes(hook)) as RouteOptions['preHandler'];
  route.onRequest = [...asList(route.onRequest), ...checks] as RouteOptions['onRequest'];
  const gates = asList(route.onRequest).flatMap((hook) => {
    const roles = typeof hook === 'function' ? admittedRoles.get(hook) : undefined;
    return roles ? [roles] : [];
  });
  if (gates.length > 0) {
    for (const method of [route.method].flat() as string[]) {
      protectedRoutes.push({ method, url: route.url, roles: gates.find((roles) => roles.length > 0) ?? [] });
    }
  }
}

/** What a route asks of its caller, read back from its caller checks. */
export type CallerGate = {
  /** `required`: no valid token is 401; `optional`: a token is read when sent (a bad one is 401). */
  signIn: 'required' | 'optional' | 'none';
  /** The roles admitted, all when empty (anyone else is 403 `forbidden`). */
  roles: readonly Role[];
  /** A verified e-mail is required (403 `email-not-verified`). */
  verifiedEmail: boolean;
};

/**
 * The caller checks of a route (its `onRequest` and `preHandler` hooks, before or after
 * `checkCallerFirst` moved them): the OpenAPI document states its security and 401/403 answers from it.
 */
export function callerGate(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): CallerGate {
  const hooks = [...asList(route.onRequest), ...asList(route.preHandler)].filter(
    (hook): hook is object => typeof hook === 'function',
  );
  const gates = hooks.flatMap((hook) => {
    const roles = admittedRoles.get(hook);
    return roles ? [roles] : [];
  });
  return {
    signIn:
      gates.length > 0 ? 'required' : hooks.some((hook) => optionalChecks.has(hook)) ? 'optional' : 'none',
    roles: gates.find((roles) => roles.length > 0) ?? [],
    verifiedEmail: hooks.some((hook) => verifiedEmailChecks.has(hook)),
  };
}

export const authPlugin = fp<{ sessions: Sessions }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', null);
    const protectedRoutes: ProtectedRoute[] = [];
    app.decorate('protectedRoutes', protectedRoutes);
    app.addHook('onRoute', (route) => checkCallerFirst(route, protectedRoutes));

    const read = async (request: FastifyRequest, required: boolean) => {
      const header = request.headers.authorization;
      if (!header) {
        if (required) {
          throw new AppError('unauthenticated', { message: 'Sign in first' });
        }
        return;
      }
      const token = bearerToken(header);
      const user = token ? await options.sessions.authenticate(token) : null;
      if (!user) {
        throw new AppError('unauthenticated', { message: 'The session ended: sign in again' });
      }
      request.user = user;
    };

    const authenticate = callerCheck(async (request: FastifyRequest) => read(request, true));
    admittedRoles.set(authenticate, REQUIRED);
    app.decorate('authenticate', authenticate);
    const authenticateOptional = callerCheck(async (request: FastifyRequest) => read(request, false));
    optionalChecks.add(authenticateOptional);
    app.decorate('authenticateOptional', authenticateOptional);
    app.decorate('requireRoles', (...roles: Role[]) => {
      const hook = callerCheck(async (request: FastifyRequest) => {
        if (!roles.includes(currentUser(request).role as Role)) {
          throw forbidden();
        }
      });
      admittedRoles.set(hook, roles);
      return hook;
    });
    const requireVerifiedEmail = callerCheck(async (request: FastifyRequest) => {
      if (!currentUser(request).verifiedEmail) {
        throw new AppError('email-not-verified', { message: 'Verify your e-mail address first' });
      }
    });
    verifiedEmailChecks.add(requireVerifiedEmail);
    app.decorate('requireVerifiedEmail', requireVerifiedEmail);
  },
  { name: 'auth' },
);
