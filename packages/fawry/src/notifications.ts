import type { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import { tryParseFawryAmount } from './amounts.ts';
import { verifyNotificationSignature } from './signatures.ts';
import {
  type FawryNotificationV2,
  FawryNotificationV2Schema,
  mapFawryOrderStatus,
  mapFawryPaymentMethod,
} from './types.ts';

/**
 * A V2 notification or status v2 body, normalised for Hiwar: statuses mapped to our enums, amounts in
 * piasters, times as Dates, Fawry's misspelled field renamed. `raw` keeps the parsed payload.
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
  /** Exactly as Fawry sent it ("Mobile Wallet" for wallets). */
  paymentMethod: string;
  method: PaymentMethod | null;
  orderAmountPiasters: number;
  paymentAmountPiasters: number;
  fawryFeesPiasters: number | null;
  /** `customerMerchantId`: the customerProfileId we sent. */
  customerProfileId: string | null;
  paymentTime: Date | null;
  /** `paymentRefrenceNumber` (sic); null when empty, as on creation notifications. */
  paymentReferenceNumber: string | null;
  authNumber: string | null;
  /** `orderExpiryDate` when it is an epoch-ms instant (its unit is [UNCERTAIN], U10), else null. */
  expiresAt: Date | null;
  failureErrorCode: number | null;
  failureReason: string | null;
  installmentMonths: number | null;
  installmentInterestPiasters: number | null;
  raw: FawryNotificationV2;
}

export type ParseNotificationResult =
  | { ok: true; state: FawryPaymentState }
  | { ok: false; error: 'malformed'; issues: string[] }
  | { ok: false; error: 'bad-signature' };

/**
 * The webhook's first step (§4.3 steps 1–2): validates the shape, then the `messageSignature` in
 * constant time. `malformed` → answer 400, `bad-signature` → answer 403 and change nothing.
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
  // Verify against the body as received (amount strings/numbers untouched by the schema).
  if (!verifyNotificationSignature(body as Record<string, unknown>, secureKey)) {
    return { ok: false, error: 'bad-signature' };
  }
  const state = toFawryPaymentState(parsed.data);
  if (!state) {
    return { ok: false, error: 'malformed', issues: ['amounts: not two-decimal amounts'] };
  }
  return { ok: true, state };
}

/** Normalises a parsed V2 payload; null when an amount is not a valid two-decimal amount. */
export function toFawryPaymentState(notification: FawryNotificationV2): FawryPaymentState | null {
  const orderAmount = tryParseFawryAmount(notification.orderAmount);
  const paymentAmount = tryParseFawryAmount(notification.paymentAmount);
  if (orderAmount === null || paymentAmount === null) {
    return null;
  }
  const installmentMonths = toNumberOrNull(notification.installmentMonths);
  return {
    requestId: notification.requestId || null,
    fawryRefNumber: notification.fawryRefNumber,
    merchantRefNumber: notification.merchantRefNumber,
    orderStatus: notification.orderStatus,
    status: mapFawryOrderStatus(notification.orderStatus),
    paymentMethod: notification.paymentMethod,
    method: mapFawryPaymentMethod(notification.paymentMethod, { installment: (installmentMonths ?? 0) > 0 }),
    orderAmountPiasters: orderAmount,
    paymentAmountPiasters: paymentAmount,
    fawryFeesPiasters: tryParseFawryAmount(notification.fawryFees),
    customerProfileId: notification.customerMerchantId ?? null,
    paymentTime: toDateOrNull(notification.paymentTime),
    paymentReferenceNumber: notification.paymentRefrenceNumber || null,
    authNumber: notification.authNumber || null,
    expiresAt: toDateOrNull(notification.orderExpiryDate),
    failureErrorCode: toNumberOrNull(notification.failureErrorCode),
    failureReason: notification.failureReason || null,
    installmentMonths,
    installmentInterestPiasters: tryParseFawryAmount(notification.installmentInterestAmount),
    raw: notification,
  };
}

/** Epoch milliseconds → Date; values below 10^12 (before 2001, e.g. "hours") are not instants. */
function toDateOrNull(value: number | null | undefined): Date | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1e12) {
    return null;
  }
  return new Date(value);
}

function toNumberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
