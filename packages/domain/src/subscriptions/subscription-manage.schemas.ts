import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { PlanPeriodSchema } from '../enums/payment.enum-schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { RefundRequestStatus, SubscriptionEventKind } from './subscription-manage.rules.ts';

/**
 * Managing a subscription (decision 0042): renewal, refund requests, upgrades and the history of what
 * was done. Amounts are integer piasters.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Plain text (decision 0046: control and bidi characters stripped, markup `text-invalid-html`),
 * measured after cleaning.
 */
const plainText = (bounds: { min: number; max: number }) =>
  plainTextSchema({ kind: 'paragraphs', max: bounds.max, tooLong: 'text-too-long' })
    .min(bounds.min, { error: 'text-too-short' })
    .max(bounds.max, { error: 'text-too-long' });

/**
 * `PUT /api/v1/sub/{id}/renewal` (the subscription's student): keep renewal on (reminded
 * `RENEWAL_REMINDER_DAYS_BEFORE` days before the end with a link to pay the same plan again) or end
 * at period end (no reminder; the subscription simply ends). Fawry charges a saved card only with its
 * CVV, so nothing is ever charged without the student.
 */
export const SetRenewalRequestSchema = z.strictObject(
  { renew: z.boolean({ error: typeErrorCode }) },
  { error: typeErrorCode },
);

/** `GET /api/v1/sub/upgrade-quote?planId=`: what upgrading the subscription in force to a plan costs now. */
export const UpgradeQuoteQuerySchema = z.object({ planId: QueryIdSchema });

export const UpgradeQuoteSchema = z.object({
  /** The subscription in force the upgrade applies to: pay with `upgradeOf` set to it. */
  subscriptionId: z.number().int().positive(),
  planId: z.number().int().positive(),
  period: PlanPeriodSchema,
  /** The target plan's weekly minutes, from the current quota week on. */
  weeklyMinutes: z.number().int(),
  /** Unused part of what was paid. */
  credit: z.number().int(),
  /** The target plan's price for the time left. */
  cost: z.number().int(),
  /** What is paid now (cost − credit). */
  amount: z.number().int(),
  /** The subscription's end, unchanged by the upgrade. */
  end: isoDateTime,
  quotedAt: isoDateTime,
});

/** `POST /api/v1/sub/{id}/refund-request` (the subscription's student). */
export const CreateRefundRequestSchema = z.strictObject(
  { reason: plainText(BOUNDS.refundRequestReason) },
  { error: typeErrorCode },
);

/** `POST /api/v1/sub/refund-request/{id}/decline` (SuperAdmin): why, told to the student. */
export const DeclineRefundRequestSchema = z.strictObject(
  { note: plainText(BOUNDS.refundDeclineNote) },
  { error: typeErrorCode },
);

/** A payment that paid for the subscription (its purchase, or an upgrade), for staff deciding a refund. */
export const SubscriptionPaymentSchema = z.object({
  transactionId: z.number().int().positive(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  upgrade: z.boolean(),
  paidAt: /* @__PURE__ */ isoDateTime.nullable(),
});

/**
 * A student's request to get money back for a subscription. Staff refund it with
 * `POST /api/v1/fawry/refund` on one of `payments` (the request is then `refunded`) or decline it.
 */
export const SubscriptionRefundRequestSchema = z.object({
  id: z.number().int().positive(),
  subscriptionId: z.number().int().positive(),
  userId: z.number().int().positive(),
  studentName: z.string().nullable(),
  planAlias: z.string(),
  reason: z.string(),
  status: z.enum(RefundRequestStatus),
  /** The unused part of what was paid, now (a suggestion for staff). */
  suggestedAmount: z.number().int(),
  /** What was refunded, once refunded. */
  refundedAmount: z.number().int().nullable(),
  staffNote: z.string().nullable(),
  decidedBy: z.number().int().positive().nullable(),
  decidedAt: /* @__PURE__ */ isoDateTime.nullable(),
  createdAt: isoDateTime,
  payments: z.array(SubscriptionPaymentSchema),
});

/** `GET /api/v1/sub/refund-request/list`: the student's own; SuperAdmin and RegularAdmin anyone's. */
export const FindRefundRequestsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  status: z.enum(RefundRequestStatus, { error: 'bad-request' }).optional(),
  userId: /* @__PURE__ */ QueryIdSchema.optional(),
});

export const RefundRequestListResponseSchema = pagedSchema(SubscriptionRefundRequestSchema);

/** One line of a subscription's history (`GET /api/v1/sub/{id}/events`). */
export const SubscriptionEventSchema = z.object({
  id: z.number().int().positive(),
  subscriptionId: z.number().int().positive(),
  kind: z.enum(SubscriptionEventKind),
  /** Who did it: the student, a staff member, or null for the platform (a reminder, Fawry's report). */
  actorId: z.number().int().positive().nullable(),
  actorName: z.string().nullable(),
  /** Kind-specific facts: plan and minutes before and after an upgrade, amounts, the transaction. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: isoDateTime,
});

export const SubscriptionEventListResponseSchema = z.object({ list: z.array(SubscriptionEventSchema) });

/** Socket event to the student when a refund request is decided (also e-mailed). */
export const REFUND_REQUEST_UPDATED_EVENT = 'refund-request-updated';

export type SetRenewalRequest = z.infer<typeof SetRenewalRequestSchema>;
export type UpgradeQuote = z.infer<typeof UpgradeQuoteSchema>;
export type SubscriptionRefundRequest = z.infer<typeof SubscriptionRefundRequestSchema>;
export type SubscriptionPayment = z.infer<typeof SubscriptionPaymentSchema>;
export type SubscriptionEvent = z.infer<typeof SubscriptionEventSchema>;
