import { Role } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '../../session/session.tsx';
import { AUTH_TOKEN_STORAGE_KEY, createTokenStore } from '../../session/token-store.ts';
import { jsonResponse, makeAccount } from '../../testing/accounts.ts';
import { DAY_MS, NOW_MS, tokenExpiringIn } from '../../testing/tokens.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { useLogin, useRegister, useUpdateUser, useUploadAvatar, useUsers } from './account.hooks.ts';

const mona = makeAccount({ id: 7, name: 'منى' });

function renderHooks<T>(hook: () => T, fetch: FetchLike, token?: string) {
  const store = createTokenStore({ now: () => NOW_MS });
  if (token) {
    store.setToken(token);
    store.setStoredUser(mona);
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createApiClient({ baseUrl: '', fetch, createXhr: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider
        client={client}
        store={store}
        now={() => NOW_MS}
        refreshToken={() => new Promise(() => {})}
      >
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
  return { ...renderHook(() => ({ hook: hook(), session: useSession() }), { wrapper }), store, queryClient };
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('account hooks', () => {
  it('useLogin starts the session, remembered or not', async () => {
    const token = tokenExpiringIn(7 * DAY_MS);
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, { ...mona, token })));
    const { result } = renderHooks(() => useLogin(), fetch);

    await act(() =>
      result.current.hook.mutateAsync({ email: 'mona@example.com', password: 'x', persist: false }),
    );

    expect(result.current.session).toMatchObject({ token, user: mona.user, isAuthenticated: true });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1].body))).toEqual({
      email: 'mona@example.com',
      password: 'x',
    });
  });

  it('useRegister starts the session with the token of the answer', async () => {
    const token = tokenExpiringIn(7 * DAY_MS);
    const tutor = makeAccount({ id: 9, role: Role.Tutor, verifiedEmail: false });
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, { ...tutor, token })));
    const { result } = renderHooks(() => useRegister(), fetch);

    await act(() =>
      result.current.hook.mutateAsync({ email: 'a@b.com', password: 'secret-1!', role: Role.Tutor }),
    );

    expect(result.current.session).toMatchObject({ token, user: tutor.user, tutor: tutor.tutor });
  });

  it('useUpdateUser updates the session user and takes the new token of a password change', async () => {
    const token = tokenExpiringIn(5 * DAY_MS);
    const fresh = tokenExpiringIn(7 * DAY_MS);
    const renamed = makeAccount({ id: 7, name: 'منى علي' });
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(
        url.endsWith('/user/current')
          ? jsonResponse(200, mona)
          : jsonResponse(200, { ...renamed, token: fresh }),
      ),
    );
    const { result } = renderHooks(() => useUpdateUser(), fetch, token);
    await waitFor(() => expect(result.current.session.user?.id).toBe(7));

    await act(() =>
      result.current.hook.mutateAsync({
        id: 7,
        body: { password: { current: 'old-pass-1!', new: 'new-pass-1!' } },
      }),
    );

    expect(result.current.session.token).toBe(fresh);
    expect(result.current.session.user?.name).toBe('منى علي');
  });

  it('useUpdateUser of another user leaves the session alone', async () => {
    const token = tokenExpiringIn(5 * DAY_MS);
    const other = makeAccount({ id: 12, name: 'كريم' });
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(url.endsWith('/user/current') ? jsonResponse(200, mona) : jsonResponse(200, other)),
    );
    const { result, queryClient } = renderHooks(() => useUpdateUser(), fetch, token);
    await waitFor(() => expect(result.current.session.user?.id).toBe(7));

    await act(() => result.current.hook.mutateAsync({ id: 12, body: { name: 'كريم' } }));

    expect(result.current.session.user?.name).toBe('منى');
    expect(queryClient.getQueryData(['user', 'detail', 12])).toEqual(other.user);
  });

  it('useUploadAvatar shows the new picture in the session', async () => {
    const token = tokenExpiringIn(5 * DAY_MS);
    const withImage = makeAccount({ id: 7, image: '/assets/uploads/me.png' });
    const fetch = vi.fn<FetchLike>((url) =>
      Promise.resolve(url.endsWith('/user/current') ? jsonResponse(200, mona) : jsonResponse(200, withImage)),
    );
    const { result } = renderHooks(() => useUploadAvatar(), fetch, token);

    await waitFor(() => expect(result.current.session.user?.id).toBe(7));

    await act(() => result.current.hook.mutateAsync({ image: new Blob(['x'], { type: 'image/png' }) }));

    expect(result.current.session.user?.image).toBe('/assets/uploads/me.png');
  });

  it('useUsers reads the staff list', async () => {
    const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(200, { list: [mona.user], total: 1 })));
    const { result } = renderHooks(() => useUsers({ role: Role.Student }), fetch);
    await waitFor(() => expect(result.current.hook.data?.total).toBe(1));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/user/list?role=4');
  });
});
