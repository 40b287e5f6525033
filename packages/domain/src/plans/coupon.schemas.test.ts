import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  CouponCodeSchema,
  CouponState,
  CreateCouponRequestSchema,
  couponExpirySchema,
  couponState,
  UpdateCouponRequestSchema,
} from './coupon.schemas.ts';

const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
const valid = { code: 'RAMADAN-25', discount: 2500, expiresAt: future };

const codeOf = (input: unknown) => {
  const result = CreateCouponRequestSchema.safeParse(input);
  return result.success ? null : validationErrorCode(result.error);
};

describe('CreateCouponRequestSchema', () => {
  it('accepts a valid coupon with no usage limit by default', () => {
    expect(CreateCouponRequestSchema.parse(valid)).toEqual({ ...valid, usageLimit: null });
    expect(CreateCouponRequestSchema.parse({ ...valid, usageLimit: 50 }).usageLimit).toBe(50);
  });

  it('upper-cases and trims the code before checking it', () => {
    expect(CouponCodeSchema.parse('  ramadan-25 ')).toBe('RAMADAN-25');
  });

  it.each([
    ['coupon-code-invalid', { code: 'ABC' }],
    ['coupon-code-invalid', { code: 'A'.repeat(21) }],
    ['coupon-code-invalid', { code: 'RAMADAN 25' }],
    ['coupon-code-invalid', { code: 'رمضان25' }],
    ['required', { code: undefined }],
    ['coupon-discount-zero', { discount: 0 }],
    ['coupon-discount-zero', { discount: 99 }],
    ['coupon-discount-zero', { discount: -500 }],
    ['coupon-discount-max-exceeded', { discount: 10_001 }],
    ['coupon-expire-date-invalid', { expiresAt: 'next week' }],
    ['coupon-expire-date-invalid', { expiresAt: '2030-02-30' }],
    ['coupon-already-expired', { expiresAt: '2020-01-01T00:00:00Z' }],
    ['bad-request', { usageLimit: 0 }],
    ['invalid-type', { usageLimit: 1.5 }],
  ])('answers %s for %o', (code, overrides) => {
    expect(codeOf({ ...valid, ...overrides })).toBe(code);
  });

  it('reads the clock it is given', () => {
    const schema = couponExpirySchema(new Date('2031-01-01T00:00:00Z'));
    expect(schema.safeParse('2030-12-31T23:59:59Z').success).toBe(false);
    expect(schema.safeParse('2031-01-01T00:00:01+00:00').success).toBe(true);
  });

  it('accepts partial updates', () => {
    expect(UpdateCouponRequestSchema.parse({ usageLimit: null })).toEqual({ usageLimit: null });
    expect(validationErrorCode(UpdateCouponRequestSchema.safeParse({ discount: 0 }).error!)).toBe(
      'coupon-discount-zero',
    );
  });
});

describe('couponState', () => {
  const now = new Date('2030-06-01T12:00:00Z');
  const coupon = { expiresAt: new Date('2030-06-02T00:00:00Z'), usageLimit: 2, uses: 1 };

  it('is valid before expiry and under the limit', () => {
    expect(couponState(coupon, now)).toBe(CouponState.Valid);
    expect(couponState({ ...coupon, usageLimit: null, uses: 10_000 }, now)).toBe(CouponState.Valid);
  });

  it('is used up at the limit and expired at the expiry instant', () => {
    expect(couponState({ ...coupon, uses: 2 }, now)).toBe(CouponState.UsedUp);
    expect(couponState({ ...coupon, uses: 2 }, coupon.expiresAt)).toBe(CouponState.Expired);
  });
});
