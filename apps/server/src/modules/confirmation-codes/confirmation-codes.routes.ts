import {
  CodeSentResponseSchema,
  SendPhoneCodeRequestSchema,
  UserWithTutorSchema,
  VerifyPhoneCodeRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { limitBy, rateLimited, SENDS_CODE_LIMITS } from '../../core/rate-limit.ts';
import { CODE_CHECK_LIMIT } from '../auth/auth.routes.ts';
import { createPhoneVerification } from './phone-verification.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Confirmation code": /api/v1/confirmation-code/… */
export const confirmationCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const phones = createPhoneVerification(app);
  const tags = ['confirmation-code'];

  app.post(
    '/phone/send',
    {
      schema: {
        tags,
        security,
        summary: 'Send a 5-digit phone code through WhatsApp or Telegram',
        body: SendPhoneCodeRequestSchema,
        errors: ['invalid-phone', 'unresolved-phone', 'phone-already-verified'],
        response: { 200: CodeSentResponseSchema },
      },
      preHandler: [
        app.authenticate,
        // Sends a WhatsApp or Telegram message: per address too (the code rules limit each user).
        limitBy(app, 'phone-code-send', SENDS_CODE_LIMITS.perIp, (request) => request.ip),
      ],
    },
    (request) => phones.send(request.body, currentUser(request)),
  );

  app.post(
    '/phone/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Verify the phone with the code',
        body: VerifyPhoneCodeRequestSchema,
        errors: [
          'phone-already-verified',
          'incorrect-phone',
          'invalid-verification-code',
          'expired-verification-code',
        ],
        response: { 200: UserWithTutorSchema },
      },
      preHandler: app.authenticate,
      config: rateLimited(CODE_CHECK_LIMIT.max, CODE_CHECK_LIMIT.timeWindow),
    },
    (request) => phones.verify(request.body, currentUser(request)),
  );
};
