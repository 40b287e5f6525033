import type { FindInvoicesParams } from '@hiwar/client';
import {
  addLocalDays,
  INVOICE_STATUSES,
  type InvoiceStatus,
  isLocalDate,
  localDayRange,
  OPEN_INVOICE_STATUSES,
  readRowId,
  WITHDRAW_METHOD_TYPES,
  type WithdrawMethodType,
} from '@hiwar/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A status filter: one of rules.md's statuses, or `open` for the three that wait for staff. */
export type InvoiceStatusFilter = InvoiceStatus | 'open';

/**
 * What the invoices list shows, as kept in the address bar
 * (`/invoices?status=open&tutorId=3&method=bank&from=2026-12-01&to=2026-12-07&page=2&invoice=40`): the
 * status (or every open one), the tutor by id (chosen by name), the method, Cairo calendar dates of the
 * request, the page, and the request whose details are open.
 */
export interface InvoiceListParams {
  page: number;
  status: InvoiceStatusFilter | undefined;
  tutorId: number | undefined;
  method: WithdrawMethodType | undefined;
  /** Local dates `YYYY-MM-DD`, both included. */
  from: string | undefined;
  to: string | undefined;
  /** The request whose details are open. */
  openId: number | undefined;
}

export type InvoiceListPatch = Partial<InvoiceListParams>;

export const INVOICES_PAGE_SIZE = 20;

const FILTER_KEYS = ['status', 'tutorId', 'method', 'from', 'to', 'page'];

function readStatus(raw: string | null): InvoiceStatusFilter | undefined {
  if (raw === 'open') {
    return 'open';
  }
  return (INVOICE_STATUSES as readonly (string | null)[]).includes(raw) ? (raw as InvoiceStatus) : undefined;
}

function readMethod(raw: string | null): WithdrawMethodType | undefined {
  return (WITHDRAW_METHOD_TYPES as readonly (string | null)[]).includes(raw)
    ? (raw as WithdrawMethodType)
    : undefined;
}

const localDate = (raw: string | null) => (raw !== null && isLocalDate(raw) ? raw : undefined);

export function parseInvoiceListParams(searchParams: URLSearchParams): InvoiceListParams {
  return {
    page: readRowId(searchParams.get('page')) ?? 1,
    status: readStatus(searchParams.get('status')),
    tutorId: readRowId(searchParams.get('tutorId')),
    method: readMethod(searchParams.get('method')),
    from: localDate(searchParams.get('from')),
    to: localDate(searchParams.get('to')),
    openId: readRowId(searchParams.get('invoice')),
  };
}

/** Writes the params over `current`, leaving keys it does not own (the tab) alone. */
function writeParams(current: URLSearchParams, params: InvoiceListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  };
  put('status', params.status);
  put('tutorId', params.tutorId);
  put('method', params.method);
  put('from', params.from);
  put('to', params.to);
  put('page', params.page > 1 ? params.page : undefined);
  put('invoice', params.openId);
  return next;
}

/**
 * The API query of the params: `open` becomes its three statuses; dates become Cairo day bounds
 * ([from 00:00, the day after `to` 00:00)); a `to` before `from` is left out rather than sent empty.
 */
export function invoiceListQuery(params: InvoiceListParams): FindInvoicesParams {
  const to = params.to && (!params.from || params.to >= params.from) ? params.to : undefined;
  return {
    page: params.page,
    size: INVOICES_PAGE_SIZE,
    ...(params.status === undefined
      ? {}
      : { status: params.status === 'open' ? OPEN_INVOICE_STATUSES : params.status }),
    ...(params.tutorId === undefined ? {} : { tutorId: params.tutorId }),
    ...(params.method === undefined ? {} : { method: params.method }),
    ...(params.from ? { from: localDayRange(params.from).start.toISOString() } : {}),
    ...(to ? { to: localDayRange(addLocalDays(to, 1)).start.toISOString() } : {}),
  };
}

/**
 * The invoices list's filters, page and open request in the query string, so a reload or a shared link
 * (the tutor page links `/invoices?tutorId=3`) keeps them. A filter change returns to page 1 and pushes
 * a history entry; opening or closing the details keeps the filters and page.
 */
export function useInvoiceListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseInvoiceListParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: InvoiceListPatch) => {
      setSearchParams((current) =>
        writeParams(current, { ...parseInvoiceListParams(current), ...patch, page: patch.page ?? 1 }),
      );
    },
    [setSearchParams],
  );

  const open = useCallback(
    (id: number | undefined) => {
      setSearchParams((current) => writeParams(current, { ...parseInvoiceListParams(current), openId: id }));
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
    params.status !== undefined ||
    params.tutorId !== undefined ||
    params.method !== undefined ||
    params.from !== undefined ||
    params.to !== undefined;

  return { params, update, open, reset, hasFilters };
}
