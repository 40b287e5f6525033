import { BOUNDS } from '../bounds.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Auth token payload (spec §3); `iat` and `exp` are unix seconds. Its zod schema is in token.schemas.ts. */
export type TokenPayload = { id: number; iat: number; exp: number };

/**
 * The payload's fields, checked as `TokenPayloadSchema` does (a positive integer id, numeric times,
 * other fields dropped), without zod: the apps read the token before their first paint, which zod is
 * kept out of (issue 16).
 */
function toTokenPayload(value: unknown): TokenPayload | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { id, iat, exp } = value as Record<string, unknown>;
  const isTime = (time: unknown): time is number => typeof time === 'number' && Number.isFinite(time);
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || !isTime(iat) || !isTime(exp)) {
    return null;
  }
  return { id, iat, exp };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads a JWT's payload without checking its signature: clients need the expiry to plan a refresh,
 * and only the server, which holds the key, can verify. Any malformed token gives `null`.
 */
export function parseTokenPayload(jwt: string): TokenPayload | null {
  const segments = jwt.split('.');
  if (segments.length !== 3 || !segments[1]) {
    return null;
  }
  try {
    return toTokenPayload(JSON.parse(decodeBase64Url(segments[1])));
  } catch {
    return null;
  }
}

/** Spec §4: a token is expired when its expiry is before now; private requests need one that is not. */
export function isTokenExpired(payload: TokenPayload, nowMs: number = Date.now()): boolean {
  return payload.exp * 1000 < nowMs;
}

/** The client refreshes once 2 days or less remain, and never with an expired token (that is a new login). */
export function shouldRefreshToken(payload: TokenPayload, nowMs: number = Date.now()): boolean {
  const remainingMs = payload.exp * 1000 - nowMs;
  return !isTokenExpired(payload, nowMs) && remainingMs <= BOUNDS.token.refreshThresholdDays * DAY_MS;
}
