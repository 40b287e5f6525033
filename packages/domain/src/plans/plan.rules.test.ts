import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../enums/payment.enums.ts';
import { periodPricing, priceFor } from './plan.rules.ts';

const plan = {
  fullMonthPrice: 1000_00,
  fullMonthDiscount: 0,
  fullQuarterPrice: 3000_00,
  fullQuarterDiscount: 1000,
  halfYearPrice: 6000_00,
  halfYearDiscount: 1500,
  fullYearPrice: 12000_00,
  fullYearDiscount: 2500,
};

describe('priceFor', () => {
  it('applies the period discount to the period price', () => {
    expect(priceFor(plan, PlanPeriod.Month)).toBe(1000_00);
    expect(priceFor(plan, PlanPeriod.Quarter)).toBe(2700_00);
    expect(priceFor(plan, PlanPeriod.HalfYear)).toBe(5100_00);
    expect(priceFor(plan, PlanPeriod.Year)).toBe(9000_00);
  });

  it('applies a coupon on top of the period discount, multiplicatively', () => {
    // 3,000 × 0.9 × 0.8 = 2,160 EGP
    expect(priceFor(plan, PlanPeriod.Quarter, { discount: 2000 })).toBe(2160_00);
  });

  it('rounds down to the piaster', () => {
    // 999 EGP × (1 − 33.33 %) = 666.0333 EGP → 666.03
    const odd = { ...plan, fullMonthPrice: 999_00, fullMonthDiscount: 3333 };
    expect(priceFor(odd, PlanPeriod.Month)).toBe(666_03);
    // × (1 − 12.34 %) = 583.8448… → 583.84
    expect(priceFor(odd, PlanPeriod.Month, { discount: 1234 })).toBe(583_84);
  });

  it('is exact on large amounts and never below zero', () => {
    const big = { ...plan, fullYearPrice: 1_000_000_00, fullYearDiscount: 1 };
    expect(priceFor(big, PlanPeriod.Year, { discount: 1 })).toBe(99_980_001_00 / 100);
    expect(priceFor(plan, PlanPeriod.Year, { discount: 10_000 })).toBe(0);
    expect(priceFor(plan, PlanPeriod.Year, { discount: 20_000 })).toBe(0);
    expect(priceFor(plan, PlanPeriod.Year, null)).toBe(9000_00);
  });

  it('reads the right fields for each period', () => {
    expect(periodPricing(plan, PlanPeriod.HalfYear)).toEqual({ price: 6000_00, discount: 1500 });
  });
});
