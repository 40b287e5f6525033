import type { PlanPeriod } from '../enums/payment.enums.ts';
import { PLAN_PERIOD_FIELDS, type PlanPrices } from './plan-periods.ts';

const FULL = 10_000n;

/** A period's full price and discount (basis points) on a plan. */
export function periodPricing(plan: PlanPrices, period: PlanPeriod): { price: number; discount: number } {
  const fields = PLAN_PERIOD_FIELDS[period];
  return { price: plan[fields.price], discount: plan[fields.discount] };
}

/**
 * What a student pays for `period` of `plan`, in piasters (rules.md): the period's full price × (1 −
 * period discount) × (1 − coupon discount), rounded down to the piaster, never below 0. Exact integer
 * arithmetic: no floating-point drift on money.
 */
export function priceFor(plan: PlanPrices, period: PlanPeriod, coupon?: { discount: number } | null): number {
  const { price, discount } = periodPricing(plan, period);
  const keep = (basisPoints: number) => {
    const clamped = BigInt(Math.min(10_000, Math.max(0, Math.trunc(basisPoints))));
    return FULL - clamped;
  };
  const amount =
    (BigInt(Math.max(0, Math.trunc(price))) * keep(discount) * keep(coupon?.discount ?? 0)) / FULL / FULL;
  return Number(amount);
}
