import { chatMessages, DEFAULT_TIME_ZONE, formatDate, formatTime } from '@hiwar/ui';

const text = chatMessages.conversation;
/** Made on first use: no `Intl` object while the app's modules load (issue 26, `FORMATTING_WARM_UPS`). */
let dayKeyFormat: Intl.DateTimeFormat | undefined;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Cairo calendar day of an instant, `2030-01-31`: messages are grouped by it. */
export function cairoDayKey(value: string | Date): string {
  dayKeyFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayKeyFormat.format(typeof value === 'string' ? new Date(value) : value);
}

function previousDayKey(key: string): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** A day separator: "اليوم", "أمس", else the weekday and date in Arabic (with the year when not this year). */
export function dayLabel(value: string, now: Date = new Date()): string {
  const key = cairoDayKey(value);
  const today = cairoDayKey(now);
  if (key === today) {
    return text.today;
  }
  if (key === previousDayKey(today)) {
    return text.yesterday;
  }
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return formatDate(value, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** When a room last spoke, as the rooms list shows it: the time today, "أمس", else a short date. */
export function roomTimeLabel(value: string, now: Date = new Date()): string {
  const key = cairoDayKey(value);
  const today = cairoDayKey(now);
  if (key === today) {
    return formatTime(value);
  }
  if (key === previousDayKey(today)) {
    return text.yesterday;
  }
  return formatDate(value, { day: 'numeric', month: 'short' });
}
