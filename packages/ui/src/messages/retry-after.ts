import { errorMessage } from './error-messages.ts';
import { type ArabicPluralForms, nouns, plural } from './plural.ts';

const seconds: ArabicPluralForms = {
  one: 'ثانية واحدة',
  two: 'ثانيتين',
  few: '# ثوانٍ',
  many: '# ثانية',
  other: '# ثانية',
};

/**
 * A wait as a person says it, rounded up so nobody is told to come back too early: under a minute in
 * seconds ("٤٥ ثانية"), up to 90 minutes in minutes ("دقيقتين"), beyond in hours.
 */
export function waitText(totalSeconds: number): string {
  const secondsLeft = Math.max(1, Math.ceil(totalSeconds));
  if (secondsLeft < 60) {
    return plural(secondsLeft, seconds);
  }
  const minutes = Math.ceil(secondsLeft / 60);
  if (minutes <= 90) {
    return plural(minutes, nouns.minutes);
  }
  return plural(Math.ceil(minutes / 60), nouns.hours);
}

/**
 * The Arabic answer to `too-many-requests` (decision 0047): when the server said how long to wait
 * (`Retry-After`, `details.retryAfterSeconds`), the message says when to try again; otherwise the
 * catalogue's general wording.
 */
export function tooManyRequestsMessage(retryAfterSeconds: number | null | undefined): string {
  if (
    typeof retryAfterSeconds !== 'number' ||
    !Number.isFinite(retryAfterSeconds) ||
    retryAfterSeconds <= 0
  ) {
    return errorMessage('too-many-requests');
  }
  return `محاولات كثيرة في وقت قصير. حاول مرة أخرى بعد ${waitText(retryAfterSeconds)}.`;
}

/**
 * The Arabic message for a failed call's error: the catalogue's for its code, and for
 * `too-many-requests` with the wait the server gave (an `ApiError`'s `retryAfterSeconds`).
 */
export function errorMessageOf(error: { code: string; retryAfterSeconds?: number | null }): string {
  return error.code === 'too-many-requests'
    ? tooManyRequestsMessage(error.retryAfterSeconds)
    : errorMessage(error.code);
}
