import { describe, expect, it } from 'vitest';
import {
  addZonedDays,
  calendarYear,
  formatDateTime,
  formatMoney,
  PRODUCT_TIMEZONE,
  startOfDay,
  startOfWeek,
  timeZoneOffsetMinutes,
  WEEK_START,
} from './time.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('Cairo offsets in 2026', () => {
  // Egypt: summer time from the last Friday of April (24 April 2026) to the last Thursday of October
  // (29 October 2026).
  it('is +02:00 in winter and +03:00 in summer', () => {
    expect(timeZoneOffsetMinutes(at('2026-01-15T12:00:00Z'))).toBe(120);
    expect(timeZoneOffsetMinutes(at('2026-07-15T12:00:00Z'))).toBe(180);
    expect(timeZoneOffsetMinutes(at('2026-12-15T12:00:00Z'))).toBe(120);
  });

  it('springs forward at midnight starting Friday 24 April', () => {
    expect(timeZoneOffsetMinutes(at('2026-04-23T21:59:59Z'))).toBe(120);
    expect(timeZoneOffsetMinutes(at('2026-04-23T22:00:00Z'))).toBe(180);
  });

  it('falls back at midnight ending Thursday 29 October', () => {
    expect(timeZoneOffsetMinutes(at('2026-10-29T20:59:59Z'))).toBe(180);
    expect(timeZoneOffsetMinutes(at('2026-10-29T21:00:00Z'))).toBe(120);
  });
});

describe('remembered offsets', () => {
  /** The offset read straight from Intl for the instant itself, as the reference. */
  function intlOffsetMinutes(ms: number, timeZone: string): number {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const p = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
    const whole = Math.floor(ms / 1000) * 1000;
    return (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - whole) / 60_000;
  }

  it('match Intl minute by minute around both 2026 changes, read twice (cold and cached)', () => {
    for (const change of [Date.UTC(2026, 3, 23, 22), Date.UTC(2026, 9, 29, 21)]) {
      for (let minute = -90; minute <= 90; minute++) {
        for (const ms of [change + minute * 60_000, change + minute * 60_000 + 59_999]) {
          const expected = intlOffsetMinutes(ms, PRODUCT_TIMEZONE);
          expect(timeZoneOffsetMinutes(new Date(ms), PRODUCT_TIMEZONE)).toBe(expected);
          expect(timeZoneOffsetMinutes(new Date(ms), PRODUCT_TIMEZONE)).toBe(expected);
        }
      }
    }
  });

  it('read the instant itself before 1970, when offsets could change mid-minute', () => {
    const ms = Date.UTC(1900, 0, 1, 12, 0, 30);
    expect(timeZoneOffsetMinutes(new Date(ms), PRODUCT_TIMEZONE)).toBe(
      intlOffsetMinutes(ms, PRODUCT_TIMEZONE),
    );
  });
});

describe('startOfWeek', () => {
  it('starts weeks on Saturday', () => {
    expect(WEEK_START).toBe(6);
  });

  it('returns Saturday midnight for any time on a Saturday', () => {
    // Saturday 17 January 2026, 00:00 Cairo (+02:00)
    expect(iso(startOfWeek(at('2026-01-17T00:00:00+02:00')))).toBe('2026-01-16T22:00:00.000Z');
    expect(iso(startOfWeek(at('2026-01-17T23:59:00+02:00')))).toBe('2026-01-16T22:00:00.000Z');
  });

  it('returns the previous Saturday for a Friday, the last day of the week', () => {
    expect(iso(startOfWeek(at('2026-01-23T23:30:00+02:00')))).toBe('2026-01-16T22:00:00.000Z');
  });

  it('uses the Cairo date, not the UTC date', () => {
    // 23:30 UTC on Friday is already Saturday 01:30 in Cairo.
    expect(iso(startOfWeek(at('2026-01-23T23:30:00Z')))).toBe('2026-01-23T22:00:00.000Z');
  });

  it('keeps +02:00 for a week whose Friday springs forward', () => {
    // Friday 24 April 2026 10:00 Cairo (+03:00); the week began Saturday 18 April at +02:00.
    expect(iso(startOfWeek(at('2026-04-24T10:00:00+03:00')))).toBe('2026-04-17T22:00:00.000Z');
  });

  it('uses +03:00 for the first summer week', () => {
    expect(iso(startOfWeek(at('2026-04-25T00:30:00+03:00')))).toBe('2026-04-24T21:00:00.000Z');
  });

  it('keeps +03:00 for the week in which clocks fall back', () => {
    // Friday 30 October 2026 noon is winter time; its week began Saturday 24 October in summer time.
    expect(iso(startOfWeek(at('2026-10-30T12:00:00+02:00')))).toBe('2026-10-23T21:00:00.000Z');
    expect(iso(startOfWeek(at('2026-10-31T00:00:00+02:00')))).toBe('2026-10-30T22:00:00.000Z');
  });

  it('works for other zones', () => {
    expect(iso(startOfWeek(at('2026-03-10T12:00:00Z'), 'America/New_York'))).toBe('2026-03-07T05:00:00.000Z');
    expect(iso(startOfWeek(at('2026-03-10T12:00:00Z'), 'UTC'))).toBe('2026-03-07T00:00:00.000Z');
  });
});

describe('startOfDay and addZonedDays', () => {
  it('starts the spring-forward Friday at 01:00, the first minute that exists', () => {
    expect(iso(startOfDay(at('2026-04-24T12:00:00Z')))).toBe('2026-04-23T22:00:00.000Z');
  });

  it('keeps the wall-clock time across a DST change', () => {
    // Saturday 18 April 17:00 (+02:00) → Saturday 25 April 17:00 (+03:00)
    expect(iso(addZonedDays(at('2026-04-18T17:00:00+02:00'), 7))).toBe('2026-04-25T14:00:00.000Z');
    expect(iso(addZonedDays(at('2026-10-24T17:00:00+03:00'), 7))).toBe('2026-10-31T15:00:00.000Z');
    expect(iso(addZonedDays(at('2026-04-25T14:00:00.250Z'), -7))).toBe('2026-04-18T15:00:00.250Z');
  });

  it('reads the calendar year in Cairo', () => {
    expect(calendarYear(at('2026-12-31T22:30:00Z'))).toBe(2027);
    expect(calendarYear(at('2026-12-31T22:30:00Z'), 'UTC')).toBe(2026);
  });
});

describe('formatting', () => {
  it('formats piasters as Egyptian pounds in Arabic digits', () => {
    const whole = formatMoney(15_000);
    expect(whole).toContain('١٥٠');
    expect(whole).toContain('ج.م.');
    expect(whole).not.toContain('٫');
    expect(formatMoney(12_345)).toContain('١٢٣٫٤٥');
  });

  it('formats a date and time in the product zone', () => {
    const text = formatDateTime(at('2026-04-24T10:00:00Z'));
    expect(text).toContain('٢٠٢٦');
    expect(text).toContain('١:٠٠');
    expect(formatDateTime(at('2026-04-24T10:00:00Z'), 'UTC')).toContain('١٠:٠٠');
    expect(PRODUCT_TIMEZONE).toBe('Africa/Cairo');
  });
});
