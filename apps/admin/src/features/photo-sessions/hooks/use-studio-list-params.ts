import type { StudioTutorsQuery } from '@hiwar/domain';
import { readRowId } from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What the photo-sessions list shows, as kept in the address bar
 * (`/photo-sessions?studio=6&missing=true&search=ليلى&page=2`, or `?studio=none` for the unassigned).
 */
export interface StudioListParams {
  page: number;
  /** A Studio member's id, `'none'` for tutors assigned to nobody, or every tutor when absent. */
  studio: number | 'none' | undefined;
  /** Only tutors still lacking a picture, the video or its thumbnail. */
  missing: boolean;
  search: string;
}

export type StudioListPatch = Partial<StudioListParams>;

export const STUDIO_PAGE_SIZE = 20;

const KEYS = ['studio', 'missing', 'search', 'page'];

export function parseStudioListParams(searchParams: URLSearchParams): StudioListParams {
  const studio = searchParams.get('studio');
  return {
    page: readRowId(searchParams.get('page')) ?? 1,
    studio: studio === 'none' ? 'none' : readRowId(studio),
    missing: searchParams.get('missing') === 'true',
    search: (searchParams.get('search') ?? '').trim().slice(0, 100),
  };
}

function writeParams(current: URLSearchParams, params: StudioListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('studio', params.studio);
  put('missing', params.missing ? 'true' : undefined);
  put('search', params.search);
  put('page', params.page > 1 ? params.page : undefined);
  return next;
}

/**
 * The API query of the params. A Studio member's list is always their own (the server decides), so
 * the studio choice is sent only for admins.
 */
export function studioListQuery(params: StudioListParams, isAdmin: boolean): StudioTutorsQuery {
  return {
    page: params.page,
    size: STUDIO_PAGE_SIZE,
    ...(isAdmin && params.studio === 'none' ? { unassigned: true } : {}),
    ...(isAdmin && typeof params.studio === 'number' ? { studioId: params.studio } : {}),
    ...(params.missing ? { missing: true } : {}),
    ...(params.search ? { search: params.search } : {}),
  };
}

/** The photo-sessions list's filters and page in the query string; a filter change returns to page 1. */
export function useStudioListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseStudioListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: StudioListPatch, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) =>
          writeParams(current, { ...parseStudioListParams(current), ...patch, page: patch.page ?? 1 }),
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of KEYS) {
        next.delete(key);
      }
      return next;
    });
  }, [setSearchParams]);

  const hasFilters = params.studio !== undefined || params.missing || params.search !== '';

  return { params, update, reset, hasFilters };
}
