import { createHash, timingSafeEqual } from 'node:crypto';
import { formatFawryAmount, tryParseFawryAmount } from './amounts.ts';

/**
 * Fawry's request and notification signatures (fawry-api.md §2.2): lower-case hex of plain SHA-256 (not
 * HMAC) over the UTF-8 concatenation of the fields in the order each call defines, with no separators
 * and the secure key last. An absent optional field contributes "" (never "undefined"), amounts are
 * two-decimal strings, and strings are signed byte-identical to what is sent.
 *
 * One function per call, so the field order lives in exactly one place and each is tested against the
 * vectors of fawry-api.md §8.
 */

/** Our order ids and customer ids: Fawry types them as integers; strings are signed as given. */
export type FawryId = string | number;

/** SHA-256 of a UTF-8 string, lower-case hex. */
export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}

/** The generic rule: concatenate the parts (absent ones as ""), append the secure key, hash. */
export function signFawry(parts: readonly (string | null | undefined)[], secureKey: string): string {
  return sha256Hex(parts.map((part) => part ?? '').join('') + secureKey);
}

function id(value: FawryId | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

interface ChargeSignatureBase {
  merchantCode: string;
  merchantRefNum: FawryId;
  /** Signed as "" when absent. */
  customerProfileId?: FawryId | null;
  amountPiasters: number;
}

/** §3.1 pay at Fawry: merchantCode + merchantRefNum + customerProfileId + paymentMethod + amount + key. */
export function signPayAtFawryCharge(
  input: ChargeSignatureBase & { paymentMethod?: string },
  secureKey: string,
): string {
  return signFawry(
    [
      input.merchantCode,
      id(input.merchantRefNum),
      id(input.customerProfileId),
      input.paymentMethod ?? 'PAYATFAWRY',
      formatFawryAmount(input.amountPiasters),
    ],
    secureKey,
  );
}

/**
 * §3.2 saved card token with CVV and 3-D Secure:
 * merchantCode + merchantRefNum + customerProfileId + "CARD" + amount + cardToken + cvv + returnUrl + key.
 */
export function signCardTokenCharge(
  input: ChargeSignatureBase & { cardToken: string; cvv: string; returnUrl: string },
  secureKey: string,
): string {
  return signFawry(
    [
      input.merchantCode,
      id(input.merchantRefNum),
      id(input.customerProfileId),
      'CARD',
      formatFawryAmount(input.amountPiasters),
      input.cardToken,
      input.cvv,
      input.returnUrl,
    ],
    secureKey,
  );
}

/**
 * §3.3 mobile wallet: merchantCode + merchantRefNum + customerProfileId + "MWALLET" + amount
 * (+ debitMobileWalletNo for request-to-pay; nothing for QR) + key.
 */
export function signWalletCharge(
  input: ChargeSignatureBase & { debitMobileWalletNo?: string | null },
  secureKey: string,
): string {
  return signFawry(
    [
      input.merchantCode,
      id(input.merchantRefNum),
      id(input.customerProfileId),
      'MWALLET',
      formatFawryAmount(input.amountPiasters),
      input.debitMobileWalletNo,
    ],
    secureKey,
  );
}

/**
 * §3.4(b) bank installments [UNCERTAIN in the doc, U4]: merchantCode + merchantRefNum +
 * customerProfileId + "CARD" + amount + cardToken + cvv + installmentPlanId + key (no returnUrl).
 */
export function signInstallmentCharge(
  input: ChargeSignatureBase & { cardToken: string; cvv: string; installmentPlanId: FawryId },
  secureKey: string,
): string {
  return signFawry(
    [
      input.merchantCode,
      id(input.merchantRefNum),
      id(input.customerProfileId),
      'CARD',
      formatFawryAmount(input.amountPiasters),
      input.cardToken,
      input.cvv,
      id(input.installmentPlanId),
    ],
    secureKey,
  );
}

/** §3.5 status inquiry (v2 and legacy v1): merchantCode + merchantRefNumber + key. */
export function signPaymentStatusInquiry(
  input: { merchantCode: string; merchantRefNumber: FawryId },
  secureKey: string,
): string {
  return signFawry([input.merchantCode, id(input.merchantRefNumber)], secureKey);
}

/** §3.6 cancel unpaid order — note the order: orderRefNo + merchantAccount + lang + key. */
export function signCancelUnpaidOrder(
  input: { orderRefNo: FawryId; merchantAccount: string; lang: string },
  secureKey: string,
): string {
  return signFawry([id(input.orderRefNo), input.merchantAccount, input.lang], secureKey);
}

/** §3.7 refund: merchantCode + referenceNumber + refundAmount + reason ("" if none) + key. */
export function signRefund(
  input: {
    merchantCode: string;
    referenceNumber: FawryId;
    refundAmountPiasters: number;
    reason?: string | null;
  },
  secureKey: string,
): string {
  return signFawry(
    [
      input.merchantCode,
      id(input.referenceNumber),
      formatFawryAmount(input.refundAmountPiasters),
      input.reason,
    ],
    secureKey,
  );
}

/** §3.10 list card tokens: merchantCode + customerProfileId + key. */
export function signListCardTokens(
  input: { merchantCode: string; customerProfileId: FawryId },
  secureKey: string,
): string {
  return signFawry([input.merchantCode, id(input.customerProfileId)], secureKey);
}

/** §3.11 delete a card token: merchantCode + customerProfileId + cardToken + key. */
export function signDeleteCardToken(
  input: { merchantCode: string; customerProfileId: FawryId; cardToken: string },
  secureKey: string,
): string {
  return signFawry([input.merchantCode, id(input.customerProfileId), input.cardToken], secureKey);
}

/** The fields the V2 `messageSignature` covers, amounts already in piasters. */
export interface NotificationSignatureInput {
  fawryRefNumber: FawryId;
  merchantRefNumber: FawryId;
  paymentAmountPiasters: number;
  orderAmountPiasters: number;
  /** Exactly as sent, e.g. "PAID" (never normalised before hashing). */
  orderStatus: string;
  /** Exactly as sent, e.g. "Mobile Wallet". */
  paymentMethod: string;
  /** Sic (Fawry's spelling); "" when absent, as on creation notifications. */
  paymentRefrenceNumber?: FawryId | null;
}

/**
 * §4.2 server notification V2 (and the status v2 body): fawryRefNumber + merchantRefNumber +
 * paymentAmount + orderAmount + orderStatus + paymentMethod + paymentRefrenceNumber + key. Uses the
 * payload's `merchantRefNumber` (two public libraries read a non-existent `merchantRefNum` key).
 */
export function signNotificationV2(input: NotificationSignatureInput, secureKey: string): string {
  return signFawry(
    [
      id(input.fawryRefNumber),
      id(input.merchantRefNumber),
      formatFawryAmount(input.paymentAmountPiasters),
      formatFawryAmount(input.orderAmountPiasters),
      input.orderStatus,
      input.paymentMethod,
      id(input.paymentRefrenceNumber),
    ],
    secureKey,
  );
}

/** The fields of the charge-response signature (§3.1, [UNCERTAIN] U16), amounts in piasters. */
export interface ChargeResponseSignatureInput {
  referenceNumber?: FawryId | null;
  merchantRefNumber: FawryId;
  paymentAmountPiasters: number;
  orderAmountPiasters: number;
  orderStatus: string;
  paymentMethod: string;
  fawryFeesPiasters?: number | null;
  shippingFeesPiasters?: number | null;
  authNumber?: string | null;
  customerMail?: string | null;
  customerMobile?: string | null;
}

/**
 * §3.1 charge response / 3-D Secure return signature [UNCERTAIN, U16]: referenceNumber + merchantRefNum +
 * paymentAmount + orderAmount + orderStatus + paymentMethod + fawryFees + shippingFees + authNumber +
 * customerMail + customerMobile + key, each optional part "" when absent. The sandbox signs its 3-D Secure
 * redirect with it; nothing in Hiwar trusts a redirect for money (the notification or status v2 decides).
 */
export function signChargeResponse(input: ChargeResponseSignatureInput, secureKey: string): string {
  const optionalAmount = (piasters: number | null | undefined) =>
    piasters === null || piasters === undefined ? '' : formatFawryAmount(piasters);
  return signFawry(
    [
      id(input.referenceNumber),
      id(input.merchantRefNumber),
      formatFawryAmount(input.paymentAmountPiasters),
      formatFawryAmount(input.orderAmountPiasters),
      input.orderStatus,
      input.paymentMethod,
      optionalAmount(input.fawryFeesPiasters),
      optionalAmount(input.shippingFeesPiasters),
      input.authNumber,
      input.customerMail,
      input.customerMobile,
    ],
    secureKey,
  );
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Compares a computed signature with one received, in constant time over equal-length buffers. The
 * received value is lower-cased first (§2.2); anything that is not 64 hex characters is rejected before
 * the comparison (its length is not secret).
 */
export function signaturesMatch(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') {
    return false;
  }
  const normalized = received.trim().toLowerCase();
  if (!HEX_SHA256.test(normalized) || !HEX_SHA256.test(expected)) {
    return false;
  }
  return timingSafeEqual(Buffer.from(expected, 'utf8'), Buffer.from(normalized, 'utf8'));
}

/** What {@link verifyNotificationSignature} reads from a V2 notification (or a status v2 body). */
export interface SignedNotificationFields {
  fawryRefNumber?: unknown;
  merchantRefNumber?: unknown;
  paymentAmount?: unknown;
  orderAmount?: unknown;
  orderStatus?: unknown;
  paymentMethod?: unknown;
  paymentRefrenceNumber?: unknown;
  messageSignature?: unknown;
}

/**
 * Verifies a V2 notification's `messageSignature` (§4.2) with `crypto.timingSafeEqual`. Never throws:
 * a missing field, an amount that is not a two-decimal number, or a malformed signature answers false.
 * Amounts may arrive as numbers (`840.0`) or strings; they are re-formatted with two decimals; status and
 * method strings are hashed exactly as received.
 */
export function verifyNotificationSignature(
  notification: SignedNotificationFields,
  secureKey: string,
): boolean {
  const { fawryRefNumber, merchantRefNumber, orderStatus, paymentMethod, paymentRefrenceNumber } =
    notification;
  const paymentAmount = tryParseFawryAmount(notification.paymentAmount);
  const orderAmount = tryParseFawryAmount(notification.orderAmount);
  if (
    !isIdLike(fawryRefNumber) ||
    !isIdLike(merchantRefNumber) ||
    typeof orderStatus !== 'string' ||
    typeof paymentMethod !== 'string' ||
    paymentAmount === null ||
    orderAmount === null ||
    !(
      paymentRefrenceNumber === undefined ||
      paymentRefrenceNumber === null ||
      isIdLike(paymentRefrenceNumber)
    )
  ) {
    return false;
  }
  const expected = signNotificationV2(
    {
      fawryRefNumber,
      merchantRefNumber,
      paymentAmountPiasters: paymentAmount,
      orderAmountPiasters: orderAmount,
      orderStatus,
      paymentMethod,
      paymentRefrenceNumber,
    },
    secureKey,
  );
  return signaturesMatch(expected, notification.messageSignature);
}

function isIdLike(value: unknown): value is FawryId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}
