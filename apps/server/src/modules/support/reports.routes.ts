import type { Multipart } from '@fastify/multipart';
import {
  AppError,
  BOUNDS,
  CreateReportReplyRequestSchema,
  CreateReportRequestSchema,
  FindReportRepliesQuerySchema,
  FindReportsQuerySchema,
  IdParamSchema,
  isAppError,
  OkResponseSchema,
  QueryIdSchema,
  ReportListResponseSchema,
  ReportReplyListResponseSchema,
  ReportReplySchema,
  ReportSchema,
  Role,
  UpdateReportReplyRequestSchema,
  UpdateReportRequestSchema,
  validationErrorCode,
} from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import { rateLimited } from '../../core/rate-limit.ts';
import { fileHeaders } from '../assets/file-headers.ts';
import { FILE_NAME_PATTERN } from '../assets/file-store.ts';
import { readLimited, type UploadedImage } from '../assets/uploads.ts';
import type { ReportsService } from './reports.service.ts';

const security = [{ bearer: [] }];
const ADMINS = [Role.SuperAdmin, Role.RegularAdmin] as const;
const ReportIdParamSchema = z.object({
  reportId: QueryIdSchema,
});
/** Reports one user may send per hour: plenty for real problems, a wall against flooding staff. */
const REPORTS_PER_HOUR = 30;

/**
 * Spec §7 "Report" and "Report reply": /api/v1/report… Authentication (and the role, where one is
 * required) is checked on the request (`onRequest`), before the body is read: a stranger learns
 * nothing of the schema, and an anonymous empty body is 401.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, options) => {
  const { reports } = options;
  const tags = ['report'];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        consumes: ['application/json', 'multipart/form-data'],
        summary:
          'Report a problem (any signed-in user): JSON or multipart `title` (5–128), `description` (10–1000), optional `lessonId` (one of the caller’s lessons, else `lesson-not-found`) and file `screenshot` (JPG, PNG or GIF ≤ 10 MB)',
        response: { 200: ReportSchema },
      },
      onRequest: app.authenticate,
      config: rateLimited(
        REPORTS_PER_HOUR,
        '1 hour',
        (request) => `report:${request.user?.id ?? request.ip}`,
      ),
    },
    async (request) => {
      const { body, screenshot } = await readReportForm(request);
      return reports.createReport(currentUser(request), body, screenshot);
    },
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Reports, newest first: the caller’s own, or everyone’s for SuperAdmin and RegularAdmin (resolved, userId, search, from, to); `unresolved` counts the open ones',
        querystring: FindReportsQuerySchema,
        response: { 200: ReportListResponseSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.findReports(currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One report (its reporter, or staff)',
        params: IdParamSchema,
        response: { 200: ReportSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.getReport(currentUser(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Change a report: its reporter the title and description until staff replied (`report-has-reply`); staff `resolved`',
        params: IdParamSchema,
        body: UpdateReportRequestSchema,
        response: { 200: ReportSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.updateReport(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a report: its reporter until staff replied (`report-has-reply`), a SuperAdmin any',
        params: IdParamSchema,
        response: { 200: OkResponseSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.deleteReport(currentUser(request), request.params.id),
  );

  app.post(
    '/reply',
    {
      schema: {
        tags,
        security,
        summary:
          'Reply to a report: staff answer (the reporter is told live and by e-mail), or the reporter follows up',
        body: CreateReportReplyRequestSchema,
        response: { 200: ReportReplySchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.createReply(currentUser(request), request.body),
  );

  app.get(
    '/reply/list',
    {
      schema: {
        tags,
        security,
        summary: 'Every reply, newest first (SuperAdmin, RegularAdmin; reportId, authorId)',
        querystring: FindReportRepliesQuerySchema,
        response: { 200: ReportReplyListResponseSchema },
      },
      onRequest: [app.authenticate, app.requireRoles(...ADMINS)],
    },
    (request) => reports.findReplies(request.query),
  );

  app.get(
    '/reply/report/:reportId',
    {
      schema: {
        tags,
        security,
        summary: 'A report’s conversation, oldest first (its reporter, or staff)',
        params: ReportIdParamSchema,
        response: { 200: ReportReplyListResponseSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.findConversation(currentUser(request), request.params.reportId),
  );

  app.get(
    '/reply/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One reply (the report’s reporter, or staff)',
        params: IdParamSchema,
        response: { 200: ReportReplySchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.getReply(currentUser(request), request.params.id),
  );

  app.put(
    '/reply/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a reply (its author)',
        params: IdParamSchema,
        body: UpdateReportReplyRequestSchema,
        response: { 200: ReportReplySchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.updateReply(currentUser(request), request.params.id, request.body.text),
  );

  app.delete(
    '/reply/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a reply (its author, or a SuperAdmin)',
        params: IdParamSchema,
        response: { 200: OkResponseSchema },
      },
      onRequest: app.authenticate,
    },
    (request) => reports.deleteReply(currentUser(request), request.params.id),
  );
};

const FileNameParamSchema = z.object({
  name: z.string().regex(FILE_NAME_PATTERN, { error: 'asset-not-found' }),
});

/** GET /assets/reports/{name}: a report's screenshot, for its reporter and staff only. */
export const reportFilesRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, options) => {
  app.get(
    '/assets/reports/:name',
    {
      schema: {
        tags: ['assets'],
        security,
        summary: 'A report’s screenshot (its reporter and staff)',
        params: FileNameParamSchema,
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { file, stream } = await options.reports.openScreenshot(
        request.params.name,
        currentUser(request),
      );
      return fileHeaders(reply, file)
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(stream);
    },
  );
};

const TEXT_FIELDS = new Set(['title', 'description', 'lessonId']);

/**
 * A new report as multipart (text fields `title`, `description`, `lessonId`; file `screenshot`) or as
 * JSON. The screenshot is read into memory up to 10 MB (`payload-too-large`); its content is checked
 * later (`invalid-type`). A malformed, truncated or foreign multipart body is `bad-request`, never a
 * server error.
 */
async function readReportForm(
  request: FastifyRequest,
): Promise<{ body: z.output<typeof CreateReportRequestSchema>; screenshot: UploadedImage | null }> {
  const fields: Record<string, unknown> = {};
  let screenshot: UploadedImage | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') {
          if (part.fieldname !== 'screenshot' || screenshot) {
            part.file.resume();
            throw new AppError('bad-request', { message: `Unexpected file field ${part.fieldname}` });
          }
          const buffer = await readLimited(part.file, BOUNDS.upload.imageMaxBytes);
          // An empty file input still sends a part: no screenshot.
          screenshot = buffer.length > 0 ? { kind: 'image', buffer } : null;
          continue;
        }
        if (!TEXT_FIELDS.has(part.fieldname) || part.fieldname in fields) {
          throw new AppError('bad-request', { message: `Unexpected field ${part.fieldname}` });
        }
        fields[part.fieldname] = part.value;
      }
    } catch (error) {
      throw asClientError(error);
    }
    // Form fields are text: an empty lesson means none, digits a lesson id.
    const lessonId = fields.lessonId;
    if (typeof lessonId === 'string') {
      fields.lessonId =
        lessonId.trim() === '' ? null : /^\d{1,12}$/.test(lessonId.trim()) ? Number(lessonId) : lessonId;
    }
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new AppError('bad-request', { message: 'Send an object' });
    }
    Object.assign(fields, request.body);
  } else {
    throw new AppError('empty-request', { message: 'Send a title and a description' });
  }
  const parsed = CreateReportRequestSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(validationErrorCode(parsed.error));
  }
  return { body: parsed.data, screenshot };
}

/**
 * Errors met while parsing the multipart body: ours and Fastify's own 4xx (too many parts, file too
 * large) stay as they are; anything the parser throws on a broken body is the client's `bad-request`.
 */
function asClientError(error: unknown): unknown {
  if (isAppError(error)) {
    return error;
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return error;
  }
  return new AppError('bad-request', { message: 'The multipart body could not be read', cause: error });
}
