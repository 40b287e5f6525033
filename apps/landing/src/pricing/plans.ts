import { type Plan, PlanPeriod } from '@hiwar/domain';

/**
 * What the pricing page and its island share without the card renderer (plan-cards.ts, loaded by the
 * island only when it has cards to draw): the periods, the plan fields a card shows, the tab classes.
 */

/** Periods in the order of the switch. */
export const PERIODS: readonly PlanPeriod[] = [
  PlanPeriod.Month,
  PlanPeriod.Quarter,
  PlanPeriod.HalfYear,
  PlanPeriod.Year,
];

const CARD_FIELDS = [
  'id',
  'alias',
  'weeklyMinutes',
  'fullMonthPrice',
  'fullMonthDiscount',
  'fullQuarterPrice',
  'fullQuarterDiscount',
  'halfYearPrice',
  'halfYearDiscount',
  'fullYearPrice',
  'fullYearDiscount',
] as const satisfies readonly (keyof Plan)[];

/** What a card needs of a plan (the public plan list's items). */
export type PricingPlan = Pick<Plan, (typeof CARD_FIELDS)[number]>;

/** Plans compared by what their cards show: equal fingerprints draw the same cards. */
export function plansFingerprint(plans: readonly PricingPlan[]): string {
  return JSON.stringify(plans.map((plan) => CARD_FIELDS.map((field) => plan[field])));
}

/** Classes of a period tab, selected or not (the island swaps them). */
export const TAB_CLASS = {
  base: 'flex h-auto flex-col items-center gap-0 whitespace-nowrap rounded-xl px-2.5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring sm:px-5',
  selected: 'bg-brand text-brand-foreground',
  idle: 'text-muted-foreground hover:text-foreground',
} as const;
