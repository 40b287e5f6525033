import {
  CONTACT_REQUESTS_EVENT,
  type ContactRequest,
  type ContactRequestEvent,
  type ContactRequestListResponse,
  type CreateReportReplyRequest,
  type OkResponse,
  REPORT_REPLIED_EVENT,
  REPORT_UPDATED_EVENT,
  REPORTS_CHANNEL,
  type Report,
  type ReportEvent,
  type ReportListResponse,
  type ReportReply,
  type ReportReplyListResponse,
  type UpdateReportRequest,
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
  type CreateReportInput,
  createReport,
  createReportReply,
  deleteReport,
  deleteReportReply,
  type FindReportsParams,
  fetchReportScreenshot,
  findContactRequests,
  findReportConversation,
  findReports,
  getReport,
  updateContactRequest,
  updateReport,
  updateReportReply,
} from '../endpoints/support.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the support API: reports under `['report']`, contact requests under `['contact-request']`. */
export const supportKeys = {
  reports: ['report'] as const,
  reportLists: ['report', 'list'] as const,
  reportList: (query: FindReportsParams) => ['report', 'list', query] as const,
  unresolved: ['report', 'unresolved'] as const,
  report: (id: number) => ['report', 'one', id] as const,
  conversation: (reportId: number) => ['report', 'conversation', reportId] as const,
  screenshot: (url: string) => ['report', 'screenshot', url] as const,
  contactRequests: ['contact-request'] as const,
  contactRequestList: (query: FindContactRequestsParams) => ['contact-request', 'list', query] as const,
};

export type FindContactRequestsParams = { page?: number; size?: number; handled?: boolean; search?: string };

/** What any report change refreshes: lists, counts, the report, its conversation (screenshots stay). */
function applyReportChange(queryClient: QueryClient, reportId?: number): void {
  void queryClient.invalidateQueries({ queryKey: supportKeys.reportLists });
  void queryClient.invalidateQueries({ queryKey: supportKeys.unresolved });
  if (reportId !== undefined) {
    void queryClient.invalidateQueries({ queryKey: supportKeys.report(reportId) });
    void queryClient.invalidateQueries({ queryKey: supportKeys.conversation(reportId) });
  }
}

/** A page of reports (the caller's own, or everyone's for staff); the previous page stays while loading. */
export function useReports(
  query: FindReportsParams = {},
  options: { enabled?: boolean } = {},
): UseQueryResult<ReportListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.reportList(query),
    queryFn: ({ signal }) => findReports(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * How many reports are open (all of them for staff): the back office's sidebar badge. Polls every
 * `refetchInterval` ms (default a minute) besides the live refresh on the reports screen.
 */
export function useUnresolvedReportsCount(
  options: { enabled?: boolean; refetchInterval?: number } = {},
): UseQueryResult<number> {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.unresolved,
    queryFn: async ({ signal }) =>
      (await findReports(client, { resolved: false, size: 1 }, { signal })).unresolved,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? 60_000,
  });
}

/** One report; pass `null` to wait for an id. */
export function useReport(id: number | null): UseQueryResult<Report> {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.report(id ?? 0),
    queryFn: ({ signal }) => getReport(client, id as number, { signal }),
    enabled: id !== null,
  });
}

/** A report's conversation, oldest first; pass `null` to wait for an id. */
export function useReportConversation(reportId: number | null): UseQueryResult<ReportReplyListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.conversation(reportId ?? 0),
    queryFn: ({ signal }) => findReportConversation(client, reportId as number, { signal }),
    enabled: reportId !== null,
  });
}

export interface CreateReportVariables extends UploadCallOptions {
  input: CreateReportInput;
}

/** `POST /api/v1/report`, with upload progress (`onProgress`) and abort (`signal`) when a screenshot goes along. */
export function useCreateReport(): UseMutationResult<Report, Error, CreateReportVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ...options }) => createReport(client, input, options),
    onSuccess: (report) => applyReportChange(queryClient, report.id),
  });
}

/** `PUT /api/v1/report/{id}`: the reporter's edit, or staff resolving. */
export function useUpdateReport(): UseMutationResult<
  Report,
  Error,
  { id: number; body: UpdateReportRequest }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updateReport(client, id, body),
    onSuccess: (report) => {
      queryClient.setQueryData(supportKeys.report(report.id), report);
      applyReportChange(queryClient, report.id);
    },
  });
}

/** `DELETE /api/v1/report/{id}`. */
export function useDeleteReport(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deleteReport(client, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: supportKeys.report(id) });
      applyReportChange(queryClient);
    },
  });
}

/** `POST /api/v1/report/reply`: the conversation and lists refetch. */
export function useCreateReportReply(): UseMutationResult<ReportReply, Error, CreateReportReplyRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createReportReply(client, body),
    onSuccess: (reply) => applyReportChange(queryClient, reply.reportId),
  });
}

/** `PUT /api/v1/report/reply/{id}` (its author). */
export function useUpdateReportReply(): UseMutationResult<ReportReply, Error, { id: number; text: string }> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }) => updateReportReply(client, id, text),
    onSuccess: (reply) => applyReportChange(queryClient, reply.reportId),
  });
}

/** `DELETE /api/v1/report/reply/{id}` (its author, or a SuperAdmin). */
export function useDeleteReportReply(): UseMutationResult<
  OkResponse,
  Error,
  { id: number; reportId: number }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }) => deleteReportReply(client, id),
    onSuccess: (_answer, { reportId }) => applyReportChange(queryClient, reportId),
  });
}

/**
 * Live reports: `report-replied` and `report-updated` (the reporter's own) and, for staff, the `Reports`
 * channel. Lists, counts and the conversation refetch; `onEvent` gets each event with its name (a
 * toast for a staff reply: `supportMessages.events`). Mount once per screen.
 */
export function useReportEvents(
  onEvent?: (
    event: ReportEvent,
    name: typeof REPORT_REPLIED_EVENT | typeof REPORT_UPDATED_EVENT | typeof REPORTS_CHANNEL,
  ) => void,
): void {
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
    const on = (name: typeof REPORT_REPLIED_EVENT | typeof REPORT_UPDATED_EVENT | typeof REPORTS_CHANNEL) => {
      const handle = checkedListener(
        (contract) => contract.ReportEventSchema,
        (event) => {
          applyReportChange(queryClient, event.report.id);
          listener.current?.(event, name);
        },
      );
      socket.on(name, handle);
      return () => socket.off(name, handle);
    };
    const offs = [on(REPORT_REPLIED_EVENT), on(REPORT_UPDATED_EVENT), on(REPORTS_CHANNEL)];
    return () => {
      for (const off of offs) {
        off();
      }
    };
  }, [socket, queryClient]);
}

/**
 * A report's screenshot as an object URL for `<img src>` (screenshots need the bearer token), revoked
 * when the URL changes or the component unmounts; `null` while loading or without a screenshot.
 */
export function useReportScreenshotUrl(screenshotUrl: string | null): {
  url: string | null;
  error: Error | null;
} {
  const client = useApiClient();
  const query = useQuery({
    queryKey: supportKeys.screenshot(screenshotUrl ?? ''),
    queryFn: ({ signal }) => fetchReportScreenshot(client, screenshotUrl as string, { signal }),
    enabled: screenshotUrl !== null,
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

/** A page of contact requests (staff), with `unhandled`. */
export function useContactRequests(
  query: FindContactRequestsParams = {},
  options: { enabled?: boolean; refetchInterval?: number } = {},
): UseQueryResult<ContactRequestListResponse> {
  const client = useApiClient();
  return useQuery({
    queryKey: supportKeys.contactRequestList(query),
    queryFn: ({ signal }) => findContactRequests(client, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}

/** `PUT /api/v1/contact-request/{id}` (staff): handled, or open again. */
export function useUpdateContactRequest(): UseMutationResult<
  ContactRequest,
  Error,
  { id: number; handled: boolean }
> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }) => updateContactRequest(client, id, handled),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.contactRequests }),
  });
}

/** Live contact requests on the staff `Reports` channel (`ContactRequests` event): lists refetch. */
export function useContactRequestEvents(onEvent?: (event: ContactRequestEvent) => void): void {
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
      (contract) => contract.ContactRequestEventSchema,
      (event) => {
        void queryClient.invalidateQueries({ queryKey: supportKeys.contactRequests });
        listener.current?.(event);
      },
    );
    socket.on(CONTACT_REQUESTS_EVENT, handle);
    return () => {
      socket.off(CONTACT_REQUESTS_EVENT, handle);
    };
  }, [socket, queryClient]);
}
