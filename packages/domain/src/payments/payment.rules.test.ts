import { describe, expect, it } from 'vitest';
import { PaymentStatus, PlanPeriod } from '../enums/payment.enums.ts';
import {
  bankInstallmentCost,
  installmentSchedule,
  isBankInstallmentMonths,
  paymentStatusMove,
  periodAllowsInstallments,
  programmeAcceptsCard,
  refundableAmount,
  statusAfterRefund,
} from './payment.rules.ts';

const { New, Paid, Canceled, Refunded, Expired, PartialRefunded, Failed } = PaymentStatus;

describe('paymentStatusMove', () => {
  it('grants the subscription exactly on New → Paid', () => {
    expect(paymentStatusMove(New, Paid)).toEqual({ kind: 'move', effect: 'grant-subscription' });
    expect(paymentStatusMove(Paid, Paid)).toEqual({ kind: 'illegal' });
  });

  it('ends the subscription on the first refund only', () => {
    expect(paymentStatusMove(Paid, Refunded)).toEqual({ kind: 'move', effect: 'end-subscription' });
    expect(paymentStatusMove(Paid, PartialRefunded)).toEqual({ kind: 'move', effect: 'end-subscription' });
    expect(paymentStatusMove(PartialRefunded, Refunded)).toEqual({ kind: 'move', effect: null });
    expect(paymentStatusMove(PartialRefunded, PartialRefunded)).toEqual({ kind: 'move', effect: null });
  });

  it('releases the coupon when a purchase will never be paid', () => {
    for (const to of [Canceled, Expired, Failed]) {
      expect(paymentStatusMove(New, to)).toEqual({ kind: 'move', effect: 'release-coupon' });
    }
  });

  it('refuses late and out-of-order news', () => {
    expect(paymentStatusMove(Expired, Paid).kind).toBe('illegal');
    expect(paymentStatusMove(Refunded, Paid).kind).toBe('illegal');
    expect(paymentStatusMove(Paid, New).kind).toBe('illegal');
    expect(paymentStatusMove(Failed, Paid).kind).toBe('illegal');
    expect(paymentStatusMove(New, Refunded).kind).toBe('illegal');
  });
});

describe('refunds', () => {
  it('allows refunding what was paid minus what was refunded, only once paid', () => {
    expect(refundableAmount({ status: Paid, amount: 1000, refundedAmount: 0 })).toBe(1000);
    expect(refundableAmount({ status: PartialRefunded, amount: 1000, refundedAmount: 400 })).toBe(600);
    expect(refundableAmount({ status: Refunded, amount: 1000, refundedAmount: 1000 })).toBe(0);
    expect(refundableAmount({ status: New, amount: 1000, refundedAmount: 0 })).toBe(0);
  });

  it('is Refunded once everything is back, PartialRefunded before', () => {
    expect(statusAfterRefund(1000, 1000)).toBe(Refunded);
    expect(statusAfterRefund(1000, 999)).toBe(PartialRefunded);
  });
});

describe('installments', () => {
  it('are offered on quarter, half-year and year plans, and banks run 3 or 6 months', () => {
    expect(periodAllowsInstallments(PlanPeriod.Month)).toBe(false);
    expect(periodAllowsInstallments(PlanPeriod.Quarter)).toBe(true);
    expect(periodAllowsInstallments(PlanPeriod.Year)).toBe(true);
    expect(isBankInstallmentMonths(3)).toBe(true);
    expect(isBankInstallmentMonths(4)).toBe(false);
  });

  it('split the total exactly, the first carrying the remainder, due evenly across the term', () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const end = new Date('2030-07-01T00:00:00Z');
    const schedule = installmentSchedule(1000_01, 4, start, end);
    expect(schedule.map((part) => part.amount)).toEqual([250_01, 250_00, 250_00, 250_00]);
    expect(schedule.reduce((sum, part) => sum + part.amount, 0)).toBe(1000_01);
    expect(schedule[0]?.dueAt).toEqual(start);
    expect(schedule.map((part) => part.index)).toEqual([1, 2, 3, 4]);
    expect(schedule[2]?.dueAt.getTime()).toBe(start.getTime() + (end.getTime() - start.getTime()) / 2);
    expect(() => installmentSchedule(100, 0, start, end)).toThrow(RangeError);
  });
});

describe('bankInstallmentCost', () => {
  it('adds the rate as interest, rounded to the piaster, and rounds the monthly figure up', () => {
    expect(bankInstallmentCost(270_000, 0, 3)).toEqual({
      interest: 0,
      total: 270_000,
      monthlyAmount: 90_000,
    });
    expect(bankInstallmentCost(270_000, 5, 6)).toEqual({
      interest: 13_500,
      total: 283_500,
      monthlyAmount: 47_250,
    });
    // 2.5 % of 2,970.01 EGP is 74.25025 EGP → 7,425 piasters; 304,426 / 6 rounds up to 50,738.
    expect(bankInstallmentCost(297_001, 2.5, 6)).toEqual({
      interest: 7_425,
      total: 304_426,
      monthlyAmount: 50_738,
    });
  });
});

describe('programmeAcceptsCard', () => {
  it('takes any card when the programme lists no prefixes', () => {
    expect(programmeAcceptsCard([], '424242')).toBe(true);
    expect(programmeAcceptsCard([], null)).toBe(true);
  });

  it('takes a card whose first digits agree with one prefix, 6 or 8 digits long', () => {
    expect(programmeAcceptsCard(['512345', '424242'], '424242')).toBe(true);
    expect(programmeAcceptsCard(['51234567'], '512345')).toBe(true);
    expect(programmeAcceptsCard(['5123'], '512345')).toBe(true);
  });

  it('refuses another bank’s card, and a card whose digits are unknown', () => {
    expect(programmeAcceptsCard(['512345'], '424242')).toBe(false);
    expect(programmeAcceptsCard(['51234567'], '512399')).toBe(false);
    expect(programmeAcceptsCard(['512345'], null)).toBe(false);
    expect(programmeAcceptsCard(['512345'], '')).toBe(false);
  });
});
