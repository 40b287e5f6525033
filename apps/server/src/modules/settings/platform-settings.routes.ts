import {
  FindPlatformSettingsAuditQuerySchema,
  PlatformSettingsAuditResponseSchema,
  PlatformSettingsResponseSchema,
  PublicPlatformSettingsSchema,
  Role,
  UpdatePlatformSettingsRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createPlatformSettingsService } from './platform-settings.service.ts';

const security = [{ bearer: [] }];
const ADMINS = [Role.SuperAdmin, Role.RegularAdmin] as const;

/**
 * /api/v1/platform-settings (rules.md "Staff permissions": platform settings for SuperAdmin and
 * RegularAdmin), plus the public part the web app shows. Authentication and the role are checked on
 * the request, before the body is read.
 */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = createPlatformSettingsService(app);
  const tags = ['platform-settings'];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Every platform setting with its value in force, default and bounds (SuperAdmin, RegularAdmin)',
        response: { 200: PlatformSettingsResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    () => settings.getSettings(),
  );

  app.get(
    '/public',
    {
      schema: {
        tags,
        summary:
          'The booking rules the app shows (public): lead time, upcoming-lesson limit, free cancellation',
        response: { 200: PublicPlatformSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.getPublicSettings();
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Change any settings (SuperAdmin, RegularAdmin): whole numbers inside their bounds (`setting-too-low`, `setting-too-high`); each change audited; clients told on the PlatformSettings channel',
        body: UpdatePlatformSettingsRequestSchema,
        response: { 200: PlatformSettingsResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    (request) => settings.updateSettings(currentUser(request), request.body),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary:
          'Changes of the settings, newest first: who, when, old and new value (SuperAdmin, RegularAdmin)',
        querystring: FindPlatformSettingsAuditQuerySchema,
        response: { 200: PlatformSettingsAuditResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    (request) => settings.findAudit(request.query),
  );
};
