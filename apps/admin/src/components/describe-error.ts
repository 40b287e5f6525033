import { errorMessage, messages } from '@hiwar/ui';

function readCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return null;
}

/** The Arabic explanation of a failed call: its catalogue message, or the connection message. */
export function describeError(error: unknown): string {
  const code = readCode(error);
  if (code) {
    return errorMessage(code);
  }
  return error instanceof TypeError ? messages.common.networkError : errorMessage('unexpected');
}
