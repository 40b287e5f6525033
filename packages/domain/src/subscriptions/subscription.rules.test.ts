import { describe, expect, it } from 'vitest';
import { PlanPeriod } from '../enums/payment.enums.ts';
import {
  addZonedMonths,
  effectiveEnd,
  isSubscriptionActive,
  quotaWeek,
  remainingWeeklyMinutes,
  subscriptionEnd,
  weeklyQuota,
} from './subscription.rules.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 3600_000;

describe('subscriptionEnd', () => {
  it('adds 1, 3, 6 or 12 calendar months at the same Cairo wall-clock time', () => {
    const start = at('2030-01-15T08:00:00Z'); // 10:00 in Cairo (winter, UTC+2)
    expect(subscriptionEnd(start, PlanPeriod.Month).toISOString()).toBe('2030-02-15T08:00:00.000Z');
    expect(subscriptionEnd(start, PlanPeriod.Quarter).toISOString()).toBe('2030-04-15T08:00:00.000Z');
    expect(subscriptionEnd(start, PlanPeriod.Year).toISOString()).toBe('2031-01-15T08:00:00.000Z');
  });

  it('keeps 10:00 Cairo time across the spring DST change (UTC+2 → UTC+3)', () => {
    const start = at('2026-04-10T08:00:00Z'); // 10:00 EET
    expect(subscriptionEnd(start, PlanPeriod.Month).toISOString()).toBe('2026-05-10T07:00:00.000Z'); // 10:00 EEST
    expect(subscriptionEnd(start, PlanPeriod.HalfYear).toISOString()).toBe('2026-10-10T07:00:00.000Z');
    expect(subscriptionEnd(start, PlanPeriod.Year).toISOString()).toBe('2027-04-10T08:00:00.000Z');
  });

  it('falls back to the last day of a shorter month', () => {
    expect(subscriptionEnd(at('2030-01-31T10:00:00Z'), PlanPeriod.Month).toISOString()).toBe(
      '2030-02-28T10:00:00.000Z',
    );
    expect(subscriptionEnd(at('2028-02-29T10:00:00Z'), PlanPeriod.Year).toISOString()).toBe(
      '2029-02-28T10:00:00.000Z',
    );
    expect(subscriptionEnd(at('2030-11-30T10:00:00Z'), PlanPeriod.Quarter).toISOString()).toBe(
      '2031-02-28T10:00:00.000Z',
    );
  });

  it('uses the Cairo calendar date, not the UTC one, near midnight', () => {
    // 23:30 UTC on 31 January is 01:30 on 1 February in Cairo: one month later is 1 March, 01:30.
    expect(addZonedMonths(at('2030-01-31T23:30:00Z'), 1).toISOString()).toBe('2030-02-28T23:30:00.000Z');
  });
});

describe('quotaWeek', () => {
  const start = at('2030-03-02T10:00:00Z');
  const sub = { start, end: subscriptionEnd(start, PlanPeriod.Month), weeklyMinutes: 120 };

  it('numbers weeks of seven days from the subscription start', () => {
    expect(quotaWeek(sub, start)).toEqual({ index: 0, start, end: new Date(start.getTime() + 7 * DAY) });
    expect(quotaWeek(sub, new Date(start.getTime() + 7 * DAY - 1))?.index).toBe(0);
    expect(quotaWeek(sub, new Date(start.getTime() + 7 * DAY))?.index).toBe(1);
    expect(quotaWeek(sub, new Date(start.getTime() + 20 * DAY))?.index).toBe(2);
  });

  it('cuts the last week at the subscription end', () => {
    const last = quotaWeek(sub, new Date(sub.end.getTime() - 1));
    expect(last?.index).toBe(4);
    expect(last?.end).toEqual(sub.end);
  });

  it('is null before the start, from the end on, and after the subscription was ended', () => {
    expect(quotaWeek(sub, new Date(start.getTime() - 1))).toBeNull();
    expect(quotaWeek(sub, sub.end)).toBeNull();
    const endedAt = new Date(start.getTime() + 3 * DAY);
    expect(quotaWeek({ ...sub, endedAt }, new Date(start.getTime() + 4 * DAY))).toBeNull();
    expect(quotaWeek({ ...sub, endedAt }, new Date(start.getTime() + DAY))?.end).toEqual(endedAt);
  });

  it('keeps week boundaries on the Cairo wall clock across DST', () => {
    // Saturday 18 April 2026 10:00 EET; DST starts on 24 April, so week 1 starts 25 April 10:00 EEST.
    const dstStart = at('2026-04-18T08:00:00Z');
    const dstSub = { start: dstStart, end: subscriptionEnd(dstStart, PlanPeriod.Month), weeklyMinutes: 60 };
    const week1 = quotaWeek(dstSub, at('2026-04-25T07:30:00Z'));
    expect(week1?.index).toBe(1);
    expect(week1?.start.toISOString()).toBe('2026-04-25T07:00:00.000Z');
    expect(quotaWeek(dstSub, at('2026-04-25T06:59:59Z'))?.index).toBe(0);
  });
});

describe('remainingWeeklyMinutes', () => {
  const start = at('2030-03-02T10:00:00Z');
  const sub = { start, end: subscriptionEnd(start, PlanPeriod.Month), weeklyMinutes: 120 };
  const lesson = (days: number, duration: number) => ({
    start: new Date(start.getTime() + days * DAY),
    duration,
  });

  it('subtracts the lessons starting in the week holding now, and only those', () => {
    const lessons = [lesson(1, 30), lesson(2, 15), lesson(8, 30), lesson(-1, 30)];
    expect(remainingWeeklyMinutes(sub, lessons, lesson(3, 0).start)).toBe(75);
    expect(remainingWeeklyMinutes(sub, lessons, lesson(9, 0).start)).toBe(90);
    expect(remainingWeeklyMinutes(sub, [], lesson(15, 0).start)).toBe(120);
  });

  it('never goes below zero and is zero without an active subscription', () => {
    const lessons = [lesson(1, 30), lesson(1, 30), lesson(2, 30), lesson(3, 30), lesson(4, 30)];
    expect(remainingWeeklyMinutes(sub, lessons, lesson(5, 0).start)).toBe(0);
    expect(remainingWeeklyMinutes(sub, [], new Date(start.getTime() - 1))).toBe(0);
    expect(remainingWeeklyMinutes({ ...sub, endedAt: start }, [], lesson(1, 0).start)).toBe(0);
  });

  it('reports the week, what was spent and when it resets', () => {
    const quota = weeklyQuota(sub, [lesson(1, 30)], lesson(2, 0).start);
    expect(quota).toMatchObject({ spent: 30, remaining: 90, week: { index: 0 } });
    expect(quota?.week.end.getTime()).toBe(start.getTime() + 7 * DAY);
  });
});

describe('activity', () => {
  it('uses the earlier of end and endedAt', () => {
    const end = at('2030-02-01T00:00:00Z');
    expect(effectiveEnd({ end, endedAt: null })).toBe(end);
    expect(effectiveEnd({ end, endedAt: at('2030-01-10T00:00:00Z') }).toISOString()).toBe(
      '2030-01-10T00:00:00.000Z',
    );
    expect(isSubscriptionActive({ start: at('2030-01-01T00:00:00Z'), end }, at('2030-01-31T23:59:59Z'))).toBe(
      true,
    );
  });
});
