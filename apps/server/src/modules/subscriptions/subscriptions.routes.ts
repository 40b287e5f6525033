import {
  CreateRefundRequestSchema,
  CurrentSubscriptionQuerySchema,
  CurrentSubscriptionResponseSchema,
  DeclineRefundRequestSchema,
  FindRefundRequestsQuerySchema,
  FindSubscriptionsQuerySchema,
  GrantSubscriptionRequestSchema,
  IdParamSchema,
  RefundRequestListResponseSchema,
  Role,
  SetRenewalRequestSchema,
  SubscriptionEventListResponseSchema,
  SubscriptionListResponseSchema,
  SubscriptionRefundRequestSchema,
  SubscriptionSchema,
  UpgradeQuoteQuerySchema,
  UpgradeQuoteSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/auth.ts';
import { createPaymentsService } from '../payments/payments.service.ts';
import { createSubscriptionManageService } from './subscription-manage.service.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Subscription": /api/v1/sub/… plus the SuperAdmin's grant. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = createSubscriptionsService(app);
  const payments = createPaymentsService(app);
  const manage = createSubscriptionManageService(app);
  const tags = ['subscription'];
  const student = [app.authenticate, app.requireRoles(Role.Student)];
  const studentOrAdmin = [
    app.authenticate,
    app.requireRoles(Role.Student, Role.SuperAdmin, Role.RegularAdmin),
  ];

  app.get(
    '/upgrade-quote',
    {
      schema: {
        tags,
        security,
        summary:
          "What moving the caller's subscription in force to a bigger plan costs now: that plan's price for the time left less the unused part of what was paid (decision 0042). Pay it with a pay call carrying `upgradeOf`",
        querystring: UpgradeQuoteQuerySchema,
        errors: [
          'forbidden',
          'subscription-not-found',
          'plan-not-found',
          'subscription-upgrade-invalid',
          'subscription-upgrade-unavailable',
        ],
        response: { 200: UpgradeQuoteSchema },
      },
      preHandler: student,
    },
    (request) => manage.quoteUpgrade(currentUser(request), request.query.planId),
  );

  app.get(
    '/refund-request/list',
    {
      schema: {
        tags,
        security,
        summary:
          "Refund requests, newest first: a student's own; SuperAdmin and RegularAdmin anyone's (`userId`, `status` filters)",
        querystring: FindRefundRequestsQuerySchema,
        errors: ['forbidden'],
        response: { 200: RefundRequestListResponseSchema },
      },
      preHandler: studentOrAdmin,
    },
    (request) => manage.findRefundRequests(currentUser(request), request.query),
  );

  app.delete(
    '/refund-request/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The student withdraws their pending refund request',
        params: IdParamSchema,
        errors: ['forbidden', 'refund-request-not-found', 'refund-request-closed'],
        response: { 200: SubscriptionRefundRequestSchema },
      },
      preHandler: student,
    },
    (request) => manage.withdrawRefundRequest(currentUser(request), request.params.id),
  );

  app.post(
    '/refund-request/:id/decline',
    {
      schema: {
        tags,
        security,
        summary:
          'Decline a pending refund request with a note the student reads (SuperAdmin). To refund it, refund one of its payments with POST /fawry/refund',
        params: IdParamSchema,
        body: DeclineRefundRequestSchema,
        errors: [
          'forbidden',
          'refund-request-not-found',
          'refund-request-closed',
          'text-too-short',
          'text-too-long',
        ],
        response: { 200: SubscriptionRefundRequestSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.SuperAdmin)],
    },
    (request) => manage.declineRefundRequest(currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/:id/renewal',
    {
      schema: {
        tags,
        security,
        summary:
          "Renewal on (reminded before the end to pay for the same plan again) or off (ends at period end); the subscription's student. Nothing is charged without the student",
        params: IdParamSchema,
        body: SetRenewalRequestSchema,
        errors: ['forbidden', 'subscription-not-found'],
        response: { 200: SubscriptionSchema },
      },
      preHandler: student,
    },
    (request) => manage.setRenewal(currentUser(request), request.params.id, request.body.renew),
  );

  app.post(
    '/:id/refund-request',
    {
      schema: {
        tags,
        security,
        summary:
          "The subscription's student asks staff for a refund, with a reason (one pending request at a time)",
        params: IdParamSchema,
        body: CreateRefundRequestSchema,
        errors: [
          'forbidden',
          'subscription-not-found',
          'refund-unavailable',
          'refund-request-exists',
          'text-too-short',
          'text-too-long',
        ],
        response: { 200: SubscriptionRefundRequestSchema },
      },
      preHandler: student,
    },
    (request) => manage.requestRefund(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/:id/events',
    {
      schema: {
        tags,
        security,
        summary:
          "A subscription's history, newest first (renewal, refund requests and refunds, upgrades): its student or an admin",
        params: IdParamSchema,
        errors: ['subscription-not-found'],
        response: { 200: SubscriptionEventListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => manage.findEvents(currentUser(request), request.params.id),
  );

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
