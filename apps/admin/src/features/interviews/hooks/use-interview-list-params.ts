import {
  addLocalDays,
  type FindInterviewsQuery,
  INTERVIEW_STATUSES,
  type InterviewStatus,
  isLocalDate,
  localDayRange,
  readRowId,
  SortOrder,
} from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What the interviews list shows, as kept in the address bar
 * (`/interviews?interviewer=5&interviewee=3&status=2&signed=false&from=2026-12-01&page=2&interview=9`):
 * people by id (chosen by name), a name search, status, signed, Cairo calendar dates, the page, and the
 * interview whose details are open.
 */
export interface InterviewListParams {
  page: number;
  interviewerId: number | undefined;
  intervieweeId: number | undefined;
  search: string;
  status: InterviewStatus | undefined;
  signed: boolean | undefined;
  /** Local dates `YYYY-MM-DD`, both included. */
  from: string | undefined;
  to: string | undefined;
  /** The interview whose details dialog is open. */
  openId: number | undefined;
}

export type InterviewListPatch = Partial<InterviewListParams>;

export const INTERVIEWS_PAGE_SIZE = 20;

const FILTER_KEYS = ['interviewer', 'interviewee', 'search', 'status', 'signed', 'from', 'to', 'page'];

function readStatus(raw: string | null): InterviewStatus | undefined {
  const value = Number(raw);
  return (INTERVIEW_STATUSES as readonly number[]).includes(value) ? (value as InterviewStatus) : undefined;
}

function readSigned(raw: string | null): boolean | undefined {
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

const localDate = (raw: string | null) => (raw !== null && isLocalDate(raw) ? raw : undefined);

export function parseInterviewListParams(searchParams: URLSearchParams): InterviewListParams {
  return {
    page: readRowId(searchParams.get('page')) ?? 1,
    interviewerId: readRowId(searchParams.get('interviewer')),
    intervieweeId: readRowId(searchParams.get('interviewee')),
    search: (searchParams.get('search') ?? '').trim().slice(0, 100),
    status: readStatus(searchParams.get('status')),
    signed: readSigned(searchParams.get('signed')),
    from: localDate(searchParams.get('from')),
    to: localDate(searchParams.get('to')),
    openId: readRowId(searchParams.get('interview')),
  };
}

/** Writes the params over `current`, leaving keys it does not own alone. */
function writeParams(current: URLSearchParams, params: InterviewListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | boolean | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('interviewer', params.interviewerId);
  put('interviewee', params.intervieweeId);
  put('search', params.search);
  put('status', params.status);
  put('signed', params.signed);
  put('from', params.from);
  put('to', params.to);
  put('page', params.page > 1 ? params.page : undefined);
  put('interview', params.openId);
  return next;
}

/**
 * The API query of the params: dates become Cairo day bounds ([from 00:00, the day after `to` 00:00));
 * a `to` before `from` is left out rather than sent as an empty range.
 */
export function interviewListQuery(params: InterviewListParams): FindInterviewsQuery {
  const to = params.to && (!params.from || params.to >= params.from) ? params.to : undefined;
  return {
    page: params.page,
    size: INTERVIEWS_PAGE_SIZE,
    order: SortOrder.Desc,
    ...(params.interviewerId === undefined ? {} : { interviewerId: params.interviewerId }),
    ...(params.intervieweeId === undefined ? {} : { intervieweeId: params.intervieweeId }),
    ...(params.search ? { search: params.search } : {}),
    ...(params.status === undefined ? {} : { status: params.status }),
    ...(params.signed === undefined ? {} : { signed: params.signed }),
    ...(params.from ? { from: localDayRange(params.from).start.toISOString() } : {}),
    ...(to ? { to: localDayRange(addLocalDays(to, 1)).start.toISOString() } : {}),
  };
}

/**
 * The interviews list's filters, page and open interview in the query string, so a reload or a shared
 * link keeps them. A filter change returns to page 1 and pushes a history entry; typing a name replaces
 * it; opening or closing the details keeps the filters and page.
 */
export function useInterviewListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseInterviewListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: InterviewListPatch, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) =>
          writeParams(current, { ...parseInterviewListParams(current), ...patch, page: patch.page ?? 1 }),
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const open = useCallback(
    (id: number | undefined) => {
      setSearchParams((current) =>
        writeParams(current, { ...parseInterviewListParams(current), openId: id }),
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
    params.interviewerId !== undefined ||
    params.intervieweeId !== undefined ||
    params.search !== '' ||
    params.status !== undefined ||
    params.signed !== undefined ||
    params.from !== undefined ||
    params.to !== undefined;

  return { params, update, open, reset, hasFilters };
}
