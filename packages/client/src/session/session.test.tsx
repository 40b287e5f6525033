import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../api/api-client.ts';
import { DAY_MS, makeToken, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import type { CurrentUser } from './current-user.ts';
import { CURRENT_USER_QUERY_KEY, readRefreshedToken, SessionProvider, useSession } from './session.tsx';
import { AUTH_TOKEN_STORAGE_KEY, createTokenStore, USER_STORAGE_KEY } from './token-store.ts';

const mona: CurrentUser = { id: 7, name: 'منى', email: 'mona@example.com', role: 4, verifiedEmail: true };
const karim: CurrentUser = { id: 8, name: 'كريم', email: 'karim@example.com', role: 3 };

interface Options {
  token?: string;
  storedUser?: CurrentUser;
  fetchCurrentUser?: () => Promise<CurrentUser>;
  refreshToken?: (token: string) => Promise<string>;
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
    const fresh = { ...mona, name: 'منى أحمد' };
    const fetchCurrentUser = vi.fn(() => Promise.resolve(fresh));
    const { result, store, queryClient } = renderSession({
      token: tokenExpiringIn(5 * DAY_MS),
      storedUser: mona,
      fetchCurrentUser,
    });

    // The remembered user shows at once, before the answer.
    expect(result.current.user).toEqual(mona);
    expect(result.current.isAuthenticated).toBe(true);

    await waitFor(() => expect(result.current.user).toEqual(fresh));
    expect(fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(store.getStoredUser()).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(fresh);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(fresh);
  });

  it('calls GET /api/v1/user/current by default', async () => {
    const fetch = vi.fn<FetchLike>(() =>
      Promise.resolve(new Response(JSON.stringify(mona), { status: 200 })),
    );
    const { result } = renderSession({ token: tokenExpiringIn(5 * DAY_MS), fetch });

    await waitFor(() => expect(result.current.user).toEqual(mona));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/user/current');
  });

  it('ends the session when the server answers unauthenticated', async () => {
    const fetch = vi.fn<FetchLike>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'unauthenticated', message: 'revoked' }), { status: 401 }),
      ),
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

describe('SessionProvider: setSession and logout', () => {
  it('logout removes the token and stored user and clears the query cache', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result, store, queryClient } = renderSession({
      token: tokenExpiringIn(5 * DAY_MS),
      fetchCurrentUser,
    });
    await waitFor(() => expect(result.current.user).toEqual(mona));
    queryClient.setQueryData(['lessons', 'upcoming'], [{ id: 1 }]);

    act(() => result.current.logout());

    expect(result.current).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(store.getToken()).toBeNull();
    expect(store.getStoredUser()).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    // Only the (disabled, empty) current-user query its observer re-creates may remain.
    expect(queryClient.getQueryData(['lessons', 'upcoming'])).toBeUndefined();
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
    expect(fetchCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('setSession with a user signs in at once; persist false leaves nothing in storage', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result } = renderSession({ fetchCurrentUser });
    const token = tokenExpiringIn(7 * DAY_MS);

    act(() => result.current.setSession(token, mona, { persist: false }));

    expect(result.current).toMatchObject({ token, user: mona, isAuthenticated: true });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('setSession with only a new token drops the previous user and fetches the new one', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve(mona));
    const { result, store } = renderSession({ token: tokenExpiringIn(5 * DAY_MS, 7), fetchCurrentUser });
    await waitFor(() => expect(result.current.user).toEqual(mona));

    fetchCurrentUser.mockImplementation(() => Promise.resolve(karim));
    act(() => result.current.setSession(tokenExpiringIn(7 * DAY_MS, 8)));

    expect(result.current.user?.id).not.toBe(7);
    await waitFor(() => expect(result.current.user).toEqual(karim));
    expect(store.getStoredUser()).toEqual(karim);
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

  it('reads the refreshed token from the answer', () => {
    expect(readRefreshedToken({ token: 'a.b.c' })).toBe('a.b.c');
    expect(readRefreshedToken({ accessToken: 'a.b.c' })).toBe('a.b.c');
    expect(readRefreshedToken('a.b.c')).toBe('a.b.c');
    expect(() => readRefreshedToken({})).toThrow();
  });
});

describe('useSession', () => {
  it('throws a developer error outside SessionProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow('useSession must be used within SessionProvider');
    vi.restoreAllMocks();
  });
});
