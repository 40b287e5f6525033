import { describe, expect, it } from 'vitest';
import {
  suggestedRefund,
  UPGRADE_MIN_REMAINING_MS,
  upgradeProblem,
  upgradeQuote,
} from './subscription-manage.rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-01-01T10:00:00Z');
const end = new Date(start.getTime() + 30 * DAY);
const source = {
  start,
  end,
  endedAt: null,
  weeklyMinutes: 60,
  paidAmount: 30_000,
  installments: false,
  paused: false,
};

describe('upgradeProblem', () => {
  const mid = new Date(start.getTime() + 10 * DAY);

  it('accepts a bigger plan for a subscription in force', () => {
    expect(upgradeProblem(source, 90, mid)).toBeNull();
  });

  it('refuses a plan that is not bigger', () => {
    expect(upgradeProblem(source, 60, mid)).toBe('subscription-upgrade-invalid');
    expect(upgradeProblem(source, 30, mid)).toBe('subscription-upgrade-invalid');
  });

  it.each([
    ['installments', { installments: true }, mid],
    ['paused', { paused: true }, mid],
    ['not started', {}, new Date(start.getTime() - 1)],
    ['ended early', { endedAt: mid }, mid],
    ['within its last day', {}, new Date(end.getTime() - UPGRADE_MIN_REMAINING_MS + 1)],
  ])('refuses one %s', (_name, change, now) => {
    expect(upgradeProblem({ ...source, ...change }, 90, now)).toBe('subscription-upgrade-unavailable');
  });
});

describe('upgradeQuote', () => {
  it('charges the target price for the time left less the unused part of what was paid', () => {
    const now = new Date(start.getTime() + 10 * DAY);
    // 20 of 30 days left: credit 30000 × 2/3 = 20000; cost 45000 × 2/3 = 30000.
    expect(upgradeQuote(source, 45_000, now)).toEqual({
      credit: 20_000,
      cost: 30_000,
      amount: 10_000,
      remainingMs: 20 * DAY,
    });
  });

  it('rounds the credit down and the cost up, to the piaster', () => {
    const now = new Date(start.getTime() + DAY);
    const quote = upgradeQuote({ ...source, paidAmount: 10_001 }, 20_001, now);
    expect(quote.credit).toBe(Math.floor((10_001 * 29) / 30));
    expect(quote.cost).toBe(Math.ceil((20_001 * 29) / 30));
    expect(quote.amount).toBe(quote.cost - quote.credit);
  });

  it('is never negative and free when the subscription was granted without payment', () => {
    const now = new Date(start.getTime() + DAY);
    expect(upgradeQuote({ ...source, paidAmount: 90_000 }, 45_000, now).amount).toBe(0);
    expect(upgradeQuote({ ...source, paidAmount: 0 }, 30_000, now).credit).toBe(0);
  });

  it('handles amounts and lengths whose product is beyond 2^53', () => {
    const longEnd = new Date(start.getTime() + 366 * DAY);
    const quote = upgradeQuote({ start, end: longEnd, paidAmount: 2_000_000_000 }, 2_100_000_000, start);
    expect(quote).toMatchObject({ credit: 2_000_000_000, cost: 2_100_000_000, amount: 100_000_000 });
  });
});

describe('suggestedRefund', () => {
  it('is the unused part of what was paid', () => {
    expect(suggestedRefund(source, new Date(start.getTime() + 15 * DAY))).toBe(15_000);
  });

  it('is all of it before the start and nothing once ended', () => {
    expect(suggestedRefund(source, new Date(start.getTime() - DAY))).toBe(30_000);
    expect(suggestedRefund({ ...source, endedAt: start }, new Date(start.getTime() + DAY))).toBe(0);
    expect(suggestedRefund(source, new Date(end.getTime() + 1))).toBe(0);
  });
});
