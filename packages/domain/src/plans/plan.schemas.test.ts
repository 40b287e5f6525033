import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../enums/payment.enums.ts';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  CreatePlanRequestSchema,
  FindPlansQuerySchema,
  PLAN_PERIOD_SLUGS,
  planDiscountTotalProblem,
  planPeriodFromParam,
  planPeriodFromSlug,
  UpdatePlanRequestSchema,
} from './plan.schemas.ts';

/** A valid plan: 120 weekly minutes, 1,000 EGP a month, cheaper per month for longer periods. */
export const VALID_PLAN = {
  alias: 'الخطة الأساسية',
  weeklyMinutes: 120,
  fullMonthPrice: 1000_00,
  fullMonthDiscount: 0,
  fullQuarterPrice: 3000_00,
  fullQuarterDiscount: 1000,
  halfYearPrice: 6000_00,
  halfYearDiscount: 1500,
  fullYearPrice: 12000_00,
  fullYearDiscount: 2500,
};

const codeOf = (input: unknown) => {
  const result = CreatePlanRequestSchema.safeParse(input);
  return result.success ? null : validationErrorCode(result.error);
};

describe('CreatePlanRequestSchema', () => {
  it('accepts a valid plan, trims the alias and defaults to active and open to all', () => {
    const plan = CreatePlanRequestSchema.parse({ ...VALID_PLAN, alias: '  Basic  ' });
    expect(plan).toMatchObject({ alias: 'Basic', active: true, forInvitesOnly: false });
  });

  it.each([
    ['plan-alias-short', { alias: 'ab' }],
    ['plan-alias-short', { alias: '   ab  ' }],
    ['plan-alias-long', { alias: 'a'.repeat(51) }],
    ['required', { alias: undefined }],
    ['plan-weekly-minutes-empty', { weeklyMinutes: 0 }],
    ['plan-weekly-minutes-empty', { weeklyMinutes: 10 }],
    ['plan-weekly-minutes-empty', { weeklyMinutes: 20 }],
    ['plan-weekly-minutes-empty', { weeklyMinutes: 15.5 }],
    ['plan-weekly-minutes-max-exceeded', { weeklyMinutes: 10_095 }],
    ['plan-price-not-integer', { fullMonthPrice: 1000_50 }],
    ['plan-price-not-integer', { fullMonthPrice: 10.5 }],
    ['plan-price-negative', { fullQuarterPrice: -100 }],
    ['plan-price-zero', { halfYearPrice: 0 }],
    ['plan-price-infinite', { fullYearPrice: Number.POSITIVE_INFINITY }],
    ['plan-price-infinite', { fullYearPrice: Number.NEGATIVE_INFINITY }],
    ['plan-price-infinite', { fullYearPrice: 2_000_000_00 }],
    ['invalid-type', { fullYearPrice: '100' }],
    ['plan-discount-max-exceeded', { fullMonthDiscount: 10_001 }],
    ['plan-discount-min-subceeded', { fullQuarterDiscount: -1 }],
    ['invalid-type', { fullQuarterDiscount: 2.5 }],
    ['plan-discount-total', { fullYearDiscount: 10_000 }],
    ['plan-discount-total', { fullMonthPrice: 100, fullMonthDiscount: 1 }],
    ['invalid-type', { active: 'yes' }],
  ])('answers %s for %o', (code, overrides) => {
    expect(codeOf({ ...VALID_PLAN, ...overrides })).toBe(code);
  });

  it('accepts the bounds: 15 and 10,080 minutes, 0 and 99.99 % discounts on a large price', () => {
    expect(codeOf({ ...VALID_PLAN, weeklyMinutes: 15 })).toBeNull();
    expect(codeOf({ ...VALID_PLAN, weeklyMinutes: 10_080 })).toBeNull();
    expect(codeOf({ ...VALID_PLAN, fullYearPrice: 100_000_00, fullYearDiscount: 9_990 })).toBeNull();
  });

  it('points the total-discount issue at the offending discount field', () => {
    const result = CreatePlanRequestSchema.safeParse({ ...VALID_PLAN, halfYearDiscount: 10_000 });
    expect(result.error?.issues[0]?.path).toEqual(['halfYearDiscount']);
  });
});

describe('planDiscountTotalProblem', () => {
  it('is null while every period still costs at least one pound after its discount', () => {
    expect(planDiscountTotalProblem(VALID_PLAN)).toBeNull();
    expect(
      planDiscountTotalProblem({ ...VALID_PLAN, fullMonthPrice: 200, fullMonthDiscount: 5000 }),
    ).toBeNull();
    expect(planDiscountTotalProblem({ ...VALID_PLAN, fullMonthPrice: 200, fullMonthDiscount: 5001 })).toBe(
      'fullMonthDiscount',
    );
  });
});

describe('UpdatePlanRequestSchema', () => {
  it('accepts any subset and checks each field it gets', () => {
    expect(UpdatePlanRequestSchema.parse({})).toEqual({});
    expect(UpdatePlanRequestSchema.parse({ active: false })).toEqual({ active: false });
    const result = UpdatePlanRequestSchema.safeParse({ fullMonthPrice: 0 });
    expect(validationErrorCode(result.error!)).toBe('plan-price-zero');
  });
});

describe('plan periods in addresses', () => {
  it('round-trips every period through its slug and refuses unknown ones', () => {
    for (const period of Object.values(PlanPeriod)) {
      expect(planPeriodFromSlug(PLAN_PERIOD_SLUGS[period])).toBe(period);
    }
    expect(planPeriodFromSlug('week')).toBeNull();
  });

  it('also reads the numeric period the API uses, and nothing else', () => {
    for (const period of Object.values(PlanPeriod)) {
      expect(planPeriodFromParam(String(period))).toBe(period);
      expect(planPeriodFromParam(PLAN_PERIOD_SLUGS[period])).toBe(period);
    }
    for (const raw of ['4', '9', '-1', '01', '1.0', ' 1', '1e0', '', 'Quarter', 'week', 'constructor']) {
      expect(planPeriodFromParam(raw), raw).toBeNull();
    }
  });
});

describe('FindPlansQuerySchema', () => {
  it('reads boolean filters from the query string', () => {
    expect(FindPlansQuerySchema.parse({ active: 'false', forInvitesOnly: 'true' })).toMatchObject({
      active: false,
      forInvitesOnly: true,
      page: 1,
      size: 10,
    });
    expect(FindPlansQuerySchema.safeParse({ active: 'maybe' }).success).toBe(false);
  });
});
