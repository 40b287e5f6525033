import { AppError, Role } from '@hiwar/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { users } from '../db/schema.ts';

/**
 * Who is calling, as routes and services see it: the caller checks the auth plugin
 * (plugins/auth.ts) decorates the app with, the signed-in user on each request, and the answers
 * for a caller who may not act.
 */

/** The signed-in user: their `users` row (the users module's `UserRow`). */
type SignedInUser = typeof users.$inferSelect;

/** A route that needs a signed-in caller, and the roles it admits (all when empty). */
export type ProtectedRoute = { method: string; url: string; roles: readonly Role[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid, unrevoked bearer token is required (401 `unauthenticated`). */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: reads the bearer token when there is one; a bad one is still 401. */
    authenticateOptional: preHandlerAsyncHookHandler;
    /** preHandler (after `authenticate`): the caller's role is one of these (403 `forbidden`). */
    requireRoles(...roles: Role[]): preHandlerAsyncHookHandler;
    /** preHandler (after `authenticate`): booking and chat need a verified e-mail (spec §4). */
    requireVerifiedEmail: preHandlerAsyncHookHandler;
    /** Every route that needs a signed-in caller, with the roles it admits (tests walk them). */
    protectedRoutes: readonly ProtectedRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh on each request; null when anonymous. */
    user: SignedInUser | null;
  }
}

/** Reads `Bearer <token>` from an Authorization header value (a request's or a socket handshake's). */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? null;
}

/** Spec §6: a forbidden answer tells the user to use another account or contact an admin. */
export function forbidden(): AppError {
  return new AppError('forbidden', {
    message: 'This account may not do that: use another account or contact an admin',
  });
}

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) {
    throw new AppError('unauthenticated');
  }
  return request.user;
}

/** SuperAdmin and RegularAdmin: the staff who manage every user (rules.md "Staff permissions"). */
export function isAdmin(user: Pick<SignedInUser, 'role'>): boolean {
  return user.role === Role.SuperAdmin || user.role === Role.RegularAdmin;
}
