/** Test helpers: unsigned JWTs with a chosen expiry. Not exported from the package entry. */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A fixed "now" so expiry arithmetic in tests is exact: 2030-01-01T00:00:00Z. */
export const NOW_MS = Date.UTC(2030, 0, 1);

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT whose payload is `{ id, iat, exp }`; the signature is fake (clients never verify it). */
export function makeToken(expiresAtMs: number, id = 7): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      id,
      iat: Math.floor((expiresAtMs - 7 * DAY_MS) / 1000),
      exp: Math.floor(expiresAtMs / 1000),
    }),
  );
  return `${header}.${payload}.signature`;
}

/** A token expiring `ms` after `NOW_MS`. */
export function tokenExpiringIn(ms: number, id = 7): string {
  return makeToken(NOW_MS + ms, id);
}
