import type { Paged } from '@hiwar/domain';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getPageSize } from './query-client.ts';

/** Paged lists start at page 1 (architecture §4). */
export const FIRST_PAGE = 1;

/**
 * `getNextPageParam` for `{ list, total }` pages (spec §4): the next page is `lastPageParam + 1` until the
 * items loaded so far reach `total`. An empty page also ends the list, so a `total` that overstates what
 * the server can return (rows deleted meanwhile) cannot make the list fetch forever.
 */
export function nextPageParam(
  lastPage: Paged<unknown>,
  allPages: readonly Paged<unknown>[],
  lastPageParam: number,
): number | undefined {
  const loaded = allPages.reduce((count, page) => count + page.list.length, 0);
  if (loaded >= lastPage.total || lastPage.list.length === 0) {
    return undefined;
  }
  return lastPageParam + 1;
}

export interface UseInfinitePagedOptions<T> {
  queryKey: QueryKey;
  /** Loads one page; `page` starts at 1, `size` is the page size, `signal` aborts on unmount or refetch. */
  fetchPage: (page: number, size: number, signal: AbortSignal) => Promise<Paged<T>>;
  /** Overrides `getPageSize()` (the stored override or 10). */
  pageSize?: number;
  enabled?: boolean;
}

export type UseInfinitePagedResult<T> = Omit<
  UseInfiniteQueryResult<InfiniteData<Paged<T>, number>, Error>,
  'data'
> & {
  /** Every loaded item, pages concatenated in order. */
  list: T[];
  /** The server's total from the latest page, 0 before the first answer. */
  total: number;
  /** The raw pages, for callers that need page boundaries. */
  pages: Paged<T>[];
};

/**
 * An infinite list over a paged endpoint. The stored page size is read once per mounted list, so a changed
 * override applies to lists opened afterwards without mixing page sizes inside one list. The size is not
 * part of the query key: invalidating `queryKey` refetches the list whatever its size.
 */
export function useInfinitePaged<T>(options: UseInfinitePagedOptions<T>): UseInfinitePagedResult<T> {
  const { queryKey, fetchPage, pageSize, enabled } = options;
  const [storedSize] = useState(getPageSize);
  const size = pageSize ?? storedSize;

  const query = useInfiniteQuery<Paged<T>, Error, InfiniteData<Paged<T>, number>, QueryKey, number>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, size, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    enabled: enabled ?? true,
  });

  const pages = query.data?.pages;
  const list = useMemo(() => (pages ?? []).flatMap((page) => page.list), [pages]);
  const total = pages?.at(-1)?.total ?? 0;

  const { data: _data, ...rest } = query;
  return { ...rest, list, total, pages: pages ?? [] };
}
