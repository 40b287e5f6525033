import type { Invite, OkResponse, Plan } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { type ApiClient, createApiClient, type FetchLike } from '../api-client.ts';
import type { CallOptions } from '../endpoints/call-options.ts';
import { ApiClientProvider } from './api-client-context.tsx';
import { couponKeys, useDeleteCoupon } from './coupons.ts';
import { createCrudHooks } from './create-crud-hooks.ts';
import { inviteKeys, useCreateInvite } from './invites.ts';
import { planKeys, usePlans, useUpdatePlan } from './plans.ts';

type Note = { id: number; text: string };
type NoteList = { list: Note[]; total: number };
type NoteQuery = { page?: number };

/** A made-up resource over the real ApiClient, so the factory is tested apart from any one API. */
const notes = createCrudHooks({
  key: 'note',
  list: (client: ApiClient, query: NoteQuery = {}, options?: CallOptions) =>
    client.get<NoteList>('/api/v1/note/list', { query: { ...query }, ...options }),
  get: (client: ApiClient, id: number, options?: CallOptions) =>
    client.get<Note>(`/api/v1/note/${id}`, { ...options }),
  create: (client: ApiClient, body: { text: string }) => client.post<Note>('/api/v1/note', { body }),
  update: (client: ApiClient, id: number, body: { text?: string }) =>
    client.put<Note>(`/api/v1/note/${id}`, { body }),
  remove: (client: ApiClient, id: number) => client.delete<OkResponse>(`/api/v1/note/${id}`),
});

function setup(answer: (url: string, init: RequestInit) => unknown) {
  const fetch = vi.fn<FetchLike>((url, init) => Promise.resolve(jsonResponse(200, answer(url, init))));
  const client = createApiClient({ baseUrl: '', fetch, createXhr: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  const calls = (method: string, path: string) =>
    fetch.mock.calls.filter(([url, init]) => url.startsWith(path) && (init.method ?? 'GET') === method)
      .length;
  return { fetch, wrapper, calls, queryClient };
}

const first: Note = { id: 1, text: 'first' };
const stamp = '2026-01-10T08:00:00.000Z';
const plan: Plan = {
  id: 2,
  alias: 'المنتظم',
  weeklyMinutes: 120,
  fullMonthPrice: 110_000,
  fullMonthDiscount: 0,
  fullQuarterPrice: 330_000,
  fullQuarterDiscount: 1000,
  halfYearPrice: 660_000,
  halfYearDiscount: 1500,
  fullYearPrice: 1_320_000,
  fullYearDiscount: 2500,
  forInvitesOnly: false,
  active: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const invite: Invite = {
  id: 70,
  email: 'vip@example.com',
  planId: 2,
  createdBy: 1,
  createdAt: stamp,
  updatedAt: stamp,
};

afterEach(() => cleanup());

describe('createCrudHooks', () => {
  it('keys every query under the resource key, a list without filters under an empty query', () => {
    expect(notes.keys.all).toEqual(['note']);
    expect(notes.keys.lists).toEqual(['note', 'list']);
    expect(notes.keys.list(undefined)).toEqual(['note', 'list', {}]);
    expect(notes.keys.list({ page: 2 })).toEqual(['note', 'list', { page: 2 }]);
    expect(notes.keys.detail(7)).toEqual(['note', 'detail', 7]);
  });

  it('a list sends its query and keeps the previous page on screen while the next loads', async () => {
    const second: Note = { id: 2, text: 'second' };
    let release: () => void = () => undefined;
    const { wrapper, fetch } = setup(() => ({ list: [first], total: 2 }));
    const { result, rerender } = renderHook(({ page }: { page: number }) => notes.useList({ page }), {
      wrapper,
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.data?.list).toEqual([first]));

    fetch.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, { list: [second], total: 2 }));
        }),
    );
    rerender({ page: 2 });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/v1/note/list?page=2');
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.list).toEqual([first]);
    act(() => release());
    await waitFor(() => expect(result.current.data?.list).toEqual([second]));
  });

  it('a list can wait until it is enabled', async () => {
    const { wrapper, fetch } = setup(() => ({ list: [first], total: 1 }));
    const { result, rerender } = renderHook(
      ({ enabled }: { enabled: boolean }) => notes.useList({}, { enabled }),
      { wrapper, initialProps: { enabled: false } },
    );
    expect(fetch).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data?.total).toBe(1));
  });

  it('one record waits for an id, then reads it', async () => {
    const { wrapper, fetch } = setup(() => first);
    const { result, rerender } = renderHook(({ id }: { id: number | null }) => notes.useOne(id), {
      wrapper,
      initialProps: { id: null as number | null },
    });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ id: 1 });
    await waitFor(() => expect(result.current.data).toEqual(first));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/note/1');
  });

  it('a created record goes into its detail cache and the lists refetch', async () => {
    const created: Note = { id: 9, text: 'new' };
    const { wrapper, calls, queryClient } = setup((url) =>
      url.startsWith('/api/v1/note/list') ? { list: [first], total: 1 } : created,
    );
    const { result } = renderHook(() => ({ list: notes.useList(), create: notes.useCreate() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    await act(() => result.current.create.mutateAsync({ text: 'new' }));

    expect(queryClient.getQueryData(notes.keys.detail(9))).toEqual(created);
    await waitFor(() => expect(calls('GET', '/api/v1/note/list')).toBe(2));
    expect(calls('POST', '/api/v1/note')).toBe(1);
  });

  it('an updated record replaces its detail cache and the lists refetch', async () => {
    const saved: Note = { id: 1, text: 'changed' };
    const { wrapper, calls, queryClient, fetch } = setup((url) =>
      url.startsWith('/api/v1/note/list') ? { list: [first], total: 1 } : saved,
    );
    queryClient.setQueryData(notes.keys.detail(1), first);
    const { result } = renderHook(() => ({ list: notes.useList(), update: notes.useUpdate() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    await act(() => result.current.update.mutateAsync({ id: 1, body: { text: 'changed' } }));

    expect(queryClient.getQueryData(notes.keys.detail(1))).toEqual(saved);
    await waitFor(() => expect(calls('GET', '/api/v1/note/list')).toBe(2));
    const put = fetch.mock.calls.find(([, init]) => init.method === 'PUT');
    expect(put?.[0]).toBe('/api/v1/note/1');
    expect(JSON.parse(String(put?.[1].body))).toEqual({ text: 'changed' });
  });

  it('a deleted record leaves its detail cache and the lists refetch', async () => {
    const { wrapper, calls, queryClient } = setup((url) =>
      url.startsWith('/api/v1/note/list') ? { list: [], total: 0 } : { ok: true },
    );
    queryClient.setQueryData(notes.keys.detail(1), first);
    const { result } = renderHook(() => ({ list: notes.useList(), remove: notes.useRemove() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    await act(() => result.current.remove.mutateAsync(1));

    expect(queryClient.getQueryCache().find({ queryKey: notes.keys.detail(1) })).toBeUndefined();
    await waitFor(() => expect(calls('GET', '/api/v1/note/list')).toBe(2));
    expect(calls('DELETE', '/api/v1/note/1')).toBe(1);
  });
});

describe('plans, coupons and invites hooks', () => {
  it('keep their own keys and call their own endpoints', async () => {
    const { wrapper, calls, queryClient } = setup((url, init) => {
      if (url.startsWith('/api/v1/plan/list')) {
        return { list: [plan], total: 1 };
      }
      if (init.method === 'PUT') {
        return { ...plan, active: false };
      }
      if (init.method === 'DELETE') {
        return { ok: true };
      }
      return invite;
    });
    expect(planKeys.list({})).toEqual(['plan', 'list', {}]);
    expect(couponKeys.check('WELCOME-20')).toEqual(['coupon', 'check', 'WELCOME-20']);
    expect(inviteKeys.detail(3)).toEqual(['invite', 'detail', 3]);

    const { result } = renderHook(
      () => ({
        plans: usePlans(),
        update: useUpdatePlan(),
        removeCoupon: useDeleteCoupon(),
        invite: useCreateInvite(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.plans.data?.list).toHaveLength(1));
    expect(queryClient.getQueryData(['plan', 'list', {}])).toEqual({ list: [plan], total: 1 });

    await act(() => result.current.update.mutateAsync({ id: 2, body: { active: false } }));
    await act(() => result.current.removeCoupon.mutateAsync(5));
    await act(() => result.current.invite.mutateAsync({ email: 'vip@example.com', planId: 2 }));

    expect(calls('PUT', '/api/v1/plan/2')).toBe(1);
    expect(calls('DELETE', '/api/v1/coupon/5')).toBe(1);
    expect(calls('POST', '/api/v1/invite')).toBe(1);
    expect(queryClient.getQueryData(planKeys.detail(2))).toMatchObject({ active: false });
    await waitFor(() => expect(calls('GET', '/api/v1/plan/list')).toBe(2));
  });
});
