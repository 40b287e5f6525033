import type {
  Coupon,
  CouponCheckResponse,
  CreateCouponRequest,
  FindCouponsQuerySchema,
  OkResponse,
  UpdateCouponRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The coupons API paths (spec §7 "Coupon"). */
export const COUPON_PATHS = {
  coupons: '/api/v1/coupon',
  list: '/api/v1/coupon/list',
  coupon: (id: number) => `/api/v1/coupon/${id}`,
  code: (code: string) => `/api/v1/coupon/code/${encodeURIComponent(code)}`,
} as const;

/** Filters of the staff coupon list: page, size and `search` over the code. */
export type FindCouponsParams = Partial<ReturnType<(typeof FindCouponsQuerySchema)['parse']>>;

export type CouponList = { list: Coupon[]; total: number };

/** `GET /api/v1/coupon/list` (SuperAdmin, RegularAdmin): newest first. */
export async function findCoupons(
  client: ApiClient,
  query: FindCouponsParams = {},
  options?: CallOptions,
): Promise<CouponList> {
  const answer = await client.get<unknown>(COUPON_PATHS.list, { query: { ...query }, ...signalOf(options) });
  return parseResponse((contract) => contract.CouponListResponseSchema, answer, 'GET /coupon/list');
}

/** `GET /api/v1/coupon/{id}` (SuperAdmin, RegularAdmin). */
export async function getCoupon(client: ApiClient, id: number, options?: CallOptions): Promise<Coupon> {
  const answer = await client.get<unknown>(COUPON_PATHS.coupon(id), signalOf(options));
  return parseResponse((contract) => contract.CouponSchema, answer, 'GET /coupon/{id}');
}

/**
 * `GET /api/v1/coupon/code/{code}` (signed in): checks a code at checkout, answering its discount and
 * whether it is `valid`, `expired` or `used-up`; an unknown code is `coupon-not-found`. The server
 * upper-cases the code, so `ramadan-25` finds RAMADAN-25.
 */
export async function checkCouponCode(
  client: ApiClient,
  code: string,
  options?: CallOptions,
): Promise<CouponCheckResponse> {
  const answer = await client.get<unknown>(COUPON_PATHS.code(code.trim()), signalOf(options));
  return parseResponse((contract) => contract.CouponCheckResponseSchema, answer, 'GET /coupon/code/{code}');
}

/** `POST /api/v1/coupon` (SuperAdmin): a taken code is `coupon-exists`. */
export async function createCoupon(
  client: ApiClient,
  body: CreateCouponRequest,
  options?: CallOptions,
): Promise<Coupon> {
  const answer = await client.post<unknown>(COUPON_PATHS.coupons, { body, ...signalOf(options) });
  return parseResponse((contract) => contract.CouponSchema, answer, 'POST /coupon');
}

/** `PUT /api/v1/coupon/{id}` (SuperAdmin): any subset; a usage limit below the uses so far is `bad-request`. */
export async function updateCoupon(
  client: ApiClient,
  id: number,
  body: UpdateCouponRequest,
  options?: CallOptions,
): Promise<Coupon> {
  const answer = await client.put<unknown>(COUPON_PATHS.coupon(id), { body, ...signalOf(options) });
  return parseResponse((contract) => contract.CouponSchema, answer, 'PUT /coupon/{id}');
}

/** `DELETE /api/v1/coupon/{id}` (SuperAdmin): purchases that used it keep the record. */
export async function deleteCoupon(
  client: ApiClient,
  id: number,
  options?: CallOptions,
): Promise<OkResponse> {
  const answer = await client.delete<unknown>(COUPON_PATHS.coupon(id), signalOf(options));
  return parseResponse((contract) => contract.OkResponseSchema, answer, 'DELETE /coupon/{id}');
}
