import {
  FindMediaQuerySchema,
  MediaListResponseSchema,
  RemoveOrphansResponseSchema,
  Role,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMediaService } from './media.service.ts';

const security = [{ bearer: [] }];

/**
 * `/api/v1/media/…` (issue 13 "Back office"): every stored file for admins, and the removal of
 * orphaned files for SuperAdmins.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = createMediaService({ db: app.db, files: app.files, config: app.config, log: app.log });
  const tags = ['media'];

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Stored files (SuperAdmin, RegularAdmin): kind, owner, Cairo dates, orphaned only; each with its owner, uses and address',
        querystring: FindMediaQuerySchema,
        response: { 200: MediaListResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)],
    },
    (request) => media.findMedia(request.query),
  );

  app.delete(
    '/orphans',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove orphaned files (SuperAdmin): files nothing references, older than an hour, from the table and the file store; `more` when another run has more',
        response: { 200: RemoveOrphansResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(Role.SuperAdmin)],
    },
    () => media.removeOrphans(),
  );
};
