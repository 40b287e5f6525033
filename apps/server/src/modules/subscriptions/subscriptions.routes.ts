import {
  CurrentSubscriptionQuerySchema,
  CurrentSubscriptionResponseSchema,
  FindSubscriptionsQuerySchema,
  GrantSubscriptionRequestSchema,
  IdParamSchema,
  Role,
  SubscriptionListResponseSchema,
  SubscriptionSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createPaymentsService } from '../payments/payments.service.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Subscription": /api/v1/sub/… plus the SuperAdmin's grant. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = createSubscriptionsService(app);
  const payments = createPaymentsService(app);
  const tags = ['subscription'];

  app.get(
    '/current',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's subscription in force with this quota week's minutes left and reset time (null without one); SuperAdmin and RegularAdmin: a user's with `userId`",
        querystring: CurrentSubscriptionQuerySchema,
        errors: ['forbidden', 'user-not-found'],
        response: { 200: CurrentSubscriptionResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => subscriptions.getCurrent(currentUser(request), app.clock(), request.query.userId),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's subscriptions, newest first (SuperAdmin and RegularAdmin: anyone's, `userId` filter)",
        querystring: FindSubscriptionsQuerySchema,
        errors: ['forbidden'],
        response: { 200: SubscriptionListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => subscriptions.findSubscriptions(request.query, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One subscription: its student or an admin',
        params: IdParamSchema,
        errors: ['subscription-not-found'],
        response: { 200: SubscriptionSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => subscriptions.getSubscription(request.params.id, currentUser(request)),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Grant a student a plan without payment (SuperAdmin): starts now, or when their current one ends',
        body: GrantSubscriptionRequestSchema,
        errors: ['student-not-found', 'plan-not-found', 'subscription-exists'],
        response: { 200: SubscriptionSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.SuperAdmin)],
    },
    (request) => payments.grantSubscription(currentUser(request), request.body),
  );
};
