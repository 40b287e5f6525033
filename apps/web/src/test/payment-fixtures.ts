import {
  type CurrentSubscriptionResponse,
  PaymentMethod,
  PaymentStatus,
  type Plan,
  PlanPeriod,
  type SavedCard,
  type Subscription,
  type Transaction,
} from '@hiwar/domain';

const STAMP = '2026-01-10T09:00:00.000Z';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A plan as `GET /api/v1/plan/list` answers it: piasters and basis points, like the demo's "المنتظم". */
export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 2,
    alias: 'المنتظم',
    weeklyMinutes: 120,
    fullMonthPrice: 1100_00,
    fullMonthDiscount: 0,
    fullQuarterPrice: 3300_00,
    fullQuarterDiscount: 1000,
    halfYearPrice: 6600_00,
    halfYearDiscount: 1500,
    fullYearPrice: 13200_00,
    fullYearDiscount: 2500,
    forInvitesOnly: false,
    active: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  const start = Date.now() - 10 * DAY_MS;
  return {
    id: 5,
    userId: 12,
    planId: 2,
    transactionId: 40,
    period: PlanPeriod.Month,
    weeklyMinutes: 120,
    start: new Date(start).toISOString(),
    end: new Date(start + 30 * DAY_MS).toISOString(),
    endedAt: null,
    endReason: null,
    createdAt: new Date(start).toISOString(),
    ...overrides,
  };
}

/** `GET /api/v1/sub/current` for a student with 90 of 120 minutes left this week. */
export function makeCurrent(
  overrides: Partial<NonNullable<CurrentSubscriptionResponse>> = {},
): NonNullable<CurrentSubscriptionResponse> {
  const subscription = makeSubscription();
  const weekStart = Date.now() - 3 * DAY_MS;
  return {
    subscription,
    quota: {
      weekIndex: 1,
      weekStart: new Date(weekStart).toISOString(),
      resetsAt: new Date(weekStart + 7 * DAY_MS).toISOString(),
      weeklyMinutes: 120,
      spentMinutes: 30,
      remainingMinutes: 90,
    },
    next: null,
    paused: false,
    nextInstallment: null,
    ...overrides,
  };
}

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 77,
    userId: 12,
    planId: 2,
    period: PlanPeriod.Quarter,
    couponCode: null,
    amount: 2970_00,
    refundedAmount: 0,
    method: PaymentMethod.Fawry,
    status: PaymentStatus.New,
    fawryRefNumber: '9876543210',
    expiresAt: new Date(Date.now() + 48 * HOUR_MS).toISOString(),
    installment: null,
    bankInstallmentMonths: null,
    failureReason: null,
    grantedBy: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return {
    token: 'a'.repeat(64),
    lastFourDigits: '4242',
    firstSixDigits: '424242',
    brand: 'Visa',
    isDefault: true,
    cardHolderName: 'SARA AHMED',
    createdAt: STAMP,
    ...overrides,
  };
}
