import { describe, expect, it } from 'vitest';
import { TokenPayloadSchema } from './token.schemas.ts';
import { isTokenExpired, parseTokenPayload, shouldRefreshToken, type TokenPayload } from './token.ts';

function jwtWith(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('parseTokenPayload', () => {
  it('reads id, iat and exp without verifying', () => {
    expect(parseTokenPayload(jwtWith({ id: 7, iat: 1_800_000_000, exp: 1_800_604_800 }))).toEqual({
      id: 7,
      iat: 1_800_000_000,
      exp: 1_800_604_800,
    });
  });

  it('decodes base64url payloads that need padding and carry UTF-8', () => {
    const payload = { id: 12, iat: 1, exp: 2, name: 'منى' };
    expect(parseTokenPayload(jwtWith(payload))).toEqual({ id: 12, iat: 1, exp: 2 });
  });

  it('returns null for a payload missing a numeric field', () => {
    expect(parseTokenPayload(jwtWith({ id: 7, iat: 1 }))).toBeNull();
    expect(parseTokenPayload(jwtWith({ id: '7', iat: 1, exp: 2 }))).toBeNull();
    expect(parseTokenPayload(jwtWith({ id: 0, iat: 1, exp: 2 }))).toBeNull();
    expect(parseTokenPayload(jwtWith({ id: 1.5, iat: 1, exp: 2 }))).toBeNull();
  });

  it('accepts exactly what TokenPayloadSchema accepts, without zod', () => {
    const payloads: unknown[] = [
      { id: 7, iat: 1, exp: 2 },
      { id: 7, iat: 1.5, exp: -2, role: 4 },
      { id: 7, iat: 1 },
      { id: -1, iat: 1, exp: 2 },
      { id: 2 ** 53, iat: 1, exp: 2 },
      { id: 7, iat: '1', exp: 2 },
      { id: 7, iat: 1, exp: null },
      [7, 1, 2],
      'token',
      42,
    ];
    for (const payload of payloads) {
      const expected = TokenPayloadSchema.safeParse(payload);
      expect(parseTokenPayload(jwtWith(payload)), JSON.stringify(payload)).toEqual(
        expected.success ? expected.data : null,
      );
    }
  });

  it('returns null for anything that is not a JWT', () => {
    expect(parseTokenPayload('')).toBeNull();
    expect(parseTokenPayload('a.b')).toBeNull();
    expect(parseTokenPayload('a..c')).toBeNull();
    expect(parseTokenPayload('a.!!!.c')).toBeNull();
    expect(parseTokenPayload(`a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull();
    expect(parseTokenPayload(jwtWith(null))).toBeNull();
  });
});

describe('token expiry and refresh', () => {
  const now = Date.UTC(2026, 5, 1);
  const expiringIn = (ms: number): TokenPayload => ({ id: 1, iat: 0, exp: (now + ms) / 1000 });

  it('is expired only once exp is before now', () => {
    expect(isTokenExpired(expiringIn(-1000), now)).toBe(true);
    expect(isTokenExpired(expiringIn(0), now)).toBe(false);
    expect(isTokenExpired(expiringIn(1000), now)).toBe(false);
  });

  it('refreshes when 2 days or less remain', () => {
    expect(shouldRefreshToken(expiringIn(7 * DAY_MS), now)).toBe(false);
    expect(shouldRefreshToken(expiringIn(2 * DAY_MS + 1000), now)).toBe(false);
    expect(shouldRefreshToken(expiringIn(2 * DAY_MS), now)).toBe(true);
    expect(shouldRefreshToken(expiringIn(60_000), now)).toBe(true);
  });

  it('does not refresh an expired token', () => {
    expect(shouldRefreshToken(expiringIn(-1000), now)).toBe(false);
  });
});
