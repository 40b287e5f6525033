import { formatNumber } from '@hiwar/ui';

/**
 * `٤٢`: a record's number (a lesson, a withdrawal request, an account) as people read it, in the
 * product's digits and without a thousands separator.
 */
export function formatId(id: number): string {
  return formatNumber(id, { useGrouping: false });
}

const KIB = 1024;
const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** `١٢٣٫٥ ميغابايت`: the largest unit under which the figure stays at least 1 (binary multiples). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= KIB && unit < BYTE_UNITS.length - 1) {
    value /= KIB;
    unit += 1;
  }
  return formatNumber(value, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'long',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

/** `١٢٫٣ ملي ثانية` */
export function formatMilliseconds(ms: number): string {
  return formatNumber(ms, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
}

/** `يومان، ٣ ساعات، ١٢ دقيقة`; under a minute, the seconds. */
export function formatUptime(totalSeconds: number): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'long' });
  if (totalSeconds < 60) {
    return unit(Math.floor(totalSeconds), 'second');
  }
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const parts = [
    days > 0 ? unit(days, 'day') : null,
    hours > 0 ? unit(hours, 'hour') : null,
    minutes > 0 || (days === 0 && hours === 0) ? unit(minutes, 'minute') : null,
  ].filter((part): part is string => part !== null);
  return parts.join('، ');
}
