// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO_PLANS } from '../../../server/src/seed/demo.ts';
import { DEFAULT_PLANS } from './default-plans.ts';

describe('the plans /pricing is built with', () => {
  it('are the demo plans the server seeds, so the local page never changes under the reader', () => {
    expect(DEFAULT_PLANS.map(({ id: _id, ...prices }) => prices)).toEqual(
      DEMO_PLANS.map((plan) => ({
        alias: plan.alias,
        weeklyMinutes: plan.weeklyMinutes,
        fullMonthPrice: plan.fullMonthPrice,
        fullMonthDiscount: plan.fullMonthDiscount,
        fullQuarterPrice: plan.fullQuarterPrice,
        fullQuarterDiscount: plan.fullQuarterDiscount,
        halfYearPrice: plan.halfYearPrice,
        halfYearDiscount: plan.halfYearDiscount,
        fullYearPrice: plan.fullYearPrice,
        fullYearDiscount: plan.fullYearDiscount,
      })),
    );
  });
});
