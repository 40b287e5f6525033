import {
  type CouponCheckResponse,
  CouponState,
  installmentSchedule,
  PLAN_PERIOD_MONTHS,
  type PlanPeriod,
  type PlanPrices,
  periodPricing,
  priceFor,
  subscriptionEnd,
} from '@hiwar/domain';

/** What the order summary lists, in piasters. */
export interface OrderTotals {
  fullPrice: number;
  /** The period's own discount. */
  periodDiscount: number;
  periodDiscountPercent: number;
  /** What a valid coupon takes off on top. */
  couponDiscount: number;
  couponPercent: number;
  total: number;
  months: number;
}

/** The coupon to price with: only one the server says is valid now. */
export function usableCoupon(check: CouponCheckResponse | undefined): CouponCheckResponse | null {
  return check?.state === CouponState.Valid ? check : null;
}

/** The order's lines with the domain's price function, so the summary equals what the server charges. */
export function orderTotals(
  plan: PlanPrices,
  period: PlanPeriod,
  coupon: { discount: number } | null,
): OrderTotals {
  const { price: fullPrice, discount } = periodPricing(plan, period);
  const afterPeriod = priceFor(plan, period);
  const total = priceFor(plan, period, coupon);
  return {
    fullPrice,
    periodDiscount: fullPrice - afterPeriod,
    periodDiscountPercent: discount / 100,
    couponDiscount: afterPeriod - total,
    couponPercent: (coupon?.discount ?? 0) / 100,
    total,
    months: PLAN_PERIOD_MONTHS[period],
  };
}

/**
 * The card installments the server will record for `count` payments starting now: the first paid at
 * once (carrying the remainder), the others spread over the subscription.
 */
export function cardInstallmentPlan(total: number, count: number, period: PlanPeriod, now = new Date()) {
  return installmentSchedule(total, count, now, subscriptionEnd(now, period));
}
