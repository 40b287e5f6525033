import {
  BOUNDS,
  PLAN_PERIOD_MONTHS,
  type PlanPeriod,
  type PlanPrices,
  periodAllowsInstallments,
  periodPricing,
  priceFor,
} from '@hiwar/domain';

/**
 * Plan prices per period as the cards show them. Kept apart from the card component (no React), so the
 * landing site's pricing island can price live plans without shipping React.
 */

/** Weeks a month's quota is counted on (rules.md: the quota is weekly; "per month" is an estimate). */
export const WEEKS_PER_MONTH_ESTIMATE = 4;

/** What a plan costs for one period, all in piasters; `savePercent` 0 when the period has no discount. */
export interface PlanQuote {
  period: PlanPeriod;
  months: number;
  /** The period's full price before its discount. */
  fullPrice: number;
  /** What the student pays (no coupon): the domain's `priceFor`. */
  price: number;
  /** The price spread over the months, rounded down to the piaster. */
  perMonth: number;
  /** The period discount in percent (basis points / 100). */
  savePercent: number;
  /** Card installment choices with the amount of each payment (the first also carries the remainder). */
  cardInstallments: readonly { count: number; amount: number }[];
  /** Whether the bank's 3- and 6-month programmes are offered. */
  bankInstallments: boolean;
}

/** Prices a plan for a period with the domain's rules (rules.md "Plans"), for cards and summaries. */
export function planQuote(plan: PlanPrices, period: PlanPeriod): PlanQuote {
  const { price: fullPrice, discount } = periodPricing(plan, period);
  const price = priceFor(plan, period);
  const months = PLAN_PERIOD_MONTHS[period];
  const installments = periodAllowsInstallments(period);
  return {
    period,
    months,
    fullPrice,
    price,
    perMonth: Math.floor(price / months),
    savePercent: discount > 0 ? discount / 100 : 0,
    cardInstallments: installments
      ? BOUNDS.cardInstallmentCounts
          .filter((count) => price >= count)
          .map((count) => ({ count, amount: Math.floor(price / count) }))
      : [],
    bankInstallments: installments,
  };
}
