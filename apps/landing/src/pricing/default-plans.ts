import type { PricingPlan } from './plans.ts';

/** Whole pounds in piasters. */
const egp = (pounds: number) => pounds * 100;

/**
 * The plans written into /pricing at build time, before the live list (`GET /api/v1/plan/list`)
 * replaces them in the browser: the demo plans `npm start` seeds (apps/server/src/seed/demo.ts
 * `DEMO_PLANS`; a test keeps the two equal), so locally the page never changes under the reader.
 */
export const DEFAULT_PLANS: readonly PricingPlan[] = [
  { id: 1, alias: 'البداية', weeklyMinutes: 60, month: 600 },
  { id: 2, alias: 'المنتظم', weeklyMinutes: 120, month: 1100 },
  { id: 3, alias: 'المكثّف', weeklyMinutes: 240, month: 2000 },
].map(({ id, alias, weeklyMinutes, month }) => ({
  id,
  alias,
  weeklyMinutes,
  fullMonthPrice: egp(month),
  fullMonthDiscount: 0,
  fullQuarterPrice: egp(month * 3),
  fullQuarterDiscount: 1000,
  halfYearPrice: egp(month * 6),
  halfYearDiscount: 1500,
  fullYearPrice: egp(month * 12),
  fullYearDiscount: 2500,
}));
