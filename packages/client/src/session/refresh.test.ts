import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import { createTokenRefresher } from './refresh.ts';
import { AUTH_TOKEN_STORAGE_KEY, createTokenStore } from './token-store.ts';

const now = () => NOW_MS;

function setup(token: string, refresh: (token: string) => Promise<string>) {
  const store = createTokenStore({ now });
  store.setToken(token, { persist: false });
  const onError = vi.fn();
  const refresher = createTokenRefresher({ store, refresh, now, onError });
  return { store, refresher, onError };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  localStorage.clear();
});

describe('token refresher', () => {
  it('refreshes when exactly 2 days remain and stores the new token persistently', async () => {
    const fresh = tokenExpiringIn(7 * DAY_MS);
    const refresh = vi.fn(() => Promise.resolve(fresh));
    const old = tokenExpiringIn(2 * DAY_MS);
    const { store, refresher } = setup(old, refresh);

    await expect(refresher.maybeRefresh()).resolves.toBe(fresh);

    expect(refresh).toHaveBeenCalledWith(old);
    expect(store.getToken()).toBe(fresh);
    // The old token was in memory only; the refreshed one is persisted regardless.
    expect(JSON.parse(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY) ?? 'null')).toEqual({
      type: 'bearer',
      value: fresh,
    });
  });

  it('does not refresh when 3 days remain', async () => {
    const refresh = vi.fn(() => Promise.resolve(tokenExpiringIn(7 * DAY_MS)));
    const { refresher } = setup(tokenExpiringIn(3 * DAY_MS), refresh);

    await expect(refresher.maybeRefresh()).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not refresh just over the threshold, nor an expired token, nor without a token', async () => {
    const refresh = vi.fn(() => Promise.resolve(tokenExpiringIn(7 * DAY_MS)));

    await setup(tokenExpiringIn(2 * DAY_MS + 1000), refresh).refresher.maybeRefresh();
    await setup(tokenExpiringIn(-1000), refresh).refresher.maybeRefresh();
    const empty = setup('x.y.z', refresh);
    empty.store.removeToken();
    await empty.refresher.maybeRefresh();

    expect(refresh).not.toHaveBeenCalled();
  });

  it('runs one refresh at a time: concurrent calls share the request in flight', async () => {
    const answer = deferred<string>();
    const refresh = vi.fn(() => answer.promise);
    const { refresher } = setup(tokenExpiringIn(DAY_MS), refresh);

    const first = refresher.maybeRefresh();
    const second = refresher.maybeRefresh();
    expect(second).toBe(first);
    expect(refresh).toHaveBeenCalledTimes(1);

    const fresh = tokenExpiringIn(7 * DAY_MS);
    answer.resolve(fresh);
    await expect(Promise.all([first, second])).resolves.toEqual([fresh, fresh]);
  });

  it('never retries a token whose refresh failed', async () => {
    const failure = new Error('network down');
    const refresh = vi.fn(() => Promise.reject(failure));
    const token = tokenExpiringIn(DAY_MS);
    const { store, refresher, onError } = setup(token, refresh);

    await expect(refresher.maybeRefresh()).resolves.toBeNull();
    await expect(refresher.maybeRefresh()).resolves.toBeNull();

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(store.getToken()).toBe(token);
  });

  it('refreshes a new token after an earlier one failed', async () => {
    const fresh = tokenExpiringIn(7 * DAY_MS, 8);
    const refresh = vi.fn<(token: string) => Promise<string>>(() => Promise.reject(new Error('x')));
    const { store, refresher } = setup(tokenExpiringIn(DAY_MS), refresh);
    await refresher.maybeRefresh();

    refresh.mockImplementation(() => Promise.resolve(fresh));
    store.setToken(tokenExpiringIn(DAY_MS, 8));

    await expect(refresher.maybeRefresh()).resolves.toBe(fresh);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('treats a malformed refreshed token as a failure', async () => {
    const token = tokenExpiringIn(DAY_MS);
    const refresh = vi.fn(() => Promise.resolve('garbage'));
    const { store, refresher, onError } = setup(token, refresh);

    await expect(refresher.maybeRefresh()).resolves.toBeNull();
    await refresher.maybeRefresh();

    expect(store.getToken()).toBe(token);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not store the answer when the user logged out meanwhile', async () => {
    const answer = deferred<string>();
    const { store, refresher } = setup(tokenExpiringIn(DAY_MS), () => answer.promise);

    const pending = refresher.maybeRefresh();
    store.removeToken();
    answer.resolve(tokenExpiringIn(7 * DAY_MS));
    await pending;

    expect(store.getToken()).toBeNull();
  });
});
