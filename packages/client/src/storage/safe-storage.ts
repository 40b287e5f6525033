/**
 * Guarded access to `localStorage`. Reading `window.localStorage` itself can throw (Safari private mode,
 * sandboxed iframes, storage disabled by policy), it does not exist during SSR or in workers, and writes
 * can fail on quota. Session code must keep working in memory in all of those cases, so every access here
 * swallows the failure and reports "nothing stored".
 */

/** The browser's local storage, or `null` when there is none or it may not be touched. */
export function getLocalStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/** Raw string under `key`, or `null` when absent or unreadable. */
export function readItem(key: string): string | null {
  try {
    return getLocalStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; returns whether it was written. */
export function writeItem(key: string, value: string): boolean {
  try {
    const storage = getLocalStorage();
    if (!storage) {
      return false;
    }
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes `key`; never throws. */
export function removeItem(key: string): void {
  try {
    getLocalStorage()?.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}

/** Parses the JSON stored under `key`, or `null` when absent, unreadable or not JSON. */
export function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) {
    return null;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
