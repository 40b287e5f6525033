import { PLAN_PERIODS, PlanPeriod } from '../enums/payment.enums.ts';

/**
 * Periods and the plan fields they price, without zod: the plan rules (`priceFor`) and the landing
 * site's pricing island import only this, so a browser bundle of prices carries no schema library.
 * `plan.schemas.ts` re-exports everything here.
 */

/** Which plan fields hold each period's full price and discount (spec §3 field names). */
export const PLAN_PERIOD_FIELDS = Object.freeze({
  [PlanPeriod.Month]: { price: 'fullMonthPrice', discount: 'fullMonthDiscount' },
  [PlanPeriod.Quarter]: { price: 'fullQuarterPrice', discount: 'fullQuarterDiscount' },
  [PlanPeriod.HalfYear]: { price: 'halfYearPrice', discount: 'halfYearDiscount' },
  [PlanPeriod.Year]: { price: 'fullYearPrice', discount: 'fullYearDiscount' },
} as const satisfies Record<PlanPeriod, { price: string; discount: string }>);

/**
 * How periods are spelt in web addresses (`/checkout/{planId}/{period}`) and the pricing page; the API
 * carries the numeric `PlanPeriod`.
 */
export const PLAN_PERIOD_SLUGS = Object.freeze({
  [PlanPeriod.Month]: 'month',
  [PlanPeriod.Quarter]: 'quarter',
  [PlanPeriod.HalfYear]: 'halfYear',
  [PlanPeriod.Year]: 'year',
} as const satisfies Record<PlanPeriod, string>);
export type PlanPeriodSlug = (typeof PLAN_PERIOD_SLUGS)[PlanPeriod];

/** The period a web-address slug names, or null. */
export function planPeriodFromSlug(slug: string): PlanPeriod | null {
  const entry = Object.entries(PLAN_PERIOD_SLUGS).find(([, value]) => value === slug);
  return entry ? (Number(entry[0]) as PlanPeriod) : null;
}

/**
 * The period a web address names (`/checkout/{planId}/{period}`, `?period=`): its slug (`quarter`) or
 * the numeric `PlanPeriod` as the API carries it (`1`, no sign, spaces or leading zeros), else null.
 */
export function planPeriodFromParam(raw: string): PlanPeriod | null {
  if (/^\d$/.test(raw)) {
    const value = Number(raw);
    return PLAN_PERIODS.find((period) => period === value) ?? null;
  }
  return planPeriodFromSlug(raw);
}

export type PlanPrices = { [K in (typeof PLAN_PERIOD_FIELDS)[PlanPeriod]['price']]: number } & {
  [K in (typeof PLAN_PERIOD_FIELDS)[PlanPeriod]['discount']]: number;
};
