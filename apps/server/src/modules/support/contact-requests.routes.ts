import {
  BOUNDS,
  ContactRequestListResponseSchema,
  ContactRequestReceivedSchema,
  ContactRequestSchema,
  CreateContactRequestRequestSchema,
  FindContactRequestsQuerySchema,
  IdParamSchema,
  Role,
  UpdateContactRequestRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { rateLimited } from '../../core/rate-limit.ts';
import type { ContactRequestsService } from './contact-requests.service.ts';

const security = [{ bearer: [] }];
const ADMINS = [Role.SuperAdmin, Role.RegularAdmin] as const;

/**
 * Spec §7 "Contact request": POST /api/v1/contact-request/ from the public site (anyone, at most
 * `BOUNDS.contactRequestsPerHour` stored per address an hour, shared through Redis when configured, then
 * 429 `too-many-requests`); staff (SuperAdmin, RegularAdmin) list and mark them handled.
 */
export const contactRequestsRoutes: FastifyPluginAsyncZod<{
  contactRequests: ContactRequestsService;
}> = async (app, options) => {
  const { contactRequests } = options;
  const tags = ['contact-request'];

  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Send a contact request (public): name, phone (Egyptian mobile) or e-mail, title, message; rate-limited per address',
        body: CreateContactRequestRequestSchema,
        response: { 200: ContactRequestReceivedSchema },
      },
      // Counted after validation: a visitor correcting a field is not held back.
      config: rateLimited(BOUNDS.contactRequestsPerHour, '1 hour', (request) => `contact:${request.ip}`),
    },
    (request) => contactRequests.createContactRequest(request.body, request.ip),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Contact requests, newest first (SuperAdmin, RegularAdmin; handled, search); `unhandled` counts the open ones',
        querystring: FindContactRequestsQuerySchema,
        response: { 200: ContactRequestListResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    (request) => contactRequests.findContactRequests(request.query),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a contact request handled, or open again (SuperAdmin, RegularAdmin)',
        params: IdParamSchema,
        body: UpdateContactRequestRequestSchema,
        response: { 200: ContactRequestSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    (request) => contactRequests.setHandled(currentUser(request), request.params.id, request.body.handled),
  );
};
