import { isTokenExpired, parseTokenPayload, type TokenPayload } from '@hiwar/domain';
import { readItem, readJson, removeItem, writeItem } from '../storage/safe-storage.ts';
import { loadStoredUserCheck, parseStoredUser, type StoredUser } from './current-user.ts';

/** Browser storage key of the token (spec §7 "browser storage keys"). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth-token';
/** Browser storage key of the user plus tutor meta. */
export const USER_STORAGE_KEY = 'user';

/** The token as persisted (spec §3 "Stored token: type (bearer) and value"). */
export type StoredToken = { type: 'bearer'; value: string };

export interface PersistOptions {
  /** `false` keeps the value in memory only (gone on reload). Defaults to `true`. */
  persist?: boolean;
}

export interface TokenStore {
  /** The in-memory token, else the persisted one, else `null`. */
  getToken(): string | null;
  /** Holds `token` in memory and, unless `persist: false`, in local storage. */
  setToken(token: string, options?: PersistOptions): void;
  /** Clears the token from memory and storage. */
  removeToken(): void;
  /** Whether the current session is remembered across reloads (the last `setToken`'s `persist`). */
  isPersistent(): boolean;
  /** Payload of the current token, or `null` when there is none or it is malformed. */
  getPayload(): TokenPayload | null;
  /** A token is present, well formed, and its `exp` (unix seconds) is not before now (UTC). */
  isValid(nowMs?: number): boolean;
  getStoredUser(): StoredUser | null;
  /**
   * Keeps the user (plus tutor meta). `persist` defaults to what the last `setToken` chose, so a session the
   * user asked not to remember does not leave their profile behind in storage either.
   */
  setStoredUser(user: StoredUser, options?: PersistOptions): void;
  removeStoredUser(): void;
  /**
   * Called after any change to the token or user, including changes made by another tab. Returns the
   * unsubscribe function. Snapshots are stable between changes, so it suits `useSyncExternalStore`.
   */
  subscribe(listener: () => void): () => void;
}

export interface TokenStoreOptions {
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
}

function isStoredToken(value: unknown): value is StoredToken {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'bearer' &&
    typeof (value as { value?: unknown }).value === 'string' &&
    (value as { value: string }).value !== ''
  );
}

function readStoredToken(): string | null {
  const stored = readJson(AUTH_TOKEN_STORAGE_KEY);
  return isStoredToken(stored) ? stored.value : null;
}

/**
 * Whether this browser holds a signed-in session. The apps load the stored user's check before their
 * first paint when it does (loadStoredUserCheck), so the user is known at once: a signed-in visit never
 * flashes the guest header.
 */
export function hasStoredSession(): boolean {
  return readStoredToken() !== null;
}

/**
 * An app's first paint: at once for a visitor; for a stored session once its user's check has loaded
 * (a chunk of its own, which a visitor never downloads), so the first paint already shows the account.
 * A promise chain, not a top-level await in the entry: that chunk imports from the entry chunk, which
 * must finish evaluating first, or both wait on each other and nothing ever paints.
 */
export function paintAfterStoredUserCheck(paint: () => void): void {
  if (!hasStoredSession()) {
    paint();
    return;
  }
  loadStoredUserCheck()
    .catch((error: unknown) => console.debug('[session] the stored user check failed to load', error))
    .finally(paint);
}

/**
 * The session's token and user holder (spec §4). Memory first, local storage second: memory keeps the
 * session alive when storage is unavailable or the user chose not to be remembered; storage carries it
 * across reloads and tabs.
 */
export function createTokenStore(options: TokenStoreOptions = {}): TokenStore {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();

  let memoryToken: string | null = null;
  let memoryUser: StoredUser | null = null;
  /** Whether the current session is remembered; the stored user follows it. */
  let persistSession = true;

  // Cache of the last parse of the stored user, so repeated reads return the same object.
  let storedUserRaw: string | null = null;
  let storedUserParsed: StoredUser | null = null;

  function notify(): void {
    for (const listener of [...listeners]) {
      listener();
    }
  }

  function readStoredUser(): StoredUser | null {
    const raw = readItem(USER_STORAGE_KEY);
    if (raw === storedUserRaw) {
      return storedUserParsed;
    }
    let parsed: unknown = null;
    try {
      parsed = raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      parsed = null;
    }
    const user = parsed === null ? null : parseStoredUser(parsed);
    if (user === undefined) {
      // The check loads on its own chunk: until it has, nothing is known; once it has, subscribers are
      // told and read again.
      loadStoredUserCheck().then(notify, (error: unknown) => {
        console.debug('[session] the stored user check failed to load', error);
      });
      return null;
    }
    storedUserRaw = raw;
    storedUserParsed = user;
    return storedUserParsed;
  }

  /**
   * Another tab logged in or out: drop what this tab holds in memory so the shared storage decides,
   * otherwise one tab would keep acting as a user the others have signed out.
   */
  function onStorageEvent(event: StorageEvent): void {
    if (event.key === null || event.key === AUTH_TOKEN_STORAGE_KEY) {
      memoryToken = null;
    }
    if (event.key === null || event.key === USER_STORAGE_KEY) {
      memoryUser = null;
    }
    if (event.key === null || event.key === AUTH_TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) {
      notify();
    }
  }

  function getToken(): string | null {
    return memoryToken ?? readStoredToken();
  }

  function getPayload(): TokenPayload | null {
    const token = getToken();
    return token ? parseTokenPayload(token) : null;
  }

  return {
    getToken,
    getPayload,

    setToken(token, { persist = true } = {}) {
      memoryToken = token;
      persistSession = persist;
      if (persist) {
        const stored: StoredToken = { type: 'bearer', value: token };
        writeItem(AUTH_TOKEN_STORAGE_KEY, JSON.stringify(stored));
      } else {
        // An older remembered token must not come back after a reload.
        removeItem(AUTH_TOKEN_STORAGE_KEY);
      }
      notify();
    },

    removeToken() {
      memoryToken = null;
      persistSession = true;
      removeItem(AUTH_TOKEN_STORAGE_KEY);
      notify();
    },

    isPersistent() {
      return persistSession;
    },
    isValid(nowMs = now()) {
      const payload = getPayload();
      return payload !== null && !isTokenExpired(payload, nowMs);
    },

    getStoredUser() {
      return memoryUser ?? readStoredUser();
    },

    setStoredUser(account, { persist = persistSession } = {}) {
      // Only the user and tutor meta: an auth answer passed as-is must not leave its token in `user`.
      const user: StoredUser = { user: account.user, tutor: account.tutor };
      memoryUser = user;
      if (persist) {
        writeItem(USER_STORAGE_KEY, JSON.stringify(user));
      } else {
        removeItem(USER_STORAGE_KEY);
      }
      notify();
    },

    removeStoredUser() {
      memoryUser = null;
      removeItem(USER_STORAGE_KEY);
      notify();
    },

    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') {
        window.addEventListener('storage', onStorageEvent);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorageEvent);
        }
      };
    },
  };
}
