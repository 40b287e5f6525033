/**
 * Number, money and date formatting for the product locale. Everything goes through `Intl` with `ar-EG`
 * (Arabic-Indic digits) and, for dates, the product time zone `Africa/Cairo`, so a lesson booked at
 * 18:00 Cairo time reads 18:00 wherever the browser is. Pass `timeZone` to show a user's own zone.
 */
import { CURRENCY, LOCALE, PIASTERS_PER_POUND, PRODUCT_TIMEZONE } from '@hiwar/domain';

export const DEFAULT_LOCALE: string = LOCALE;
export const DEFAULT_TIME_ZONE: string = PRODUCT_TIMEZONE;

export type DateInput = Date | string | number;

export interface DateFormatOptions extends Intl.DateTimeFormatOptions {
  /** Defaults to `ar-EG`. */
  locale?: string;
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** `Intl` constructors are slow relative to `format`; cache one per option set. */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => T): T {
  const existing = formatters.get(key);
  if (existing) {
    return existing as T;
  }
  const created = create();
  formatters.set(key, created);
  return created;
}

function dateTimeFormat(options: DateFormatOptions): Intl.DateTimeFormat {
  const { locale = DEFAULT_LOCALE, ...rest } = options;
  const resolved: Intl.DateTimeFormatOptions = { timeZone: DEFAULT_TIME_ZONE, ...rest };
  return cached(`dt|${locale}|${JSON.stringify(resolved)}`, () => new Intl.DateTimeFormat(locale, resolved));
}

/**
 * Steps that load the data of the locale and of the time zone, one kind each: the first `Intl` object
 * of a kind a page makes costs a phone tens of milliseconds of main thread at 1x CPU (40–150 ms for all
 * of them at once, issue 26). An app about to take over a server-rendered page runs each in a task of
 * its own, so that cost is neither one more step of the long task that starts the app nor a slice of
 * its first render that React cannot cut.
 */
export const FORMATTING_WARM_UPS: readonly (() => void)[] = [
  // Arabic-Indic digits.
  () => formatNumber(0),
  // Arabic plural classes (the catalogue's counted nouns).
  () => new Intl.PluralRules(DEFAULT_LOCALE).select(0),
  // Arabic dates in Cairo's time zone.
  () => formatDate(0),
  // The domain's time-zone arithmetic (`@hiwar/domain` time.ts reads wall-clock parts in en-US).
  () => new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIME_ZONE, hour: 'numeric' }).format(0),
];

/** `١٬٢٣٤` */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions & { locale?: string } = {},
): string {
  const { locale = DEFAULT_LOCALE, ...rest } = options;
  return cached(`n|${locale}|${JSON.stringify(rest)}`, () => new Intl.NumberFormat(locale, rest)).format(
    value,
  );
}

/**
 * Money is kept in integer piasters (1 EGP = 100). Whole pounds show no decimals (`١٥٠ ج.م.‏`), anything
 * else shows two (`١٥٠٫٥٠ ج.م.‏`).
 */
export function formatMoney(piasters: number, options: { locale?: string } = {}): string {
  const whole = piasters % PIASTERS_PER_POUND === 0;
  return formatNumber(piasters / PIASTERS_PER_POUND, {
    locale: options.locale,
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** `السبت، ٢١ نوفمبر ٢٠٢٦` by default; pass `dateStyle` or fields to change it. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const hasFields = options.dateStyle || options.year || options.month || options.day || options.weekday;
  return dateTimeFormat(hasFields ? options : { dateStyle: 'full', ...options }).format(toDate(value));
}

/** `٦:٣٠ م` */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const hasFields = options.timeStyle || options.hour || options.minute;
  return dateTimeFormat(hasFields ? options : { hour: 'numeric', minute: '2-digit', ...options }).format(
    toDate(value),
  );
}

/** `السبت، ٢١ نوفمبر ٢٠٢٦ في ٦:٣٠ م` */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const hasFields = options.dateStyle || options.timeStyle || options.year || options.hour;
  return dateTimeFormat(
    hasFields
      ? options
      : { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', ...options },
  ).format(toDate(value));
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/**
 * `منذ ٥ دقائق`, `خلال ساعتين`, `أمس`: the largest unit that fits, rounded towards zero so "in 1 h 50 min"
 * still reads as "in an hour" rather than jumping ahead.
 */
export function formatRelative(
  value: DateInput,
  options: { now?: DateInput; locale?: string; numeric?: 'always' | 'auto' } = {},
): string {
  const { now = Date.now(), locale = DEFAULT_LOCALE, numeric = 'auto' } = options;
  const seconds = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
