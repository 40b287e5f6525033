import {
  CurrentUserResponseSchema,
  FindUsersQuerySchema,
  IdParamSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  STAFF_ROLES,
  TutorMetaSchema,
  UpdateUserRequestSchema,
  UpdateUserResponseSchema,
  UserListResponseSchema,
  UserSchema,
} from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, isAdmin } from '../../core/auth.ts';
import { bodyEmail, paceBy, SIGN_UP_LIMITS } from '../../core/rate-limit.ts';
import { createUsersService } from './users.service.ts';

const security = [{ bearer: [] }];

/** A signed-in admin creating an account (not a stranger signing up). */
const isStaffCaller = (request: FastifyRequest) => request.user !== null && isAdmin(request.user);

/** Spec §7 "User": /api/v1/user/… */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersService(app);
  const tags = ['user'];

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Register a student or tutor (a SuperAdmin may create any role)',
        body: RegisterRequestSchema,
        errors: ['forbidden', 'user-exists'],
        response: { 200: RegisterResponseSchema },
      },
      preHandler: [
        app.authenticateOptional,
        // Each sign-up sends a mail: paced per address and per e-mail (decision 0047); staff creating
        // accounts are not counted.
        paceBy(app, 'sign-up-ip', SIGN_UP_LIMITS.perIp, (request) => request.ip, isStaffCaller),
        paceBy(app, 'sign-up-email', SIGN_UP_LIMITS.perEmail, bodyEmail, isStaffCaller),
      ],
    },
    (request) => users.register(request.body, request.user),
  );

  app.get(
    '/current',
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in user and tutor meta',
        response: { 200: CurrentUserResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => users.getCurrent(currentUser(request)),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Users, paged and filtered: admins everyone; a Studio member their assigned tutors, a TutorManager the tutors they interview or that await an interviewer (decision 0045; another `role` is forbidden to them)',
        errors: ['forbidden'],
        querystring: FindUsersQuerySchema,
        response: { 200: UserListResponseSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...STAFF_ROLES)],
    },
    (request) => users.findUsers(request.query, currentUser(request)),
  );

  app.get(
    '/tutor/meta/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Tutor meta of a Tutor or TutorManager (one not yet activated: themself and the staff who may read them)',
        params: IdParamSchema,
        errors: ['tutor-not-found'],
        response: { 200: TutorMetaSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => users.getTutorMeta(request.params.id, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'One user: yourself, or a user within your staff reach (decision 0045); anyone else `forbidden`, whether or not they exist',
        params: IdParamSchema,
        errors: ['forbidden', 'user-not-found'],
        response: { 200: UserSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => users.getUser(request.params.id, currentUser(request)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a user (yourself, or staff changing others)',
        params: IdParamSchema,
        body: UpdateUserRequestSchema,
        errors: ['forbidden', 'user-not-found', 'wrong-password'],
        response: { 200: UpdateUserResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => users.updateUser(request.params.id, request.body, currentUser(request)),
  );
};
