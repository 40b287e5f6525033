import type {
  AuthResponse,
  CodeSentResponse,
  ForgetPasswordRequest,
  GoogleLoginRequest,
  OkResponse,
  PasswordLoginRequest,
  RefreshTokenResponse,
  ResetPasswordRequest,
  SendVerifyEmailRequest,
  UserWithTutor,
  VerifyEmailRequest,
} from '@hiwar/domain';
import { type ApiClient, bearer } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';
import { ACCOUNT_PATHS } from './paths.ts';

/**
 * `POST /api/v1/auth/password`: the user, tutor meta and a bearer token. A wrong password and an unknown
 * e-mail both answer `wrong-password`; too many tries `too-many-requests`.
 */
export async function login(
  client: ApiClient,
  body: PasswordLoginRequest,
  options?: CallOptions,
): Promise<AuthResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.passwordLogin, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.AuthResponseSchema, answer, 'POST /auth/password');
}

/**
 * `POST /api/v1/auth/google` with the ID token from Google Identity Services; `role` applies only when
 * this sign-in creates the account. `service-unavailable` when the server has no Google client id.
 */
export async function loginWithGoogle(
  client: ApiClient,
  body: GoogleLoginRequest,
  options?: CallOptions,
): Promise<AuthResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.googleLogin, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.AuthResponseSchema, answer, 'POST /auth/google');
}

/**
 * `POST /api/v1/auth/password/forget`: e-mails a 5-digit code. Answers the same for an unknown e-mail;
 * `resendAt` says when another code may be asked for.
 */
export async function forgetPassword(
  client: ApiClient,
  body: ForgetPasswordRequest,
  options?: CallOptions,
): Promise<CodeSentResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.forgetPassword, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.CodeSentResponseSchema, answer, 'POST /auth/password/forget');
}

/**
 * `PUT /api/v1/auth/password/reset`: sets the new password with the e-mailed code. Every earlier token of
 * the user stops working; the answer carries no token, so the user signs in again.
 */
export async function resetPassword(
  client: ApiClient,
  body: ResetPasswordRequest,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.put<unknown>(ACCOUNT_PATHS.resetPassword, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'PUT /auth/password/reset');
}

/**
 * `POST /api/v1/auth/refresh-token`: a new token for the signed-in user. `token` sends that token as the
 * bearer instead of the client's own authorization (the session refreshes the exact token it checked).
 */
export async function refreshToken(
  client: ApiClient,
  options?: CallOptions & { token?: string },
): Promise<RefreshTokenResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.refreshToken, {
    ...(options?.token ? { headers: { Authorization: bearer(options.token) } } : {}),
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.RefreshTokenResponseSchema, answer, 'POST /auth/refresh-token');
}

/**
 * `POST /api/v1/auth/logout`: ends every token of the user (all devices). `token` sends that token as the
 * bearer, so a session already cleared locally can still be revoked on the server.
 */
export async function logout(
  client: ApiClient,
  options?: CallOptions & { token?: string },
): Promise<OkResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.logout, {
    ...(options?.token ? { headers: { Authorization: bearer(options.token) } } : {}),
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'POST /auth/logout');
}

/**
 * `PUT /api/v1/auth/send-verify-email` (signed in): e-mails a 4-digit code and a link to
 * `callbackUrl?token=…`. `email-already-verified`, or `too-many-requests` within a minute of the last one.
 */
export async function sendVerifyEmail(
  client: ApiClient,
  body: SendVerifyEmailRequest,
  options?: CallOptions,
): Promise<CodeSentResponse> {
  const answer = await client.put<unknown>(ACCOUNT_PATHS.sendVerifyEmail, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.CodeSentResponseSchema, answer, 'PUT /auth/send-verify-email');
}

/**
 * `PUT /api/v1/auth/verify-email` with exactly one of the link's `token` (works signed out) or the
 * 4-digit `code` (signed in). Answers the verified user with tutor meta.
 */
export async function verifyEmail(
  client: ApiClient,
  body: VerifyEmailRequest,
  options?: CallOptions,
): Promise<UserWithTutor> {
  const answer = await client.put<unknown>(ACCOUNT_PATHS.verifyEmail, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.UserWithTutorSchema, answer, 'PUT /auth/verify-email');
}
