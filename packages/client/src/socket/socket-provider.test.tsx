import type { AppServer } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../api/api-client.ts';
import { getValidToken } from '../session/authorization.ts';
import { SessionProvider, useSession } from '../session/session.tsx';
import { createTokenStore } from '../session/token-store.ts';
import { createFakeIo } from '../testing/fake-socket.ts';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../testing/tokens.ts';
import { createSocketManager } from './socket-client.ts';
import { SocketProvider, useSocket } from './socket-provider.tsx';

const now = () => NOW_MS;
const tokenA = tokenExpiringIn(5 * DAY_MS, 1);
const tokenB = tokenExpiringIn(5 * DAY_MS, 2);

const addresses: Record<AppServer, string> = {
  local: 'http://localhost:3000',
  staging: 'https://rt.staging.example',
  production: 'https://rt.example',
};

function renderWithSocket(initialToken: string | null) {
  const selection: { server: AppServer } = { server: 'local' };
  const store = createTokenStore({ now });
  if (initialToken) {
    store.setToken(initialToken);
  }
  const fake = createFakeIo();
  const manager = createSocketManager({
    url: () => addresses[selection.server],
    getToken: () => getValidToken(store),
    io: fake.io,
    log: () => undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({
    baseUrl: '',
    fetch: vi.fn<FetchLike>(() => new Promise(() => undefined)),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={client} store={store} now={now}>
        <SocketProvider manager={manager} serverKey={selection.server}>
          {children}
        </SocketProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => ({ session: useSession(), socket: useSocket() }), { wrapper });
  return { ...hook, fake, manager, selection };
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe('SocketProvider', () => {
  it('connects with the session token and reconnects, old socket first, when the token changes', () => {
    const { result, fake } = renderWithSocket(tokenA);
    expect(fake.journal).toEqual([`open ${tokenA}`]);
    expect(result.current.socket.socket).toBe(fake.last());

    act(() => fake.last().accept());
    expect(result.current.socket.connected).toBe(true);

    act(() => result.current.session.setSession(tokenB));
    expect(fake.journal).toEqual([`open ${tokenA}`, `close ${tokenA}`, `open ${tokenB}`]);
    expect(result.current.socket.socket).toBe(fake.last());
    expect(result.current.socket.connected).toBe(false);
  });

  it('reconnects to the newly selected server', () => {
    const { rerender, fake, selection } = renderWithSocket(tokenA);

    selection.server = 'staging';
    rerender();

    expect(fake.journal).toEqual([`open ${tokenA}`, `close ${tokenA}`, `open ${tokenA}`]);
    expect(fake.last().url).toBe('https://rt.staging.example');
  });

  it('stays disconnected without a session and disconnects on logout and unmount', () => {
    const signedOut = renderWithSocket(null);
    expect(signedOut.fake.sockets).toHaveLength(0);
    expect(signedOut.result.current.socket.socket).toBeNull();
    signedOut.unmount();

    const { result, fake, unmount, manager } = renderWithSocket(tokenA);
    act(() => {
      // Local sign-out is synchronous; the server revocation it starts never answers here.
      void result.current.session.logout();
    });
    expect(fake.journal).toEqual([`open ${tokenA}`, `close ${tokenA}`]);
    expect(result.current.socket.socket).toBeNull();

    act(() => result.current.session.setSession(tokenB));
    unmount();
    expect(fake.journal.at(-1)).toBe(`close ${tokenB}`);
    expect(manager.socket).toBeNull();
  });

  it('throws a developer error outside SocketProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSocket())).toThrow('useSocket must be used within SocketProvider');
    vi.restoreAllMocks();
  });
});
