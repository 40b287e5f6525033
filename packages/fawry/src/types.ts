import { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import { z } from 'zod';
import { tryParseFawryAmount } from './amounts.ts';

/**
 * The wire shapes of fawry-api.md as zod schemas: requests (what our client sends and the sandbox
 * validates), responses (what the client parses), and the V2 notification. Response and notification
 * schemas are loose (unknown fields pass through). They are strict only where a wrong value would
 * change what we do with money: the fields a signature covers, `statusCode`, and the ids and amounts
 * an answer is about. Every other field is lenient — Fawry really sends `""`, `null`, numbers for
 * strings and strings for numbers in them (decision 0015) — because a stricter parser would refuse a
 * real payment.
 */

/** An id Fawry may send as a JSON number or a string; kept as a string (leading zeros survive). */
export const FawryIdSchema = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);

/** An amount as Fawry writes it: a JSON number (`840.0`) or a numeric string ("840.00"). */
export const FawryAmountSchema = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]);

/** Fawry's `statusCode`: a number (200 = success), tolerated as a numeric string. */
const StatusCodeSchema = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/** Epoch milliseconds, sometimes sent as a numeric string. */
const EpochMsSchema = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/**
 * A field we read but never refuse an answer for: a value of another shape (`""`, `null`, a number for
 * a string…) reads as `undefined` instead of failing the whole answer.
 */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

/** A field we neither read nor check (kept in the raw body). */
const ignored = z.unknown().optional();

export const FawryLangSchema = z.enum(['ar-eg', 'en-gb']);
export type FawryLang = z.infer<typeof FawryLangSchema>;

/** `orderStatus` values (§5.1). Unknown values are still accepted by the loose schemas. */
export const FawryOrderStatus = {
  New: 'NEW',
  Unpaid: 'UNPAID',
  Paid: 'PAID',
  Canceled: 'CANCELED',
  /** Legacy v1 spelling. */
  Cancelled: 'CANCELLED',
  Refunded: 'REFUNDED',
  PartialRefunded: 'PARTIAL_REFUNDED',
  Expired: 'EXPIRED',
  Failed: 'FAILED',
  Delivered: 'DELIVERED',
  Shipped: 'SHIPPED',
} as const;
export type FawryOrderStatus = (typeof FawryOrderStatus)[keyof typeof FawryOrderStatus];

/** `paymentMethod` values we send (§2.4). Fawry reports wallets back as "Mobile Wallet". */
export const FawryPaymentMethod = {
  PayAtFawry: 'PAYATFAWRY',
  Card: 'CARD',
  Wallet: 'MWALLET',
} as const;
export type FawryPaymentMethod = (typeof FawryPaymentMethod)[keyof typeof FawryPaymentMethod];

// ---------------------------------------------------------------------------------------------------
// Requests (§3)

export const ChargeItemSchema = z.object({
  itemId: z.string().min(1),
  description: z.string(),
  price: FawryAmountSchema,
  quantity: z.number().int().positive(),
});
export type ChargeItem = z.infer<typeof ChargeItemSchema>;

/** The fields every charge shares (§3.1, reused by §3.2–§3.4). */
export const ChargeRequestBaseSchema = z.object({
  merchantCode: z.string().min(1),
  merchantRefNum: FawryIdSchema,
  customerProfileId: FawryIdSchema.optional(),
  customerName: z.string().optional(),
  customerMobile: z.string().min(1),
  customerEmail: z.string().optional(),
  amount: FawryAmountSchema,
  currencyCode: z.literal('EGP').optional(),
  language: FawryLangSchema.optional(),
  description: z.string(),
  chargeItems: z.array(ChargeItemSchema).min(1),
  orderWebHookUrl: z.string().optional(),
  signature: z.string(),
});

/** §3.1 POST /ECommerceWeb/Fawry/payments/charge with PAYATFAWRY. */
export const PayAtFawryChargeRequestSchema = ChargeRequestBaseSchema.extend({
  paymentMethod: z.enum(['PAYATFAWRY', 'PayAtFawry']),
  /** Absolute expiry, epoch milliseconds. */
  paymentExpiry: z.number().int().positive().optional(),
});
export type PayAtFawryChargeRequest = z.input<typeof PayAtFawryChargeRequestSchema>;

/** §3.2 POST /ECommerceWeb/Fawry/payments/charge with CARD + cardToken + cvv + 3-D Secure. */
export const CardTokenChargeRequestSchema = ChargeRequestBaseSchema.extend({
  paymentMethod: z.literal('CARD'),
  cardToken: z.string().min(1),
  cvv: z.string(),
  enable3DS: z.boolean(),
  authCaptureModePayment: z.boolean(),
  returnUrl: z.string().min(1),
  saveCardInfo: z.boolean().optional(),
});
export type CardTokenChargeRequest = z.input<typeof CardTokenChargeRequestSchema>;

/** §3.4(b) bank installments: the card charge plus `installmentPlanId` ([UNCERTAIN] U4). */
export const InstallmentChargeRequestSchema = ChargeRequestBaseSchema.extend({
  paymentMethod: z.literal('CARD'),
  cardToken: z.string().min(1),
  cvv: z.string(),
  installmentPlanId: z.number().int().positive(),
  enable3DS: z.boolean().optional(),
  authCaptureModePayment: z.boolean().optional(),
  returnUrl: z.string().optional(),
});
export type InstallmentChargeRequest = z.input<typeof InstallmentChargeRequestSchema>;

/** §3.3 POST /ECommerceWeb/api/payments/charge with MWALLET (QR, or R2P with debitMobileWalletNo). */
export const WalletChargeRequestSchema = ChargeRequestBaseSchema.extend({
  paymentMethod: z.literal('MWALLET'),
  debitMobileWalletNo: z.string().optional(),
  paymentExpiry: z.number().int().positive().optional(),
});
export type WalletChargeRequest = z.input<typeof WalletChargeRequestSchema>;

/** §3.5 GET /ECommerceWeb/Fawry/payments/status/v2 query. */
export const PaymentStatusQuerySchema = z.object({
  merchantCode: z.string().min(1),
  merchantRefNumber: z.string().min(1),
  signature: z.string(),
});

/** §3.6 POST /ECommerceWeb/api/orders/cancel-unpaid-order. */
export const CancelUnpaidOrderRequestSchema = z.object({
  merchantAccount: z.string().min(1),
  orderRefNo: FawryIdSchema,
  lang: FawryLangSchema,
  signature: z.string(),
});
export type CancelUnpaidOrderRequest = z.input<typeof CancelUnpaidOrderRequestSchema>;

/** §3.7 POST /ECommerceWeb/Fawry/payments/refund. */
export const RefundRequestSchema = z.object({
  merchantCode: z.string().min(1),
  referenceNumber: FawryIdSchema,
  refundAmount: FawryAmountSchema,
  reason: z.string().optional(),
  signature: z.string(),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

/** §3.8 GET {base}/atfawry/plugin/card-token query (no signature). */
export const CardTokenizationQuerySchema = z.object({
  accNo: z.string().min(1),
  customerProfileId: z.string().min(1),
  returnUrl: z.string().min(1),
  locale: z.string().optional(),
});

/** §3.10 GET /ECommerceWeb/Fawry/cards/cardToken query. */
export const ListCardTokensQuerySchema = z.object({
  merchantCode: z.string().min(1),
  customerProfileId: z.string().min(1),
  signature: z.string(),
});

/** §3.11 DELETE /ECommerceWeb/Fawry/cards/cardToken query (never a body). */
export const DeleteCardTokenQuerySchema = ListCardTokensQuerySchema.extend({
  cardToken: z.string().min(1),
});

// ---------------------------------------------------------------------------------------------------
// Responses (§2.5, §3)

/** The envelope of charge/refund/token answers: `statusCode` 200 means success, even under HTTP 200. */
export const FawryStatusBodySchema = z.looseObject({
  type: ignored,
  statusCode: StatusCodeSchema,
  statusDescription: lenient(z.string()),
});
export type FawryStatusBody = z.infer<typeof FawryStatusBodySchema>;

/** The 4xx body of the newer endpoints (cancel, status v2): shape [UNCERTAIN] (§2.5). */
export const FawryErrorBodySchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  description: z.string().optional(),
  reason: z.unknown().optional(),
});

/** The order fields a charge answer may carry (§3.1 extended fields, [LIVE types]); none is signed here. */
const ChargeResultFields = {
  type: ignored,
  statusCode: StatusCodeSchema,
  statusDescription: lenient(z.string()),
  referenceNumber: lenient(FawryIdSchema),
  merchantRefNumber: lenient(FawryIdSchema),
  expirationTime: lenient(EpochMsSchema),
  orderAmount: lenient(FawryAmountSchema),
  paymentAmount: lenient(FawryAmountSchema),
  fawryFees: lenient(FawryAmountSchema),
  paymentMethod: lenient(z.string()),
  orderStatus: lenient(z.string()),
  paymentTime: ignored,
  customerMobile: ignored,
  customerMail: ignored,
  customerProfileId: ignored,
  authNumber: lenient(FawryIdSchema),
  /** On a decline answered in a 200 body (a direct result, decision 0015). */
  failureErrorCode: lenient(z.union([z.number(), z.string()])),
  failureReason: lenient(z.string()),
  signature: ignored,
};

/** §3.1 success: the reference number the customer pays at an outlet, and when it expires. */
export const PayAtFawryChargeResponseSchema = z.looseObject({
  ...ChargeResultFields,
  referenceNumber: FawryIdSchema,
});
export type PayAtFawryChargeResponse = z.infer<typeof PayAtFawryChargeResponseSchema>;

export const NextActionSchema = z.looseObject({ type: z.string(), redirectUrl: z.string().min(1) });

/**
 * §3.2 success: usually not paid yet, the browser goes to `nextAction.redirectUrl` for 3-D Secure. An
 * answer without `nextAction` is a direct result (`orderStatus` PAID, or FAILED with the reason).
 */
export const CardTokenChargeResponseSchema = z.looseObject({
  ...ChargeResultFields,
  nextAction: lenient(NextActionSchema),
});
export type CardTokenChargeResponse = z.infer<typeof CardTokenChargeResponseSchema>;

/** §3.3 success: a reference number and, in QR mode, a PNG data URL. */
export const WalletChargeResponseSchema = z.looseObject({
  ...ChargeResultFields,
  referenceNumber: FawryIdSchema,
  walletQr: z.string().optional(),
});
export type WalletChargeResponse = z.infer<typeof WalletChargeResponseSchema>;

/** §3.4(b) success ([UNCERTAIN] U4): either a 3-D Secure next action or an immediate result. */
export const InstallmentChargeResponseSchema = z.looseObject({
  ...ChargeResultFields,
  nextAction: lenient(NextActionSchema),
});
export type InstallmentChargeResponse = z.infer<typeof InstallmentChargeResponseSchema>;

/** §3.7 refund and §3.11 delete answer with the bare envelope. */
export const RefundResponseSchema = FawryStatusBodySchema;
export const DeleteCardTokenResponseSchema = FawryStatusBodySchema;

export const FawryCardSchema = z.looseObject({
  token: z.string().min(1),
  creationDate: EpochMsSchema.optional(),
  lastFourDigits: FawryIdSchema.optional(),
  firstSixDigits: FawryIdSchema.optional(),
  brand: z.string().optional(),
  isDefault: z.boolean().optional(),
  cardHolderName: z.string().optional(),
  accountTypeCode: z.string().optional(),
});
export type FawryCardWire = z.infer<typeof FawryCardSchema>;

/** §3.10 list card tokens. */
export const ListCardTokensResponseSchema = z.looseObject({
  type: z.string().optional(),
  statusCode: StatusCodeSchema,
  statusDescription: z.string().optional(),
  cards: z.array(FawryCardSchema).nullish(),
});

/** §3.4(a) one installment plan link of GET /ECommerceWeb/api/merchant/installment-plans. */
export const InstallmentPlanLinkSchema = z.looseObject({
  id: z.number().optional(),
  installmentPlan: z.looseObject({
    id: z.number(),
    nameAr: z.string().optional(),
    nameEn: z.string().optional(),
    rate: z.number().optional(),
    noOfMonths: z.number(),
    minAmount: z.number().optional(),
    maxAmount: z.number().optional(),
    startDate: z.unknown().optional(),
    endDate: z.unknown().optional(),
    online: z.boolean().optional(),
    accountType: z
      .looseObject({
        nameEn: z.string().optional(),
        nameAr: z.string().optional(),
        code: z.string().optional(),
        bank: z
          .looseObject({
            nameEn: z.string().optional(),
            nameAr: z.string().optional(),
            code: z.string().optional(),
          })
          .optional(),
        pans: z.array(z.string()).optional(),
      })
      .optional(),
  }),
});
export const InstallmentPlansResponseSchema = z.array(InstallmentPlanLinkSchema);
export type InstallmentPlanLink = z.infer<typeof InstallmentPlanLinkSchema>;

// ---------------------------------------------------------------------------------------------------
// Server notification V2 (§4.1) — also the body of status v2 (§3.5)

/** An amount a signature covers: it must read as a two-decimal amount (it is hashed as "150.00"). */
const SignedAmountSchema = FawryAmountSchema.refine((value) => tryParseFawryAmount(value) !== null, {
  message: 'not an amount with at most two decimals',
});

/**
 * The fields §4.2's `messageSignature` covers, as received: fawryRefNumber + merchantRefNumber +
 * paymentAmount + orderAmount + orderStatus + paymentMethod + paymentRefrenceNumber. A notification
 * missing one of them (or carrying one we cannot hash) is the only malformed one.
 */
const SignedNotificationFields = {
  fawryRefNumber: FawryIdSchema,
  merchantRefNumber: FawryIdSchema,
  paymentAmount: SignedAmountSchema,
  orderAmount: SignedAmountSchema,
  orderStatus: z.string().min(1),
  paymentMethod: z.string(),
  /** Sic: Fawry's spelling. Empty or absent on creation notifications (signed as ""). */
  paymentRefrenceNumber: z.union([FawryIdSchema, z.literal('')]).nullish(),
};

/**
 * The unsigned fields of §4.1, as documented. None is checked here: Fawry sends `""`, `null`, numbers
 * for strings and strings for numbers in them, and a paid order must never be refused for it.
 * `readFawryPaymentState` (notifications.ts) reads the ones we use, leniently.
 */
const UnsignedNotificationFields = {
  /** UUID without dashes; our dedupe key. */
  requestId: ignored,
  customerName: ignored,
  /** A string in the docs; also seen as a number. */
  customerMobile: ignored,
  customerMail: ignored,
  /** Our customerProfileId; "" when the charge had none. */
  customerMerchantId: ignored,
  fawryFees: ignored,
  shippingFees: ignored,
  /** Epoch ms of the payment, present when PAID. */
  paymentTime: ignored,
  /** The bank's authorisation number (cards); "" otherwise. */
  authNumber: ignored,
  /** Epoch ms in the examples, "expiry in hours" in the docs' text (U10). */
  orderExpiryDate: ignored,
  /** `[{ itemCode, price, quantity }]`; `itemCode` may be "". */
  orderItems: ignored,
  failureErrorCode: ignored,
  failureReason: ignored,
  threeDSInfo: ignored,
  invoiceInfo: ignored,
  installmentInterestAmount: ignored,
  installmentMonths: ignored,
};

/** A V2 notification: the signed fields and the signature, strictly; the rest as sent. */
export const FawryNotificationV2Schema = z.looseObject({
  ...SignedNotificationFields,
  ...UnsignedNotificationFields,
  messageSignature: z.string().min(1),
});
/** The V2 notification as parsed (signed ids as strings, amounts as sent, the rest untouched). */
export type FawryNotificationV2 = z.infer<typeof FawryNotificationV2Schema>;
/** The V2 notification as Fawry (and the sandbox) writes it. */
export type FawryNotificationV2Wire = z.input<typeof FawryNotificationV2Schema>;

/**
 * Status v2 success body: the notification object. `messageSignature` may be missing (decision 0015
 * says what such an answer is worth); `statusCode`/`statusDescription` may appear (U13).
 */
export const PaymentStatusV2ResponseSchema = z.looseObject({
  ...SignedNotificationFields,
  ...UnsignedNotificationFields,
  /** Only needed to verify a signature; an unsigned answer may lack it (read as ""). */
  paymentMethod: ignored,
  messageSignature: ignored,
  statusCode: ignored,
  statusDescription: ignored,
});

// ---------------------------------------------------------------------------------------------------
// Mapping to Hiwar's enums (§5.1)

const ORDER_STATUS_TO_PAYMENT_STATUS: Readonly<Record<string, PaymentStatus>> = Object.freeze({
  NEW: PaymentStatus.New,
  UNPAID: PaymentStatus.New,
  // Only in unofficial docs (U17): treated as not paid yet.
  PENDING: PaymentStatus.New,
  CREATED: PaymentStatus.New,
  PAID: PaymentStatus.Paid,
  CANCELED: PaymentStatus.Canceled,
  CANCELLED: PaymentStatus.Canceled,
  REFUNDED: PaymentStatus.Refunded,
  PARTIAL_REFUNDED: PaymentStatus.PartialRefunded,
  EXPIRED: PaymentStatus.Expired,
  FAILED: PaymentStatus.Failed,
});

/**
 * Fawry's `orderStatus` → our PaymentStatus (§5.1): NEW/UNPAID → New, PAID → Paid, CANCELED/CANCELLED →
 * Canceled, REFUNDED, PARTIAL_REFUNDED, EXPIRED, FAILED. Answers `null` for statuses we do not use
 * (DELIVERED, SHIPPED: cash-on-delivery flows) and unknown values: the caller keeps its state and logs.
 * Case and surrounding spaces are ignored.
 */
export function mapFawryOrderStatus(orderStatus: string): PaymentStatus | null {
  return ORDER_STATUS_TO_PAYMENT_STATUS[orderStatus.trim().toUpperCase()] ?? null;
}

/**
 * Fawry's `paymentMethod` as it comes back → our PaymentMethod: PAYATFAWRY/PayAtFawry → Fawry,
 * MWALLET/"Mobile Wallet" → EWallet, CARD → Card (BankInstallment when the payload carries installment
 * months). `null` for methods we never send.
 */
export function mapFawryPaymentMethod(
  paymentMethod: string,
  options: { installment?: boolean } = {},
): PaymentMethod | null {
  const key = paymentMethod.replace(/[\s_-]/g, '').toUpperCase();
  switch (key) {
    case 'PAYATFAWRY':
      return PaymentMethod.Fawry;
    case 'MWALLET':
    case 'MOBILEWALLET':
      return PaymentMethod.EWallet;
    case 'CARD':
    case 'PAYUSINGCC':
      return options.installment ? PaymentMethod.BankInstallment : PaymentMethod.Card;
    default:
      return null;
  }
}
