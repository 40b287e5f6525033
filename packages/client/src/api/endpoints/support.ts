import type {
  ContactRequest,
  ContactRequestListResponse,
  ContactRequestReceived,
  CreateContactRequestRequest,
  CreateReportReplyRequest,
  OkResponse,
  Report,
  ReportListResponse,
  ReportReply,
  ReportReplyListResponse,
  UpdateReportRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import type { UploadCallOptions } from './assets.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The support paths (spec §7 "Report", "Report reply", "Contact request"). */
export const SUPPORT_PATHS = {
  report: '/api/v1/report',
  reportById: (id: number) => `/api/v1/report/${id}`,
  reportList: '/api/v1/report/list',
  reply: '/api/v1/report/reply',
  replyById: (id: number) => `/api/v1/report/reply/${id}`,
  conversation: (reportId: number) => `/api/v1/report/reply/report/${reportId}`,
  replyList: '/api/v1/report/reply/list',
  contactRequest: '/api/v1/contact-request/',
  contactRequestById: (id: number) => `/api/v1/contact-request/${id}`,
  contactRequestList: '/api/v1/contact-request/list',
} as const;

/** What a user sends to report a problem. */
export type CreateReportInput = {
  title: string;
  description: string;
  /** One of the caller's lessons, when the problem is about it. */
  lessonId?: number | null;
  /** JPG, PNG or GIF, at most 10 MB. */
  screenshot?: Blob | null;
};

/**
 * `POST /api/v1/report` (any signed-in user): JSON, or multipart with upload progress when a screenshot
 * is attached. Errors: `report-title-short`, `report-title-long`, `report-description-short`,
 * `report-description-long`, `lesson-not-found` (not one of the caller's lessons), and for the
 * screenshot `invalid-type` (not a picture) and `payload-too-large`.
 */
export async function createReport(
  client: ApiClient,
  input: CreateReportInput,
  options?: UploadCallOptions,
): Promise<Report> {
  if (!input.screenshot) {
    const body = { title: input.title, description: input.description, lessonId: input.lessonId ?? null };
    const answer = await client.post<unknown>(SUPPORT_PATHS.report, { body, ...signalOf(options) });
    return parseResponse((contract) => contract.ReportSchema, answer, 'POST /report');
  }
  const formData = new FormData();
  formData.append('title', input.title);
  formData.append('description', input.description);
  if (input.lessonId) {
    formData.append('lessonId', String(input.lessonId));
  }
  formData.append(
    'screenshot',
    input.screenshot,
    input.screenshot instanceof File ? input.screenshot.name : 'screenshot',
  );
  const answer = await client.upload<unknown>(SUPPORT_PATHS.report, formData, {
    method: 'POST',
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.ReportSchema, answer, 'POST /report');
}

/** `GET /api/v1/report/{id}` (its reporter, or staff). */
export async function getReport(client: ApiClient, id: number, options?: CallOptions): Promise<Report> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.reportById(id), signalOf(options));
  return parseResponse((contract) => contract.ReportSchema, answer, 'GET /report/{id}');
}

/**
 * `PUT /api/v1/report/{id}`: the reporter changes the title or description until staff replied
 * (`report-has-reply`); staff set `resolved`.
 */
export async function updateReport(
  client: ApiClient,
  id: number,
  body: UpdateReportRequest,
  options?: CallOptions,
): Promise<Report> {
  const answer = await client.put<unknown>(SUPPORT_PATHS.reportById(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.ReportSchema, answer, 'PUT /report/{id}');
}

/** `DELETE /api/v1/report/{id}`: the reporter until staff replied (`report-has-reply`), a SuperAdmin any. */
export async function deleteReport(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(SUPPORT_PATHS.reportById(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /report/{id}');
}

/** Filters of the report list (staff); a reporter always gets their own. */
export type FindReportsParams = {
  page?: number;
  size?: number;
  resolved?: boolean;
  userId?: number;
  search?: string;
  /** ISO instants, [from, to) on the creation time. */
  from?: string;
  to?: string;
};

/** `GET /api/v1/report/list`: newest first, with `unresolved` (the open ones the caller can see). */
export async function findReports(
  client: ApiClient,
  params: FindReportsParams = {},
  options?: CallOptions,
): Promise<ReportListResponse> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.reportList, {
    query: { ...params },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.ReportListResponseSchema, answer, 'GET /report/list');
}

/** `POST /api/v1/report/reply`: staff answer, or the reporter follows up. Errors: `text-too-short`, `text-too-long`. */
export async function createReportReply(
  client: ApiClient,
  body: CreateReportReplyRequest,
  options?: CallOptions,
): Promise<ReportReply> {
  const answer = await client.post<unknown>(SUPPORT_PATHS.reply, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.ReportReplySchema, answer, 'POST /report/reply');
}

/** `GET /api/v1/report/reply/{id}`. */
export async function getReportReply(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<ReportReply> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.replyById(id), signalOf(options));
  return parseResponse((contract) => contract.ReportReplySchema, answer, 'GET /report/reply/{id}');
}

/** `PUT /api/v1/report/reply/{id}` (its author). */
export async function updateReportReply(
  client: ApiClient,
  id: number,
  text: string,
  options?: CallOptions,
): Promise<ReportReply> {
  const answer = await client.put<unknown>(SUPPORT_PATHS.replyById(id), {
    body: { text },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.ReportReplySchema, answer, 'PUT /report/reply/{id}');
}

/** `DELETE /api/v1/report/reply/{id}` (its author, or a SuperAdmin). */
export async function deleteReportReply(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(SUPPORT_PATHS.replyById(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /report/reply/{id}');
}

/** `GET /api/v1/report/reply/report/{reportId}`: the whole conversation, oldest first. */
export async function findReportConversation(
  client: ApiClient,
  reportId: number,
  options?: CallOptions,
): Promise<ReportReplyListResponse> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.conversation(reportId), signalOf(options));
  return parseResponse(
    (contract) => contract.ReportReplyListResponseSchema,
    answer,
    'GET /report/reply/report/{reportId}',
  );
}

/** `GET /api/v1/report/reply/list` (staff): every reply, newest first. */
export async function findReportReplies(
  client: ApiClient,
  params: { page?: number; size?: number; reportId?: number; authorId?: number } = {},
  options?: CallOptions,
): Promise<ReportReplyListResponse> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.replyList, {
    query: { ...params },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.ReportReplyListResponseSchema,
    answer,
    'GET /report/reply/list',
  );
}

/**
 * A report's screenshot (`report.screenshot`, a private `/assets/reports/…` URL): fetched with the
 * caller's bearer token, since an `<img src>` cannot send one. Show it through `URL.createObjectURL`.
 */
export async function fetchReportScreenshot(
  client: ApiClient,
  screenshotUrl: string,
  options?: CallOptions,
): Promise<Blob> {
  const path = screenshotUrl.startsWith('/') ? screenshotUrl : new URL(screenshotUrl).pathname;
  return client.get<Blob>(path, { responseType: 'blob', ...signalOf(options) });
}

/**
 * `POST /api/v1/contact-request/` (public, the site's `/contact` form). Errors: `required` (neither a
 * phone nor an e-mail), `invalid-phone`, `invalid-email`, `contact-request-name-short`/`-long`,
 * `contact-request-title-short`/`-long`, `contact-request-message-short`/`-long`, and
 * `too-many-requests` (429: five an hour from one address).
 */
export async function createContactRequest(
  client: ApiClient,
  body: CreateContactRequestRequest,
  options?: CallOptions,
): Promise<ContactRequestReceived> {
  const answer = await client.post<unknown>(SUPPORT_PATHS.contactRequest, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.ContactRequestReceivedSchema, answer, 'POST /contact-request/');
}

/** `GET /api/v1/contact-request/list` (staff): newest first, with `unhandled`. */
export async function findContactRequests(
  client: ApiClient,
  params: { page?: number; size?: number; handled?: boolean; search?: string } = {},
  options?: CallOptions,
): Promise<ContactRequestListResponse> {
  const answer = await client.get<unknown>(SUPPORT_PATHS.contactRequestList, {
    query: { ...params },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.ContactRequestListResponseSchema,
    answer,
    'GET /contact-request/list',
  );
}

/** `PUT /api/v1/contact-request/{id}` (staff): handled, or open again. */
export async function updateContactRequest(
  client: ApiClient,
  id: number,
  handled: boolean,
  options?: CallOptions,
): Promise<ContactRequest> {
  const answer = await client.put<unknown>(SUPPORT_PATHS.contactRequestById(id), {
    body: { handled },
    ...signalOf(options),
  });
  return parseResponse((contract) => contract.ContactRequestSchema, answer, 'PUT /contact-request/{id}');
}
