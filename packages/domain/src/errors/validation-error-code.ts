import type { z } from 'zod';
import { type ErrorCode, isErrorCode } from './error-codes.ts';

/**
 * The catalogue code for a failed parse. Domain schemas put the code in each issue's message, so the
 * first issue names the specific problem; anything else (a schema written elsewhere) is `bad-request`.
 */
export function validationErrorCode(error: z.ZodError): ErrorCode {
  const message = error.issues[0]?.message;
  return isErrorCode(message) ? message : 'bad-request';
}

/**
 * Type-level error for domain schemas: a missing value reads as `required`, a value of the wrong type
 * as `invalid-type`, matching the spec's "Required" and invalid-type messages.
 */
export function typeErrorCode(issue: { input?: unknown }): ErrorCode {
  return issue.input === undefined ? 'required' : 'invalid-type';
}
