import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../api/api-client.ts';
import { jsonResponse, makeAccount, makeTutorMeta } from '../testing/accounts.ts';
import { DAY_MS, makeToken, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import type { StoredUser } from './current-user.ts';
import { CURRENT_USER_QUERY_KEY, SessionProvider, useSession } from './session.tsx';
import { AUTH_TOKEN_STORAGE_KEY, createTokenStore, USER_STORAGE_KEY } from './token-store.ts';

const mona: StoredUser = makeAccount({ id: 7, name: 'منى', email: 'mona@example.com', role: 4 });
const karim: StoredUser = makeAccount(
  { id: 8, name: 'كريم', email: 'karim@example.com', role: 3 },
  makeTutorMeta({ id: 8, bio: 'مدرس محادثة إنجليزية للمبتدئين', activated: true }),
);

interface Options {
  token?: string;
  storedUser?: StoredUser;
  fetchCurrentUser?: () => Promise<StoredUser>;
  refreshToken?: (token: string) => Promise<string>;
  revokeToken?: (token: string) => Promise<unknown>;
  fetch?: FetchLike;
  now?: () => number;
}

function renderSession(options: Options = {}) {
  const now = options.now ?? (() => NOW_MS);
  const store = createTokenStore({ now });
  if (options.token) {
    store.setToken(options.token);
  }
  if (options.storedUser) {
    store.setStoredUser(options.storedUser);
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({ baseUrl: '', fetch: options.fetch ?? vi.fn<FetchLike>() });
  // Far from expiry by default, so no refresh is attempted unless a test asks for one.
  const refreshToken = options.refreshToken ?? vi.fn(() => Promise.resolve(tokenExpiringIn(7 * DAY_MS)));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider
        client={client}
        store={store}
        now={now}
        refreshToken={refreshToken}
        {...(options.fetchCurrentUser ? { fetchCurrentUser: options.fetchCurrentUser } : {})}
        {...(options.revokeToken ? { revokeToken: options.revokeToken } : {})}
      >
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useSession(), { wrapper });
  return { ...hook, store, queryClient, refreshToken };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe('SessionProvider: current user', () => {
  it('fetches nothing without a token', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result } = renderSession({ fetchCurrentUser });

    await act(() => Promise.resolve());

    expect(fetchCurrentUser).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ token: null, user: null, isAuthenticated: false });
  });

  it('fetches nothing with an expired token and reports it unauthenticated', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const expired = tokenExpiringIn(-1000);
    const { result } = renderSession({ token: expired, storedUser: mona, fetchCurrentUser });

    await act(() => Promise.resolve());

    expect(fetchCurrentUser).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ token: expired, user: null, isAuthenticated: false });
  });

  it('fetches the current user with a valid token and refreshes the stored user', async () => {
    const fresh = { ...mona, user: { ...mona.user, name: 'منى أحمد' } };
    const fetchCurrentUser = vi.fn(() => Promise.resolve(fresh));
    const { result, store, queryClient } = renderSession({
      token: tokenExpiringIn(5 * DAY_MS),
      storedUser: mona,
      fetchCurrentUser,
    });

    // The remembered user shows at once, before the answer.
    expect(result.current.user).toEqual(mona.user);
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.isLoadingUser).toBe(false);

    await waitFor(() => expect(result.current.user).toEqual(fresh.user));
    expect(fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(store.getStoredUser()).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(fresh);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(fresh);
  });

  it('calls GET /api/v1/user/current by default and exposes user and tutor meta', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, karim)));
    const { result, store } = renderSession({ token: tokenExpiringIn(5 * DAY_MS, 8), fetch });

    expect(result.current.isLoadingUser).toBe(true);
    await waitFor(() => expect(result.current.user).toEqual(karim.user));
    expect(result.current.tutor).toEqual(karim.tutor);
    expect(result.current.isLoadingUser).toBe(false);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/user/current');
    // Kept in local storage with the tutor meta (spec §4).
    expect(store.getStoredUser()).toEqual(karim);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(karim);
  });

  it('never takes a 200 answer that is not a user for the user', async () => {
    const fetch = vi.fn<FetchLike>(() =>
      Promise.resolve(new Response('<!doctype html><title>حوار</title>', { status: 200 })),
    );
    const { result, store, queryClient } = renderSession({
      token: tokenExpiringIn(5 * DAY_MS),
      storedUser: mona,
      fetch,
    });

    // One retry (spec §7), then the query fails.
    await waitFor(() => expect(queryClient.getQueryState(CURRENT_USER_QUERY_KEY)?.status).toBe('error'), {
      timeout: 3000,
    });
    // The remembered user stays; the HTML page is neither shown nor stored.
    expect(result.current.user).toEqual(mona.user);
    expect(store.getStoredUser()).toEqual(mona);
    expect(result.current.isAuthenticated).toBe(true);
  });

  it('is not stuck loading when the first answer is not a user and nothing is stored', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, { id: 7 })));
    const { result } = renderSession({ token: tokenExpiringIn(5 * DAY_MS), fetch });

    await waitFor(() => expect(result.current.isLoadingUser).toBe(false), { timeout: 3000 });
    expect(result.current.user).toBeNull();
  });

  it('ends the session when the server answers unauthenticated', async () => {
    const fetch = vi.fn<FetchLike>(() =>
      Promise.resolve(jsonResponse(401, { code: 'unauthenticated', message: 'revoked' })),
    );
    const { result, store } = renderSession({ token: tokenExpiringIn(5 * DAY_MS), storedUser: mona, fetch });

    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getToken()).toBeNull();
    expect(store.getStoredUser()).toBeNull();
  });

  it('turns unauthenticated when the token expires while the page is open', async () => {
    const expiresAt = Date.now() + 1000;
    const token = makeToken(expiresAt);
    const { result } = renderSession({
      token,
      now: Date.now,
      fetchCurrentUser: () => Promise.resolve(mona),
      refreshToken: () => Promise.reject(new Error('refresh refused')),
    });
    expect(result.current.isAuthenticated).toBe(true);

    await waitFor(() => expect(result.current.isAuthenticated).toBe(false), { timeout: 2500 });
    expect(result.current.user).toBeNull();
  });
});

describe('SessionProvider: setSession, updateAccount and logout', () => {
  it('logout clears the session at once, then revokes the token on the server', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    let answerRevoke: (value: unknown) => void = () => undefined;
    const revokeToken = vi.fn(() => new Promise((resolve) => (answerRevoke = resolve)));
    const token = tokenExpiringIn(5 * DAY_MS);
    const { result, store, queryClient } = renderSession({ token, fetchCurrentUser, revokeToken });
    await waitFor(() => expect(result.current.user).toEqual(mona.user));
    queryClient.setQueryData(['lessons', 'upcoming'], [{ id: 1 }]);

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.logout();
    });

    expect(result.current).toMatchObject({ token: null, user: null, tutor: null, isAuthenticated: false });
    expect(store.getToken()).toBeNull();
    expect(store.getStoredUser()).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    // Only the (disabled, empty) current-user query its observer re-creates may remain.
    expect(queryClient.getQueryData(['lessons', 'upcoming'])).toBeUndefined();
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
    expect(fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(revokeToken).toHaveBeenCalledWith(token);

    answerRevoke({ ok: true });
    await act(() => done);
  });

  it('logout calls POST /api/v1/auth/logout with the token, and survives its failure', async () => {
    const token = tokenExpiringIn(5 * DAY_MS);
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        url.endsWith('/logout')
          ? jsonResponse(503, { code: 'service-unavailable', message: 'down' })
          : jsonResponse(200, mona),
      ),
    );
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { result } = renderSession({ token, fetch });
    await waitFor(() => expect(result.current.user).toEqual(mona.user));

    await act(() => result.current.logout());

    const call = fetch.mock.calls.find(([url]) => url === '/api/v1/auth/logout');
    expect(call?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(result.current.isAuthenticated).toBe(false);
    vi.restoreAllMocks();
  });

  it('setSession with an account signs in at once; persist false leaves nothing in storage', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result } = renderSession({ fetchCurrentUser });
    const token = tokenExpiringIn(7 * DAY_MS);

    act(() => result.current.setSession(token, { ...karim, token } as StoredUser, { persist: false }));

    expect(result.current).toMatchObject({
      token,
      user: karim.user,
      tutor: karim.tutor,
      isAuthenticated: true,
    });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('setSession with only a new token drops the previous user and fetches the new one', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result, store } = renderSession({ token: tokenExpiringIn(5 * DAY_MS, 7), fetchCurrentUser });
    await waitFor(() => expect(result.current.user).toEqual(mona.user));

    fetchCurrentUser.mockImplementation(() => Promise.resolve(karim));
    act(() => result.current.setSession(tokenExpiringIn(7 * DAY_MS, 8)));

    expect(result.current.user?.id).not.toBe(7);
    await waitFor(() => expect(result.current.user).toEqual(karim.user));
    expect(store.getStoredUser()).toEqual(karim);
  });

  it('updateAccount replaces the user, and the token when the answer carries one, keeping remember-me', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result, store } = renderSession({ fetchCurrentUser });
    act(() => result.current.setSession(tokenExpiringIn(5 * DAY_MS), mona, { persist: false }));

    const renamed = { ...mona, user: { ...mona.user, name: 'منى علي' } };
    act(() => result.current.updateAccount(renamed));
    expect(result.current.user?.name).toBe('منى علي');

    const next = tokenExpiringIn(7 * DAY_MS);
    act(() => result.current.updateAccount({ ...renamed, token: next }));
    expect(result.current.token).toBe(next);
    expect(store.isPersistent()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('SessionProvider: refresh', () => {
  it('refreshes a token with 2 days or less left, once, and stores the new one', async () => {
    const old = tokenExpiringIn(DAY_MS);
    const fresh = tokenExpiringIn(7 * DAY_MS);
    const refreshToken = vi.fn(() => Promise.resolve(fresh));
    const { result, store } = renderSession({
      token: old,
      refreshToken,
      fetchCurrentUser: () => Promise.resolve(mona),
    });

    await waitFor(() => expect(result.current.token).toBe(fresh));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith(old);
    expect(store.getToken()).toBe(fresh);
  });

  it('does not refresh a token with 3 days left', async () => {
    const refreshToken = vi.fn(() => Promise.resolve(tokenExpiringIn(7 * DAY_MS)));
    renderSession({
      token: tokenExpiringIn(3 * DAY_MS),
      refreshToken,
      fetchCurrentUser: () => Promise.resolve(mona),
    });

    await act(() => Promise.resolve());
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('calls POST /api/v1/auth/refresh-token with the old token by default', async () => {
    const old = tokenExpiringIn(DAY_MS);
    const fresh = tokenExpiringIn(7 * DAY_MS);
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        url.endsWith('/refresh-token') ? jsonResponse(200, { token: fresh }) : jsonResponse(200, mona),
      ),
    );
    const store = createTokenStore({ now: () => NOW_MS });
    store.setToken(old);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const client = createApiClient({ baseUrl: '', fetch });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionProvider client={client} store={store} now={() => NOW_MS}>
          {children}
        </SessionProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSession(), { wrapper });

    await waitFor(() => expect(result.current.token).toBe(fresh));
    const call = fetch.mock.calls.find(([url]) => url === '/api/v1/auth/refresh-token');
    expect(call?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: `Bearer ${old}` } });
  });
});

describe('useSession', () => {
  it('throws a developer error outside SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within SessionProvider');
    vi.restoreAllMocks();
  });
});
