import type { Database } from '../../db/client.ts';
import { findUserById, revokeUserTokens, type UserRow } from '../users/users.repository.ts';
import type { TokenService } from './token.ts';

/**
 * Bearer sessions on top of the stateless JWTs: a token is accepted only while its user exists and
 * it was issued at or after the user's `tokensValidAfter` (moved by logout and password changes).
 * The HTTP guard and the socket handshake both go through `authenticate`.
 */
export type Sessions = {
  /** The token's user, or null for a bad, expired or revoked token. */
  authenticate(token: string): Promise<UserRow | null>;
  /** A fresh token for the user, never older than their revocation boundary. */
  issue(user: Pick<UserRow, 'id' | 'tokensValidAfter'>): Promise<string>;
  /** Ends every token issued so far, and the user's live sockets; returns the next token's earliest date. */
  revoke(userId: number): Promise<Date>;
  /** Closes the user's live sockets after a transaction revoked their tokens (`revokeUserTokens`). */
  disconnect(userId: number): void;
};

export function createSessions(
  db: Database,
  tokens: TokenService,
  options: { disconnect?: (userId: number) => void } = {},
): Sessions {
  const disconnect = (userId: number) => options.disconnect?.(userId);
  return {
    async authenticate(token) {
      const payload = await tokens.verify(token);
      if (!payload) {
        return null;
      }
      const user = await findUserById(db, payload.id);
      if (!user || payload.iat < Math.floor(user.tokensValidAfter.getTime() / 1000)) {
        return null;
      }
      return user;
    },
    issue(user) {
      const now = Math.max(Date.now(), user.tokensValidAfter.getTime());
      return tokens.sign(user.id, { now: new Date(now) });
    },
    async revoke(userId) {
      const boundary = await revokeUserTokens(db, userId);
      disconnect(userId);
      return boundary;
    },
    disconnect,
  };
}
