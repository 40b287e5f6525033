import type { ErrorCode } from '../errors/error-codes.ts';

/**
 * Managing a subscription from /subscription (decision 0042): renewal, a refund request to staff, and
 * an upgrade to a bigger plan that takes effect now for the price difference. Pure rules; amounts are
 * integer piasters.
 */

/** Days before a subscription's end at which a student who keeps renewal on is reminded to renew. */
export const RENEWAL_REMINDER_DAYS_BEFORE = 3;

/** What the upgrade rules read of the subscription in force. */
export type UpgradeSource = {
  start: Date;
  end: Date;
  endedAt: Date | null;
  weeklyMinutes: number;
  /** What was paid for it so far, net of refunds: its purchase and any earlier upgrade. */
  paidAmount: number;
  /** Bought in card or bank installments: an upgrade would mix two payment schedules. */
  installments: boolean;
  paused: boolean;
};

export type UpgradePrice = {
  /** The unused part of what was paid: paid × remaining ÷ length, rounded down. */
  credit: number;
  /** The target plan's price for the same period × remaining ÷ length, rounded up. */
  cost: number;
  /** What the student pays now: cost − credit, never below 0. */
  amount: number;
  /** Milliseconds left in the subscription when quoted. */
  remainingMs: number;
};

/** The smallest remaining time worth upgrading: one day (less and the quote is nearly nothing). */
export const UPGRADE_MIN_REMAINING_MS = 24 * 60 * 60 * 1000;

/**
 * Why the subscription cannot be upgraded to a plan of `targetWeeklyMinutes` at `now`, or null.
 * Only a bigger plan (more weekly minutes) is an upgrade (`subscription-upgrade-invalid`); a
 * subscription paid in installments, paused, ended or within its last day cannot be upgraded
 * (`subscription-upgrade-unavailable`).
 */
export function upgradeProblem(
  source: UpgradeSource,
  targetWeeklyMinutes: number,
  now: Date,
): ErrorCode | null {
  if (targetWeeklyMinutes <= source.weeklyMinutes) {
    return 'subscription-upgrade-invalid';
  }
  const endsAt = Math.min(source.end.getTime(), source.endedAt?.getTime() ?? Number.POSITIVE_INFINITY);
  if (
    source.installments ||
    source.paused ||
    now.getTime() < source.start.getTime() ||
    endsAt - now.getTime() < UPGRADE_MIN_REMAINING_MS
  ) {
    return 'subscription-upgrade-unavailable';
  }
  return null;
}

/** The share of `amount` for `part` of `whole` milliseconds, as a bigint-exact floor or ceiling. */
function share(amount: number, part: number, whole: number, round: 'down' | 'up'): number {
  if (whole <= 0 || part <= 0 || amount <= 0) {
    return 0;
  }
  const numerator = BigInt(Math.trunc(amount)) * BigInt(Math.trunc(Math.min(part, whole)));
  const denominator = BigInt(Math.trunc(whole));
  const quotient = numerator / denominator;
  const exact = quotient * denominator === numerator;
  return Number(round === 'up' && !exact ? quotient + 1n : quotient);
}

/**
 * The price of an upgrade at `now`: the target plan's price for the subscription's period for the
 * time left, less the unused part of what was paid. Time is counted in milliseconds of the
 * subscription's own length (months differ in days).
 */
export function upgradeQuote(
  source: Pick<UpgradeSource, 'start' | 'end' | 'paidAmount'>,
  targetPeriodPrice: number,
  now: Date,
): UpgradePrice {
  const whole = source.end.getTime() - source.start.getTime();
  const remainingMs = Math.max(0, Math.min(whole, source.end.getTime() - now.getTime()));
  const credit = share(source.paidAmount, remainingMs, whole, 'down');
  const cost = share(targetPeriodPrice, remainingMs, whole, 'up');
  return { credit, cost, amount: Math.max(0, cost - credit), remainingMs };
}

/**
 * What staff are shown as a fair refund for a request at `now`: the unused part of what was paid net
 * of refunds (nothing once it ended). Staff decide the amount; this is a suggestion.
 */
export function suggestedRefund(
  source: Pick<UpgradeSource, 'start' | 'end' | 'endedAt' | 'paidAmount'>,
  now: Date,
): number {
  if (source.endedAt && source.endedAt.getTime() <= now.getTime()) {
    return 0;
  }
  const whole = source.end.getTime() - source.start.getTime();
  const from = Math.max(now.getTime(), source.start.getTime());
  return share(source.paidAmount, source.end.getTime() - from, whole, 'down');
}

/** A refund request's life: open until staff refund or decline it, or the student withdraws it. */
export const RefundRequestStatus = {
  Pending: 'pending',
  Refunded: 'refunded',
  Declined: 'declined',
  Withdrawn: 'withdrawn',
} as const;
export type RefundRequestStatus = (typeof RefundRequestStatus)[keyof typeof RefundRequestStatus];

/** What happened to a subscription, in its history (every management action is recorded). */
export const SubscriptionEventKind = {
  RenewalOff: 'renewal-off',
  RenewalOn: 'renewal-on',
  RenewalReminded: 'renewal-reminded',
  RefundRequested: 'refund-requested',
  RefundWithdrawn: 'refund-withdrawn',
  RefundDeclined: 'refund-declined',
  Refunded: 'refunded',
  UpgradeOrdered: 'upgrade-ordered',
  Upgraded: 'upgraded',
} as const;
export type SubscriptionEventKind = (typeof SubscriptionEventKind)[keyof typeof SubscriptionEventKind];
