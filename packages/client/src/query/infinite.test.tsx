import type { Paged } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextPageParam, useInfinitePaged } from './infinite.ts';
import { PAGE_SIZE_STORAGE_KEY } from './query-client.ts';

const page = (list: number[], total: number): Paged<number> => ({ list, total });

describe('nextPageParam', () => {
  it('asks for page + 1 while fewer items than the total are loaded', () => {
    const first = page([1, 2], 5);
    expect(nextPageParam(first, [first], 1)).toBe(2);

    const second = page([3, 4], 5);
    expect(nextPageParam(second, [first, second], 2)).toBe(3);
  });

  it('stops once the loaded count reaches the total', () => {
    const first = page([1, 2], 3);
    const last = page([3], 3);
    expect(nextPageParam(last, [first, last], 2)).toBeUndefined();

    const only = page([], 0);
    expect(nextPageParam(only, [only], 1)).toBeUndefined();
  });

  it('stops on an empty page even if the total claims more', () => {
    const first = page([1, 2], 10);
    const empty = page([], 10);
    expect(nextPageParam(empty, [first, empty], 2)).toBeUndefined();
  });
});

describe('useInfinitePaged', () => {
  let queryClient: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  beforeEach(() => {
    localStorage.clear();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });

  afterEach(() => {
    cleanup();
    queryClient.clear();
  });

  it('loads page 1 with the stored page size, then page 2, and flattens the list', async () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '2');
    const items = [1, 2, 3];
    const fetchPage = vi.fn((p: number, size: number) =>
      Promise.resolve(page(items.slice((p - 1) * size, p * size), items.length)),
    );

    const { result } = renderHook(() => useInfinitePaged({ queryKey: ['numbers'], fetchPage }), { wrapper });

    await waitFor(() => expect(result.current.list).toEqual([1, 2]));
    expect(fetchPage).toHaveBeenLastCalledWith(1, 2, expect.any(AbortSignal));
    expect(result.current.total).toBe(3);
    expect(result.current.hasNextPage).toBe(true);

    await act(() => result.current.fetchNextPage());

    await waitFor(() => expect(result.current.list).toEqual([1, 2, 3]));
    expect(fetchPage).toHaveBeenLastCalledWith(2, 2, expect.any(AbortSignal));
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.pages).toHaveLength(2);
  });

  it('uses the default page size of 10 and an explicit size when given', async () => {
    const fetchPage = vi.fn(() => Promise.resolve(page([], 0)));

    renderHook(() => useInfinitePaged({ queryKey: ['a'], fetchPage }), { wrapper });
    renderHook(() => useInfinitePaged({ queryKey: ['b'], fetchPage, pageSize: 30 }), { wrapper });

    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    expect(fetchPage).toHaveBeenCalledWith(1, 10, expect.any(AbortSignal));
    expect(fetchPage).toHaveBeenCalledWith(1, 30, expect.any(AbortSignal));
  });

  it('reports an empty list and total 0 before the first answer and while disabled', () => {
    const fetchPage = vi.fn(() => Promise.resolve(page([1], 1)));

    const { result } = renderHook(() => useInfinitePaged({ queryKey: ['c'], fetchPage, enabled: false }), {
      wrapper,
    });

    expect(result.current.list).toEqual([]);
    expect(result.current.total).toBe(0);
    expect(fetchPage).not.toHaveBeenCalled();
  });
});
