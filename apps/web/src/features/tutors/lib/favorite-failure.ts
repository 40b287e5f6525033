import { errorMessage, messages } from '@hiwar/ui';

/**
 * Why saving or unsaving a tutor failed, in Arabic: on a chunk of its own, loaded when a call fails,
 * because the directory and the profile (pages visitors land on) otherwise never need the error
 * catalogue (issue 26).
 */
export function favoriteFailureReason(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : null;
  if (code) {
    return errorMessage(code);
  }
  // fetch() rejects with a TypeError when the network fails before any answer.
  return error instanceof TypeError ? messages.common.networkError : errorMessage('unexpected');
}
