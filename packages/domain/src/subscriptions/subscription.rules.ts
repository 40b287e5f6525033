import { PLAN_PERIOD_MONTHS, type PlanPeriod } from '../enums/payment.enums.ts';
import { addZonedDays, PRODUCT_TIMEZONE } from '../time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

/** What the quota rules need of a subscription. `endedAt` is set when it was cut short (refund). */
export type SubscriptionTerm = {
  start: Date;
  end: Date;
  endedAt?: Date | null;
  weeklyMinutes: number;
};

/** A lesson as the quota sees it: when it starts and how many minutes it spends. */
export type QuotaLesson = { start: Date; duration: number };

/** One quota week: index k from 0, and [start, end) (the last week may be cut by the subscription end). */
export type QuotaWeek = { index: number; start: Date; end: Date };

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date in the zone as [year, month 1–12, day]. */
function zonedDate(date: Date, timeZone: string): [number, number, number] {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day)];
}

/**
 * The same wall-clock time `months` calendar months later in the zone. A day missing from the target
 * month falls back to its last day (31 January + 1 month = 28 or 29 February), and Egypt's DST changes
 * in between do not move the hour.
 */
export function addZonedMonths(date: Date, months: number, timeZone: string = PRODUCT_TIMEZONE): Date {
  const [year, month, day] = zonedDate(date, timeZone);
  const targetMonthIndex = month - 1 + months;
  const targetYear = year + Math.floor(targetMonthIndex / 12);
  const targetMonth = ((targetMonthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const target = Date.UTC(targetYear, targetMonth, Math.min(day, lastDay));
  const days = Math.round((target - Date.UTC(year, month - 1, day)) / DAY_MS);
  return addZonedDays(date, days, timeZone);
}

/** When a subscription of `period` starting at `start` ends: 1, 3, 6 or 12 calendar months (Cairo). */
export function subscriptionEnd(start: Date, period: PlanPeriod): Date {
  return addZonedMonths(start, PLAN_PERIOD_MONTHS[period]);
}

/** The instant a subscription stops counting: its end, or earlier when it was ended (refund). */
export function effectiveEnd(subscription: Pick<SubscriptionTerm, 'end' | 'endedAt'>): Date {
  const { end, endedAt } = subscription;
  return endedAt && endedAt.getTime() < end.getTime() ? endedAt : end;
}

/** Whether the subscription grants minutes at `instant`: started, not ended, not cut short. */
export function isSubscriptionActive(
  subscription: Pick<SubscriptionTerm, 'start' | 'end' | 'endedAt'>,
  instant: Date,
): boolean {
  const at = instant.getTime();
  return subscription.start.getTime() <= at && at < effectiveEnd(subscription).getTime();
}

/**
 * The quota week holding `instant` (rules.md): week k = [start + 7k days, start + 7(k+1) days), days
 * counted on the Cairo wall clock so a week starting Saturday 10:00 always starts at 10:00. Null when
 * the subscription is not active at that instant.
 */
export function quotaWeek(subscription: SubscriptionTerm, instant: Date): QuotaWeek | null {
  if (!isSubscriptionActive(subscription, instant)) {
    return null;
  }
  const weekStart = (k: number) => addZonedDays(subscription.start, k * WEEK_DAYS);
  const at = instant.getTime();
  let index = Math.floor((at - subscription.start.getTime()) / (WEEK_DAYS * DAY_MS));
  // A DST change inside the span shifts boundaries by an hour: step to the right week.
  while (index > 0 && weekStart(index).getTime() > at) {
    index--;
  }
  while (weekStart(index + 1).getTime() <= at) {
    index++;
  }
  const next = weekStart(index + 1);
  const end = effectiveEnd(subscription);
  return { index, start: weekStart(index), end: next.getTime() < end.getTime() ? next : end };
}

/** Minutes the lessons starting inside `week` spend. */
export function spentMinutes(week: QuotaWeek, lessons: readonly QuotaLesson[]): number {
  const from = week.start.getTime();
  const to = week.end.getTime();
  return lessons
    .filter((lesson) => lesson.start.getTime() >= from && lesson.start.getTime() < to)
    .reduce((sum, lesson) => sum + lesson.duration, 0);
}

/** What else decides a quota besides the subscription and its lessons. */
export type QuotaOptions = {
  /**
   * The subscription is paused now (an installment unpaid past its grace: `installmentStanding`).
   * A paused subscription grants no minutes until the installment is paid.
   */
  paused?: boolean;
};

/**
 * The quota of the week holding `instant`: the week, the minutes spent by `lessons` starting in it and
 * what is left (never below 0; 0 while the subscription is paused). Null when the subscription is not
 * active then. `lessons` are the ones that spend minutes (booked, fulfilled, or cancelled late by the
 * student); the caller picks them.
 */
export function weeklyQuota(
  subscription: SubscriptionTerm,
  lessons: readonly QuotaLesson[],
  instant: Date,
  options: QuotaOptions = {},
): { week: QuotaWeek; spent: number; remaining: number } | null {
  const week = quotaWeek(subscription, instant);
  if (!week) {
    return null;
  }
  const spent = spentMinutes(week, lessons);
  const remaining = options.paused ? 0 : Math.max(0, subscription.weeklyMinutes - spent);
  return { week, spent, remaining };
}

/**
 * Minutes left in the quota week holding `now` (0 without an active subscription, and 0 while it is
 * paused). Booking checks a lesson against the week it starts in:
 * `remainingWeeklyMinutes(subscription, lessons, lesson.start, { paused })` must cover its duration,
 * with `paused` the standing at booking time, and the lesson must end by that week's end.
 */
export function remainingWeeklyMinutes(
  subscription: SubscriptionTerm,
  lessonsInWeek: readonly QuotaLesson[],
  now: Date,
  options: QuotaOptions = {},
): number {
  return weeklyQuota(subscription, lessonsInWeek, now, options)?.remaining ?? 0;
}
