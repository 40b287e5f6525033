import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './token.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('bearer tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again from memory, and refuses tampered or foreign ones', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign(42);
    const payload = await tokens.verify(token);
    expect(payload).toMatchObject({ id: 42 });
    expect(await tokens.verify(token)).toEqual(payload);

    const [header, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, id: 43 })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${body}.${signature.slice(0, -2)}xx`)).toBeNull();
    expect(await tokens.verify(await createTokenService(`${SECRET}-other`).sign(42))).toBeNull();
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
    expect(await tokens.verify(unsigned)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });

  it('stops accepting a remembered token once it expires', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.sign(7);
    const payload = (await tokens.verify(token))!;
    vi.useFakeTimers({ now: payload.exp * 1000 - 1 });
    expect(await tokens.verify(token)).toEqual(payload);
    vi.setSystemTime(payload.exp * 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });
});
