import { PaymentStatus, PlanPeriod, SubscriptionEndReason } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { makeSubscription } from '../test/fixtures.ts';
import {
  fromCairoLocalInput,
  monthlyHours,
  parseTypedNumber,
  paymentStatusBadge,
  percentToBasisPoints,
  periodLabel,
  poundsToPiasters,
  subscriptionState,
  toCairoLocalInput,
} from './payments.ts';

describe('typed numbers', () => {
  it('reads Arabic-Indic digits, the Arabic decimal separator and thousands separators', () => {
    expect(parseTypedNumber('١٥٠')).toBe(150);
    expect(parseTypedNumber('12٫5')).toBe(12.5);
    expect(parseTypedNumber('1,200')).toBe(1200);
    expect(parseTypedNumber('  ')).toBeUndefined();
    expect(parseTypedNumber('12abc')).toBeNaN();
  });

  it('converts pounds to piasters and percent to basis points', () => {
    expect(poundsToPiasters('150')).toBe(15_000);
    expect(poundsToPiasters('150.5')).toBe(15_050);
    expect(poundsToPiasters('0.1')).toBe(10);
    expect(poundsToPiasters('')).toBeUndefined();
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('12.5')).toBe(1250);
  });

  it('shows weekly minutes as whole hours a month', () => {
    expect(monthlyHours(120)).toBe(8);
    expect(monthlyHours(15)).toBe(1);
  });
});

describe('Cairo wall-clock times', () => {
  it('reads a datetime-local value as Cairo time, in winter and in summer time', () => {
    expect(fromCairoLocalInput('2030-03-10T23:59')).toBe('2030-03-10T21:59:00.000Z');
    expect(fromCairoLocalInput('2030-07-10T23:59')).toBe('2030-07-10T20:59:00.000Z');
    expect(fromCairoLocalInput('not a date')).toBe('not a date');
  });

  it('shows an instant as Cairo wall-clock time, and back', () => {
    expect(toCairoLocalInput('2030-03-10T21:59:00.000Z')).toBe('2030-03-10T23:59');
    expect(fromCairoLocalInput(toCairoLocalInput('2030-07-01T12:30:00.000Z'))).toBe(
      '2030-07-01T12:30:00.000Z',
    );
  });
});

describe('labels', () => {
  it('names every period and payment status in Arabic', () => {
    expect(
      [PlanPeriod.Month, PlanPeriod.Quarter, PlanPeriod.HalfYear, PlanPeriod.Year].map(periodLabel),
    ).toEqual(['شهري', '٣ أشهر', '٦ أشهر', 'سنوي']);
    expect(Object.values(PaymentStatus).map((status) => paymentStatusBadge(status).label)).toEqual([
      'جديد',
      'مدفوع',
      'ملغي',
      'مسترد',
      'منتهي الصلاحية',
      'مسترد جزئيًا',
      'فشل',
    ]);
  });
});

describe('subscription state', () => {
  const now = new Date('2026-01-15T00:00:00.000Z');
  it('tells running, paused, upcoming, ended and refunded subscriptions apart', () => {
    expect(subscriptionState(makeSubscription(), now)).toBe('active');
    expect(subscriptionState(makeSubscription({ paused: true }), now)).toBe('paused');
    expect(subscriptionState(makeSubscription({ start: '2026-02-01T10:00:00.000Z' }), now)).toBe('upcoming');
    expect(subscriptionState(makeSubscription({ end: '2026-01-10T10:00:00.000Z' }), now)).toBe('ended');
    expect(
      subscriptionState(
        makeSubscription({ endedAt: '2026-01-05T10:00:00.000Z', endReason: SubscriptionEndReason.Refunded }),
        now,
      ),
    ).toBe('refunded');
  });
});
