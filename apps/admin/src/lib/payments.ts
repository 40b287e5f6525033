import {
  type PaymentMethod,
  PaymentStatus,
  PIASTERS_PER_POUND,
  PlanPeriod,
  type Subscription,
  SubscriptionEndReason,
  timeZoneOffsetMinutes,
  toLatinDigits,
} from '@hiwar/domain';
import { adminPaymentsMessages } from '@hiwar/ui';
import type { BadgeTone } from '../components/badge.tsx';

const text = adminPaymentsMessages;

/** Periods in the order people read them (the enum appends the half year as 3). */
export const PERIODS_IN_ORDER: readonly PlanPeriod[] = [
  PlanPeriod.Month,
  PlanPeriod.Quarter,
  PlanPeriod.HalfYear,
  PlanPeriod.Year,
];

export function periodLabel(period: number): string {
  return Object.hasOwn(text.periods, period) ? text.periods[period as PlanPeriod] : text.notSet;
}

export function paymentMethodLabel(method: number | null): string {
  if (method === null) {
    return text.staffGrant;
  }
  return Object.hasOwn(text.paymentMethods, method)
    ? text.paymentMethods[method as PaymentMethod]
    : text.notSet;
}

const STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  [PaymentStatus.New]: 'info',
  [PaymentStatus.Paid]: 'success',
  [PaymentStatus.Canceled]: 'neutral',
  [PaymentStatus.Refunded]: 'warning',
  [PaymentStatus.Expired]: 'neutral',
  [PaymentStatus.PartialRefunded]: 'warning',
  [PaymentStatus.Failed]: 'danger',
};

/** The Arabic label and badge colour of a transaction status. */
export function paymentStatusBadge(status: PaymentStatus): { label: string; tone: BadgeTone } {
  return { label: text.paymentStatuses[status], tone: STATUS_TONES[status] };
}

/** Weeks counted in a month when the quota is shown per month: 15-minute weekly steps make whole hours. */
export const WEEKS_PER_MONTH = 4;

/** Hours a month of a weekly quota (`weeklyMinutes` × 4 weeks ÷ 60). */
export function monthlyHours(weeklyMinutes: number): number {
  return Math.round(((weeklyMinutes * WEEKS_PER_MONTH) / 60) * 10) / 10;
}

/** Basis points as a percentage (1,000 → 10). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * A number typed into a field: Arabic-Indic digits, the Arabic decimal separator (٫) and thousands
 * separators (`,` `٬`) accepted, spaces ignored. `undefined` for an empty field (read as `required` by the schemas), `NaN`
 * for text that is not a number (read as `invalid-type`).
 */
export function parseTypedNumber(raw: string): number | undefined {
  const value = toLatinDigits(raw)
    .replace(/[\s,٬]/g, '')
    .replace(/٫/g, '.');
  if (value === '') {
    return undefined;
  }
  return /^-?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
}

/** Pounds typed into a field, in piasters (rounded to the piaster); see {@link parseTypedNumber}. */
export function poundsToPiasters(raw: string): number | undefined {
  const pounds = parseTypedNumber(raw);
  return pounds === undefined || Number.isNaN(pounds) ? pounds : Math.round(pounds * PIASTERS_PER_POUND);
}

/** A percentage typed into a field, in basis points (10 % → 1,000, 12.5 % → 1,250). */
export function percentToBasisPoints(raw: string): number | undefined {
  const value = parseTypedNumber(raw);
  return value === undefined || Number.isNaN(value) ? value : Math.round(value * 100);
}

/** Piasters as a plain number of pounds for an input's value (`15000` → `"150"`, `15050` → `"150.5"`). */
export function piastersToPoundsText(piasters: number): string {
  return String(piasters / PIASTERS_PER_POUND);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as Cairo wall-clock time for `<input type="datetime-local">` (`2026-04-01T23:59`), whatever
 * the browser's own zone: coupon expiries are set and read in the product's time zone.
 */
export function toCairoLocalInput(iso: string): string {
  const instant = new Date(iso);
  const wall = new Date(instant.getTime() + timeZoneOffsetMinutes(instant) * 60_000);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant a Cairo wall-clock time from `<input type="datetime-local">` names, as ISO 8601 (UTC), or
 * the text unchanged when it is not such a value (the schema then reports `coupon-expire-date-invalid`).
 */
export function fromCairoLocalInput(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) {
    return local;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wallMs)) {
    return local;
  }
  // The offset depends on the instant (DST): guess with the wall time, then correct once.
  const guess = wallMs - timeZoneOffsetMinutes(new Date(wallMs)) * 60_000;
  const instant = wallMs - timeZoneOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(instant).toISOString();
}

export type SubscriptionState = keyof typeof text.billing.subscriptionStates;

/**
 * Where a subscription stands at `now`: not started, running (or paused by an overdue installment), run
 * out, or cut short (and why).
 */
export function subscriptionState(subscription: Subscription, now: Date): SubscriptionState {
  const at = now.getTime();
  if (subscription.endedAt && Date.parse(subscription.endedAt) <= at) {
    return subscription.endReason === SubscriptionEndReason.Refunded ? 'refunded' : 'canceled';
  }
  if (at < Date.parse(subscription.start)) {
    return 'upcoming';
  }
  if (at >= Date.parse(subscription.end)) {
    return 'ended';
  }
  return subscription.paused ? 'paused' : 'active';
}

export const SUBSCRIPTION_STATE_TONES: Record<SubscriptionState, BadgeTone> = {
  active: 'success',
  paused: 'danger',
  upcoming: 'info',
  ended: 'neutral',
  refunded: 'warning',
  canceled: 'neutral',
};
