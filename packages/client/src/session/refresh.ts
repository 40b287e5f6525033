import { isTokenExpired, parseTokenPayload, shouldRefreshToken } from '@hiwar/domain';
import type { TokenStore } from './token-store.ts';

export interface TokenRefresherOptions {
  store: Pick<TokenStore, 'getToken' | 'setToken'>;
  /** Exchanges the current token for a new one (`POST /api/v1/auth/refresh-token`). */
  refresh: (token: string) => Promise<string>;
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
  /** Told about a failed refresh; the refresher itself never throws. */
  onError?: (error: unknown) => void;
}

export interface TokenRefresher {
  /**
   * Refreshes the current token when it is still valid and expires within 2 days (spec §4). Resolves with
   * the new token, or `null` when nothing was due, the token already failed once, or the refresh failed.
   * Concurrent calls share the one request in flight.
   */
  maybeRefresh(): Promise<string | null>;
}

/**
 * Automatic token refresh per spec §4: one at a time, not after an error, never retried, the new token
 * stored persistently. A token whose refresh failed is never tried again; the session simply runs until
 * it expires, because retrying a rejected or revoked token would only hammer the server.
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const { store, refresh, onError } = options;
  const now = options.now ?? Date.now;
  const failedTokens = new Set<string>();
  let inFlight: Promise<string | null> | null = null;

  async function run(token: string): Promise<string | null> {
    try {
      const fresh = await refresh(token);
      if (parseTokenPayload(fresh) === null) {
        throw new Error('The refreshed token is malformed');
      }
      // A logout or a new login while the request was out wins over this answer.
      if (store.getToken() === token) {
        store.setToken(fresh, { persist: true });
      }
      return fresh;
    } catch (error) {
      failedTokens.add(token);
      onError?.(error);
      return null;
    }
  }

  return {
    maybeRefresh() {
      if (inFlight) {
        return inFlight;
      }
      const token = store.getToken();
      if (!token || failedTokens.has(token)) {
        return Promise.resolve(null);
      }
      const payload = parseTokenPayload(token);
      const nowMs = now();
      if (!payload || isTokenExpired(payload, nowMs) || !shouldRefreshToken(payload, nowMs)) {
        return Promise.resolve(null);
      }
      const current = run(token).finally(() => {
        inFlight = null;
      });
      inFlight = current;
      return current;
    },
  };
}
