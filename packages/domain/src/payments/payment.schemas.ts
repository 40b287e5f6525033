import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { PaymentMethodSchema, PaymentStatusSchema, PlanPeriodSchema } from '../enums/payment.enum-schemas.ts';
import { PaymentStatus } from '../enums/payment.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { CouponCodeSchema } from '../plans/coupon.schemas.ts';
import { PlanPeriodRequestSchema } from '../plans/plan.schemas.ts';
import { PhoneSchema } from '../users/user.schemas.ts';

/**
 * The payments API contract (spec §7 "Payment provider"; rules.md "Payments"; architecture §7). A
 * purchase records a transaction (its id is Fawry's merchantRefNum) and calls Fawry; the subscription
 * is created only when Fawry reports it paid. Amounts are integer piasters.
 */

const positiveId = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive({ error: 'bad-request' });

/**
 * What every purchase names: the plan, the period, optionally a coupon code, and the mobile number Fawry
 * needs for the order (the account's phone when absent; `invalid-phone` with neither).
 */
const purchaseFields = {
  /** The plan bought (required unless `trial`). */
  planId: /* @__PURE__ */ positiveId.optional(),
  /**
   * The trial lesson's price (platform setting `trialLessonPrice`) instead of a plan: once paid, the
   * student books their trial (decision 0048). `planId` is then left out and `period` ignored.
   */
  trial: z.literal(true, { error: 'bad-request' }).optional(),
  period: PlanPeriodRequestSchema,
  couponCode: /* @__PURE__ */ CouponCodeSchema.optional(),
  phone: /* @__PURE__ */ PhoneSchema.optional(),
  /**
   * Upgrade (decision 0042): the subscription in force to move to `planId` now, for the price
   * difference of `GET /api/v1/sub/upgrade-quote` (`period` must be the subscription's, no coupon, paid
   * at once).
   */
  upgradeOf: /* @__PURE__ */ positiveId.optional(),
};

/** A purchase names a plan or the trial, not both and not neither (`required` on `planId`). */
const namesWhatIsBought = (body: { planId?: number | undefined; trial?: true | undefined }) =>
  (body.planId === undefined) !== (body.trial === undefined);
const WHAT_IS_BOUGHT = { error: 'required' as const, path: ['planId'] };

/** A saved card's token from Fawry's card list (never a card number). */
export const CardTokenSchema = z
  .string({ error: typeErrorCode })
  .trim()
  .min(1, { error: 'bad-request' })
  .max(256, { error: 'bad-request' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'bad-request' });

/** The CVV as typed: 3 or 4 digits, sent to Fawry once and never stored. */
export const CvvSchema = z
  .string({ error: typeErrorCode })
  .trim()
  .regex(/^\d{3,4}$/, { error: 'invalid-cvv' });

/**
 * Where the browser returns after the bank's 3-D Secure page; the server only accepts addresses on the
 * product's own web origins.
 */
export const ReturnUrlSchema = z
  .string({ error: typeErrorCode })
  .max(2048, { error: 'bad-request' })
  .pipe(z.url({ protocol: /^https?$/, error: 'bad-request' }));

/** Card installments (rules.md): 1 = pay at once; 2 or 4 only for quarter, half-year and year plans. */
export const CARD_INSTALLMENT_CHOICES: readonly number[] = Object.freeze([
  1,
  ...BOUNDS.cardInstallmentCounts,
]);

export const CardInstallmentsSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'bad-request' })
  .refine((count) => CARD_INSTALLMENT_CHOICES.includes(count), { error: 'bad-request' })
  .default(1);

/** `POST /api/v1/fawry/pay/card`: a saved card + CVV; answers the 3-D Secure page to open. */
export const PayByCardRequestSchema = z
  .object(purchaseFields)
  .extend({
    cardToken: CardTokenSchema,
    cvv: CvvSchema,
    returnUrl: ReturnUrlSchema,
    installments: CardInstallmentsSchema,
  })
  .refine(namesWhatIsBought, WHAT_IS_BOUGHT);

/** `POST /api/v1/fawry/pay/ref-num`: cash at any Fawry point with a reference number Fawry may text. */
export const PayByReferenceRequestSchema = z.object(purchaseFields).refine(namesWhatIsBought, WHAT_IS_BOUGHT);

/**
 * `POST /api/v1/fawry/pay/e-wallet`: a mobile wallet. With `phone` the wallet behind that number gets a
 * payment request; without it the answer carries a QR code to scan.
 */
export const PayByWalletRequestSchema = z.object(purchaseFields).refine(namesWhatIsBought, WHAT_IS_BOUGHT);

/**
 * `POST /api/v1/fawry/pay/bank-installments`: a saved card on a bank's 3- or 6-month installment
 * programme through Fawry; quarter, half-year and year only. Name the programme by its `id` from
 * `GET /api/v1/fawry/installment-plans` (`installmentPlanId`) or by `months` (the server then picks the
 * cheapest programme of that length that fits the price). The server checks either against Fawry's
 * list: `installment-plan-not-found`, `installment-plan-amount-out-of-range`.
 */
export const PayByBankInstallmentsRequestSchema = z
  .object(purchaseFields)
  .extend({
    cardToken: CardTokenSchema,
    cvv: CvvSchema,
    returnUrl: ReturnUrlSchema,
    installmentPlanId: /* @__PURE__ */ positiveId.optional(),
    months: /* @__PURE__ */ positiveId.optional(),
  })
  .refine((body) => body.installmentPlanId !== undefined || body.months !== undefined, {
    error: 'required',
    path: ['installmentPlanId'],
  })
  .refine((body) => body.planId !== undefined && body.trial === undefined, WHAT_IS_BOUGHT);

/** `GET /api/v1/fawry/installment-plans?amount=`: the price to pay in installments, in piasters. */
export const InstallmentPlansQuerySchema = z.object({
  amount: z.coerce
    .number({ error: 'bad-request' })
    .int({ error: 'bad-request' })
    .positive({ error: 'bad-request' }),
});

/**
 * A bank installment programme Fawry offers for the asked amount. `rate` is the interest percentage as
 * Fawry gives it (added to the price); `interest`, `total` and `monthlyAmount` are what it comes to for
 * that amount (piasters, estimates: the bank's page shows the final figures). `minAmount`/`maxAmount`
 * are the programme's limits (null when Fawry sets none); `bins` the card prefixes it accepts (empty:
 * any card).
 */
export const BankInstallmentProgrammeSchema = z.object({
  id: z.number().int().positive(),
  bankName: z.string(),
  months: z.number().int().positive(),
  rate: z.number().nonnegative(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  bins: z.array(z.string()),
  interest: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  monthlyAmount: z.number().int().positive(),
});

/** `GET /api/v1/fawry/installment-plans`: cheapest first, then by months. */
export const InstallmentPlanListResponseSchema = z.object({
  list: z.array(BankInstallmentProgrammeSchema),
});

/** `POST /api/v1/fawry/pay/installment`: pay the next due installment of a card installment plan. */
export const PayInstallmentRequestSchema = z.object({
  installmentId: positiveId,
  cardToken: CardTokenSchema,
  cvv: CvvSchema,
  returnUrl: ReturnUrlSchema,
});

/** `POST /api/v1/fawry/cancel-unpaid-order`: the buyer (or staff) drops a purchase still awaiting payment. */
export const CancelUnpaidOrderRequestSchema = z.object({ transactionId: positiveId });

/**
 * `POST /api/v1/fawry/refund` (SuperAdmin): `amount` in piasters, at most paid − already refunded
 * (the whole rest when absent). Refunding ends the subscription the payment bought.
 */
export const RefundRequestSchema = z.object({
  transactionId: positiveId,
  amount: /* @__PURE__ */ positiveId.optional(),
  /** One line of plain text (decision 0046). */
  reason: /* @__PURE__ */ plainTextSchema({ kind: 'line', max: 200, tooLong: 'text-too-long' })
    .max(200, { error: 'text-too-long' })
    .optional(),
});

/** `DELETE /api/v1/fawry/card-token?cardToken=…`. */
export const DeleteCardTokenQuerySchema = z.object({ cardToken: CardTokenSchema });

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * One installment of a card installment purchase (`GET /api/v1/transaction/installments`): pay an
 * unpaid one with `POST /api/v1/fawry/pay/installment` once every earlier one is paid.
 */
export const InstallmentSchema = z.object({
  id: z.number().int().positive(),
  index: z.number().int().positive(),
  count: z.number().int().positive(),
  amount: z.number().int(),
  dueAt: isoDateTime,
  /** The transaction that paid it (or is paying it); null while not attempted. */
  transactionId: z.number().int().positive().nullable(),
  paidAt: /* @__PURE__ */ isoDateTime.nullable(),
});

/**
 * A payment attempt as the buyer and staff see it. `id` is the order reference Fawry knows
 * (merchantRefNum). `method` is null for a staff grant (`grantedBy`).
 */
export const TransactionSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  /** The plan bought; null for the trial lesson's payment (`trial`). */
  planId: z.number().int().positive().nullable(),
  /** The trial lesson's payment (decision 0048). Optional for older servers. */
  trial: z.boolean().optional(),
  period: PlanPeriodSchema,
  couponCode: z.string().nullable(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  method: /* @__PURE__ */ PaymentMethodSchema.nullable(),
  status: PaymentStatusSchema,
  /** Fawry's order reference: the number to pay at a Fawry point for a cash payment. */
  fawryRefNumber: z.string().nullable(),
  /** When an unpaid reference number or wallet request stops being payable. */
  expiresAt: /* @__PURE__ */ isoDateTime.nullable(),
  /** Card installments: which one this payment is, of how many; bank installments: the months. */
  installment: z
    .object({ index: z.number().int().positive(), count: z.number().int().positive() })
    .nullable(),
  bankInstallmentMonths: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  grantedBy: z.number().int().positive().nullable(),
  /** An upgrade's payment: the subscription it upgrades (decision 0042). Optional for older servers. */
  upgradeOf: z.number().int().positive().nullable().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/**
 * Every pay call answers the transaction and what the buyer does next: open `redirectUrl` (3-D Secure),
 * pay `referenceNumber` at a Fawry point before `expiresAt`, or scan `walletQr`. A card Fawry declined at
 * once answers a Failed transaction with `failureReason`.
 */
export const PayResponseSchema = z.object({
  transaction: TransactionSchema,
  redirectUrl: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  expiresAt: /* @__PURE__ */ isoDateTime.nullable(),
  walletQr: z.string().nullable(),
});

export const TransactionResponseSchema = z.object({ transaction: TransactionSchema });

/** `GET /api/v1/transaction/installments`: the caller's card installments, by purchase then order. */
export const InstallmentListResponseSchema = z.object({ list: z.array(InstallmentSchema) });

/**
 * `GET /api/v1/transaction/list`: the caller's payments for /payments, newest first. SuperAdmin and
 * RegularAdmin see everyone's and may filter by `userId`.
 */
export const FindTransactionsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  userId: z.coerce.number({ error: 'bad-request' }).int({ error: 'bad-request' }).positive().optional(),
  status: z.coerce
    .number({ error: 'bad-request' })
    .pipe(z.enum(PaymentStatus, { error: 'bad-request' }))
    .optional(),
});

export const TransactionListResponseSchema = pagedSchema(TransactionSchema);

/** A saved card, as Fawry lists it (the digits are strings so leading zeros survive). */
export const SavedCardSchema = z.object({
  token: z.string(),
  lastFourDigits: z.string(),
  firstSixDigits: z.string(),
  brand: z.string(),
  isDefault: z.boolean(),
  cardHolderName: z.string().nullable(),
  createdAt: /* @__PURE__ */ isoDateTime.nullable(),
});

/** `GET /api/v1/fawry/card-token/list`. */
export const CardTokenListResponseSchema = z.object({ list: z.array(SavedCardSchema) });

/** `GET /api/v1/fawry/card-token/url`: Fawry's add-card page for the caller, returning to /card-added. */
export const CardTokenUrlResponseSchema = z.object({ url: z.string() });

export const PaymentStatusEventSchema = z.object({
  transactionId: z.number().int().positive(),
  status: PaymentStatusSchema,
  /** The subscription the payment created or ended, when it did. */
  subscriptionId: z.number().int().positive().nullable(),
});

export type Transaction = z.infer<typeof TransactionSchema>;
export type Installment = z.infer<typeof InstallmentSchema>;
export type PayResponse = z.infer<typeof PayResponseSchema>;
export type SavedCard = z.infer<typeof SavedCardSchema>;
export type PaymentStatusEvent = z.infer<typeof PaymentStatusEventSchema>;
export type PayByCardRequest = z.input<typeof PayByCardRequestSchema>;
export type PayByReferenceRequest = z.input<typeof PayByReferenceRequestSchema>;
export type PayByWalletRequest = z.input<typeof PayByWalletRequestSchema>;
export type PayByBankInstallmentsRequest = z.input<typeof PayByBankInstallmentsRequestSchema>;
export type BankInstallmentProgramme = z.infer<typeof BankInstallmentProgrammeSchema>;
export type RefundRequest = z.input<typeof RefundRequestSchema>;
