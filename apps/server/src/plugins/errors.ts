import { AppError, type ErrorCode, errorStatus, isErrorCode } from '@hiwar/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/client.ts';

/** Fastify's own client-error codes and what they mean in our catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty-request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad-request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad-request',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_TYPE: 'bad-request',
  FST_ERR_VALIDATION: 'bad-request',
  FST_ERR_NOT_FOUND: 'not-found',
  FST_REQ_FILE_TOO_LARGE: 'payload-too-large',
  FST_FILES_LIMIT: 'payload-too-large',
  FST_PARTS_LIMIT: 'payload-too-large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported-media-type',
};

/** `details` carries what a client needs to act on the error (e.g. the lessons a schedule change would cancel). */
export type ErrorBody = { code: ErrorCode; message: string; details?: unknown };

/**
 * The one place that owns the error wire format: every failure leaves as `{ code, message }` with
 * the status from the domain table. Validation failures carry the specific spec code when the
 * schema names one. Anything unexpected is logged and answered 500 `unexpected` without details.
 */
export function toErrorBody(error: unknown): { status: number; body: ErrorBody; unexpected: boolean } {
  if (error instanceof AppError) {
    const answer = reply(error.code, error.message);
    return error.details === undefined
      ? answer
      : { ...answer, body: { ...answer.body, details: error.details } };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issueCodes = error.validation.map((issue) => issue.message);
    const specific = issueCodes.find((message) => isErrorCode(message));
    const code: ErrorCode = specific && isErrorCode(specific) ? specific : 'bad-request';
    const where = error.validationContext ?? 'request';
    return reply(code, `Invalid ${where}: ${error.validation.map(describeIssue).join('; ')}`);
  }
  if (fastifyError.code && fastifyError.code in FASTIFY_CODES) {
    return reply(FASTIFY_CODES[fastifyError.code] as ErrorCode, fastifyError.message ?? '');
  }
  // PostgreSQL "data exception" (class 22): a value the column cannot hold (an id beyond int4, a NUL
  // character in text). Input the schemas let through, not a server fault.
  if (pgErrorCode(error)?.startsWith('22')) {
    return reply('bad-request', 'A value is out of range or not storable');
  }
  const status = fastifyError.statusCode;
  if (status === 429) {
    return reply('too-many-requests', 'Too many requests, try again later');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply(
      status === 404 ? 'not-found' : status === 413 ? 'payload-too-large' : 'bad-request',
      fastifyError.message ?? '',
    );
  }
  return { status: 500, body: { code: 'unexpected', message: 'Unexpected error' }, unexpected: true };
}

function reply(code: ErrorCode, message: string) {
  return { status: errorStatus(code), body: { code, message: message || code }, unexpected: false };
}

function describeIssue(issue: { instancePath?: string; message?: string }): string {
  const field = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || 'value';
  return `${field} ${issue.message ?? 'is invalid'}`;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request: FastifyRequest, res: FastifyReply) => {
      const { status, body, unexpected } = toErrorBody(error);
      if (unexpected) {
        request.log.error({ err: error }, 'unexpected error');
      } else if (status >= 500) {
        request.log.warn({ err: error }, body.code);
      }
      return res.status(status).send(body);
    });
  },
  { name: 'errors' },
);

/** JSON 404 for API paths; the caller decides what other paths get (the SPA's index.html). */
export function sendNotFound(request: FastifyRequest, res: FastifyReply) {
  const body: ErrorBody = {
    code: 'not-found',
    message: `No route ${request.method} ${request.url.split('?')[0]}`,
  };
  return res.status(404).send(body);
}
