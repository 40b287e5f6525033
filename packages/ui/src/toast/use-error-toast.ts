import { useCallback } from 'react';
import { errorMessage } from '../messages/error-messages.ts';
import { messages } from '../messages/messages.ts';
import { errorMessageOf } from '../messages/retry-after.ts';
import { useToast } from './toast-provider.tsx';

function readCode(error: unknown): { code: string; retryAfterSeconds: number | null } | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const wait = 'retryAfterSeconds' in error ? error.retryAfterSeconds : null;
    return { code: error.code, retryAfterSeconds: typeof wait === 'number' ? wait : null };
  }
  return null;
}

/**
 * Returns a function that shows an error toast in Arabic for a failed call: the catalogue message for an
 * `ApiError` code (for `too-many-requests`, with when to try again when the server said so), a
 * connection message when `fetch` itself failed, the generic message otherwise. The toast id is derived
 * from the code, so the same failure repeated replaces its toast instead of stacking.
 */
export function useErrorToast(): (error: unknown) => void {
  const { toast } = useToast();
  return useCallback(
    (error: unknown) => {
      const coded = readCode(error);
      if (coded) {
        toast({ id: `error:${coded.code}`, type: 'error', title: errorMessageOf(coded) });
        return;
      }
      // fetch() rejects with a TypeError when the network or CORS fails before any answer.
      if (error instanceof TypeError) {
        toast({ id: 'error:network', type: 'error', title: messages.common.networkError });
        return;
      }
      toast({ id: 'error:unexpected', type: 'error', title: errorMessage('unexpected') });
    },
    [toast],
  );
}
