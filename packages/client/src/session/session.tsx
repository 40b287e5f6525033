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
import { type ApiClient, isApiError } from '../api/api-client.ts';
import { ApiClientProvider } from '../api/hooks/api-client-context.tsx';
import type { CurrentUser, StoredUser, TutorMeta } from './current-user.ts';
import { createTokenRefresher } from './refresh.ts';
import type { PersistOptions, TokenStore } from './token-store.ts';

export type { CurrentUser, StoredUser, TutorMeta } from './current-user.ts';

/** React Query key of the signed-in user and tutor meta (`GET /api/v1/user/current`). */
export const CURRENT_USER_QUERY_KEY = ['user', 'current'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** setTimeout overflows above 2^31 - 1 ms (about 24.8 days) and would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface Session {
  token: string | null;
  /** The signed-in user, `null` while signed out or before the first answer with nothing stored. */
  user: CurrentUser | null;
  /** Tutor meta of a signed-in Tutor or TutorManager (spec §3), else `null`. */
  tutor: TutorMeta | null;
  /** A token is present and not expired (spec §6). */
  isAuthenticated: boolean;
  /** Signed in, but the user is not known yet (nothing stored, first answer pending). */
  isLoadingUser: boolean;
  /**
   * Starts a session after login or registration. Pass the answer's user and tutor meta to sign in at
   * once; without them the user is fetched. `persist: false` keeps the session in memory only.
   */
  setSession(token: string, account?: StoredUser, options?: PersistOptions): void;
  /**
   * Replaces the signed-in user and tutor meta with a newer answer (profile saved, avatar uploaded…).
   * An answer carrying a new `token` (password change: every earlier token has stopped working) replaces
   * the session's token too, keeping the user's remember-me choice.
   */
  updateAccount(account: StoredUser & { token?: string | null | undefined }): void;
  /**
   * Signs out here at once (token, stored user and query cache are cleared, so no other user's data
   * lingers), then asks the server to end the user's tokens. Resolves when the server has answered; a
   * failure there is only logged, since the local session is already gone.
   */
  logout(): Promise<void>;
}

export interface SessionProviderProps {
  client: ApiClient;
  store: TokenStore;
  children?: ReactNode;
  /** Defaults to `getCurrentUser` (`GET /api/v1/user/current`, validated against the contract). */
  fetchCurrentUser?: () => Promise<StoredUser>;
  /** Defaults to `POST /api/v1/auth/refresh-token` with the token as bearer. */
  refreshToken?: (token: string) => Promise<string>;
  /** Defaults to `POST /api/v1/auth/logout` with the token as bearer. */
  revokeToken?: (token: string) => Promise<unknown>;
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
}

const SessionContext = createContext<Session | null>(null);

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

  // The account endpoints load when first called: a visitor never calls them (issue 16).
  const fetchCurrentUser = useLatest(
    props.fetchCurrentUser ??
      (async () => (await import('../api/endpoints/users.ts')).getCurrentUser(client)),
  );
  const refreshToken = useLatest(
    props.refreshToken ??
      (async (current: string) => {
        const { refreshToken: request } = await import('../api/endpoints/auth.ts');
        return (await request(client, { token: current })).token;
      }),
  );
  const revokeToken = useLatest(
    props.revokeToken ??
      (async (current: string) =>
        (await import('../api/endpoints/auth.ts')).logout(client, { token: current })),
  );

  const currentUser = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => fetchCurrentUser.current(),
    enabled: isValid,
    // Retrying a rejected token is pointless; everything else keeps the default single retry.
    retry: (failureCount, error) => !isUnauthenticated(error) && failureCount < 1,
  });

  const clear = useCallback(() => {
    store.removeToken();
    store.removeStoredUser();
    queryClient.clear();
  }, [store, queryClient]);

  const logout = useCallback(async () => {
    const current = store.isValid(now.current()) ? store.getToken() : null;
    clear();
    if (!current) {
      return;
    }
    try {
      await revokeToken.current(current);
    } catch (error) {
      // The session is already gone here; the token simply runs out on its own.
      console.debug('[session] server logout failed', error);
    }
  }, [store, clear, now, revokeToken]);

  const updateAccount = useCallback(
    (account: StoredUser & { token?: string | null | undefined }) => {
      const next: StoredUser = { user: account.user, tutor: account.tutor };
      if (account.token) {
        store.setToken(account.token, { persist: store.isPersistent() });
      }
      store.setStoredUser(next);
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, next);
    },
    [store, queryClient],
  );

  const setSession = useCallback(
    (nextToken: string, account?: StoredUser, options?: PersistOptions) => {
      const previousToken = store.getToken();
      store.setToken(nextToken, options);
      if (account) {
        const next: StoredUser = { user: account.user, tutor: account.tutor };
        store.setStoredUser(next, options);
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, next);
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
      clear();
    }
  }, [rejected, clear]);

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

  const account = isValid ? (currentUser.data ?? storedUser) : null;
  const user = account?.user ?? null;
  const tutor = account?.tutor ?? null;
  const isLoadingUser = isValid && account === null && !currentUser.isError;
  const value = useMemo<Session>(
    () => ({
      token,
      user,
      tutor,
      isAuthenticated: isValid,
      isLoadingUser,
      setSession,
      updateAccount,
      logout,
    }),
    [token, user, tutor, isValid, isLoadingUser, setSession, updateAccount, logout],
  );
  return (
    <ApiClientProvider client={client}>
      <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
    </ApiClientProvider>
  );
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
