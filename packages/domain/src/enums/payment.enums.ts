import { enumValues } from './enum-values.ts';

/**
 * Subscription periods. The spec lists Month 0, Quarter 1, Year 2; the half year (rules.md) is appended
 * as 3 so the spec's numbers stay stable.
 */
export const PlanPeriod = { Month: 0, Quarter: 1, Year: 2, HalfYear: 3 } as const;
export type PlanPeriod = (typeof PlanPeriod)[keyof typeof PlanPeriod];
export const PLAN_PERIODS = enumValues(PlanPeriod);

/** Calendar months a subscription of each period lasts. */
export const PLAN_PERIOD_MONTHS: Readonly<Record<PlanPeriod, number>> = Object.freeze({
  [PlanPeriod.Month]: 1,
  [PlanPeriod.Quarter]: 3,
  [PlanPeriod.HalfYear]: 6,
  [PlanPeriod.Year]: 12,
});

export const PaymentMethod = { Card: 0, EWallet: 1, BankInstallment: 2, Fawry: 3 } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const PAYMENT_METHODS = enumValues(PaymentMethod);

export const PaymentStatus = {
  New: 0,
  Paid: 1,
  Canceled: 2,
  Refunded: 3,
  Expired: 4,
  PartialRefunded: 5,
  Failed: 6,
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const PAYMENT_STATUSES = enumValues(PaymentStatus);

/** Allowed transaction status moves (rules.md, Payments); a status missing here is final. */
export const PAYMENT_STATUS_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = Object.freeze({
  [PaymentStatus.New]: [
    PaymentStatus.Paid,
    PaymentStatus.Canceled,
    PaymentStatus.Expired,
    PaymentStatus.Failed,
  ],
  [PaymentStatus.Paid]: [PaymentStatus.Refunded, PaymentStatus.PartialRefunded],
  [PaymentStatus.PartialRefunded]: [PaymentStatus.PartialRefunded, PaymentStatus.Refunded],
  [PaymentStatus.Canceled]: [],
  [PaymentStatus.Refunded]: [],
  [PaymentStatus.Expired]: [],
  [PaymentStatus.Failed]: [],
});

/**
 * Whether a provider notification may move a transaction; late or replayed notifications (Paid after
 * Expired, a second Paid) must be ignored and logged rather than applied.
 */
export function canMovePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_STATUS_MOVES[from].includes(to);
}
