import {
  CouponCheckResponseSchema,
  CouponCodeParamSchema,
  CouponListResponseSchema,
  CouponSchema,
  CreateCouponRequestSchema,
  FindCouponsQuerySchema,
  IdParamSchema,
  OkResponseSchema,
  Role,
  UpdateCouponRequestSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimited } from '../../core/rate-limit.ts';
import { createCouponsService } from './coupons.service.ts';

const security = [{ bearer: [] }];

/** Spec §7 "Coupon": /api/v1/coupon/… SuperAdmin manages, RegularAdmin views, anyone signed in checks a code. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = createCouponsService(app);
  const tags = ['coupon'];
  const superAdmin = [app.authenticate, app.requireRoles(Role.SuperAdmin)];
  const admins = [app.authenticate, app.requireRoles(Role.SuperAdmin, Role.RegularAdmin)];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create a coupon (SuperAdmin)',
        body: CreateCouponRequestSchema,
        errors: ['coupon-exists'],
        response: { 200: CouponSchema },
      },
      preHandler: superAdmin,
    },
    (request) => coupons.createCoupon(request.body),
  );

  app.get(
    '/list',
    {
      schema: {
        tags,
        security,
        summary: 'Coupons, newest first (SuperAdmin, RegularAdmin)',
        querystring: FindCouponsQuerySchema,
        response: { 200: CouponListResponseSchema },
      },
      preHandler: admins,
    },
    (request) => coupons.findCoupons(request.query),
  );

  app.get(
    '/code/:code',
    {
      schema: {
        tags,
        security,
        summary: 'Check a coupon code at checkout: its discount and whether it is valid, expired or used up',
        params: CouponCodeParamSchema,
        errors: ['coupon-not-found'],
        response: { 200: CouponCheckResponseSchema },
      },
      preHandler: app.authenticate,
      // Codes are guessable; a caller may not sweep them.
      config: rateLimited(30, '1 minute', (request) => `coupon-check:${request.user?.id ?? request.ip}`),
    },
    (request) => coupons.checkCode(request.params.code),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One coupon (SuperAdmin, RegularAdmin)',
        params: IdParamSchema,
        errors: ['coupon-not-found'],
        response: { 200: CouponSchema },
      },
      preHandler: admins,
    },
    (request) => coupons.getCoupon(request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a coupon (SuperAdmin)',
        params: IdParamSchema,
        body: UpdateCouponRequestSchema,
        errors: ['coupon-not-found', 'coupon-exists'],
        response: { 200: CouponSchema },
      },
      preHandler: superAdmin,
    },
    (request) => coupons.updateCoupon(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a coupon (SuperAdmin); purchases that used it keep the record',
        params: IdParamSchema,
        errors: ['coupon-not-found'],
        response: { 200: OkResponseSchema },
      },
      preHandler: superAdmin,
    },
    (request) => coupons.deleteCoupon(request.params.id),
  );
};
