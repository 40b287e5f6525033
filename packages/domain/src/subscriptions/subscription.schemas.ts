import { z } from 'zod';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { PlanPeriodSchema } from '../enums/payment.enum-schemas.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { PlanPeriodRequestSchema } from '../plans/plan.schemas.ts';
import { InstallmentReminderKind } from './installment.rules.ts';

/** Why a subscription stopped before its end. */
export const SubscriptionEndReason = {
  /** Its payment was refunded (fully or partly) by staff. */
  Refunded: 'refunded',
  /** Staff ended it. */
  Canceled: 'canceled',
} as const;
export type SubscriptionEndReason = (typeof SubscriptionEndReason)[keyof typeof SubscriptionEndReason];

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * A subscription (spec §7 "Subscription"): a plan's weekly minutes (copied at purchase, so later plan
 * edits do not change what was bought) from `start` to `end`. `endedAt` is set when it was cut short.
 */
export const SubscriptionSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  planId: z.number().int().positive(),
  transactionId: z.number().int().positive(),
  period: PlanPeriodSchema,
  weeklyMinutes: z.number().int(),
  start: isoDateTime,
  end: isoDateTime,
  endedAt: /* @__PURE__ */ isoDateTime.nullable(),
  endReason: z.enum(SubscriptionEndReason).nullable(),
  createdAt: isoDateTime,
  /**
   * Paused now: bought in card installments and one is unpaid past its due date + 7 days' grace. It
   * grants no minutes until that installment is paid. Always false for one paid at once or over.
   * (Optional for older servers; this server always sends it.)
   */
  paused: z.boolean().optional(),
  /**
   * Renewal on: the student is reminded before the end to pay for the same plan again; off: it ends at
   * period end without a reminder (decision 0042). Optional for older servers.
   */
  renew: z.boolean().optional(),
  /** When it was last upgraded to a bigger plan (`planId` and `weeklyMinutes` are then the new plan's). */
  upgradedAt: /* @__PURE__ */ isoDateTime.nullable().optional(),
});

/** The quota week in progress: minutes of the plan, spent, left, and when the next week begins. */
export const QuotaSchema = z.object({
  weekIndex: z.number().int().nonnegative(),
  weekStart: isoDateTime,
  /** When the quota resets (or the subscription ends, in its last week). */
  resetsAt: isoDateTime,
  weeklyMinutes: z.number().int(),
  spentMinutes: z.number().int(),
  /** What is left to book this week: 0 while the subscription is paused (a missed installment). */
  remainingMinutes: z.number().int(),
});

/**
 * The installment of a card installment purchase to pay next: pay it with
 * `POST /api/v1/fawry/pay/installment { installmentId: id }` (the web app's /payments page). Due at
 * `dueAt`; still unpaid after `pausesAt` (due date + 7 days' grace), the subscription pauses.
 */
export const NextInstallmentSchema = z.object({
  id: z.number().int().positive(),
  /** Which one it is (from 1) of `count`. */
  index: z.number().int().positive(),
  count: z.number().int().positive(),
  /** Piasters. */
  amount: z.number().int(),
  dueAt: isoDateTime,
  pausesAt: isoDateTime,
});

/**
 * `GET /api/v1/sub/current`: the caller's active subscription and its quota week, or null without one.
 * `next` is a paid subscription waiting to start when this one ends (buying while active extends).
 * `paused` is true while an installment is unpaid past its grace (`quota.remainingMinutes` is then 0);
 * `nextInstallment` is the installment to pay next, null when none is left or the subscription was
 * paid at once. Both optional for older servers; this server always sends them.
 */
export const CurrentSubscriptionResponseSchema = z
  .object({
    subscription: SubscriptionSchema,
    quota: QuotaSchema,
    next: /* @__PURE__ */ SubscriptionSchema.nullable(),
    paused: z.boolean().optional(),
    nextInstallment: /* @__PURE__ */ NextInstallmentSchema.nullable().optional(),
    /** The subscription's open refund request, if any (decision 0042). */
    refundRequestId: z.number().int().positive().nullable().optional(),
    /** An upgrade order awaiting payment (its transaction), if any: pay or cancel it from /payments. */
    openUpgradeTransactionId: z.number().int().positive().nullable().optional(),
    /**
     * What was paid for it, net of refunds (piasters): 0 for a free grant or once all was refunded,
     * when a refund request would be `refund-unavailable`.
     */
    paidAmount: z.number().int().nonnegative().optional(),
  })
  .nullable();

/**
 * `GET /api/v1/sub/current?userId=`: SuperAdmin and RegularAdmin read a user's subscription in force
 * (the same answer the user gets); without `userId`, the caller's own.
 */
export const CurrentSubscriptionQuerySchema = z.object({
  userId: z.coerce
    .number({ error: 'bad-request' })
    .int({ error: 'bad-request' })
    .positive({ error: 'bad-request' })
    .optional(),
});

/** The socket event sent to the student's user room with each installment reminder (also e-mailed). */
export const INSTALLMENT_REMINDER_EVENT = 'installment-reminder';

/**
 * An installment reminder: `upcoming` (due in 3 days), `due` (due today), `overdue` (in grace: pay
 * before `pausesAt`) or `paused` (the subscription is paused until it is paid).
 */
export const InstallmentReminderEventSchema = /* @__PURE__ */ NextInstallmentSchema.extend({
  kind: z.enum(InstallmentReminderKind),
});

/** `GET /api/v1/sub/list`: your own, newest first; SuperAdmin and RegularAdmin may pass `userId`. */
export const FindSubscriptionsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  userId: z.coerce.number({ error: 'bad-request' }).int({ error: 'bad-request' }).positive().optional(),
});

export const SubscriptionListResponseSchema = pagedSchema(SubscriptionSchema);

/**
 * `POST /api/v1/sub` (SuperAdmin): grant a student a plan without payment. Recorded as a zero-amount
 * paid transaction by that staff member; starts now, or when the student's current subscription ends.
 */
export const GrantSubscriptionRequestSchema = z.object({
  userId: z
    .number({ error: typeErrorCode })
    .int({ error: 'invalid-type' })
    .positive({ error: 'bad-request' }),
  planId: z
    .number({ error: typeErrorCode })
    .int({ error: 'invalid-type' })
    .positive({ error: 'bad-request' }),
  period: PlanPeriodRequestSchema,
});

export type Subscription = z.infer<typeof SubscriptionSchema>;
export type Quota = z.infer<typeof QuotaSchema>;
export type CurrentSubscriptionResponse = z.infer<typeof CurrentSubscriptionResponseSchema>;
export type NextInstallment = z.infer<typeof NextInstallmentSchema>;
export type InstallmentReminderEvent = z.infer<typeof InstallmentReminderEventSchema>;
export type GrantSubscriptionRequest = z.infer<typeof GrantSubscriptionRequestSchema>;
