import type {
  CodeSentResponse,
  SendPhoneCodeRequest,
  UserWithTutor,
  VerifyPhoneCodeRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';
import { ACCOUNT_PATHS } from './paths.ts';

/**
 * `POST /api/v1/confirmation-code/phone/send`: a 5-digit code through WhatsApp or Telegram; a given
 * `phone` replaces the stored one. Errors: `invalid-phone`, `phone-already-verified`, `unresolved-phone`
 * (Telegram cannot reach the number), `too-many-requests`.
 */
export async function sendPhoneCode(
  client: ApiClient,
  body: SendPhoneCodeRequest,
  options?: CallOptions,
): Promise<CodeSentResponse> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.sendPhoneCode, {
    body,
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.CodeSentResponseSchema,
    answer,
    'POST /confirmation-code/phone/send',
  );
}

/**
 * `POST /api/v1/confirmation-code/phone/verify`: marks the phone verified and makes the app the code went
 * through the notification method. Errors: `invalid-verification-code`, `expired-verification-code`,
 * `incorrect-phone`, `phone-already-verified`.
 */
export async function verifyPhoneCode(
  client: ApiClient,
  body: VerifyPhoneCodeRequest,
  options?: CallOptions,
): Promise<UserWithTutor> {
  const answer = await client.post<unknown>(ACCOUNT_PATHS.verifyPhoneCode, {
    body,
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.UserWithTutorSchema,
    answer,
    'POST /confirmation-code/phone/verify',
  );
}
