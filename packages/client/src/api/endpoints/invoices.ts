import type {
  CreateInvoiceRequest,
  CreateWithdrawMethodRequest,
  Invoice,
  InvoiceListResponse,
  InvoiceStats,
  InvoiceStatus,
  OkResponse,
  ReceiverUpdateInvoiceRequest,
  UpdateWithdrawMethodRequest,
  WithdrawMethod,
  WithdrawMethodListResponse,
  WithdrawMethodType,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import type { UploadCallOptions } from './assets.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The withdrawals paths (spec §7 "Withdraw method" and "Invoice"). */
export const INVOICE_PATHS = {
  withdrawMethod: '/api/v1/withdraw-method',
  withdrawMethodById: (id: number) => `/api/v1/withdraw-method/${id}`,
  withdrawMethodList: '/api/v1/withdraw-method/list',
  invoice: '/api/v1/invoice',
  invoiceById: (id: number) => `/api/v1/invoice/${id}`,
  stats: (tutorId: number) => `/api/v1/invoice/stats/${tutorId}`,
  receiverUpdate: (id: number) => `/api/v1/invoice/receiver/${id}`,
  adminUpdate: (id: number) => `/api/v1/invoice/admin/${id}`,
  list: '/api/v1/invoice/list',
} as const;

/** `GET /api/v1/withdraw-method/list`: tutors get the enabled methods, staff all of them. */
export async function findWithdrawMethods(
  client: ApiClient,
  options?: CallOptions,
): Promise<WithdrawMethodListResponse> {
  const answer = await client.get<unknown>(INVOICE_PATHS.withdrawMethodList, signalOf(options));
  return parseResponse(
    (contract) => contract.WithdrawMethodListResponseSchema,
    answer,
    'GET /withdraw-method/list',
  );
}

/** `POST /api/v1/withdraw-method` (staff): a method of a type that has none (`withdraw-method-exists`). */
export async function createWithdrawMethod(
  client: ApiClient,
  body: CreateWithdrawMethodRequest,
  options?: CallOptions,
): Promise<WithdrawMethod> {
  const answer = await client.post<unknown>(INVOICE_PATHS.withdrawMethod, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.WithdrawMethodSchema, answer, 'POST /withdraw-method');
}

/** `PUT /api/v1/withdraw-method/{id}` (staff): new limits (piasters) or the enabled flag. */
export async function updateWithdrawMethod(
  client: ApiClient,
  id: number,
  body: UpdateWithdrawMethodRequest,
  options?: CallOptions,
): Promise<WithdrawMethod> {
  const answer = await client.put<unknown>(INVOICE_PATHS.withdrawMethodById(id), {
    body,
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.WithdrawMethodSchema, answer, 'PUT /withdraw-method/{id}');
}

/**
 * `POST /api/v1/invoice` (a tutor): request a withdrawal. Errors: `withdraw-method-not-found` (disabled),
 * `invoice-min-subceeded`, `invoice-max-exceeded`, `invoice-balance-exceeded`, and the receiver details'
 * codes (`invalid-phone`, `bank-name-empty`, `bank-name-invalid`, `bank-account-number-invalid`,
 * `instapay-username-invalid`).
 */
export async function createInvoice(
  client: ApiClient,
  body: CreateInvoiceRequest,
  options?: CallOptions,
): Promise<Invoice> {
  const answer = await client.post<unknown>(INVOICE_PATHS.invoice, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InvoiceSchema, answer, 'POST /invoice');
}

/** `GET /api/v1/invoice/stats/{id}`: a tutor's ledger and earnings chart (themself, or staff for anyone). */
export async function getInvoiceStats(
  client: ApiClient,
  tutorId: number,
  options?: CallOptions,
): Promise<InvoiceStats> {
  const answer = await client.get<unknown>(INVOICE_PATHS.stats(tutorId), signalOf(options));
  return parseResponse((contract) => contract.InvoiceStatsSchema, answer, 'GET /invoice/stats/{id}');
}

/**
 * `PUT /api/v1/invoice/receiver/{id}` (the invoice's tutor): ask to update the receiver details or to
 * cancel. Pass `expectedStatus` (the status shown) so a move staff made meanwhile is not overridden
 * (`illegal-invoice-update`).
 */
export async function updateInvoiceAsReceiver(
  client: ApiClient,
  id: number,
  body: ReceiverUpdateInvoiceRequest,
  options?: CallOptions,
): Promise<Invoice> {
  const answer = await client.put<unknown>(INVOICE_PATHS.receiverUpdate(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.InvoiceSchema, answer, 'PUT /invoice/receiver/{id}');
}

/** What staff send to settle an invoice: a status, a note (empty or null removes it), a receipt picture. */
export type AdminInvoiceUpdateInput = {
  status?: InvoiceStatus;
  note?: string | null;
  /** JPG, PNG or GIF, at most 10 MB; required to mark the invoice `fulfilled`. */
  receipt?: Blob;
  /** The status shown when staff chose the action. */
  expectedStatus?: InvoiceStatus;
};

/**
 * `PUT /api/v1/invoice/admin/{id}` (SuperAdmin, RegularAdmin), multipart `status`, `note`, `receipt`,
 * `expectedStatus`, with upload progress and abort. Errors: `illegal-invoice-update`,
 * `invoice-receipt-required`, `invoice-note-empty`, `invoice-note-invalid-html`, `invoice-note-too-long`,
 * `invalid-type` (not a picture), `payload-too-large`.
 */
export async function updateInvoiceAsAdmin(
  client: ApiClient,
  id: number,
  update: AdminInvoiceUpdateInput,
  options?: UploadCallOptions,
): Promise<Invoice> {
  const formData = new FormData();
  if (update.status !== undefined) {
    formData.append('status', update.status);
  }
  if (update.note !== undefined) {
    formData.append('note', update.note ?? '');
  }
  if (update.expectedStatus !== undefined) {
    formData.append('expectedStatus', update.expectedStatus);
  }
  if (update.receipt) {
    formData.append(
      'receipt',
      update.receipt,
      update.receipt instanceof File ? update.receipt.name : 'receipt',
    );
  }
  const answer = await client.upload<unknown>(INVOICE_PATHS.adminUpdate(id), formData, {
    method: 'PUT',
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.InvoiceSchema, answer, 'PUT /invoice/admin/{id}');
}

/** Filters of the invoice list; `status` may name several statuses. */
export type FindInvoicesParams = {
  page?: number;
  size?: number;
  status?: InvoiceStatus | readonly InvoiceStatus[];
  tutorId?: number;
  method?: WithdrawMethodType;
  /** ISO instants, [from, to) on the request time. */
  from?: string;
  to?: string;
};

/** `GET /api/v1/invoice/list`: newest first; a tutor's own, or everyone's for staff. */
export async function findInvoices(
  client: ApiClient,
  params: FindInvoicesParams = {},
  options?: CallOptions,
): Promise<InvoiceListResponse> {
  const { status, ...rest } = params;
  const query = {
    ...rest,
    ...(status === undefined ? {} : { status: typeof status === 'string' ? status : status.join(',') }),
  };
  const answer = await client.get<unknown>(INVOICE_PATHS.list, { query, ...signalOf(options) });
  return parseResponse((contract) => contract.InvoiceListResponseSchema, answer, 'GET /invoice/list');
}

/**
 * `DELETE /api/v1/invoice/{id}`: a tutor their own pending invoice no staff member has acted on, a
 * SuperAdmin any but a fulfilled one (`illegal-invoice-update` otherwise).
 */
export async function deleteInvoice(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(INVOICE_PATHS.invoiceById(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /invoice/{id}');
}

/**
 * A receipt picture (`invoice.receipt`, a private `/assets/receipts/…` URL): fetched with the caller's
 * bearer token, since an `<img src>` cannot send one. Show it through `URL.createObjectURL`.
 */
export async function fetchReceipt(
  client: ApiClient,
  receiptUrl: string,
  options?: CallOptions,
): Promise<Blob> {
  const path = receiptUrl.startsWith('/') ? receiptUrl : new URL(receiptUrl).pathname;
  return client.get<Blob>(path, { responseType: 'blob', ...signalOf(options) });
}
