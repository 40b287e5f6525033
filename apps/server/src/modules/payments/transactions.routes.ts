import {
  FindTransactionsQuerySchema,
  IdParamSchema,
  InstallmentListResponseSchema,
  TransactionListResponseSchema,
  TransactionResponseSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createPaymentsService } from './payments.service.ts';

const security = [{ bearer: [] }];

/**
 * /api/v1/transaction/… (not in the spec, which names no path for it): the payments a user made, for
 * the web app's /payments screen and the 3-D Secure return page; admins see everyone's.
 */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService(app);
  const tags = ['payment'];

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's payments, newest first (SuperAdmin and RegularAdmin: anyone's, `userId` filter)",
        querystring: FindTransactionsQuerySchema,
        errors: ['forbidden'],
        response: { 200: TransactionListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => payments.findTransactions(request.query, currentUser(request)),
  );

  app.get(
    '/installments',
    {
      schema: {
        tags,
        security,
        summary: "The caller's card installments: due dates, amounts, what is paid",
        response: { 200: InstallmentListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => payments.findInstallments(currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One payment: its buyer or an admin',
        params: IdParamSchema,
        errors: ['transaction-not-found'],
        response: { 200: TransactionResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => payments.getTransaction(request.params.id, currentUser(request)),
  );
};
