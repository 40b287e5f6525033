import type { FindMediaParams } from '@hiwar/client';
import { FILE_KINDS, type FileKind, isLocalDate, readRowId, SortOrder } from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What the files list shows, as kept in the address bar
 * (`/media?kind=receipt&owner=3&from=2026-12-01&to=2026-12-07&orphaned=true&page=2`): the kind, the
 * owner by id (chosen by name), Cairo calendar dates of the upload, orphans only, and the page.
 */
export interface MediaListParams {
  page: number;
  kind: FileKind | undefined;
  ownerId: number | undefined;
  /** Local dates `YYYY-MM-DD`, both included. */
  from: string | undefined;
  to: string | undefined;
  orphaned: boolean;
}

export type MediaListPatch = Partial<MediaListParams>;

export const MEDIA_PAGE_SIZE = 20;

const FILTER_KEYS = ['kind', 'owner', 'from', 'to', 'orphaned', 'page'];

function readKind(raw: string | null): FileKind | undefined {
  return (FILE_KINDS as readonly (string | null)[]).includes(raw) ? (raw as FileKind) : undefined;
}

const localDate = (raw: string | null) => (raw !== null && isLocalDate(raw) ? raw : undefined);

export function parseMediaListParams(searchParams: URLSearchParams): MediaListParams {
  return {
    page: readRowId(searchParams.get('page')) ?? 1,
    kind: readKind(searchParams.get('kind')),
    ownerId: readRowId(searchParams.get('owner')),
    from: localDate(searchParams.get('from')),
    to: localDate(searchParams.get('to')),
    orphaned: searchParams.get('orphaned') === 'true',
  };
}

/** Writes the params over `current`, leaving keys it does not own alone. */
function writeParams(current: URLSearchParams, params: MediaListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('kind', params.kind);
  put('owner', params.ownerId);
  put('from', params.from);
  put('to', params.to);
  put('orphaned', params.orphaned ? 'true' : undefined);
  put('page', params.page > 1 ? params.page : undefined);
  return next;
}

/** The API query of the params; a `to` before `from` is left out rather than sent as an empty range. */
export function mediaListQuery(params: MediaListParams): FindMediaParams {
  const to = params.to && (!params.from || params.to >= params.from) ? params.to : undefined;
  return {
    page: params.page,
    size: MEDIA_PAGE_SIZE,
    order: SortOrder.Desc,
    ...(params.kind ? { kind: params.kind } : {}),
    ...(params.ownerId === undefined ? {} : { ownerId: params.ownerId }),
    ...(params.from ? { from: params.from } : {}),
    ...(to ? { to } : {}),
    ...(params.orphaned ? { orphaned: true } : {}),
  };
}

/**
 * The files list's filters and page in the query string, so a reload or a shared link keeps them. A
 * filter change returns to page 1.
 */
export function useMediaListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseMediaListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: MediaListPatch) => {
      setSearchParams((current) =>
        writeParams(current, { ...parseMediaListParams(current), ...patch, page: patch.page ?? 1 }),
      );
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of FILTER_KEYS) {
        next.delete(key);
      }
      return next;
    });
  }, [setSearchParams]);

  const hasFilters =
    params.kind !== undefined ||
    params.ownerId !== undefined ||
    params.from !== undefined ||
    params.to !== undefined ||
    params.orphaned;

  return { params, update, reset, hasFilters };
}
