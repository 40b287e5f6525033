import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../enums/payment.enums.ts';
import {
  INSTALLMENT_GRACE_DAYS,
  InstallmentReminderKind,
  installmentPausesAt,
  installmentStanding,
  isSubscriptionPaused,
  remindersDue,
} from './installment.rules.ts';
import { remainingWeeklyMinutes, subscriptionEnd, weeklyQuota } from './subscription.rules.ts';
import { CurrentSubscriptionResponseSchema, SubscriptionSchema } from './subscription.schemas.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 3600_000;
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

// 10:00 in Cairo (winter, UTC+2); no DST change within a month either side.
const due = at('2030-01-15T08:00:00Z');
const installment = (overrides: Partial<{ index: number; dueAt: Date; paidAt: Date | null }> = {}) => ({
  index: 2,
  dueAt: due,
  paidAt: null,
  ...overrides,
});

describe('installment grace', () => {
  it('is 7 days, and an installment pauses its subscription right after due + 7 days', () => {
    expect(INSTALLMENT_GRACE_DAYS).toBe(7);
    expect(installmentPausesAt(installment()).toISOString()).toBe('2030-01-22T08:00:00.000Z');
  });

  it('counts the 7 days on the Cairo wall clock across the spring DST change', () => {
    // Due Tuesday 21 April 2026 10:00 EET (08:00Z); clocks go forward on 24 April.
    const dueAt = at('2026-04-21T08:00:00Z');
    expect(installmentPausesAt({ dueAt }).toISOString()).toBe('2026-04-28T07:00:00.000Z'); // 10:00 EEST
  });
});

describe('installmentStanding', () => {
  const pausesAt = installmentPausesAt(installment());

  it('is not paused at due + 7 days exactly, and paused one millisecond later', () => {
    expect(installmentStanding([installment()], pausesAt)).toMatchObject({ paused: false, overdue: null });
    const after = installmentStanding([installment()], plus(pausesAt, 1));
    expect(after.paused).toBe(true);
    expect(after.overdue?.index).toBe(2);
  });

  it('is not paused while an installment is only due or within its grace', () => {
    expect(installmentStanding([installment()], plus(due, -1)).paused).toBe(false);
    expect(installmentStanding([installment()], due).paused).toBe(false);
    expect(installmentStanding([installment()], plus(due, 3 * DAY)).paused).toBe(false);
  });

  it('names the first unpaid installment as the next due, and the first one past grace as overdue', () => {
    const parts = [
      installment({ index: 1, dueAt: plus(due, -90 * DAY), paidAt: plus(due, -90 * DAY) }),
      installment({ index: 3, dueAt: plus(due, 90 * DAY) }),
      installment({ index: 2 }),
    ];
    const before = installmentStanding(parts, plus(due, -DAY));
    expect(before.nextDue?.index).toBe(2);
    expect(before.overdue).toBeNull();
    const late = installmentStanding(parts, plus(due, 100 * DAY));
    expect(late.overdue?.index).toBe(2);
    expect(late.nextDue?.index).toBe(2);
  });

  it('is un-paused by paying the overdue installment, even late', () => {
    const now = plus(due, 20 * DAY);
    const paidLate = installment({ paidAt: plus(due, 19 * DAY) });
    expect(installmentStanding([paidLate], now)).toEqual({ paused: false, overdue: null, nextDue: null });
    // Seen from before the payment, it was paused.
    expect(installmentStanding([paidLate], plus(due, 10 * DAY)).paused).toBe(true);
  });

  it('is never paused without installments', () => {
    expect(installmentStanding([], plus(due, 1000 * DAY))).toEqual({
      paused: false,
      overdue: null,
      nextDue: null,
    });
  });
});

describe('isSubscriptionPaused', () => {
  const subscription = { end: plus(due, 60 * DAY), endedAt: null };
  const late = plus(due, 10 * DAY);

  it('is paused while the subscription runs with an installment past grace', () => {
    expect(isSubscriptionPaused(subscription, [installment()], late)).toBe(true);
    expect(isSubscriptionPaused(subscription, [], late)).toBe(false);
  });

  it('is not paused once the subscription is over or was ended', () => {
    expect(isSubscriptionPaused(subscription, [installment()], subscription.end)).toBe(false);
    expect(
      isSubscriptionPaused({ ...subscription, endedAt: plus(due, 9 * DAY) }, [installment()], late),
    ).toBe(false);
  });
});

describe('remindersDue', () => {
  const { Upcoming, Due, Overdue, Paused } = InstallmentReminderKind;
  const pausesAt = installmentPausesAt(installment());

  it.each([
    ['more than 3 days before', plus(due, -3 * DAY - 1), []],
    ['3 days before exactly', plus(due, -3 * DAY), [Upcoming]],
    ['just before it is due', plus(due, -1), [Upcoming]],
    ['when it falls due', due, [Due]],
    ['within its first day', plus(due, DAY - 1), [Due]],
    ['a day after it was due', plus(due, DAY), [Overdue]],
    ['at due + 7 days exactly', pausesAt, [Overdue]],
    ['right after the grace', plus(pausesAt, 1), [Paused]],
    ['long after', plus(due, 60 * DAY), [Paused]],
  ])('%s', (_label, now, expected) => {
    expect(remindersDue(installment(), now)).toEqual(expected);
  });

  it('is nothing for a paid installment, whenever', () => {
    const paid = installment({ paidAt: plus(due, -5 * DAY) });
    for (const now of [plus(due, -DAY), due, plus(due, 2 * DAY), plus(pausesAt, 1)]) {
      expect(remindersDue(paid, now)).toEqual([]);
    }
  });

  it('still reminds when the payment is recorded only after that instant', () => {
    expect(remindersDue(installment({ paidAt: plus(due, DAY) }), due)).toEqual([Due]);
  });
});

describe('weekly quota while paused', () => {
  const start = at('2030-03-02T10:00:00Z');
  const sub = { start, end: subscriptionEnd(start, PlanPeriod.Quarter), weeklyMinutes: 120 };
  const lessons = [{ start: plus(start, DAY), duration: 30 }];

  it('leaves no minutes while paused, still counting what was spent', () => {
    const now = plus(start, 2 * DAY);
    expect(weeklyQuota(sub, lessons, now, { paused: true })).toMatchObject({ spent: 30, remaining: 0 });
    expect(weeklyQuota(sub, lessons, now, { paused: false })).toMatchObject({ spent: 30, remaining: 90 });
    expect(remainingWeeklyMinutes(sub, lessons, now, { paused: true })).toBe(0);
    expect(remainingWeeklyMinutes(sub, lessons, now)).toBe(90);
  });
});

describe('subscription response schemas', () => {
  const subscription = {
    id: 1,
    userId: 2,
    planId: 3,
    transactionId: 4,
    period: PlanPeriod.Quarter,
    weeklyMinutes: 120,
    start: '2030-03-02T10:00:00.000Z',
    end: '2030-06-02T10:00:00.000Z',
    endedAt: null,
    endReason: null,
    createdAt: '2030-03-02T10:00:00.000Z',
  };
  const quota = {
    weekIndex: 0,
    weekStart: '2030-03-02T10:00:00.000Z',
    resetsAt: '2030-03-09T10:00:00.000Z',
    weeklyMinutes: 120,
    spentMinutes: 0,
    remainingMinutes: 120,
  };

  it('accept answers without the pause fields (older servers)', () => {
    expect(SubscriptionSchema.parse(subscription)).toEqual(subscription);
    expect(CurrentSubscriptionResponseSchema.parse({ subscription, quota, next: null })).toEqual({
      subscription,
      quota,
      next: null,
    });
  });

  it('carry the pause and the installment to pay next', () => {
    const answer = {
      subscription: { ...subscription, paused: true },
      quota: { ...quota, remainingMinutes: 0 },
      next: null,
      paused: true,
      nextInstallment: {
        id: 9,
        index: 2,
        count: 4,
        amount: 750_00,
        dueAt: '2030-03-25T10:00:00.000Z',
        pausesAt: '2030-04-01T10:00:00.000Z',
      },
    };
    expect(CurrentSubscriptionResponseSchema.parse(answer)).toEqual(answer);
    expect(
      CurrentSubscriptionResponseSchema.parse({ ...answer, nextInstallment: null })?.nextInstallment,
    ).toBe(null);
  });
});
