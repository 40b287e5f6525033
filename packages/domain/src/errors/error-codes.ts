/**
 * The error catalogue (spec §8). Every failure the API or a socket reports is one of these
 * kebab-case codes; the SPAs map each code to Arabic text in one place.
 */
export const ERROR_CODES = [
  // General
  'unauthenticated',
  'forbidden',
  'not-member',
  'not-owner',
  /** A member acting outside what is allowed now (the video room outside its access window). */
  'unallowed',
  'bad-request',
  'empty-request',
  'required',
  'invalid-type',
  'room-exists',
  'user-exists',
  'rating-exists',
  'subscription-exists',
  'busy-tutor',
  'busy-tutor-manager',
  'empty-weekly-minutes',
  'invalid-cvv',
  'too-many-requests',
  'payload-too-large',
  'unsupported-media-type',
  'unexpected',
  'service-unavailable',
  'fawry-error',

  // Not found
  'not-found',
  'session-not-found',
  'transaction-not-found',
  'user-not-found',
  'tutor-not-found',
  'student-not-found',
  'lesson-not-found',
  'slot-not-found',
  'rating-not-found',
  'coupon-not-found',
  'asset-not-found',
  'invite-not-found',
  'invoice-not-found',
  'plan-not-found',
  'room-not-found',
  'room-members-not-found',
  'report-not-found',
  'interview-not-found',
  'topic-not-found',
  'report-reply-not-found',
  'withdraw-method-not-found',
  'subscription-not-found',
  /** A bank installment programme Fawry does not offer (or no longer offers, or not for 3 or 6 months). */
  'installment-plan-not-found',

  // State
  'interview-already-signed',
  'email-already-verified',
  'phone-already-verified',
  'user-already-verified',
  /** Booking and chat need a verified e-mail (spec §4): the UI offers to verify it. */
  'email-not-verified',
  'unresolved-phone',
  'incorrect-phone',
  'expired-verification-code',
  'invalid-verification-code',
  'illegal-invoice-update',
  'wrong-password',
  'conflicting-lessons',
  'conflicting-interview',
  'conflicting-schedule',
  'reached-booking-limit',
  /** A student already saved as many favourite tutors as allowed (`BOUNDS.favoriteTutors.max`). */
  'reached-favorites-limit',

  // Validation: account
  'invalid-email',
  'invalid-phone',
  'short-password',
  'long-password',
  'invalid-password',
  'password-mismatch',
  'user-name-invalid',
  'user-name-short',
  'user-name-long',
  'old-user',
  'young-user',
  /** An uploaded picture below the minimum size (avatars 480×480). */
  'image-too-small',

  // Validation: generic text
  'text-too-short',
  'text-too-long',
  /** A plain-text field holding markup (decision 0046): screens show text, never HTML. */
  'text-invalid-html',

  // Validation: tutor profile
  'bio-empty',
  'bio-short',
  'bio-long',
  'bio-invalid',
  'tutor-about-short',
  'tutor-about-long',
  'notice-max-exceeded',
  'notice-invalid',

  // Validation: interviews
  'interview-feedback-invalid-html',
  'interview-feedback-too-short',
  'interview-feedback-too-long',
  'interview-note-invalid-html',
  'interview-note-too-short',
  'interview-note-too-long',
  'interview-level-too-low',
  'interview-level-too-high',

  // Validation: ratings
  'rating-value-too-low',
  'rating-value-too-high',
  'rating-text-too-short',
  'rating-text-too-long',

  // Validation: plans
  'plan-alias-short',
  'plan-alias-long',
  'plan-weekly-minutes-max-exceeded',
  'plan-weekly-minutes-empty',
  'plan-price-not-integer',
  'plan-price-negative',
  'plan-price-infinite',
  'plan-price-zero',
  'plan-discount-total',
  'plan-discount-max-exceeded',
  'plan-discount-min-subceeded',

  // Validation: coupons
  'coupon-code-invalid',
  'coupon-discount-zero',
  'coupon-discount-max-exceeded',
  'coupon-expire-date-invalid',
  'coupon-already-expired',
  /** A coupon code already taken by another coupon. */
  'coupon-exists',
  /** A coupon that reached its usage limit, met at checkout. */
  'coupon-used-up',
  /** The price is outside the bank installment programme's minimum and maximum amounts. */
  'installment-plan-amount-out-of-range',
  /** The saved card is not one of the programme's bank (its first digits match none of the programme's). */
  'installment-plan-card-not-accepted',
  /** That e-mail address is already invited to that plan. */
  'invite-exists',

  // Validation: chat
  'message-text-invalid-html',
  'message-text-too-short',
  'message-text-too-long',

  // Validation: withdrawals and invoices
  'withdraw-min-above-max',
  'withdraw-amount-zero-or-negative',
  'invoice-amount-zero-or-negative',
  'invoice-min-subceeded',
  'invoice-max-exceeded',
  'invoice-note-empty',
  'invoice-note-invalid-html',
  'invoice-note-too-long',
  'instapay-username-invalid',
  'bank-name-empty',
  'bank-name-invalid',
  /** A bank account that is neither 8–30 digits nor an Egyptian IBAN. */
  'bank-account-number-invalid',
  /** A withdrawal above the tutor's withdrawable balance (earnings not yet withdrawn or requested). */
  'invoice-balance-exceeded',
  /** Marking an invoice fulfilled without the transfer's receipt picture. */
  'invoice-receipt-required',
  /** A second withdraw method of a type that has one (there is one per type). */
  'withdraw-method-exists',

  // Validation: topics and contact requests
  'topic-name-short',
  'topic-name-long',
  'contact-request-title-short',
  'contact-request-title-long',
  'contact-request-message-short',
  'contact-request-message-long',
  'contact-request-name-short',
  'contact-request-name-long',
  /** A topic with that Arabic or English name already exists. */
  'topic-exists',
  /** More than 30 topics for one user. */
  'topics-max-exceeded',

  // Availability (rules.md "Availability")
  /** A window's start or end is not on the 15-minute grid. */
  'slot-off-grid',
  /** A window shorter than 30 minutes (or ending before it starts). */
  'slot-too-short',
  /** A window longer than 12 hours. */
  'slot-too-long',
  /** A new or moved window does not start in the future. */
  'slot-in-past',
  /** Deleting or shrinking windows would leave booked lessons outside them: confirm cancelling them. */
  'slot-has-lessons',

  // Lessons (rules.md "Lessons")
  /** A lesson start not on the 15-minute grid. */
  'lesson-off-grid',
  /** A lesson duration other than 15 or 30 minutes. */
  'lesson-duration-invalid',
  /** A lesson starting sooner than the booking lead time (setting `bookingLeadMinutes`). */
  'lesson-too-soon',
  /** A lesson starting beyond the tutor's notice (how many days ahead they accept bookings). */
  'lesson-too-far',
  /** The lesson would end after the subscription week whose minutes it spends. */
  'lesson-crosses-quota-week',
  'lesson-already-canceled',
  /** Reschedule of a lesson that has started. */
  'lesson-already-started',
  /** Cancel or reschedule of a lesson that has ended. */
  'lesson-already-ended',

  // Interviews (rules.md "Interviews")
  /** Cancel or reschedule of an interview that has started. */
  'interview-already-started',
  /** An outcome (passed, rejected) recorded before the interview started. */
  'interview-not-started',
  /** A change to a cancelled interview. */
  'interview-already-canceled',
  /** Cancel or reschedule of an interview whose outcome is recorded. */
  'interview-already-decided',
  /** Signing an interview that did not pass. */
  'interview-not-passed',

  // Ratings
  /** Only a student with at least one fulfilled lesson with the tutor may rate them. */
  'rating-needs-lesson',

  // Support (rules.md "Reports and contact requests")
  'report-title-short',
  'report-title-long',
  'report-description-short',
  'report-description-long',
  /** The reporter edits or deletes a report only until staff replied to it. */
  'report-has-reply',
  'contact-request-not-found',

  // Platform settings
  /** A platform setting below its lower bound. */
  'setting-too-low',
  /** A platform setting above its upper bound. */
  'setting-too-high',
  /** A platform setting that is not a multiple of its step (the trial lesson's 15 or 30 minutes). */
  'setting-step-invalid',

  // Lesson notes (issue 27)
  'lesson-note-not-found',
  /** The summary is written after the lesson ended (and was not cancelled). */
  'lesson-not-ended',
  /** More than `lessonNoteWindowHours` after the lesson ended. */
  'lesson-note-window-closed',
  'lesson-note-summary-short',
  'lesson-note-summary-long',
  'lesson-note-homework-long',
  /** The note already holds `lessonNoteFiles.perNote` files (or the upload would pass it). */
  'lesson-note-too-many-files',

  // Trial lessons (issue 27)
  /** Trial lessons are switched off (platform setting `trialLessonEnabled`). */
  'trial-unavailable',
  /** The student already had (or holds) their one trial lesson. */
  'trial-already-used',
  /** A trial lesson lasts the platform's trial length (`trialLessonMinutes`), no other. */
  'trial-duration-invalid',
  /** The trial lesson has a price (`trialLessonPrice`) and the student has not paid for it yet. */
  'trial-payment-required',
  /** A payment for the trial lesson is already open or paid: pay or cancel it, or book the trial. */
  'trial-payment-exists',
  /** An upgrade must be to a plan with more weekly minutes, for the subscription's own period, without a coupon. */
  'subscription-upgrade-invalid',
  /** This subscription cannot be upgraded now: paid in installments, paused, not started, ending within a day, or an upgrade order is already open. */
  'subscription-upgrade-unavailable',
  /** The subscription already has an open refund request. */
  'refund-request-exists',
  'refund-request-not-found',
  /** The refund request was already refunded, declined or withdrawn. */
  'refund-request-closed',
  /** Nothing of this subscription can be refunded: it was free, already refunded, or has ended. */
  'refund-unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * HTTP status of every code; the server's one error handler reads it, and nothing else decides a status.
 *
 * The rule, so a new code lands in the right place:
 * - 400: anything wrong with what the client sent — every validation code, wrong password, bad or
 *   expired verification codes, a phone that cannot be used. 422 is not used.
 * - 401: only `unauthenticated` (no valid, unexpired bearer token).
 * - 403: signed in but not allowed (`forbidden`, `not-member`, `not-owner`, `email-not-verified`,
 *   `rating-needs-lesson`).
 * - 404: `not-found` and every `{x}-not-found`.
 * - 409: the request is valid but clashes with current state — `*-exists`, `already-*`, `busy-*`,
 *   `conflicting-*`, `reached-booking-limit`, `empty-weekly-minutes` (no quota left this week),
 *   `lesson-crosses-quota-week`, `slot-has-lessons`, `illegal-invoice-update`, `invoice-balance-exceeded`, `interview-already-signed`. (`coupon-already-expired` is validation of
 *   a coupon's expiry date, so 400.)
 * - 413/415/429: upload too large, wrong file type, rate limited.
 * - 5xx: `unexpected` 500, `fawry-error` 502 (the payment gateway failed), `service-unavailable` 503.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  // General
  unauthenticated: 401,
  forbidden: 403,
  'not-member': 403,
  'not-owner': 403,
  unallowed: 403,
  'bad-request': 400,
  'empty-request': 400,
  required: 400,
  'invalid-type': 400,
  'room-exists': 409,
  'user-exists': 409,
  'rating-exists': 409,
  'subscription-exists': 409,
  'busy-tutor': 409,
  'busy-tutor-manager': 409,
  'empty-weekly-minutes': 409,
  'invalid-cvv': 400,
  'too-many-requests': 429,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  unexpected: 500,
  'service-unavailable': 503,
  'fawry-error': 502,

  // Not found
  'not-found': 404,
  'session-not-found': 404,
  'transaction-not-found': 404,
  'user-not-found': 404,
  'tutor-not-found': 404,
  'student-not-found': 404,
  'lesson-not-found': 404,
  'slot-not-found': 404,
  'rating-not-found': 404,
  'coupon-not-found': 404,
  'asset-not-found': 404,
  'invite-not-found': 404,
  'invoice-not-found': 404,
  'plan-not-found': 404,
  'room-not-found': 404,
  'room-members-not-found': 404,
  'report-not-found': 404,
  'interview-not-found': 404,
  'topic-not-found': 404,
  'report-reply-not-found': 404,
  'withdraw-method-not-found': 404,
  'subscription-not-found': 404,
  'installment-plan-not-found': 404,

  // State
  'interview-already-signed': 409,
  'email-already-verified': 409,
  'phone-already-verified': 409,
  'user-already-verified': 409,
  'email-not-verified': 403,
  'unresolved-phone': 400,
  'incorrect-phone': 400,
  'expired-verification-code': 400,
  'invalid-verification-code': 400,
  'illegal-invoice-update': 409,
  'wrong-password': 400,
  'conflicting-lessons': 409,
  'conflicting-interview': 409,
  'conflicting-schedule': 409,
  'reached-booking-limit': 409,
  'reached-favorites-limit': 409,

  // Validation: account
  'invalid-email': 400,
  'invalid-phone': 400,
  'short-password': 400,
  'long-password': 400,
  'invalid-password': 400,
  'password-mismatch': 400,
  'user-name-invalid': 400,
  'user-name-short': 400,
  'user-name-long': 400,
  'old-user': 400,
  'young-user': 400,
  'image-too-small': 400,

  // Validation: generic text
  'text-too-short': 400,
  'text-too-long': 400,
  'text-invalid-html': 400,

  // Validation: tutor profile
  'bio-empty': 400,
  'bio-short': 400,
  'bio-long': 400,
  'bio-invalid': 400,
  'tutor-about-short': 400,
  'tutor-about-long': 400,
  'notice-max-exceeded': 400,
  'notice-invalid': 400,

  // Validation: interviews
  'interview-feedback-invalid-html': 400,
  'interview-feedback-too-short': 400,
  'interview-feedback-too-long': 400,
  'interview-note-invalid-html': 400,
  'interview-note-too-short': 400,
  'interview-note-too-long': 400,
  'interview-level-too-low': 400,
  'interview-level-too-high': 400,

  // Validation: ratings
  'rating-value-too-low': 400,
  'rating-value-too-high': 400,
  'rating-text-too-short': 400,
  'rating-text-too-long': 400,

  // Validation: plans
  'plan-alias-short': 400,
  'plan-alias-long': 400,
  'plan-weekly-minutes-max-exceeded': 400,
  'plan-weekly-minutes-empty': 400,
  'plan-price-not-integer': 400,
  'plan-price-negative': 400,
  'plan-price-infinite': 400,
  'plan-price-zero': 400,
  'plan-discount-total': 400,
  'plan-discount-max-exceeded': 400,
  'plan-discount-min-subceeded': 400,

  // Validation: coupons
  'coupon-code-invalid': 400,
  'coupon-discount-zero': 400,
  'coupon-discount-max-exceeded': 400,
  'coupon-expire-date-invalid': 400,
  'coupon-already-expired': 400,
  'coupon-exists': 409,
  'coupon-used-up': 409,
  'installment-plan-amount-out-of-range': 400,
  'installment-plan-card-not-accepted': 400,
  'invite-exists': 409,

  // Validation: chat
  'message-text-invalid-html': 400,
  'message-text-too-short': 400,
  'message-text-too-long': 400,

  // Validation: withdrawals and invoices
  'withdraw-min-above-max': 400,
  'withdraw-amount-zero-or-negative': 400,
  'invoice-amount-zero-or-negative': 400,
  'invoice-min-subceeded': 400,
  'invoice-max-exceeded': 400,
  'invoice-note-empty': 400,
  'invoice-note-invalid-html': 400,
  'invoice-note-too-long': 400,
  'instapay-username-invalid': 400,
  'bank-name-empty': 400,
  'bank-name-invalid': 400,
  'bank-account-number-invalid': 400,
  'invoice-balance-exceeded': 409,
  'invoice-receipt-required': 400,
  'withdraw-method-exists': 409,

  // Validation: topics and contact requests
  'topic-name-short': 400,
  'topic-name-long': 400,
  'contact-request-title-short': 400,
  'contact-request-title-long': 400,
  'contact-request-message-short': 400,
  'contact-request-message-long': 400,
  'contact-request-name-short': 400,
  'contact-request-name-long': 400,
  'topic-exists': 409,
  'topics-max-exceeded': 400,

  // Availability
  'slot-off-grid': 400,
  'slot-too-short': 400,
  'slot-too-long': 400,
  'slot-in-past': 400,
  'slot-has-lessons': 409,

  // Lessons
  'lesson-off-grid': 400,
  'lesson-duration-invalid': 400,
  'lesson-too-soon': 400,
  'lesson-too-far': 400,
  'lesson-crosses-quota-week': 409,
  'lesson-already-canceled': 409,
  'lesson-already-started': 409,
  'lesson-already-ended': 409,

  // Ratings
  'interview-already-started': 409,
  'interview-not-started': 409,
  'interview-already-canceled': 409,
  'interview-already-decided': 409,
  'interview-not-passed': 409,
  'rating-needs-lesson': 403,

  // Support
  'report-title-short': 400,
  'report-title-long': 400,
  'report-description-short': 400,
  'report-description-long': 400,
  'report-has-reply': 409,
  'contact-request-not-found': 404,

  // Platform settings
  'setting-too-low': 400,
  'setting-too-high': 400,
  'setting-step-invalid': 400,

  // Lesson notes
  'lesson-note-not-found': 404,
  'lesson-not-ended': 409,
  'lesson-note-window-closed': 409,
  'lesson-note-summary-short': 400,
  'lesson-note-summary-long': 400,
  'lesson-note-homework-long': 400,
  'lesson-note-too-many-files': 409,

  // Trial lessons
  'trial-unavailable': 409,
  'trial-already-used': 409,
  'trial-duration-invalid': 400,
  'trial-payment-required': 402,
  'trial-payment-exists': 409,
  'subscription-upgrade-invalid': 400,
  'subscription-upgrade-unavailable': 409,
  'refund-request-exists': 409,
  'refund-request-not-found': 404,
  'refund-request-closed': 409,
  'refund-unavailable': 409,
});

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** Narrows an untrusted value (a response body, a zod issue message) to a catalogue code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

/** The HTTP status for a code, so callers never keep their own status table. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/**
 * Realtime acknowledgement codes (spec §8): every client event is answered with `{ code }`.
 * `bad-request` answers an event whose payload fails its zod schema; `unauthenticated` an event sent
 * without a valid token; `too-many-requests` a chat action above the user's rate (decision 0032).
 */
export const ACK_CODES = [
  'ok',
  'empty-text',
  'room-not-found',
  'message-not-found',
  'lesson-not-found',
  'interview-not-found',
  'not-member',
  'not-owner',
  'unreachable',
  'unallowed',
  'invalid-session-id',
  'bad-request',
  'unauthenticated',
  'too-many-requests',
] as const;

export type AckCode = (typeof ACK_CODES)[number];

const ACK_CODE_SET: ReadonlySet<string> = new Set(ACK_CODES);

/** Narrows an acknowledgement received over the socket before the client trusts it. */
export function isAckCode(value: unknown): value is AckCode {
  return typeof value === 'string' && ACK_CODE_SET.has(value);
}

/** Camera and microphone failures shown on the pre-join page (spec §8 media errors). */
export const MEDIA_ERROR_CODES = [
  'media-device-not-found',
  'media-device-in-use',
  'media-over-constrained',
  'media-permission-denied',
  'media-unexpected',
] as const;

export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];
