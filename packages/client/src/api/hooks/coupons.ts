import type { CouponCheckResponse, UpdateCouponRequest } from '@hiwar/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  checkCouponCode,
  createCoupon,
  deleteCoupon,
  findCoupons,
  getCoupon,
  updateCoupon,
} from '../endpoints/coupons.ts';
import { useApiClient } from './api-client-context.tsx';
import { createCrudHooks, type UpdateVariables } from './create-crud-hooks.ts';

const coupons = createCrudHooks({
  key: 'coupon',
  list: findCoupons,
  get: getCoupon,
  create: createCoupon,
  update: updateCoupon,
  remove: deleteCoupon,
});

/** React Query keys of the coupons API; everything under `['coupon']`. */
export const couponKeys = {
  ...coupons.keys,
  check: (code: string) => ['coupon', 'check', code] as const,
};

/** The staff coupon list (SuperAdmin, RegularAdmin), newest first. */
export const useCoupons = coupons.useList;

/** One coupon (staff); pass `null` to wait for an id. */
export const useCoupon = coupons.useOne;

/**
 * Checks a code at checkout: its discount and state (`valid`, `expired`, `used-up`); an unknown code
 * fails with `coupon-not-found`. Pass `null` until the buyer applies a code. The code is upper-cased
 * and trimmed for the key, as the server reads it.
 */
export function useCouponCheck(code: string | null): UseQueryResult<CouponCheckResponse> {
  const client = useApiClient();
  const normalised = code?.trim().toUpperCase() ?? '';
  return useQuery({
    queryKey: couponKeys.check(normalised),
    queryFn: ({ signal }) => checkCouponCode(client, normalised, { signal }),
    enabled: normalised !== '',
    retry: false,
  });
}

/** `POST /api/v1/coupon` (SuperAdmin); the lists refetch. */
export const useCreateCoupon = coupons.useCreate;

export type UpdateCouponVariables = UpdateVariables<UpdateCouponRequest>;

/** `PUT /api/v1/coupon/{id}` (SuperAdmin). */
export const useUpdateCoupon = coupons.useUpdate;

/** `DELETE /api/v1/coupon/{id}` (SuperAdmin). */
export const useDeleteCoupon = coupons.useRemove;
