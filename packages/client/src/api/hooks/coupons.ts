import type {
  Coupon,
  CouponCheckResponse,
  CreateCouponRequest,
  OkResponse,
  UpdateCouponRequest,
} from '@hiwar/domain';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CouponList,
  checkCouponCode,
  createCoupon,
  deleteCoupon,
  type FindCouponsParams,
  findCoupons,
  getCoupon,
  updateCoupon,
} from '../endpoints/coupons.ts';
import { useApiClient } from './api-client-context.tsx';

/** React Query keys of the coupons API; everything under `['coupon']`. */
export const couponKeys = {
  all: ['coupon'] as const,
  lists: ['coupon', 'list'] as const,
  list: (query: FindCouponsParams) => ['coupon', 'list', query] as const,
  detail: (id: number) => ['coupon', 'detail', id] as const,
  check: (code: string) => ['coupon', 'check', code] as const,
};

/** The staff coupon list (SuperAdmin, RegularAdmin), newest first. */
export function useCoupons(query: FindCouponsParams = {}): UseQueryResult<CouponList> {
  const client = useApiClient();
  return useQuery({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => findCoupons(client, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One coupon (staff); pass `null` to wait for an id. */
export function useCoupon(id: number | null): UseQueryResult<Coupon> {
  const client = useApiClient();
  return useQuery({
    queryKey: couponKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getCoupon(client, id as number, { signal }),
    enabled: id !== null,
  });
}

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
export function useCreateCoupon(): UseMutationResult<Coupon, Error, CreateCouponRequest> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body) => createCoupon(client, body),
    onSuccess: (coupon) => {
      queryClient.setQueryData(couponKeys.detail(coupon.id), coupon);
      void queryClient.invalidateQueries({ queryKey: couponKeys.lists });
    },
  });
}

export interface UpdateCouponVariables {
  id: number;
  body: UpdateCouponRequest;
}

/** `PUT /api/v1/coupon/{id}` (SuperAdmin). */
export function useUpdateCoupon(): UseMutationResult<Coupon, Error, UpdateCouponVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }) => updateCoupon(client, id, body),
    onSuccess: (coupon) => {
      queryClient.setQueryData(couponKeys.detail(coupon.id), coupon);
      void queryClient.invalidateQueries({ queryKey: couponKeys.lists });
    },
  });
}

/** `DELETE /api/v1/coupon/{id}` (SuperAdmin). */
export function useDeleteCoupon(): UseMutationResult<OkResponse, Error, number> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deleteCoupon(client, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: couponKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: couponKeys.lists });
    },
  });
}
