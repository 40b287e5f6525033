import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import { authorizationFromStore, getValidToken } from './authorization.ts';
import { createTokenStore } from './token-store.ts';

beforeEach(() => {
  localStorage.clear();
});

describe('authorizationFromStore', () => {
  it('sends Bearer <token> only while the token is valid', () => {
    const store = createTokenStore({ now: () => NOW_MS });
    const getAuthorization = authorizationFromStore(store);
    expect(getAuthorization()).toBeNull();

    const token = tokenExpiringIn(DAY_MS);
    store.setToken(token);
    expect(getAuthorization()).toBe(`Bearer ${token}`);
    expect(getValidToken(store)).toBe(token);

    store.setToken(tokenExpiringIn(-1000));
    expect(getAuthorization()).toBeNull();
    expect(getValidToken(store)).toBeNull();
  });
});
