import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeTutorMeta } from '../testing/accounts.ts';
import { DAY_MS, makeToken, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import type { StoredUser } from './current-user.ts';
import { loadStoredUserCheck } from './current-user.ts';
import {
  AUTH_TOKEN_STORAGE_KEY,
  createTokenStore,
  paintAfterStoredUserCheck,
  USER_STORAGE_KEY,
} from './token-store.ts';

const now = () => NOW_MS;
const user: StoredUser = makeAccount();

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('token store: token', () => {
  it('persists the token as { type: bearer, value } under auth-token by default', () => {
    const store = createTokenStore({ now });
    const token = tokenExpiringIn(DAY_MS);

    store.setToken(token);

    expect(store.getToken()).toBe(token);
    expect(JSON.parse(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null')).toEqual({
      type: 'bearer',
      value: token,
    });
  });

  it('keeps a non-persisted token in memory only, and drops an older remembered one', () => {
    const older = createTokenStore({ now });
    older.setToken('old.remembered.token');

    const store = createTokenStore({ now });
    store.setToken('memory.only.token', { persist: false });

    expect(store.getToken()).toBe('memory.only.token');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    // A reload (a fresh store) finds nothing.
    expect(createTokenStore({ now }).getToken()).toBeNull();
  });

  it('reads the persisted token after a reload', () => {
    createTokenStore({ now }).setToken('persisted.token.x');

    expect(createTokenStore({ now }).getToken()).toBe('persisted.token.x');
  });

  it('ignores a stored value of the wrong shape', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, JSON.stringify({ type: 'basic', value: 'x' }));
    expect(createTokenStore({ now }).getToken()).toBeNull();

    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'not json');
    expect(createTokenStore({ now }).getToken()).toBeNull();
  });

  it('removeToken clears memory and storage', () => {
    const store = createTokenStore({ now });
    store.setToken('memory.only.token', { persist: false });
    store.removeToken();
    expect(store.getToken()).toBeNull();

    store.setToken('persisted.token.x');
    store.removeToken();
    expect(store.getToken()).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is valid while exp (unix seconds) is not before now, and invalid after', () => {
    const store = createTokenStore({ now });
    expect(store.isValid()).toBe(false);

    store.setToken(tokenExpiringIn(60_000));
    expect(store.isValid()).toBe(true);

    store.setToken(makeToken(NOW_MS));
    expect(store.isValid()).toBe(true);
    expect(store.isValid(NOW_MS + 1)).toBe(false);

    store.setToken(tokenExpiringIn(-1000));
    expect(store.isValid()).toBe(false);
  });

  it('treats a malformed token as invalid', () => {
    const store = createTokenStore({ now });
    store.setToken('not-a-jwt');

    expect(store.getToken()).toBe('not-a-jwt');
    expect(store.getPayload()).toBeNull();
    expect(store.isValid()).toBe(false);
  });

  it('exposes the decoded payload', () => {
    const store = createTokenStore({ now });
    store.setToken(makeToken(NOW_MS + DAY_MS, 42));

    expect(store.getPayload()).toMatchObject({ id: 42, exp: (NOW_MS + DAY_MS) / 1000 });
  });
});

describe('token store: user', () => {
  // Stored users are checked against their schema, which the apps load before their first paint
  // (token-store.contract.test.ts covers reading before it has loaded).
  beforeAll(async () => {
    await loadStoredUserCheck();
  });

  it('stores, reads back after a reload, and removes the user under the user key', () => {
    const store = createTokenStore({ now });
    const tutor: StoredUser = makeAccount(
      { id: 8, role: 3 },
      makeTutorMeta({ id: 8, bio: 'مدرس إنجليزي', activated: true }),
    );

    store.setStoredUser(tutor);
    expect(store.getStoredUser()).toEqual(tutor);
    expect(createTokenStore({ now }).getStoredUser()).toEqual(tutor);

    store.removeStoredUser();
    expect(store.getStoredUser()).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('does not persist the user of a session that is not remembered', () => {
    const store = createTokenStore({ now });
    store.setToken('memory.only.token', { persist: false });
    store.setStoredUser(user);

    expect(store.getStoredUser()).toEqual(user);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('returns the same object for repeated reads of unchanged storage', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = createTokenStore({ now });

    const first = store.getStoredUser();
    expect(first).toEqual(user);
    expect(store.getStoredUser()).toBe(first);
  });

  it('ignores a stored user of the wrong shape, including the older flat one', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 'x' }));
    expect(createTokenStore({ now }).getStoredUser()).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 7, name: 'منى', email: 'm@x.com', role: 4 }));
    expect(createTokenStore({ now }).getStoredUser()).toBeNull();
  });

  it('keeps only the user and tutor meta of an auth answer, never its token', () => {
    const store = createTokenStore({ now });
    store.setStoredUser({ ...user, token: 'a.b.c' } as StoredUser);

    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toContain('a.b.c');
  });

  it('remembers whether the session is persistent', () => {
    const store = createTokenStore({ now });
    store.setToken('a.b.c', { persist: false });
    expect(store.isPersistent()).toBe(false);
    store.setToken('a.b.d');
    expect(store.isPersistent()).toBe(true);
  });
});

describe('token store: listeners and storage failures', () => {
  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = createTokenStore({ now });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setToken('a.b.c');
    store.setStoredUser(user);
    store.removeStoredUser();
    store.removeToken();
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    store.setToken('a.b.c');
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('follows a logout in another tab', () => {
    const store = createTokenStore({ now });
    store.setToken('shared.token.x');
    const listener = vi.fn();
    store.subscribe(listener);

    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_STORAGE_KEY, newValue: null }));

    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getToken()).toBeNull();
  });

  it('keeps working in memory when storage throws (private mode, quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const store = createTokenStore({ now });

    expect(() => store.setToken(tokenExpiringIn(DAY_MS))).not.toThrow();
    expect(store.isValid()).toBe(true);
    expect(() => store.setStoredUser(user)).not.toThrow();
    expect(store.getStoredUser()).toEqual(user);
    expect(() => store.removeToken()).not.toThrow();
    expect(store.getToken()).toBeNull();
  });
});

describe('paintAfterStoredUserCheck', () => {
  it('paints a visitor at once, and a stored session only once its user can be checked', async () => {
    localStorage.clear();
    const visitor = vi.fn();
    paintAfterStoredUserCheck(visitor);
    expect(visitor).toHaveBeenCalledTimes(1);

    createTokenStore({ now: () => NOW_MS }).setToken(tokenExpiringIn(DAY_MS));
    const signedIn = vi.fn();
    paintAfterStoredUserCheck(signedIn);
    expect(signedIn).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
  });
});
