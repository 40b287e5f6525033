import { PLAN_PERIOD_SLUGS, PlanPeriod, planPeriodFromParam } from '@hiwar/domain';

/** The period tabs, shortest first: شهري / ٣ أشهر / ٦ أشهر / سنوي. */
export const PERIOD_ORDER: readonly PlanPeriod[] = [
  PlanPeriod.Month,
  PlanPeriod.Quarter,
  PlanPeriod.HalfYear,
  PlanPeriod.Year,
];

/** The period a `?period=` or route slug (or the API's number) names; `fallback` for anything else. */
export function periodFromSlug(slug: string | null | undefined, fallback: PlanPeriod): PlanPeriod {
  return (slug ? planPeriodFromParam(slug) : null) ?? fallback;
}

export interface CheckoutPathOptions {
  /** Reopen the checkout with this method chosen (after adding a card). */
  method?: string | null;
  coupon?: string | null;
  /** Upgrade this subscription in force to the plan for the price difference (decision 0042). */
  upgrade?: number | null;
}

/** `/checkout/{planId}/{period}`, with the buyer's choices kept in the query. */
export function checkoutPath(planId: number, period: PlanPeriod, options: CheckoutPathOptions = {}): string {
  const query = new URLSearchParams();
  if (options.method) {
    query.set('method', options.method);
  }
  if (options.coupon) {
    query.set('coupon', options.coupon);
  }
  if (options.upgrade) {
    query.set('upgrade', String(options.upgrade));
  }
  const search = query.toString();
  return `/checkout/${planId}/${PLAN_PERIOD_SLUGS[period]}${search ? `?${search}` : ''}`;
}

/** The checkout of the trial lesson's price (decision 0048). */
export const TRIAL_CHECKOUT_PATH = '/checkout/trial';

/**
 * `/checkout/trial?tutor=…&at=…`: pay for the trial lesson, then come back to the tutor's profile
 * (at the picked time, when there was one) to book it.
 */
export function trialCheckoutPath(options: { tutorId?: number | null; at?: string | null } = {}): string {
  const query = new URLSearchParams();
  if (options.tutorId) {
    query.set('tutor', String(options.tutorId));
  }
  if (options.at) {
    query.set('at', options.at);
  }
  const search = query.toString();
  return `${TRIAL_CHECKOUT_PATH}${search ? `?${search}` : ''}`;
}

/** `/subscription?period=quarter`: the plans page on a period tab. */
export function subscriptionPath(period: PlanPeriod): string {
  return period === PlanPeriod.Month ? '/subscription' : `/subscription?period=${PLAN_PERIOD_SLUGS[period]}`;
}
