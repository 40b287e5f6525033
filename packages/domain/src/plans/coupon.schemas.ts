import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * The coupons API contract (spec §3 "Coupon", §7 "Coupon"; rules.md): a code `[A-Z0-9-]{4,20}`, a
 * discount of 1–100 % in basis points, a future expiry and an optional usage limit.
 */

/** Typed codes are trimmed and upper-cased before the pattern applies, so `ramadan-25` finds RAMADAN-25. */
export const CouponCodeSchema = z
  .string({ error: typeErrorCode })
  .trim()
  .toUpperCase()
  .regex(BOUNDS.couponCode.pattern, { error: 'coupon-code-invalid' });

const { couponDiscountBasisPoints } = BOUNDS;

/** Basis points, 100–10,000 (1–100 %); less than 1 % reads as no discount (`coupon-discount-zero`). */
export const CouponDiscountSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .min(couponDiscountBasisPoints.min, { error: 'coupon-discount-zero' })
  .max(couponDiscountBasisPoints.max, { error: 'coupon-discount-max-exceeded' });

/**
 * An expiry instant (ISO 8601 with offset) that is still ahead. Pass a fixed `now` in tests; without it
 * the clock is read at each parse.
 */
/* @__NO_SIDE_EFFECTS__ */
export function couponExpirySchema(now: Date | (() => Date) = () => new Date()) {
  return z
    .string({ error: typeErrorCode })
    .pipe(z.iso.datetime({ offset: true, error: 'coupon-expire-date-invalid' }))
    .refine((value) => Date.parse(value) > (typeof now === 'function' ? now() : now).getTime(), {
      error: 'coupon-already-expired',
    });
}

export const CouponExpirySchema = couponExpirySchema();

/** How many purchases may use the coupon; null or absent: unlimited. */
export const CouponUsageLimitSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive({ error: 'bad-request' })
  .max(1_000_000, { error: 'bad-request' })
  .nullable();

/** `POST /api/v1/coupon` (SuperAdmin). A code already taken is `coupon-exists`. */
export const CreateCouponRequestSchema = z.object({
  code: CouponCodeSchema,
  discount: CouponDiscountSchema,
  expiresAt: CouponExpirySchema,
  usageLimit: /* @__PURE__ */ CouponUsageLimitSchema.default(null),
});

/** `PUT /api/v1/coupon/{id}` (SuperAdmin): any subset. A limit below the uses so far is `bad-request`. */
export const UpdateCouponRequestSchema = z
  .object({
    code: CouponCodeSchema,
    discount: CouponDiscountSchema,
    expiresAt: CouponExpirySchema,
    usageLimit: CouponUsageLimitSchema,
  })
  .partial();

const isoDateTime = z.iso.datetime({ offset: true });

/** A coupon as staff see it; `uses` counts purchases holding it (paid, or awaiting payment). */
export const CouponSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  discount: z.number().int(),
  expiresAt: isoDateTime,
  usageLimit: z.number().int().nullable(),
  uses: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** Where a coupon stands for a buyer at checkout. */
export const CouponState = { Valid: 'valid', Expired: 'expired', UsedUp: 'used-up' } as const;
export type CouponState = (typeof CouponState)[keyof typeof CouponState];

/**
 * `GET /api/v1/coupon/code/{code}`: what a student learns when checking a code at checkout (unknown
 * codes are `coupon-not-found`). Usage counts stay private.
 */
export const CouponCheckResponseSchema = z.object({
  code: z.string(),
  discount: z.number().int(),
  expiresAt: isoDateTime,
  state: z.enum(CouponState),
});

export const CouponCodeParamSchema = z.object({ code: CouponCodeSchema });

/** `GET /api/v1/coupon/list` (SuperAdmin, RegularAdmin): newest first, `search` matches the code. */
export const FindCouponsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  search: z.string({ error: 'bad-request' }).trim().max(BOUNDS.couponCode.max).optional(),
});

export const CouponListResponseSchema = pagedSchema(CouponSchema);

/** The state of a coupon at `now` (expiry first: an expired coupon is expired even if used up). */
export function couponState(
  coupon: { expiresAt: Date; usageLimit: number | null; uses: number },
  now: Date,
): CouponState {
  if (coupon.expiresAt.getTime() <= now.getTime()) {
    return CouponState.Expired;
  }
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) {
    return CouponState.UsedUp;
  }
  return CouponState.Valid;
}

export type Coupon = z.infer<typeof CouponSchema>;
export type CreateCouponRequest = z.input<typeof CreateCouponRequestSchema>;
export type UpdateCouponRequest = z.infer<typeof UpdateCouponRequestSchema>;
export type CouponCheckResponse = z.infer<typeof CouponCheckResponseSchema>;
