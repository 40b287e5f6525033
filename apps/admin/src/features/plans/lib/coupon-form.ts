import { type Coupon, CreateCouponRequestSchema, type UpdateCouponRequest } from '@hiwar/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { convertingResolver } from '../../../lib/form-resolver.ts';
import {
  basisPointsToPercent,
  fromCairoLocalInput,
  parseTypedNumber,
  percentToBasisPoints,
  toCairoLocalInput,
} from '../../../lib/payments.ts';

/** The coupon form as typed: the discount in percent, the expiry as Cairo wall-clock time, the limit blank for none. */
export type CouponFormValues = { code: string; discount: string; expiresAt: string; usageLimit: string };

/** The parsed request `handleSubmit` receives; `expiresAt` is absent when an edit left it as it was. */
export type CouponRequest = {
  code: string;
  discount: number;
  expiresAt?: string;
  usageLimit: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new coupon's defaults: no code yet, 10 %, a month from now at 23:59 Cairo time, no limit. */
export function emptyCouponForm(now = new Date()): CouponFormValues {
  const inAMonth = toCairoLocalInput(new Date(now.getTime() + 30 * DAY_MS).toISOString());
  return { code: '', discount: '10', expiresAt: `${inAMonth.slice(0, 10)}T23:59`, usageLimit: '' };
}

export function couponToFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    discount: String(basisPointsToPercent(coupon.discount)),
    expiresAt: toCairoLocalInput(coupon.expiresAt),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
  };
}

/** The form values as the create request: percent → basis points, Cairo time → ISO, blank limit → none. */
export function couponFormToRequest(values: CouponFormValues): Record<keyof CouponFormValues, unknown> {
  const limit = values.usageLimit.trim();
  return {
    code: values.code,
    discount: percentToBasisPoints(values.discount),
    expiresAt: fromCairoLocalInput(values.expiresAt),
    usageLimit: limit === '' ? null : parseTypedNumber(limit),
  };
}

const createResolver = convertingResolver<CouponFormValues, Record<string, unknown>, CouponRequest>(
  zodResolver(CreateCouponRequestSchema) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    CouponRequest
  >,
  couponFormToRequest,
);
const keepExpiryResolver = convertingResolver<CouponFormValues, Record<string, unknown>, CouponRequest>(
  zodResolver(CreateCouponRequestSchema.omit({ expiresAt: true })) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    CouponRequest
  >,
  ({ expiresAt: _kept, ...values }) => couponFormToRequest({ ...values, expiresAt: '' }),
);

/**
 * The coupon form's resolver, by the domain's coupon schema. Editing a coupon whose expiry was left as it
 * was does not check that expiry again (an expired coupon can still get a new limit or discount).
 */
export function couponFormResolver(
  coupon: Coupon | null,
): Resolver<CouponFormValues, unknown, CouponRequest> {
  if (!coupon) {
    return createResolver;
  }
  const storedExpiry = toCairoLocalInput(coupon.expiresAt);
  return (values, context, options) =>
    values.expiresAt === storedExpiry
      ? keepExpiryResolver(values, context, options)
      : createResolver(values, context, options);
}

/** The fields of the parsed form that differ from the stored coupon: an edit sends only those. */
export function couponChanges(coupon: Coupon, request: CouponRequest): UpdateCouponRequest {
  const changes: UpdateCouponRequest = {};
  if (request.code !== coupon.code) {
    changes.code = request.code;
  }
  if (request.discount !== coupon.discount) {
    changes.discount = request.discount;
  }
  if (request.expiresAt !== undefined && Date.parse(request.expiresAt) !== Date.parse(coupon.expiresAt)) {
    changes.expiresAt = request.expiresAt;
  }
  if (request.usageLimit !== coupon.usageLimit) {
    changes.usageLimit = request.usageLimit;
  }
  return changes;
}
