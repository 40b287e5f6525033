import { AppError, Role } from '@hiwar/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Sessions } from '../modules/auth/session.ts';
import { bearerToken } from '../modules/auth/token.ts';
import type { UserRow } from '../modules/users/users.repository.ts';

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
  }
  interface FastifyRequest {
    /** The signed-in user, loaded fresh on each request; null when anonymous. */
    user: UserRow | null;
  }
}

/** Spec §6: a forbidden answer tells the user to use another account or contact an admin. */
export function forbidden(): AppError {
  return new AppError('forbidden', {
    message: 'This account may not do that: use another account or contact an admin',
  });
}

/** The signed-in user of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) {
    throw new AppError('unauthenticated');
  }
  return request.user;
}

/** SuperAdmin and RegularAdmin: the staff who manage every user (rules.md "Staff permissions"). */
export function isAdmin(user: Pick<UserRow, 'role'>): boolean {
  return user.role === Role.SuperAdmin || user.role === Role.RegularAdmin;
}

export const authPlugin = fp<{ sessions: Sessions }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', null);

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

    app.decorate('authenticate', async (request: FastifyRequest) => read(request, true));
    app.decorate('authenticateOptional', async (request: FastifyRequest) => read(request, false));
    app.decorate('requireRoles', (...roles: Role[]) => async (request: FastifyRequest) => {
      if (!roles.includes(currentUser(request).role as Role)) {
        throw forbidden();
      }
    });
    app.decorate('requireVerifiedEmail', async (request: FastifyRequest) => {
      if (!currentUser(request).verifiedEmail) {
        throw new AppError('email-not-verified', { message: 'Verify your e-mail address first' });
      }
    });
  },
  { name: 'auth' },
);
