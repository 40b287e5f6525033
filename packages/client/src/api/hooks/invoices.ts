import {
  ADMIN_INVOICES_CHANNEL,
  type CreateInvoiceRequest,
  type CreateWithdrawMethodRequest,
  INVOICE_UPDATED_EVENT,
  type Invoice,
  type InvoiceEvent,
  type InvoiceListResponse,
  type InvoiceStats,
  type OkResponse,
  type ReceiverUpdateInvoiceRequest,
  type UpdateWithdrawMethodRequest,
  type WithdrawMethod,
  type WithdrawMethodListResponse,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSocket } from '../../socket/socket-provider.tsx';
import { checkedListener } from '../contract.ts';
import type { UploadCallOptions } from '../endpoints/assets.ts';
import {
  type AdminInvoiceUpdateInput,
  createInvoice,
  createWithdrawMethod,
  deleteInvoice,
  type FindInvoicesParams,
  fetchReceipt,
  findInvoices,
  findWithdrawMethods,
  getInvoiceStats,
  updateInvoiceAsAdmin,
  updateInvoiceAsReceiver,
  updateWithdrawMethod,
} from '../endpoints/invoices.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the withdrawals API; everything under `['invoice']`. */
export const invoiceKeys = {
  all: ['invoice'] as const,
  lists: ['invoice', 'list'] as const,
  list: (query: FindInvoicesParams) => ['invoice', 'list', query] as const,
  allStats: ['invoice', 'stats'] as const,
  stats: (tutorId: number) => ['invoice', 'stats', tutorId] as const,
  methods: ['invoice', 'withdraw-methods'] as const,
  receipt: (url: string) => ['invoice', 'receipt', url] as const,
};

/** What any invoice change invalidates: every list and every ledger. */
function applyInvoiceChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
  void queryClient.invalidateQueries({ queryKey: invoiceKeys.allStats });
}

function useInvoiceChanged() {
  const queryClient = useQueryClient();
  return () => applyInvoiceChange(queryClient);
}

/** The withdraw methods: enabled ones for tutors, all three for staff. */
export function useWithdrawMethods(
  options: { enabled?: boolean } = {},
): UseQueryResult<WithdrawMethodListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.methods,
    queryFn: ({ signal }) => findWithdrawMethods(client, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** `POST /api/v1/withdraw-method` (staff). */
export function useCreateWithdrawMethod(): UseMutationResult<
  WithdrawMethod,
  Error,
  CreateWithdrawMethodRequest
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createWithdrawMethod(client, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.methods }),
  });
}

/** `PUT /api/v1/withdraw-method/{id}` (staff): limits in piasters, or the enabled flag. */
export function useUpdateWithdrawMethod(): UseMutationResult<
  WithdrawMethod,
  Error,
  { id: number; body: UpdateWithdrawMethodRequest }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updateWithdrawMethod(client, id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.methods }),
  });
}

/** A page of invoices (a tutor's own, or everyone's for staff), filtered; the previous page stays while loading. */
export function useInvoices(
  query: FindInvoicesParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<InvoiceListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => findInvoices(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** A tutor's ledger and earnings chart; pass `null` to wait for an id. */
export function useInvoiceStats(tutorId: number | null): UseQueryResult<InvoiceStats> {
  const client = useApiClient();
  return useQuery({
    queryKey: invoiceKeys.stats(tutorId ?? 0),
    queryFn: ({ signal }) => getInvoiceStats(client, tutorId as number, { signal }),
    enabled: tutorId !== null,
  });
}

/** `POST /api/v1/invoice`: request a withdrawal; lists and the ledger refetch. */
export function useCreateInvoice(): UseMutationResult<Invoice, Error, CreateInvoiceRequest> {
  const client = useApiClient();
  const changed = useInvoiceChanged();
  return useMutation({ mutationFn: (body) => createInvoice(client, body), onSuccess: changed });
}

/** `PUT /api/v1/invoice/receiver/{id}`: the tutor asks to update the details or to cancel. */
export function useUpdateInvoiceAsReceiver(): UseMutationResult<
  Invoice,
  Error,
  { id: number; body: ReceiverUpdateInvoiceRequest }
> {
  const client = useApiClient();
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: ({ id, body }) => updateInvoiceAsReceiver(client, id, body),
    onSuccess: changed,
  });
}

export interface UpdateInvoiceAsAdminVariables extends UploadCallOptions {
  id: number;
  update: AdminInvoiceUpdateInput;
}

/**
 * `PUT /api/v1/invoice/admin/{id}` (staff): a move, a note, a receipt upload, with `onProgress`
 * (whole percentages) and abort (`signal`).
 */
export function useUpdateInvoiceAsAdmin(): UseMutationResult<Invoice, Error, UpdateInvoiceAsAdminVariables> {
  const client = useApiClient();
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: ({ id, update, ...options }) => updateInvoiceAsAdmin(client, id, update, options),
    onSuccess: changed,
  });
}

/** `DELETE /api/v1/invoice/{id}`. */
export function useDeleteInvoice(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const changed = useInvoiceChanged();
  return useMutation({ mutationFn: (id) => deleteInvoice(client, id), onSuccess: changed });
}

/**
 * Live invoices: `invoice-updated` (the tutor's own) and, for staff, the `AdminInvoices` channel. Lists
 * and ledgers refetch; `onEvent` is for a toast (the Arabic lines are `invoicesMessages.events`).
 * Mount once per app.
 */
export function useInvoiceEvents(onEvent?: (event: InvoiceEvent) => void): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    if (!socket) {
      return;
    }
    const handle = checkedListener(
      (contract) => contract.InvoiceEventSchema,
      (event) => {
        applyInvoiceChange(queryClient);
        listener.current?.(event);
      },
    );
    socket.on(INVOICE_UPDATED_EVENT, handle);
    socket.on(ADMIN_INVOICES_CHANNEL, handle);
    return () => {
      socket.off(INVOICE_UPDATED_EVENT, handle);
      socket.off(ADMIN_INVOICES_CHANNEL, handle);
    };
  }, [socket, queryClient]);
}

/**
 * A receipt picture as an object URL for `<img src>` (receipts need the bearer token), revoked when
 * the URL changes or the component unmounts; `null` while loading or without a receipt.
 */
export function useReceiptUrl(receiptUrl: string | null): { url: string | null; error: Error | null } {
  const client = useApiClient();
  const query = useQuery({
    queryKey: invoiceKeys.receipt(receiptUrl ?? ''),
    queryFn: ({ signal }) => fetchReceipt(client, receiptUrl as string, { signal }),
    enabled: receiptUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, error: query.error };
}
