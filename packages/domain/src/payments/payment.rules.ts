import { BOUNDS } from '../bounds.ts';
import { canMovePaymentStatus, PaymentStatus, PlanPeriod } from '../enums/payment.enums.ts';

/** What applying a status to a transaction means. */
export type PaymentStatusMove =
  /** Legal: store the status and run its effect. */
  | { kind: 'move'; effect: 'grant-subscription' | 'end-subscription' | 'release-coupon' | null }
  /** Not allowed from the current status (late, replayed or out-of-order news): ignore and log. */
  | { kind: 'illegal' };

/**
 * Decides a transaction status change (rules.md "Payments", `canMovePaymentStatus`) and its effect:
 * Paid creates the subscription; the first refund (full or partial) ends it; a purchase that will never
 * be paid (Canceled, Expired, Failed) gives its coupon use back.
 */
export function paymentStatusMove(from: PaymentStatus, to: PaymentStatus): PaymentStatusMove {
  if (!canMovePaymentStatus(from, to)) {
    return { kind: 'illegal' };
  }
  if (to === PaymentStatus.Paid) {
    return { kind: 'move', effect: 'grant-subscription' };
  }
  if (
    from === PaymentStatus.Paid &&
    (to === PaymentStatus.Refunded || to === PaymentStatus.PartialRefunded)
  ) {
    return { kind: 'move', effect: 'end-subscription' };
  }
  if (to === PaymentStatus.Canceled || to === PaymentStatus.Expired || to === PaymentStatus.Failed) {
    return { kind: 'move', effect: 'release-coupon' };
  }
  return { kind: 'move', effect: null };
}

/** Piasters that may still be refunded: paid − already refunded, and nothing unless paid. */
export function refundableAmount(transaction: {
  status: PaymentStatus;
  amount: number;
  refundedAmount: number;
}): number {
  if (transaction.status !== PaymentStatus.Paid && transaction.status !== PaymentStatus.PartialRefunded) {
    return 0;
  }
  return Math.max(0, transaction.amount - transaction.refundedAmount);
}

/** The status a transaction reaches once `refundedTotal` of its `amount` has been given back. */
export function statusAfterRefund(amount: number, refundedTotal: number): PaymentStatus {
  return refundedTotal >= amount ? PaymentStatus.Refunded : PaymentStatus.PartialRefunded;
}

/** Installments (card or bank programme) are offered on quarter, half-year and year plans only. */
export function periodAllowsInstallments(period: PlanPeriod): boolean {
  return period !== PlanPeriod.Month;
}

/** Whether `months` is one of the bank installment programmes (3 or 6 months). */
export function isBankInstallmentMonths(months: number): boolean {
  return (BOUNDS.bankInstallmentMonths as readonly number[]).includes(months);
}

export type InstallmentDue = { index: number; amount: number; dueAt: Date };

/**
 * A card installment plan: `total` piasters split into `count` payments, due evenly across the
 * subscription [start, end). The first is due at once and carries the piasters the split leaves over,
 * so the parts always add up to the total. A later installment unpaid `installmentGraceDays` after its
 * due date pauses the subscription (rules.md).
 */
export function installmentSchedule(total: number, count: number, start: Date, end: Date): InstallmentDue[] {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError('count must be a positive integer');
  }
  const base = Math.floor(total / count);
  const span = end.getTime() - start.getTime();
  return Array.from({ length: count }, (_, i) => ({
    index: i + 1,
    amount: i === 0 ? total - base * (count - 1) : base,
    dueAt: new Date(start.getTime() + Math.floor((span * i) / count)),
  }));
}

/**
 * What a bank installment programme comes to for `amount` piasters: Fawry adds `rate` % of the price as
 * interest (fawry-api.md §3.4), rounded to the piaster; the monthly figure is rounded up, so the months
 * never add up to less than the total. Estimates: the bank's own page shows the final figures.
 */
export function bankInstallmentCost(
  amount: number,
  rate: number,
  months: number,
): { interest: number; total: number; monthlyAmount: number } {
  const interest = Math.round((amount * rate) / 100);
  const total = amount + interest;
  return { interest, total, monthlyAmount: Math.ceil(total / months) };
}

/**
 * Whether a bank installment programme whose bank's cards begin with one of `bins` takes a card
 * beginning with `firstSixDigits`: no prefixes listed means any card; otherwise a prefix and the
 * card's digits must agree on their common length (Fawry's prefixes may be 6 or 8 digits long, a
 * saved card shows its first six).
 */
export function programmeAcceptsCard(bins: readonly string[], firstSixDigits: string | null): boolean {
  if (bins.length === 0) {
    return true;
  }
  const card = firstSixDigits ?? '';
  return card.length > 0 && bins.some((bin) => bin.startsWith(card) || card.startsWith(bin));
}
