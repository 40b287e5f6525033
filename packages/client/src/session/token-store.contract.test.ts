import { expect, it, vi } from 'vitest';
import { loadedContract } from '../api/contract.ts';
import { makeAccount } from '../testing/accounts.ts';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import { createTokenStore, hasStoredSession } from './token-store.ts';

// A file of its own: the contract is loaded once per module graph, and here it must start unloaded.

it('reads a stored user once the contract has loaded, and tells subscribers then', async () => {
  const account = makeAccount({ id: 5 });
  const writer = createTokenStore({ now: () => NOW_MS });
  writer.setToken(tokenExpiringIn(DAY_MS));
  writer.setStoredUser(account);
  expect(hasStoredSession()).toBe(true);
  expect(loadedContract()).toBeNull();

  const store = createTokenStore({ now: () => NOW_MS });
  const listener = vi.fn();
  store.subscribe(listener);

  expect(store.getStoredUser()).toBeNull();
  await vi.waitFor(() => expect(listener).toHaveBeenCalled());
  expect(loadedContract()).not.toBeNull();
  expect(store.getStoredUser()).toEqual(account);
});

it('knows there is no stored session without a token', () => {
  localStorage.clear();
  expect(hasStoredSession()).toBe(false);
});
