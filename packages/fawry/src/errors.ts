import { AppError } from '@hiwar/domain';

/** The calls of the client, named as its methods. */
export type FawryOperation =
  | 'chargeCardToken'
  | 'payAtFawry'
  | 'payWithWallet'
  | 'payWithBankInstallments'
  | 'getInstallmentPlans'
  | 'cancelUnpaidOrder'
  | 'refund'
  | 'getPaymentStatus'
  | 'listCardTokens'
  | 'deleteCardToken';

/**
 * Why a Fawry call failed, finer than the catalogue code, for the caller's decisions and logs:
 * - `card-declined`: an issuer/card code (999xx, 55006) — mark the attempt Failed, ask for another card;
 * - `invalid-cvv`: the CVV is malformed (checked before calling) or refused by the issuer;
 * - `invalid-signature`, `invalid-merchant`: our configuration is wrong (alert, do not retry);
 * - `not-found`, `not-paid`, `refund-exceeds-paid`, `already-canceled`, `cannot-cancel`, `card-not-found`,
 *   `invalid-amount`: the request clashes with the order's state at Fawry;
 * - `timeout`, `network`, `server-error`: Fawry did not answer properly (`service-unavailable`);
 * - `bad-response`: Fawry answered something we cannot read;
 * - `rejected`: any other business error.
 */
export type FawryErrorReason =
  | 'card-declined'
  | 'invalid-cvv'
  | 'invalid-signature'
  | 'invalid-merchant'
  | 'unauthorized'
  | 'not-found'
  | 'not-paid'
  | 'refund-exceeds-paid'
  | 'already-canceled'
  | 'cannot-cancel'
  | 'card-not-found'
  | 'invalid-amount'
  | 'timeout'
  | 'network'
  | 'server-error'
  | 'bad-response'
  | 'rejected';

/** The catalogue codes a FawryError carries (packages/domain error codes). */
export type FawryErrorCode = 'fawry-error' | 'invalid-cvv' | 'service-unavailable';

export interface FawryErrorOptions {
  operation: FawryOperation;
  reason: FawryErrorReason;
  fawryStatusCode?: number | null;
  fawryDescription?: string | null;
  httpStatus?: number | null;
  outcomeUnknown?: boolean;
  message?: string;
  cause?: unknown;
}

/**
 * A failed Fawry call. It is an AppError, so a route that lets it through answers `fawry-error` 502,
 * `invalid-cvv` 400 or `service-unavailable` 503 with no Fawry internals beyond the code and meaning.
 *
 * `outcomeUnknown` is true when the request may have reached Fawry and taken effect (timeout, dropped
 * connection, 5xx on a charge/refund/cancel): never retry such a charge with the same merchantRefNum
 * blindly — ask `getPaymentStatus` first (a 404 there means the order never reached Fawry).
 */
export class FawryError extends AppError {
  readonly operation: FawryOperation;
  readonly reason: FawryErrorReason;
  /** Fawry's `statusCode` (200 bodies) or `code` (4xx bodies); null when Fawry gave none. */
  readonly fawryStatusCode: number | null;
  readonly fawryDescription: string | null;
  readonly httpStatus: number | null;
  readonly outcomeUnknown: boolean;

  constructor(code: FawryErrorCode, options: FawryErrorOptions) {
    const meaning =
      options.fawryStatusCode == null ? undefined : describeFawryStatusCode(options.fawryStatusCode);
    const message =
      options.message ??
      [
        `Fawry ${options.operation} failed: ${options.reason}`,
        options.fawryStatusCode == null
          ? null
          : `(${options.fawryStatusCode}${meaning ? `: ${meaning}` : ''})`,
      ]
        .filter(Boolean)
        .join(' ');
    super(code, { message, cause: options.cause });
    this.operation = options.operation;
    this.reason = options.reason;
    this.fawryStatusCode = options.fawryStatusCode ?? null;
    this.fawryDescription = options.fawryDescription ?? null;
    this.httpStatus = options.httpStatus ?? null;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** Recognises a FawryError (also across bundles, where `instanceof` can fail). */
export function isFawryError(error: unknown): error is FawryError {
  return (
    error instanceof FawryError ||
    (error instanceof Error && 'fawryStatusCode' in error && 'reason' in error && 'operation' in error)
  );
}

/** §7 API-level codes (ours, in English for logs; the SPA maps the catalogue code to Arabic). */
const API_CODES: Readonly<Record<number, { reason: FawryErrorReason; meaning: string }>> = {
  9901: { reason: 'invalid-merchant', meaning: 'merchant code blank or invalid' },
  9938: { reason: 'not-found', meaning: 'order or payment not found' },
  9944: { reason: 'rejected', meaning: 'reference number blank' },
  9946: { reason: 'invalid-signature', meaning: 'blank or invalid signature' },
  9935: { reason: 'refund-exceeds-paid', meaning: 'refund amount greater than paid amount' },
  9954: { reason: 'not-paid', meaning: 'order is not paid' },
  9984: { reason: 'already-canceled', meaning: 'order already cancelled' },
  21004: { reason: 'invalid-amount', meaning: 'invalid amount' },
  21010: { reason: 'invalid-amount', meaning: 'amount not allowed' },
  55006: { reason: 'card-declined', meaning: 'card not authorized' },
};

/** §7 card and issuer codes (999xx), returned by card charges and as `failureErrorCode`. */
const CARD_CODES: Readonly<Record<number, string>> = {
  99901: 'refused by issuer',
  99903: 'incorrect transaction details or merchant terminal inactive',
  99904: 'card reported lost or stolen',
  99905: 'refused by issuer',
  99906: 'card flagged as fraudulent',
  99907: 'declined by issuing bank',
  99908: 'transaction failed',
  99910: 'transaction failed',
  99912: 'card processing error',
  99913: 'incorrect amount',
  99914: 'invalid card',
  99915: 'issuer not found',
  99922: 'issuer not responding',
  99930: 'account set-up error',
  99931: 'card not permitted by bank',
  99934: 'suspected fraud',
  99937: 'refused by issuer',
  99939: 'refused by issuer',
  99941: 'lost card',
  99942: 'card not allowed',
  99943: 'stolen card',
  99949: 'online transactions not allowed for this card',
  99951: 'insufficient funds',
  99954: 'expired card',
  99955: 'incorrect PIN',
  99956: 'card not found',
  99957: 'card not permitted by bank',
  99958: 'account configuration error',
  99959: 'fraudulent transaction',
  99961: 'card limit exceeded',
  99962: 'card invalid in region',
  99963: 'security check violation (CVV)',
  99965: 'card limit exceeded',
  99967: 'suspected fraud',
  99970: 'refused by issuer',
  99971: 'refused by issuer',
  99975: 'refused by issuer',
  99976: 'transaction error',
  99977: 'transaction error',
  99978: 'transaction error',
  99979: 'transaction error',
  99980: 'transaction error',
  99981: 'transaction error',
  99984: 'error from bank',
  99985: 'amount not allowed',
  99986: 'bank technical error',
  99987: 'transaction error',
  99988: 'bank technical error',
  99989: 'bank technical error',
  99991: 'error contacting bank',
  99992: 'routing error',
  99994: 'technical error',
  99996: 'technical error',
};

/**
 * Card codes that mean the CVV was refused. The doc lists no CVV-specific code; 99963 is ISO 8583
 * response 63 "security violation" behind Fawry's 999 prefix, which issuers use for a CVC2/CVV2
 * mismatch. [UNCERTAIN — decided here, see README.]
 */
export const CVV_FAILURE_CODES: readonly number[] = [99963];

/** A short English meaning of a Fawry status/error code, or undefined for codes the doc does not list. */
export function describeFawryStatusCode(code: number): string | undefined {
  return API_CODES[code]?.meaning ?? CARD_CODES[code];
}

/** Whether a code is one of the card/issuer codes of §7 (a decline: the attempt is Failed). */
export function isCardFailureCode(code: number): boolean {
  return code in CARD_CODES || code === 55006;
}

/**
 * Turns a Fawry business code into our error: CVV codes → `invalid-cvv`; everything else →
 * `fawry-error` with the finer reason.
 */
export function fawryErrorFromStatus(
  operation: FawryOperation,
  fawryStatusCode: number | null,
  fawryDescription: string | null,
  httpStatus: number | null,
): FawryError {
  const known = fawryStatusCode == null ? undefined : API_CODES[fawryStatusCode];
  let reason: FawryErrorReason = known?.reason ?? 'rejected';
  if (fawryStatusCode != null && CVV_FAILURE_CODES.includes(fawryStatusCode)) {
    return new FawryError('invalid-cvv', {
      operation,
      reason: 'invalid-cvv',
      fawryStatusCode,
      fawryDescription,
      httpStatus,
    });
  }
  if (fawryStatusCode === 99956) {
    reason = 'card-not-found';
  } else if (fawryStatusCode != null && !known && isCardFailureCode(fawryStatusCode)) {
    reason = 'card-declined';
  } else if (!known && httpStatus === 404) {
    reason = 'not-found';
  } else if (!known && httpStatus === 401) {
    reason = 'unauthorized';
  } else if (!known && operation === 'cancelUnpaidOrder' && httpStatus === 400) {
    // litespace's mapping: 400 = already paid or already cancelled (U11).
    reason = 'cannot-cancel';
  }
  return new FawryError('fawry-error', { operation, reason, fawryStatusCode, fawryDescription, httpStatus });
}
