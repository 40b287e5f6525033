import { BOUNDS, type TokenPayload, TokenPayloadSchema } from '@hiwar/domain';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Bearer tokens: HS256 JWTs whose payload is exactly `{ id, iat, exp }` (spec §3). Revocation is
 * layered on top by the accounts module (a per-user token version checked on each request).
 */
export type TokenService = {
  sign(userId: number, options?: { now?: Date }): Promise<string>;
  /** The payload of a valid, unexpired token, or null. Never throws on bad input. */
  verify(token: string): Promise<TokenPayload | null>;
};

const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  // Imported once: given raw bytes, jose would import the key again for every token it checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const lifetimeSeconds = BOUNDS.token.lifetimeDays * 24 * 60 * 60;
  // Tokens whose signature was checked, until they expire: a signed-in client sends the same token
  // with every request, and checking the HMAC again through WebCrypto costs more than the rest of a
  // cheap request. Only what passed `jwtVerify` is kept; revocation is checked on every request all
  // the same (`Sessions.authenticate`). The oldest go first past `VERIFIED_MAX` entries.
  const verified = new Map<string, TokenPayload>();
  const remember = (token: string, payload: TokenPayload) => {
    if (verified.size >= VERIFIED_MAX) {
      verified.delete(verified.keys().next().value!);
    }
    verified.set(token, payload);
  };
  return {
    async sign(userId, options = {}) {
      const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
      return new SignJWT({ id: userId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetimeSeconds)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) {
          return known;
        }
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const parsed = TokenPayloadSchema.safeParse(payload);
        if (!parsed.success) {
          return null;
        }
        remember(token, parsed.data);
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}
