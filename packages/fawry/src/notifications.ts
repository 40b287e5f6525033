import type { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import { tryParseFawryAmount } from './amounts.ts';
import { verifyNotificationSignature } from './signatures.ts';
import { FawryNotificationV2Schema, mapFawryOrderStatus, mapFawryPaymentMethod } from './types.ts';

/**
 * A V2 notification or status v2 body, normalised for Hiwar: statuses mapped to our enums, amounts in
 * piasters, times as Dates, Fawry's misspelled field renamed. `raw` keeps the body as received.
 */
export interface FawryPaymentState {
  /** Dedupe key of a notification (null on bodies without one). */
  requestId: string | null;
  fawryRefNumber: string;
  merchantRefNumber: string;
  /** Exactly as Fawry sent it. */
  orderStatus: string;
  /** Our status, or null for statuses we do not use (keep state, log). */
  status: PaymentStatus | null;
  /** Exactly as Fawry sent it ("Mobile Wallet" for wallets); "" when an unsigned status answer had none. */
  paymentMethod: string;
  method: PaymentMethod | null;
  orderAmountPiasters: number;
  paymentAmountPiasters: number;
  fawryFeesPiasters: number | null;
  /** `customerMerchantId`: the customerProfileId we sent; null when absent or "". */
  customerProfileId: string | null;
  paymentTime: Date | null;
  /** `paymentRefrenceNumber` (sic); null when empty, as on creation notifications. */
  paymentReferenceNumber: string | null;
  authNumber: string | null;
  /** `orderExpiryDate` when it is an instant (its unit is [UNCERTAIN], U10), else null. */
  expiresAt: Date | null;
  failureErrorCode: number | null;
  failureReason: string | null;
  installmentMonths: number | null;
  installmentInterestPiasters: number | null;
  /**
   * Unsigned fields we read but could not make sense of (each read as null). Never a reason to refuse:
   * the caller logs them (decision 0015).
   */
  oddities: string[];
  /** The body exactly as received (stored with the report). */
  raw: Record<string, unknown>;
}

export type ParseNotificationResult =
  | { ok: true; state: FawryPaymentState }
  | { ok: false; error: 'malformed'; issues: string[] }
  | { ok: false; error: 'bad-signature' };

/**
 * The webhook's first step (§4.3 steps 1–2). Strict only on what the `messageSignature` covers: a body
 * missing a signed field (or the signature) is `malformed` → 400; a signature that does not verify over
 * the signed fields as received is `bad-signature` → 403, change nothing. Every other field is read
 * leniently (`oddities` lists what could not be read) and never refuses a correctly signed payment.
 */
export function parseFawryNotification(body: unknown, secureKey: string): ParseNotificationResult {
  const parsed = FawryNotificationV2Schema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      error: 'malformed',
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    };
  }
  const received = body as Record<string, unknown>;
  // Verified over the body as received: ids and status strings untouched, amounts as sent.
  if (!verifyNotificationSignature(received, secureKey)) {
    return { ok: false, error: 'bad-signature' };
  }
  const state = readFawryPaymentState(received);
  if (!state) {
    // Unreachable: the schema already checked the signed fields.
    return { ok: false, error: 'malformed', issues: ['signed fields: unreadable'] };
  }
  return { ok: true, state };
}

/**
 * Normalises a V2 notification or status v2 body. Answers null only when a field we cannot do without
 * is missing or unreadable: fawryRefNumber, merchantRefNumber, orderStatus, orderAmount, paymentAmount.
 * Every other field is read leniently: `""` and `null` read as null, numbers and numeric strings are
 * both accepted where either makes sense, and anything else is read as null and noted in `oddities`.
 */
export function readFawryPaymentState(body: Record<string, unknown>): FawryPaymentState | null {
  const oddities: string[] = [];
  const read = new LenientReader(body, oddities);
  const fawryRefNumber = read.id('fawryRefNumber');
  const merchantRefNumber = read.id('merchantRefNumber');
  const orderStatus = typeof body.orderStatus === 'string' && body.orderStatus ? body.orderStatus : null;
  const orderAmount = tryParseFawryAmount(body.orderAmount);
  const paymentAmount = tryParseFawryAmount(body.paymentAmount);
  if (
    fawryRefNumber === null ||
    merchantRefNumber === null ||
    orderStatus === null ||
    orderAmount === null ||
    paymentAmount === null
  ) {
    return null;
  }
  const paymentMethod = typeof body.paymentMethod === 'string' ? body.paymentMethod : '';
  const installmentMonths = read.integer('installmentMonths');
  return {
    requestId: read.id('requestId'),
    fawryRefNumber,
    merchantRefNumber,
    orderStatus,
    status: mapFawryOrderStatus(orderStatus),
    paymentMethod,
    method: mapFawryPaymentMethod(paymentMethod, { installment: (installmentMonths ?? 0) > 0 }),
    orderAmountPiasters: orderAmount,
    paymentAmountPiasters: paymentAmount,
    fawryFeesPiasters: read.amount('fawryFees'),
    customerProfileId: read.id('customerMerchantId'),
    paymentTime: read.instant('paymentTime'),
    paymentReferenceNumber: read.id('paymentRefrenceNumber'),
    authNumber: read.id('authNumber'),
    expiresAt: read.instant('orderExpiryDate'),
    failureErrorCode: read.integer('failureErrorCode'),
    failureReason: read.text('failureReason'),
    installmentMonths,
    installmentInterestPiasters: read.amount('installmentInterestAmount'),
    oddities,
    raw: body,
  };
}

/** Epoch ms below this (before 2001-09) are not instants: e.g. `orderExpiryDate` in hours (U10). */
const EARLIEST_INSTANT_MS = 1e12;

/**
 * Reads unsigned fields without ever failing: absent, `null` and `""` are null; a value of a shape we
 * cannot use is null too, and noted in `oddities` for the caller's log.
 */
class LenientReader {
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly oddities: string[],
  ) {}

  private present(key: string): unknown {
    const value = this.body[key];
    return value === undefined || value === null || value === '' ? undefined : value;
  }

  private odd(key: string, expected: string): null {
    const value = this.body[key];
    const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
    this.oddities.push(`${key}: ${shown} is not ${expected}`);
    return null;
  }

  /** An id or a code: a string, or a finite number written as a string (leading zeros kept). */
  id(key: string): string | null {
    const value = this.present(key);
    if (value === undefined) {
      return null;
    }
    if (typeof value === 'string') {
      return value.trim() || null;
    }
    return typeof value === 'number' && Number.isFinite(value) ? String(value) : this.odd(key, 'an id');
  }

  text(key: string): string | null {
    const value = this.present(key);
    if (value === undefined) {
      return null;
    }
    if (typeof value === 'string' || typeof value === 'number') {
      return String(value);
    }
    return this.odd(key, 'text');
  }

  amount(key: string): number | null {
    const value = this.present(key);
    if (value === undefined) {
      return null;
    }
    return tryParseFawryAmount(value) ?? this.odd(key, 'an amount');
  }

  integer(key: string): number | null {
    const value = this.present(key);
    if (value === undefined) {
      return null;
    }
    const n =
      typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
    return Number.isSafeInteger(n) ? n : this.odd(key, 'a whole number');
  }

  /**
   * Epoch milliseconds as a number or a numeric string, or a date string ("2025-03-01T10:00:00Z").
   * A small number (hours, U10) is not an instant: null, and not odd — the docs allow it.
   */
  instant(key: string): Date | null {
    const value = this.present(key);
    if (value === undefined) {
      return null;
    }
    const text = typeof value === 'string' ? value.trim() : null;
    const ms =
      typeof value === 'number'
        ? value
        : text !== null && /^\d+(\.\d+)?$/.test(text)
          ? Number(text)
          : text !== null
            ? Date.parse(text)
            : Number.NaN;
    if (!Number.isFinite(ms)) {
      return this.odd(key, 'a time');
    }
    return ms >= EARLIEST_INSTANT_MS ? new Date(ms) : null;
  }
}
