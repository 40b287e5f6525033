import {
  CreatePlanRequestSchema,
  FindPlansQuerySchema,
  IdParamSchema,
  OkResponseSchema,
  PlanListResponseSchema,
  PlanSchema,
  Role,
  UpdatePlanRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPlansService } from './plans.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Plan": /api/v1/plan/… SuperAdmin manages plans; listing and reading are open. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = createPlansService(app);
  const tags = ['plan'];
  const superAdmin = [app.authenticate, app.requireRoles(Role.SuperAdmin)];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a plan (SuperAdmin)',
        body: CreatePlanRequestSchema,
        errors: ['plan-discount-total'],
        response: { 200: PlanSchema },
      },
      preHandler: superAdmin,
    },
    (request) => plans.createPlan(request.body),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        summary:
          'Plans on sale: active plans open to all, plus invite-only plans invited to the caller; admins see every plan',
        querystring: FindPlansQuerySchema,
        response: { 200: PlanListResponseSchema },
      },
      preHandler: app.authenticateOptional,
    },
    (request) => plans.findPlans(request.query, request.user),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One plan the caller may see',
        params: IdParamSchema,
        errors: ['plan-not-found'],
        response: { 200: PlanSchema },
      },
      preHandler: app.authenticateOptional,
    },
    (request) => plans.getPlan(request.params.id, request.user),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a plan (SuperAdmin); prices apply to purchases from now on',
        params: IdParamSchema,
        body: UpdatePlanRequestSchema,
        errors: ['plan-not-found', 'plan-discount-total'],
        response: { 200: PlanSchema },
      },
      preHandler: superAdmin,
    },
    (request) => plans.updatePlan(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Withdraw a plan from sale (SuperAdmin); bought subscriptions stay',
        params: IdParamSchema,
        errors: ['plan-not-found'],
        response: { 200: OkResponseSchema },
      },
      preHandler: superAdmin,
    },
    (request) => plans.deletePlan(request.params.id),
  );
};
