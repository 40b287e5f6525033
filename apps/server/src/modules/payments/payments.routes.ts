import {
  CancelUnpaidOrderRequestSchema,
  CardTokenListResponseSchema,
  CardTokenUrlResponseSchema,
  DeleteCardTokenQuerySchema,
  type ErrorCode,
  InstallmentPlanListResponseSchema,
  InstallmentPlansQuerySchema,
  OkResponseSchema,
  PayByBankInstallmentsRequestSchema,
  PayByCardRequestSchema,
  PayByReferenceRequestSchema,
  PayByWalletRequestSchema,
  PayInstallmentRequestSchema,
  PayResponseSchema,
  RefundRequestSchema,
  Role,
  TransactionResponseSchema,
} from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/auth.ts';
import { rateLimited } from '../../core/rate-limit.ts';
import { requestWebOrigin } from '../../core/web-origin.ts';
import { createPaymentsService } from './payments.service.ts';

const security = [{ bearer: [] }];

/** Pay calls per student: enough for retries, not for hammering Fawry with card attempts. */
const payLimit = rateLimited(
  20,
  '10 minutes',
  (request: FastifyRequest) => `pay:${request.user?.id ?? request.ip}`,
);

/** What any purchase can meet: the plan, the coupon, the buyer's phone, the gateway (Fawry failing or absent). */
const PURCHASE_ERRORS: readonly ErrorCode[] = [
  'plan-not-found',
  'coupon-not-found',
  'coupon-already-expired',
  'coupon-used-up',
  'invalid-phone',
  'fawry-error',
  'service-unavailable',
];
/** Calls to Fawry outside a purchase. */
const GATEWAY_ERRORS: readonly ErrorCode[] = ['fawry-error', 'service-unavailable'];

/**
 * Spec §7 "Payment provider": /api/v1/fawry/… Students pay and manage their saved cards; the buyer or
 * a SuperAdmin cancels an unpaid order; only a SuperAdmin refunds. `/notification` is Fawry's V2
 * server notification, authenticated by its signature alone.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService(app);
  const tags = ['payment'];
  const student = [app.authenticate, app.requireRoles(Role.Student)];
  const pay = { tags, security, errors: PURCHASE_ERRORS, response: { 200: PayResponseSchema } };
  /** The web origin the caller opened the app on (one the deployment serves): Fawry's pages keep it. */
  const openedOn = (request: FastifyRequest) => requestWebOrigin(request, app.config);

  app.post(
    '/pay/card',
    {
      schema: {
        ...pay,
        summary:
          'Buy a plan with a saved card and its CVV (optionally in 2 or 4 installments); answers the 3-D Secure page',
        body: PayByCardRequestSchema,
        errors: [...PURCHASE_ERRORS, 'invalid-cvv'],
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByCard(currentUser(request), request.body, openedOn(request)),
  );

  app.post(
    '/pay/ref-num',
    {
      schema: {
        ...pay,
        summary: 'Buy a plan in cash at any Fawry point: answers the reference number and its expiry',
        body: PayByReferenceRequestSchema,
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByReference(currentUser(request), request.body),
  );

  app.post(
    '/pay/e-wallet',
    {
      schema: {
        ...pay,
        summary: 'Buy a plan with a mobile wallet: a request to `phone`, or a QR code without it',
        body: PayByWalletRequestSchema,
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByWallet(currentUser(request), request.body),
  );

  app.get(
    '/installment-plans',
    {
      schema: {
        tags,
        security,
        summary:
          "The banks' 3- and 6-month installment programmes Fawry offers for `amount` piasters, cheapest first (503 when Fawry cannot be read)",
        querystring: InstallmentPlansQuerySchema,
        errors: GATEWAY_ERRORS,
        response: { 200: InstallmentPlanListResponseSchema },
      },
      preHandler: student,
    },
    (request) => payments.findInstallmentPlans(request.query),
  );

  app.post(
    '/pay/bank-installments',
    {
      schema: {
        ...pay,
        summary:
          "Buy a quarter, half-year or year plan on a bank's 3- or 6-month installment programme (`installmentPlanId` from /installment-plans, or `months`)",
        body: PayByBankInstallmentsRequestSchema,
        errors: [
          ...PURCHASE_ERRORS,
          'not-found',
          'installment-plan-not-found',
          'installment-plan-amount-out-of-range',
          'installment-plan-card-not-accepted',
        ],
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByBankInstallments(currentUser(request), request.body, openedOn(request)),
  );

  app.post(
    '/pay/installment',
    {
      schema: {
        ...pay,
        summary: 'Pay the next installment of a card installment purchase',
        body: PayInstallmentRequestSchema,
        errors: [...PURCHASE_ERRORS, 'not-found', 'invalid-cvv'],
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payInstallment(currentUser(request), request.body, openedOn(request)),
  );

  app.post(
    '/cancel-unpaid-order',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a purchase still awaiting payment (its buyer, or a SuperAdmin)',
        body: CancelUnpaidOrderRequestSchema,
        errors: ['transaction-not-found', ...GATEWAY_ERRORS],
        response: { 200: TransactionResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => payments.cancelUnpaidOrder(currentUser(request), request.body),
  );

  app.post(
    '/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Refund all or part of a payment (SuperAdmin); ends the subscription it bought',
        body: RefundRequestSchema,
        errors: ['transaction-not-found', ...GATEWAY_ERRORS],
        response: { 200: TransactionResponseSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.SuperAdmin)],
    },
    (request) => payments.refund(currentUser(request), request.body),
  );

  app.get(
    '/card-token/list',
    {
      schema: {
        tags,
        security,
        summary: "The caller's saved cards",
        errors: GATEWAY_ERRORS,
        response: { 200: CardTokenListResponseSchema },
      },
      preHandler: student,
    },
    (request) => payments.listCards(currentUser(request)),
  );

  app.delete(
    '/card-token',
    {
      schema: {
        tags,
        security,
        summary: "Remove one of the caller's saved cards",
        querystring: DeleteCardTokenQuerySchema,
        errors: ['not-found', ...GATEWAY_ERRORS],
        response: { 200: OkResponseSchema },
      },
      preHandler: student,
    },
    (request) => payments.deleteCard(currentUser(request), request.query.cardToken),
  );

  app.get(
    '/card-token/url',
    {
      schema: {
        tags,
        security,
        summary:
          "Fawry's add-card page for the caller (returns to /card-added on the web origin the request came from, when the deployment serves it)",
        errors: ['service-unavailable'],
        response: { 200: CardTokenUrlResponseSchema },
      },
      preHandler: student,
    },
    (request) => payments.cardTokenizationUrl(currentUser(request), openedOn(request)),
  );

  app.post(
    '/notification',
    {
      schema: {
        tags,
        summary: 'Fawry server notification V2 (signed with the secure key; 403 when the signature is wrong)',
        body: z.record(z.string(), z.unknown()),
        errors: ['forbidden'],
        response: { 200: OkResponseSchema },
      },
    },
    (request) => payments.receiveNotification(request.body),
  );
};
