import { describe, expect, it } from 'vitest';
import {
  FORMATTING_WARM_UPS,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
} from './format.ts';

// Intl output carries bidi marks (U+200F, U+061C) and no-break spaces; compare without them.
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/gu, '').replace(/\s/gu, ' ');

describe('formatting for ar-EG in Cairo time', () => {
  it('warms up each kind of formatting in a step of its own, which changes nothing it formats', () => {
    const before = [formatNumber(1234), formatDate('2026-11-21T10:00:00Z')];
    expect(FORMATTING_WARM_UPS.length).toBeGreaterThan(1);
    for (const step of FORMATTING_WARM_UPS) {
      expect(() => step()).not.toThrow();
    }
    expect([formatNumber(1234), formatDate('2026-11-21T10:00:00Z')]).toEqual(before);
  });

  it('formats numbers with Arabic-Indic digits', () => {
    expect(formatNumber(1234)).toBe('١٬٢٣٤');
  });

  it('formats piasters as Egyptian pounds', () => {
    expect(plain(formatMoney(15_000))).toBe('١٥٠ ج.م.');
    expect(plain(formatMoney(15_050))).toBe('١٥٠٫٥٠ ج.م.');
  });

  it('shows dates and times in Cairo time by default', () => {
    // 16:30 UTC is 18:30 in Cairo in winter (UTC+2).
    const instant = '2026-01-10T16:30:00Z';
    expect(formatTime(instant)).toContain('٦:٣٠');
    expect(formatTime(instant, { timeZone: 'UTC' })).toContain('٤:٣٠');
    expect(formatDate(instant)).toContain('يناير');
    expect(formatDateTime(instant)).toContain('السبت');
  });

  it('formats relative times', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(formatRelative(new Date('2026-01-10T11:55:00Z'), { now })).toBe('قبل ٥ دقائق');
    expect(formatRelative(new Date('2026-01-11T12:00:00Z'), { now })).toBe('غدًا');
  });
});
