import type { FindReportsParams } from '@hiwar/client';
import { addLocalDays, isLocalDate, localDayRange, readRowId } from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What the reports inbox shows, as kept in the address bar
 * (`/reports?status=open&reporter=12&search=صوت&from=2027-03-01&page=2&report=7`): open or resolved,
 * the reporter (chosen by name), a search, Cairo calendar dates, the page and the open report.
 */
export interface ReportListParams {
  page: number;
  status: 'open' | 'resolved' | undefined;
  reporterId: number | undefined;
  search: string;
  /** Local dates `YYYY-MM-DD`, both included. */
  from: string | undefined;
  to: string | undefined;
  /** The report whose conversation is open. */
  openId: number | undefined;
}

export const REPORTS_PAGE_SIZE = 20;

const FILTER_KEYS = ['status', 'reporter', 'search', 'from', 'to', 'page'];

const localDate = (raw: string | null) => (raw !== null && isLocalDate(raw) ? raw : undefined);

export function parseReportListParams(searchParams: URLSearchParams): ReportListParams {
  const status = searchParams.get('status');
  return {
    page: readRowId(searchParams.get('page')) ?? 1,
    // Open reports are what staff come for: the inbox starts there.
    status: status === 'all' ? undefined : status === 'resolved' ? 'resolved' : 'open',
    reporterId: readRowId(searchParams.get('reporter')),
    search: (searchParams.get('search') ?? '').trim().slice(0, 100),
    from: localDate(searchParams.get('from')),
    to: localDate(searchParams.get('to')),
    openId: readRowId(searchParams.get('report')),
  };
}

function writeParams(current: URLSearchParams, params: ReportListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('status', params.status === 'open' ? undefined : (params.status ?? 'all'));
  put('reporter', params.reporterId);
  put('search', params.search);
  put('from', params.from);
  put('to', params.to);
  put('page', params.page > 1 ? params.page : undefined);
  put('report', params.openId);
  return next;
}

/** The API query of the params: dates become Cairo day bounds ([from 00:00, the day after `to` 00:00)). */
export function reportListQuery(params: ReportListParams): FindReportsParams {
  const to = params.to && (!params.from || params.to >= params.from) ? params.to : undefined;
  return {
    page: params.page,
    size: REPORTS_PAGE_SIZE,
    ...(params.status === undefined ? {} : { resolved: params.status === 'resolved' }),
    ...(params.reporterId === undefined ? {} : { userId: params.reporterId }),
    ...(params.search ? { search: params.search } : {}),
    ...(params.from ? { from: localDayRange(params.from).start.toISOString() } : {}),
    ...(to ? { to: localDayRange(addLocalDays(to, 1)).start.toISOString() } : {}),
  };
}

/** The inbox's filters, page and open report in the query string, so a reload or a link keeps them. */
export function useReportListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseReportListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<ReportListParams>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) =>
          writeParams(current, { ...parseReportListParams(current), ...patch, page: patch.page ?? 1 }),
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const open = useCallback(
    (id: number | undefined) => {
      setSearchParams((current) => writeParams(current, { ...parseReportListParams(current), openId: id }));
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
    params.status !== 'open' ||
    params.reporterId !== undefined ||
    params.search !== '' ||
    params.from !== undefined ||
    params.to !== undefined;

  return { params, update, open, reset, hasFilters };
}
