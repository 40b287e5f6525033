import { loadContractCheck, type SchemaPick } from '../contract.ts';

/**
 * A 2xx answer whose body does not match the contract: a proxy's HTML page, a truncated body, a server
 * of another version. It carries the catalogue code `unexpected`, so `useErrorToast` shows the generic
 * Arabic message, and it is never mistaken for data (a non-JSON 200 must not become the user).
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  readonly code = 'unexpected' as const;
  /** Method and path of the call, for developers reading the console. */
  readonly endpoint: string;
  /** The validator's complaint (zod issues), for developers. */
  readonly issues: unknown;

  constructor(endpoint: string, issues: unknown) {
    super(`Unexpected answer from ${endpoint}`);
    this.endpoint = endpoint;
    this.issues = issues;
  }
}

export function isInvalidResponseError(error: unknown): error is InvalidResponseError {
  return (
    error instanceof InvalidResponseError || (error instanceof Error && error.name === 'InvalidResponseError')
  );
}

export type { SchemaPick } from '../contract.ts';
export type { ResponseSchema } from '../json-check.ts';

/** Validates an answer against its domain response schema: the parsed value, or {@link InvalidResponseError}. */
export async function parseResponse<T>(pick: SchemaPick<T>, body: unknown, endpoint: string): Promise<T> {
  const result = (await loadContractCheck(pick)).safeParse(body);
  if (!result.success) {
    throw new InvalidResponseError(endpoint, result.error.issues);
  }
  return result.data;
}
