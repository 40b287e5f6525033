import {
  CancelUnpaidOrderRequestSchema,
  CardTokenListResponseSchema,
  CardTokenUrlResponseSchema,
  DeleteCardTokenQuerySchema,
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
import { currentUser } from '../../plugins/auth.ts';
import { rateLimited } from '../../plugins/rate-limit.ts';
import { createPaymentsService } from './payments.service.ts';

const security = [{ bearer: [] }];

/** Pay calls per student: enough for retries, not for hammering Fawry with card attempts. */
const payLimit = rateLimited(
  20,
  '10 minutes',
  (request: FastifyRequest) => `pay:${request.user?.id ?? request.ip}`,
);

/**
 * Spec §7 "Payment provider": /api/v1/fawry/… Students pay and manage their saved cards; the buyer or
 * a SuperAdmin cancels an unpaid order; only a SuperAdmin refunds. `/notification` is Fawry's V2
 * server notification, authenticated by its signature alone.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService(app);
  const tags = ['payment'];
  const student = [app.authenticate, app.requireRoles(Role.Student)];
  const pay = { tags, security, response: { 200: PayResponseSchema } };

  app.post(
    '/pay/card',
    {
      schema: {
        ...pay,
        summary:
          'Buy a plan with a saved card and its CVV (optionally in 2 or 4 installments); answers the 3-D Secure page',
        body: PayByCardRequestSchema,
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByCard(currentUser(request), request.body),
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
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payByBankInstallments(currentUser(request), request.body),
  );

  app.post(
    '/pay/installment',
    {
      schema: {
        ...pay,
        summary: 'Pay the next installment of a card installment purchase',
        body: PayInstallmentRequestSchema,
      },
      preHandler: student,
      config: payLimit,
    },
    (request) => payments.payInstallment(currentUser(request), request.body),
  );

  app.post(
    '/cancel-unpaid-order',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a purchase still awaiting payment (its buyer, or a SuperAdmin)',
        body: CancelUnpaidOrderRequestSchema,
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
        summary: "Fawry's add-card page for the caller (returns to /card-added)",
        response: { 200: CardTokenUrlResponseSchema },
      },
      preHandler: student,
    },
    (request) => payments.cardTokenizationUrl(currentUser(request)),
  );

  app.post(
    '/notification',
    {
      schema: {
        tags,
        summary: 'Fawry server notification V2 (signed with the secure key; 403 when the signature is wrong)',
        body: z.record(z.string(), z.unknown()),
        response: { 200: OkResponseSchema },
      },
    },
    (request) => payments.receiveNotification(request.body),
  );
};
