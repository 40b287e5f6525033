import { BOUNDS, parseTokenPayload } from '@hiwar/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type ApiClient, bearer, isApiError } from '../api/api-client.ts';
import type { CurrentUser } from './current-user.ts';
import { createTokenRefresher } from './refresh.ts';
import type { PersistOptions, TokenStore } from './token-store.ts';

export type { CurrentUser, StoredUser } from './current-user.ts';

/** React Query key of the signed-in user (`GET /api/v1/user/current`). */
export const CURRENT_USER_QUERY_KEY = ['user', 'current'] as const;

export const CURRENT_USER_PATH = '/api/v1/user/current';
export const REFRESH_TOKEN_PATH = '/api/v1/auth/refresh-token';

const DAY_MS = 24 * 60 * 60 * 1000;
/** setTimeout overflows above 2^31 - 1 ms (about 24.8 days) and would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface Session {
  token: string | null;
  /** The signed-in user, `null` while signed out or before the first answer with nothing stored. */
  user: CurrentUser | null;
  /** A token is present and not expired (spec §6). */
  isAuthenticated: boolean;
  /** Starts a session after login or registration; `persist: false` keeps it in memory only. */
  setSession(token: string, user?: CurrentUser, options?: PersistOptions): void;
  /** Forgets the token and stored user and empties the query cache, so no other user's data lingers. */
  logout(): void;
}

export interface SessionProviderProps {
  client: ApiClient;
  store: TokenStore;
  children?: ReactNode;
  /** Defaults to `GET /api/v1/user/current`. The accounts feature may merge tutor meta in here. */
  fetchCurrentUser?: () => Promise<CurrentUser>;
  /** Defaults to `POST /api/v1/auth/refresh-token` with the token as bearer, answer `{ token }`. */
  refreshToken?: (token: string) => Promise<string>;
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
}

const SessionContext = createContext<Session | null>(null);

/** Reads the new token from the refresh answer: `{ token }`, `{ accessToken }` or a bare string. */
export function readRefreshedToken(body: unknown): string {
  if (typeof body === 'string' && body !== '') {
    return body;
  }
  if (typeof body === 'object' && body !== null) {
    for (const key of ['token', 'accessToken'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') {
        return value;
      }
    }
  }
  throw new Error('The refresh-token answer carries no token');
}

function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Re-renders when the token crosses its refresh threshold or expires, so `isAuthenticated` turns false and
 * the refresh runs in a tab left open, without any event from the store.
 */
function useTokenClock(token: string | null, now: { readonly current: () => number }): number {
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after it fires.
  useEffect(() => {
    const payload = token ? parseTokenPayload(token) : null;
    if (!payload) {
      return;
    }
    const expiresAtMs = payload.exp * 1000;
    const nowMs = now.current();
    const instants = [expiresAtMs - BOUNDS.token.refreshThresholdDays * DAY_MS, expiresAtMs + 1].filter(
      (instant) => instant > nowMs,
    );
    if (instants.length === 0) {
      return;
    }
    const delay = Math.min(Math.min(...instants) - nowMs, MAX_TIMEOUT_MS);
    const timer = setTimeout(() => setTick((value) => value + 1), delay);
    return () => clearTimeout(timer);
  }, [token, now, tick]);
  return tick;
}

/**
 * Owns the session (spec §4): the token and stored user from `store`, the current user fetched while the
 * token is valid (and written back to the store), automatic refresh within 2 days of expiry, and logout.
 * Must sit inside a `QueryClientProvider`. An `unauthenticated` answer to the current-user request (token
 * revoked on the server) ends the session.
 */
export function SessionProvider(props: SessionProviderProps): ReactNode {
  const { client, store, children } = props;
  const now = useLatest(props.now ?? Date.now);
  const queryClient = useQueryClient();

  const token = useSyncExternalStore(store.subscribe, store.getToken, store.getToken);
  const storedUser = useSyncExternalStore(store.subscribe, store.getStoredUser, store.getStoredUser);
  const tick = useTokenClock(token, now);
  const isValid = token !== null && store.isValid(now.current());

  const fetchCurrentUser = useLatest(
    props.fetchCurrentUser ?? (() => client.get<CurrentUser>(CURRENT_USER_PATH)),
  );
  const refreshToken = useLatest(
    props.refreshToken ??
      (async (current: string) =>
        readRefreshedToken(
          await client.post<unknown>(REFRESH_TOKEN_PATH, { headers: { Authorization: bearer(current) } }),
        )),
  );

  const currentUser = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => fetchCurrentUser.current(),
    enabled: isValid,
    // Retrying a rejected token is pointless; everything else keeps the default single retry.
    retry: (failureCount, error) => !isUnauthenticated(error) && failureCount < 1,
  });

  const logout = useCallback(() => {
    store.removeToken();
    store.removeStoredUser();
    queryClient.clear();
  }, [store, queryClient]);

  const setSession = useCallback(
    (nextToken: string, user?: CurrentUser, options?: PersistOptions) => {
      const previousToken = store.getToken();
      store.setToken(nextToken, options);
      if (user) {
        store.setStoredUser(user, options);
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
        return;
      }
      if (previousToken !== nextToken) {
        // Never show the previous account's profile under the new token while it loads.
        store.removeStoredUser();
      }
      void queryClient.resetQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    [store, queryClient],
  );

  const fetchedUser = isValid ? currentUser.data : undefined;
  useEffect(() => {
    if (fetchedUser) {
      store.setStoredUser(fetchedUser);
    }
  }, [fetchedUser, store]);

  const rejected = isValid && isUnauthenticated(currentUser.error);
  useEffect(() => {
    if (rejected) {
      logout();
    }
  }, [rejected, logout]);

  const refresher = useMemo(
    // One refresher per store: it remembers the request in flight and the tokens that already failed.
    () =>
      createTokenRefresher({
        store,
        refresh: (current) => refreshToken.current(current),
        now: () => now.current(),
        // Spec §8: a failed refresh is not retried and not shown; the session runs on until expiry.
        onError: (error) => console.debug('[session] token refresh failed', error),
      }),
    [store, refreshToken, now],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `token` and `tick` are the triggers to re-check.
  useEffect(() => {
    if (isValid) {
      void refresher.maybeRefresh();
    }
  }, [refresher, isValid, token, tick]);

  const user = isValid ? (currentUser.data ?? storedUser) : null;
  const value = useMemo<Session>(
    () => ({ token, user, isAuthenticated: isValid, setSession, logout }),
    [token, user, isValid, setSession, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.code === 'unauthenticated';
}

/** The session. Throws when used outside `SessionProvider`: that is a wiring mistake, not a state. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error('useSession must be used within SessionProvider');
  }
  return session;
}
