import {
  AuthResponseSchema,
  CodeSentResponseSchema,
  ForgetPasswordRequestSchema,
  GoogleLoginRequestSchema,
  OkResponseSchema,
  PasswordLoginRequestSchema,
  RefreshTokenResponseSchema,
  ResetPasswordRequestSchema,
  SendVerifyEmailRequestSchema,
  UserWithTutorSchema,
  VerifyEmailRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { bodyEmail, limitBy, rateLimited, SENDS_CODE_LIMITS } from '../../core/rate-limit.ts';
import { createAuthService } from './auth.service.ts';

const security = [{ bearer: [] }];

/** Login: 10 tries per 15 minutes for one address from one IP. */
export const LOGIN_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/** Code checks: 10 a minute per IP (each code also dies after 5 wrong tries). */
export const CODE_CHECK_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** Spec §7 "Auth": /api/v1/auth/… */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app);
  const tags = ['auth'];

  app.post(
    '/password',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: PasswordLoginRequestSchema,
        errors: ['wrong-password'],
        response: { 200: AuthResponseSchema },
      },
      config: rateLimited(LOGIN_LIMIT.max, LOGIN_LIMIT.timeWindow, (request) => {
        const { email } = request.body as { email: string };
        return `login:${request.ip}:${email}`;
      }),
    },
    (request) => auth.loginWithPassword(request.body),
  );

  app.post(
    '/google',
    {
      schema: {
        tags,
        summary: 'Sign in or up with a Google ID token',
        body: GoogleLoginRequestSchema,
        errors: ['unauthenticated', 'forbidden', 'user-exists', 'service-unavailable'],
        response: { 200: AuthResponseSchema },
      },
      config: rateLimited(30, '15 minutes'),
    },
    (request) => auth.loginWithGoogle(request.body),
  );

  app.post(
    '/password/forget',
    {
      schema: {
        tags,
        summary: 'E-mail a 5-digit password reset code',
        body: ForgetPasswordRequestSchema,
        response: { 200: CodeSentResponseSchema },
      },
      // Sends a mail: per address and per e-mail.
      config: rateLimited(SENDS_CODE_LIMITS.perIp.max, SENDS_CODE_LIMITS.perIp.timeWindow),
      preHandler: limitBy(app, 'forget-email', SENDS_CODE_LIMITS.perEmail, bodyEmail),
    },
    (request) => auth.forgetPassword(request.body),
  );

  app.put(
    '/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code',
        body: ResetPasswordRequestSchema,
        errors: ['invalid-verification-code', 'expired-verification-code'],
        response: { 200: OkResponseSchema },
      },
      config: rateLimited(CODE_CHECK_LIMIT.max, CODE_CHECK_LIMIT.timeWindow),
    },
    (request) => auth.resetPassword(request.body),
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags,
        security,
        summary: 'A new token for the signed-in user',
        response: { 200: RefreshTokenResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => auth.refresh(currentUser(request)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        security,
        summary: 'End every session of the signed-in user',
        response: { 200: OkResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => auth.logout(currentUser(request)),
  );

  app.put(
    '/send-verify-email',
    {
      schema: {
        tags,
        security,
        summary: 'E-mail a 4-digit code and a verification link',
        body: SendVerifyEmailRequestSchema,
        errors: ['email-already-verified'],
        response: { 200: CodeSentResponseSchema },
      },
      preHandler: [
        app.authenticate,
        // Sends a mail (the code rules also allow 1 a minute and 5 an hour per user).
        limitBy(app, 'verify-email-send', SENDS_CODE_LIMITS.perIp, (request) => request.ip),
      ],
    },
    (request) => auth.sendVerifyEmail(currentUser(request), request.body.callbackUrl),
  );

  app.put(
    '/verify-email',
    {
      schema: {
        tags,
        summary: "Verify the e-mail with the link's token or (signed in) the code",
        body: VerifyEmailRequestSchema,
        errors: [
          'unauthenticated',
          'invalid-verification-code',
          'expired-verification-code',
          'email-already-verified',
        ],
        response: { 200: UserWithTutorSchema },
      },
      preHandler: app.authenticateOptional,
      config: rateLimited(CODE_CHECK_LIMIT.max, CODE_CHECK_LIMIT.timeWindow),
    },
    (request) => auth.verifyEmail(request.body, request.user),
  );
};
