import { bearer } from '../api/api-client.ts';
import type { TokenStore } from './token-store.ts';

/**
 * The token when it is still valid, else `null`: private requests and the socket handshake need an
 * unexpired token (spec §4), and sending an expired one only earns an `unauthenticated` answer.
 */
export function getValidToken(store: Pick<TokenStore, 'getToken' | 'isValid'>): string | null {
  return store.isValid() ? store.getToken() : null;
}

/** A `getAuthorization` for `createApiClient` that sends `Bearer <token>` while the token is valid. */
export function authorizationFromStore(store: Pick<TokenStore, 'getToken' | 'isValid'>): () => string | null {
  return () => {
    const token = getValidToken(store);
    return token ? bearer(token) : null;
  };
}
