import { describe, expect, it } from 'vitest';
import { Weekday } from '../enums/common.enums.ts';
import {
  addLocalDays,
  isLocalDate,
  isLocalTime,
  localDateTimeToInstant,
  localDayRange,
  toLocalDate,
  toLocalDateTime,
  weekDates,
  weekWindow,
} from './local-time.ts';

const iso = (date: Date) => date.toISOString();
const HOUR_MS = 3_600_000;

describe('local dates and times', () => {
  it('accepts real dates and times only', () => {
    expect(isLocalDate('2026-04-24')).toBe(true);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-4-24')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalTime('00:00')).toBe(true);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
    expect(isLocalTime('9:00')).toBe(false);
  });

  it('reads an instant on the Cairo wall clock, with a Saturday-first day index', () => {
    expect(toLocalDateTime(new Date('2026-01-16T22:30:00Z'))).toEqual({
      date: '2026-01-17',
      time: '00:30',
      weekday: Weekday.Saturday,
      dayOfWeek: 0,
      offsetMinutes: 120,
    });
    expect(toLocalDateTime(new Date('2026-07-17T20:59:00Z'))).toMatchObject({
      date: '2026-07-17',
      time: '23:59',
      weekday: Weekday.Friday,
      dayOfWeek: 6,
      offsetMinutes: 180,
    });
    expect(toLocalDate(new Date('2026-07-17T21:00:00Z'))).toBe('2026-07-18');
  });

  it('reads other zones too', () => {
    expect(toLocalDateTime(new Date('2026-01-17T07:00:00Z'), 'Asia/Riyadh').time).toBe('10:00');
  });

  it('turns a local date and time into an instant in winter and in summer', () => {
    expect(iso(localDateTimeToInstant('2026-01-17', '09:00'))).toBe('2026-01-17T07:00:00.000Z');
    expect(iso(localDateTimeToInstant('2026-07-18', '09:00'))).toBe('2026-07-18T06:00:00.000Z');
  });

  it('moves a time skipped by the April jump forward by the hour', () => {
    // Friday 24 April 2026: 00:00 → 01:00.
    expect(iso(localDateTimeToInstant('2026-04-24', '00:00'))).toBe('2026-04-23T22:00:00.000Z');
    expect(iso(localDateTimeToInstant('2026-04-24', '00:30'))).toBe('2026-04-23T22:30:00.000Z');
    expect(toLocalDateTime(localDateTimeToInstant('2026-04-24', '00:30')).time).toBe('01:30');
    expect(iso(localDateTimeToInstant('2026-04-24', '01:00'))).toBe('2026-04-23T22:00:00.000Z');
  });

  it('resolves a time repeated in October to the earlier occurrence unless asked for the later', () => {
    // Thursday 29 October 2026: 24:00 → 23:00, so 23:00–23:59 happens at +03:00 and again at +02:00.
    expect(iso(localDateTimeToInstant('2026-10-29', '23:30'))).toBe('2026-10-29T20:30:00.000Z');
    expect(iso(localDateTimeToInstant('2026-10-29', '23:30', 'Africa/Cairo', 'later'))).toBe(
      '2026-10-29T21:30:00.000Z',
    );
    expect(iso(localDateTimeToInstant('2026-10-29', '22:30', 'Africa/Cairo', 'later'))).toBe(
      '2026-10-29T19:30:00.000Z',
    );
  });

  it('refuses malformed input', () => {
    expect(() => localDateTimeToInstant('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => localDateTimeToInstant('2026-02-01', '25:00')).toThrow(RangeError);
    expect(() => addLocalDays('tomorrow', 1)).toThrow(RangeError);
  });

  it('adds calendar days across months and years', () => {
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLocalDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives local days of 23 and 25 hours on the DST days', () => {
    const spring = localDayRange('2026-04-24');
    expect(iso(spring.start)).toBe('2026-04-23T22:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR_MS);
    const autumn = localDayRange('2026-10-29');
    expect(iso(autumn.start)).toBe('2026-10-28T21:00:00.000Z');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR_MS);
    const plain = localDayRange('2026-01-17');
    expect(plain.end.getTime() - plain.start.getTime()).toBe(24 * HOUR_MS);
  });
});

describe('weekWindow', () => {
  it('runs Saturday 00:00 to the next Saturday 00:00 local', () => {
    const week = weekWindow(new Date('2026-01-21T10:00:00Z'));
    expect(iso(week.start)).toBe('2026-01-16T22:00:00.000Z');
    expect(iso(week.end)).toBe('2026-01-23T22:00:00.000Z');
  });

  it('accepts a local date and puts a Friday in the week of the Saturday before', () => {
    expect(iso(weekWindow('2026-01-23').start)).toBe('2026-01-16T22:00:00.000Z');
    expect(iso(weekWindow('2026-01-24').start)).toBe('2026-01-23T22:00:00.000Z');
  });

  it('lasts 167 hours in the week clocks spring forward and 169 in the week they fall back', () => {
    const spring = weekWindow('2026-04-24');
    expect(iso(spring.start)).toBe('2026-04-17T22:00:00.000Z');
    expect(iso(spring.end)).toBe('2026-04-24T21:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(167 * HOUR_MS);
    const autumn = weekWindow('2026-10-29');
    expect(iso(autumn.start)).toBe('2026-10-23T21:00:00.000Z');
    expect(iso(autumn.end)).toBe('2026-10-30T22:00:00.000Z');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(169 * HOUR_MS);
  });

  it('lists the seven dates Saturday first', () => {
    expect(weekDates('2026-04-24')).toEqual([
      '2026-04-18',
      '2026-04-19',
      '2026-04-20',
      '2026-04-21',
      '2026-04-22',
      '2026-04-23',
      '2026-04-24',
    ]);
  });
});
