import { Weekday } from './enums/common.enums.ts';

export const LOCALE = 'ar-EG';
export const PRODUCT_TIMEZONE = 'Africa/Cairo';
export const WEEK_START: Weekday = Weekday.Saturday;
export const CURRENCY = 'EGP';
export const PIASTERS_PER_POUND = 100;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function zonedParts(instantMs: number, timeZone: string): ZonedParts {
  const parts: ZonedParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter(timeZone).formatToParts(instantMs)) {
    if (part.type in parts) {
      parts[part.type as keyof ZonedParts] = Number(part.value);
    }
  }
  return parts;
}

/**
 * A zone's offset during one UTC minute, remembered: since 1970 zone rules change only on whole
 * minutes, and `formatToParts` is the costly step of every schedule computation (a booking reads the
 * offset of each quota week boundary and bookable start many times).
 */
const minuteOffsets = new Map<string, number>();
const MINUTE_OFFSETS_MAX = 50_000;

function minuteOffsetMs(minute: number, timeZone: string): number {
  const key = `${timeZone}|${minute}`;
  let offset = minuteOffsets.get(key);
  if (offset === undefined) {
    const start = minute * MINUTE_MS;
    const p = zonedParts(start, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start;
    if (minuteOffsets.size >= MINUTE_OFFSETS_MAX) {
      minuteOffsets.clear();
    }
    minuteOffsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock reading in the zone, expressed as if it were UTC milliseconds (seconds precision). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  if (instantMs >= 0) {
    return wholeSecond + minuteOffsetMs(Math.floor(instantMs / MINUTE_MS), timeZone);
  }
  // Before 1970 some zones changed offset mid-minute (local mean time): read the instant itself.
  const p = zonedParts(wholeSecond, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

function offsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSecond, timeZone) - wholeSecond;
}

/**
 * The instant a wall-clock time (given as UTC-shaped milliseconds) happens in the zone. A time that
 * occurs twice (clocks back) resolves to the earlier instant; one skipped by a DST gap resolves to the
 * moment clocks jumped, which is where that local day or hour really begins.
 */
function wallClockToInstant(wallMs: number, timeZone: string): number {
  const offsetBefore = offsetMs(wallMs - DAY_MS, timeZone);
  const offsetAfter = offsetMs(wallMs + DAY_MS, timeZone);
  const valid = [wallMs - offsetBefore, wallMs - offsetAfter].filter(
    (instant) => wallClockMs(instant, timeZone) === wallMs,
  );
  return valid.length > 0 ? Math.min(...valid) : wallMs - offsetBefore;
}

/** The zone's UTC offset at that instant, in minutes (Cairo: 120 in winter, 180 in summer since 2023). */
export function timeZoneOffsetMinutes(date: Date, timeZone: string = PRODUCT_TIMEZONE): number {
  return offsetMs(date.getTime(), timeZone) / MINUTE_MS;
}

/** The calendar year in the zone; a birth-year age check must not flip at UTC midnight on New Year. */
export function calendarYear(date: Date, timeZone: string = PRODUCT_TIMEZONE): number {
  return zonedParts(date.getTime(), timeZone).year;
}

/** Local midnight of that date in the zone, as an instant; DST-correct, unlike truncating UTC time. */
export function startOfDay(date: Date, timeZone: string = PRODUCT_TIMEZONE): Date {
  const p = zonedParts(date.getTime(), timeZone);
  return new Date(wallClockToInstant(Date.UTC(p.year, p.month - 1, p.day), timeZone));
}

/**
 * Saturday 00:00 of the product week containing that date, in the zone. Schedules and the week picker
 * key on it; adding 7 × 24 h to it drifts by an hour across a DST change, so use `addZonedDays`.
 */
export function startOfWeek(date: Date, timeZone: string = PRODUCT_TIMEZONE): Date {
  const p = zonedParts(date.getTime(), timeZone);
  const localMidnight = Date.UTC(p.year, p.month - 1, p.day);
  const weekday = new Date(localMidnight).getUTCDay();
  const daysSinceStart = (weekday - WEEK_START + 7) % 7;
  return new Date(wallClockToInstant(localMidnight - daysSinceStart * DAY_MS, timeZone));
}

/**
 * The same wall-clock time `days` later in the zone: copying a week's slots forward keeps 18:00 at 18:00
 * even when Egypt changes clocks in between.
 */
export function addZonedDays(date: Date, days: number, timeZone: string = PRODUCT_TIMEZONE): Date {
  const ms = date.getTime();
  const subSecond = ms - Math.floor(ms / 1000) * 1000;
  const wall = wallClockMs(ms, timeZone) + days * DAY_MS;
  return new Date(wallClockToInstant(wall, timeZone) + subSecond);
}

const moneyFormatters = new Map<number, Intl.NumberFormat>();

/** Money is integer piasters everywhere; only the screen turns it into pounds, without ".00" when whole. */
export function formatMoney(piasters: number): string {
  const fractionDigits = Number.isInteger(piasters / PIASTERS_PER_POUND) ? 0 : 2;
  let formatter = moneyFormatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormatters.set(fractionDigits, formatter);
  }
  return formatter.format(piasters / PIASTERS_PER_POUND);
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time as Egyptian users read it, in their zone (the product zone unless they chose one). */
export function formatDateTime(date: Date, timeZone: string = PRODUCT_TIMEZONE): string {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}
