import type { Multipart } from '@fastify/multipart';
import {
  AdminUpdateInvoiceRequestSchema,
  AppError,
  BOUNDS,
  CreateInvoiceRequestSchema,
  CreateWithdrawMethodRequestSchema,
  type ErrorCode,
  FindInvoicesQuerySchema,
  IdParamSchema,
  InvoiceListResponseSchema,
  InvoiceSchema,
  InvoiceStatsSchema,
  isAppError,
  OkResponseSchema,
  ReceiverUpdateInvoiceRequestSchema,
  Role,
  UpdateWithdrawMethodRequestSchema,
  validationErrorCode,
  WithdrawMethodListResponseSchema,
  WithdrawMethodSchema,
} from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import { validationCodes } from '../../core/openapi-errors.ts';
import { readLimited, type UploadedImage } from '../assets/uploads.ts';
import { createInvoicesService } from './invoices.service.ts';

const security = [{ bearer: [] }];
const STAFF = [Role.SuperAdmin, Role.RegularAdmin] as const;
const TUTORS = [Role.Tutor, Role.TutorManager] as const;
/** `checkInvoiceAmount`'s answers against the method's limits. */
const INVOICE_AMOUNT_ERRORS: readonly ErrorCode[] = [
  'invoice-amount-zero-or-negative',
  'invoice-min-subceeded',
  'invoice-max-exceeded',
];

/** Spec §7 "Withdraw method": /api/v1/withdraw-method/… Staff set the limits; tutors read them. */
export const withdrawMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = createInvoicesService(app);
  const tags = ['invoice'];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Add the withdraw method of a type (SuperAdmin, RegularAdmin): limits in piasters, default 100 and 50,000 EGP (`withdraw-method-exists`)',
        body: CreateWithdrawMethodRequestSchema,
        errors: ['withdraw-method-exists'],
        response: { 200: WithdrawMethodSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...STAFF)],
    },
    (request) => invoices.createWithdrawMethod(request.body),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          "Change a withdraw method's limits (piasters) or switch it on or off (SuperAdmin, RegularAdmin)",
        params: IdParamSchema,
        body: UpdateWithdrawMethodRequestSchema,
        errors: ['withdraw-method-not-found', 'withdraw-min-above-max'],
        response: { 200: WithdrawMethodSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...STAFF)],
    },
    (request) => invoices.updateWithdrawMethod(request.params.id, request.body),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary: 'The withdraw methods: the enabled ones for tutors, all of them for staff',
        response: { 200: WithdrawMethodListResponseSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...STAFF, ...TUTORS)],
    },
    (request) => invoices.listWithdrawMethods(currentUser(request)),
  );
};

/**
 * Spec §7 "Invoice": /api/v1/invoice/… A tutor requests withdrawals of their earnings and asks to
 * update or cancel them; staff settle them (rules.md "Earnings and withdrawals"; decision 0013).
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const invoices = createInvoicesService(app);
  const tags = ['invoice'];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Request a withdrawal (Tutor, TutorManager): within the method limits and the withdrawable balance (`invoice-balance-exceeded`)',
        body: CreateInvoiceRequestSchema,
        errors: ['withdraw-method-not-found', ...INVOICE_AMOUNT_ERRORS, 'invoice-balance-exceeded'],
        response: { 200: InvoiceSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...TUTORS)],
    },
    (request) => invoices.createInvoice(currentUser(request), request.body),
  );

  app.get(
    '/stats/:id',
    {
      schema: {
        tags,
        security,
        summary:
          "A tutor's earnings, withdrawn, pending and withdrawable amounts and weekly and monthly earnings (themself, or staff)",
        params: IdParamSchema,
        errors: ['forbidden', 'tutor-not-found'],
        response: { 200: InvoiceStatsSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => invoices.getStats(request.params.id, currentUser(request)),
  );

  app.put(
    '/receiver/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The tutor asks to update the receiver details or to cancel (rules.md table)',
        params: IdParamSchema,
        body: ReceiverUpdateInvoiceRequestSchema,
        errors: [
          'invoice-not-found',
          'illegal-invoice-update',
          'withdraw-method-not-found',
          ...INVOICE_AMOUNT_ERRORS,
        ],
        response: { 200: InvoiceSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...TUTORS)],
    },
    (request) => invoices.updateAsReceiver(request.params.id, currentUser(request), request.body),
  );

  app.put(
    '/admin/:id',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data', 'application/json'],
        summary:
          'Staff settle an invoice (multipart `status`, `note`, `expectedStatus`, file `receipt`: JPG, PNG or GIF ≤ 10 MB, required to fulfil)',
        params: IdParamSchema,
        errors: [
          ...validationCodes(AdminUpdateInvoiceRequestSchema),
          'invoice-not-found',
          'illegal-invoice-update',
          'invoice-receipt-required',
          'invoice-note-empty',
          'invalid-type',
          'image-too-small',
        ],
        response: { 200: InvoiceSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(...STAFF)],
    },
    async (request) => {
      const { body, receipt } = await readAdminUpdate(request);
      return invoices.updateAsAdmin(request.params.id, currentUser(request), body, receipt);
    },
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Invoices, newest first: a tutor their own, staff everyone’s (status, tutorId, method, from, to)',
        querystring: FindInvoicesQuerySchema,
        errors: ['forbidden'],
        response: { 200: InvoiceListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => invoices.findInvoices(currentUser(request), request.query),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Delete an invoice: its tutor while pending and untouched by staff, a SuperAdmin any but a fulfilled one',
        params: IdParamSchema,
        errors: ['invoice-not-found', 'forbidden', 'illegal-invoice-update'],
        response: { 200: OkResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => invoices.deleteInvoice(request.params.id, currentUser(request)),
  );
};

const TEXT_FIELDS = new Set(['status', 'note', 'expectedStatus']);

/**
 * The staff update, as multipart (fields `status`, `note`, `expectedStatus`, file `receipt`) or as JSON
 * without a receipt. The receipt is read into memory up to 10 MB (`payload-too-large`); a malformed or
 * truncated multipart body is `bad-request`, never a server error.
 */
async function readAdminUpdate(
  request: FastifyRequest,
): Promise<{ body: z.output<typeof AdminUpdateInvoiceRequestSchema>; receipt: UploadedImage | null }> {
  const fields: Record<string, unknown> = {};
  let receipt: UploadedImage | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') {
          if (part.fieldname !== 'receipt' || receipt) {
            part.file.resume();
            throw new AppError('bad-request', { message: `Unexpected file field ${part.fieldname}` });
          }
          receipt = { kind: 'image', buffer: await readLimited(part.file, BOUNDS.upload.imageMaxBytes) };
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
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new AppError('bad-request', { message: 'Send an object' });
    }
    Object.assign(fields, request.body);
  }
  const parsed = AdminUpdateInvoiceRequestSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(validationErrorCode(parsed.error));
  }
  return { body: parsed.data, receipt };
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
