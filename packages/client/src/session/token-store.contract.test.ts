import { expect, it, vi } from 'vitest';
import { makeAccount } from '../testing/accounts.ts';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import { createTokenStore, hasStoredSession } from './token-store.ts';

// A file of its own: the stored user's check is loaded once per module graph, and here it must start unloaded.

it('reads a stored user once its check has loaded, and tells subscribers then', async () => {
  const account = makeAccount({ id: 5 });
  const writer = createTokenStore({ now: () => NOW_MS });
  writer.setToken(tokenExpiringIn(DAY_MS));
  writer.setStoredUser(account);
  expect(hasStoredSession()).toBe(true);

  const store = createTokenStore({ now: () => NOW_MS });
  const listener = vi.fn();
  store.subscribe(listener);

  expect(store.getStoredUser()).toBeNull();
  await vi.waitFor(() => expect(listener).toHaveBeenCalled());
  expect(store.getStoredUser()).toEqual(account);
});

it('knows there is no stored session without a token', () => {
  localStorage.clear();
  expect(hasStoredSession()).toBe(false);
});
