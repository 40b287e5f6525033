import {
  CreateInviteRequestSchema,
  FindInvitesQuerySchema,
  IdParamSchema,
  InviteListResponseSchema,
  InviteSchema,
  OkResponseSchema,
  Role,
  UpdateInviteRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createInvitesService } from './invites.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Invite": /api/v1/invite/… SuperAdmin manages invites, RegularAdmin views them. */
export const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invites = createInvitesService(app);
  const tags = ['invite'];
  const superAdmin = [app.authenticate, app.requireRoles(Role.SuperAdmin)];
  const admins = [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Invite an e-mail address to a plan (SuperAdmin)',
        body: CreateInviteRequestSchema,
        errors: ['plan-not-found', 'invite-exists'],
        response: { 200: InviteSchema },
      },
      preHandler: superAdmin,
    },
    (request) => invites.createInvite(request.body, currentUser(request)),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary: 'Invites, newest first (SuperAdmin, RegularAdmin)',
        querystring: FindInvitesQuerySchema,
        response: { 200: InviteListResponseSchema },
      },
      preHandler: admins,
    },
    (request) => invites.findInvites(request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One invite (SuperAdmin, RegularAdmin)',
        params: IdParamSchema,
        errors: ['invite-not-found'],
        response: { 200: InviteSchema },
      },
      preHandler: admins,
    },
    (request) => invites.getInvite(request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an invite (SuperAdmin)',
        params: IdParamSchema,
        body: UpdateInviteRequestSchema,
        errors: ['invite-not-found', 'plan-not-found', 'invite-exists'],
        response: { 200: InviteSchema },
      },
      preHandler: superAdmin,
    },
    (request) => invites.updateInvite(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw an invite (SuperAdmin)',
        params: IdParamSchema,
        errors: ['invite-not-found'],
        response: { 200: OkResponseSchema },
      },
      preHandler: superAdmin,
    },
    (request) => invites.deleteInvite(request.params.id),
  );
};
