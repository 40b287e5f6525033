import {
  AppError,
  type CreateRefundRequestSchema,
  type DeclineRefundRequestSchema,
  type FindRefundRequestsQuerySchema,
  PLAN_PERIOD_SLUGS,
  type PlanPeriod,
  priceFor,
  REFUND_REQUEST_UPDATED_EVENT,
  RENEWAL_REMINDER_DAYS_BEFORE,
  RefundRequestStatus,
  type Subscription,
  type SubscriptionEvent,
  SubscriptionEventKind,
  type SubscriptionRefundRequest,
  suggestedRefund,
  type UpgradeQuote,
  upgradeProblem,
  upgradeQuote,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { MailSender } from '../notifications/mail.ts';
import { refundDecisionMail, renewalReminderMail } from '../notifications/subscription-mails.ts';
import { findTransaction } from '../payments/transactions.repository.ts';
import { getPurchasablePlan } from '../plans/plans.service.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.repository.ts';
import {
  claimRenewalReminder,
  closeRefundRequest,
  findOpenUpgrade,
  findPendingRefundRequest,
  findRefundRequestView,
  findRefundRequestViews,
  findRenewalCandidates,
  findSubscriptionEvents,
  findSubscriptionOfPayment,
  findSubscriptionPayments,
  insertRefundRequest,
  insertSubscriptionEvent,
  lockRefundRequest,
  lockSubscription,
  type RefundRequestView,
  type SubscriptionPaymentRow,
  updateSubscription,
} from './subscription-manage.repository.ts';
import {
  findActiveSubscription,
  findSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import { toSubscription } from './subscriptions.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionManageDeps = {
  db: Database;
  mailer: MailSender;
  broadcast: Broadcast | null;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock?: () => Date;
};

type CreateRefundInput = z.output<typeof CreateRefundRequestSchema>;
type DeclineInput = z.output<typeof DeclineRefundRequestSchema>;
type FindRefundRequestsInput = z.output<typeof FindRefundRequestsQuerySchema>;

/** What was paid for a subscription, net of refunds. */
const netPaid = (payments: readonly SubscriptionPaymentRow[]) =>
  payments.reduce((sum, payment) => sum + payment.amount - payment.refundedAmount, 0);

/** Whether it was bought in card installments or on a bank's programme. */
async function boughtInInstallments(db: Executor, row: SubscriptionRow): Promise<boolean> {
  if (row.installmentPlanId !== null) {
    return true;
  }
  const purchase = await findTransaction(db, row.transactionId);
  return purchase?.bankInstallmentMonths != null;
}

/**
 * Prices an upgrade of `subscription` to `planId` at `now` (decision 0042), or throws why it cannot
 * be: `subscription-upgrade-invalid` (not a bigger plan), `subscription-upgrade-unavailable`.
 */
async function priceUpgrade(
  db: Executor,
  user: UserRow,
  subscription: SubscriptionRow,
  planId: number,
  now: Date,
) {
  const plan = await getPurchasablePlan(db, planId, user);
  const payments = await findSubscriptionPayments(db, [subscription]);
  const source = {
    start: subscription.startsAt,
    end: subscription.endsAt,
    endedAt: subscription.endedAt,
    weeklyMinutes: subscription.weeklyMinutes,
    paidAmount: netPaid(payments),
    installments: await boughtInInstallments(db, subscription),
    // Only installment purchases pause, and those cannot be upgraded.
    paused: false,
  };
  const problem = upgradeProblem(source, plan.weeklyMinutes, now);
  if (problem) {
    throw new AppError(problem);
  }
  const price = priceFor(plan, subscription.period as PlanPeriod);
  return { plan, quote: upgradeQuote(source, price, now) };
}

/**
 * The upgrade part of a purchase with `upgradeOf` (decision 0042), inside the purchase's database
 * transaction and under the student's row lock: the subscription must be the buyer's one in force,
 * the period its own, without coupon or installments. Answers what the transaction records: the
 * price difference and the target plan's weekly minutes. A second open upgrade order of the same
 * subscription breaks `transactions_open_upgrade_unique` (`subscription-upgrade-unavailable`).
 */
export async function prepareUpgrade(
  tx: Transaction,
  user: UserRow,
  spec: {
    upgradeOf: number;
    planId: number;
    period: PlanPeriod;
    couponCode?: string | undefined;
    installments?: number;
  },
  now: Date,
): Promise<{ amount: number; weeklyMinutes: number; subscription: SubscriptionRow }> {
  const active = await findActiveSubscription(tx, user.id, now);
  if (!active || active.id !== spec.upgradeOf) {
    throw new AppError('subscription-not-found', {
      message: 'Only the subscription in force can be upgraded',
    });
  }
  if (spec.period !== active.period || spec.couponCode || (spec.installments ?? 1) > 1) {
    throw new AppError('subscription-upgrade-invalid');
  }
  if ((await findOpenUpgrade(tx, active.id)) !== null) {
    throw new AppError('subscription-upgrade-unavailable', {
      message: 'An upgrade order of this subscription awaits payment: pay or cancel it first',
    });
  }
  const { plan, quote } = await priceUpgrade(tx, user, active, spec.planId, now);
  return { amount: quote.amount, weeklyMinutes: plan.weeklyMinutes, subscription: active };
}

/**
 * A paid upgrade takes effect (from the payment status's one path, under the transaction's lock): the
 * subscription moves to the plan and weekly minutes the payment bought, from the quota week in
 * progress, with the same end. One no longer in force gets nothing: the money is logged for staff.
 */
export async function applyUpgrade(
  tx: Transaction,
  payment: {
    id: number;
    userId: number;
    upgradeOf: number;
    planId: number;
    weeklyMinutes: number;
    amount: number;
  },
  now: Date,
  log: FastifyBaseLogger,
): Promise<SubscriptionRow | null> {
  // Bookings hold the student's row lock: minutes change between two bookings, never under one.
  await lockUser(tx, payment.userId);
  const subscription = await lockSubscription(tx, payment.upgradeOf);
  if (!subscription || subscription.endedAt !== null || subscription.endsAt.getTime() <= now.getTime()) {
    log.error(
      { transactionId: payment.id, subscriptionId: payment.upgradeOf },
      'upgrade paid for a subscription no longer in force: refund it by hand',
    );
    return null;
  }
  const updated = await updateSubscription(tx, subscription.id, {
    planId: payment.planId,
    weeklyMinutes: Math.max(subscription.weeklyMinutes, payment.weeklyMinutes),
    upgradedAt: now,
  });
  await insertSubscriptionEvent(tx, {
    subscriptionId: subscription.id,
    kind: SubscriptionEventKind.Upgraded,
    actorId: null,
    details: {
      transactionId: payment.id,
      amount: payment.amount,
      fromPlanId: subscription.planId,
      toPlanId: payment.planId,
      fromWeeklyMinutes: subscription.weeklyMinutes,
      toWeeklyMinutes: updated.weeklyMinutes,
    },
  });
  return updated;
}

/**
 * A refund of one of a subscription's payments (staff's, or one Fawry reported): recorded in its
 * history, and its pending request, if any, becomes `refunded`. Answers the request closed, to tell
 * the student once committed.
 */
export async function recordSubscriptionRefund(
  tx: Transaction,
  payment: { id: number; upgradeOf: number | null; installmentId: number | null },
  amount: number,
  actorId: number | null,
): Promise<{ requestId: number; userId: number; subscriptionId: number; amount: number } | null> {
  const subscription = await findSubscriptionOfPayment(tx, payment);
  if (!subscription) {
    return null;
  }
  await insertSubscriptionEvent(tx, {
    subscriptionId: subscription.id,
    kind: SubscriptionEventKind.Refunded,
    actorId,
    details: { transactionId: payment.id, amount },
  });
  const pending = await findPendingRefundRequest(tx, subscription.id);
  if (!pending) {
    return null;
  }
  const closed = await closeRefundRequest(tx, pending.id, {
    status: RefundRequestStatus.Refunded,
    decidedBy: actorId,
    refundedAmount: amount,
  });
  return closed
    ? { requestId: closed.id, userId: closed.userId, subscriptionId: subscription.id, amount }
    : null;
}

/**
 * Managing a subscription from /subscription (decision 0042): renewal, refund requests (decided by
 * staff), upgrade quotes (paid through the payments module with `upgradeOf`) and the history. Every
 * change is recorded in `subscription_events`.
 */
export function createSubscriptionManageService(deps: SubscriptionManageDeps) {
  const { db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const web = deps.config.publicUrls.web.replace(/\/$/, '');
  const manageUrl = `${web}/subscription`;

  /** The caller's own subscription (anyone else's, or none: `subscription-not-found`). */
  async function ownSubscription(caller: UserRow, id: number): Promise<SubscriptionRow> {
    const row = await findSubscription(db, id);
    if (!row || row.userId !== caller.id) {
      throw new AppError('subscription-not-found');
    }
    return row;
  }

  async function toRequests(
    views: readonly RefundRequestView[],
    now: Date,
  ): Promise<SubscriptionRefundRequest[]> {
    const payments = await findSubscriptionPayments(
      db,
      views.map((view) => view.subscription),
    );
    return views.map(({ request, studentName, planAlias, subscription }) => {
      const own = payments.filter((payment) => payment.subscriptionId === subscription.id);
      return {
        id: request.id,
        subscriptionId: request.subscriptionId,
        userId: request.userId,
        studentName,
        planAlias,
        reason: request.reason,
        status: request.status as RefundRequestStatus,
        suggestedAmount:
          request.status === RefundRequestStatus.Pending
            ? suggestedRefund(
                {
                  start: subscription.startsAt,
                  end: subscription.endsAt,
                  endedAt: subscription.endedAt,
                  paidAmount: netPaid(own),
                },
                now,
              )
            : 0,
        refundedAmount: request.refundedAmount,
        staffNote: request.staffNote,
        decidedBy: request.decidedBy,
        decidedAt: request.decidedAt?.toISOString() ?? null,
        createdAt: request.createdAt.toISOString(),
        payments: own.map((payment) => ({
          transactionId: payment.transactionId,
          amount: payment.amount,
          refundedAmount: payment.refundedAmount,
          upgrade: payment.upgrade,
          paidAt: payment.paidAt?.toISOString() ?? null,
        })),
      };
    });
  }

  async function requestById(id: number): Promise<SubscriptionRefundRequest> {
    const view = await findRefundRequestView(db, id);
    if (!view) {
      throw new AppError('refund-request-not-found');
    }
    return (await toRequests([view], clock()))[0]!;
  }

  /** Tells the student their request was decided: the socket event, and an e-mail. */
  async function tellDecision(request: SubscriptionRefundRequest): Promise<void> {
    deps.broadcast?.toUser(request.userId, REFUND_REQUEST_UPDATED_EVENT, request);
    const student = await findUserById(db, request.userId);
    if (!student) {
      return;
    }
    const mail =
      request.status === RefundRequestStatus.Refunded
        ? refundDecisionMail({
            name: student.name,
            planAlias: request.planAlias,
            manageUrl,
            outcome: 'refunded',
            amount: request.refundedAmount ?? 0,
          })
        : refundDecisionMail({
            name: student.name,
            planAlias: request.planAlias,
            manageUrl,
            outcome: 'declined',
            note: request.staffNote ?? '',
          });
    await deps.mailer.send({ to: student.email, ...mail }).catch((error: unknown) => {
      log.warn({ err: error, refundRequestId: request.id }, 'refund decision e-mail not sent');
    });
  }

  return {
    /** `PUT /sub/{id}/renewal`: the student keeps renewal on or ends at period end (recorded when changed). */
    async setRenewal(caller: UserRow, id: number, renew: boolean): Promise<Subscription> {
      await ownSubscription(caller, id);
      const now = clock();
      const updated = await db.transaction(async (tx) => {
        const row = (await lockSubscription(tx, id))!;
        if (row.endedAt !== null || row.endsAt.getTime() <= now.getTime()) {
          throw new AppError('subscription-not-found', { message: 'This subscription has ended' });
        }
        if (row.renew === renew) {
          return row;
        }
        await insertSubscriptionEvent(tx, {
          subscriptionId: id,
          kind: renew ? SubscriptionEventKind.RenewalOn : SubscriptionEventKind.RenewalOff,
          actorId: caller.id,
        });
        // Turned back on: a reminder already sent is not sent twice.
        return updateSubscription(tx, id, { renew });
      });
      return toSubscription(updated, [], now);
    },

    /** `GET /sub/upgrade-quote?planId=`: the price of moving the caller's subscription in force to a plan now. */
    async quoteUpgrade(caller: UserRow, planId: number): Promise<UpgradeQuote> {
      const now = clock();
      const active = await findActiveSubscription(db, caller.id, now);
      if (!active) {
        throw new AppError('subscription-not-found');
      }
      if ((await findOpenUpgrade(db, active.id)) !== null) {
        throw new AppError('subscription-upgrade-unavailable', {
          message: 'An upgrade order of this subscription awaits payment: pay or cancel it first',
        });
      }
      const { plan, quote } = await priceUpgrade(db, caller, active, planId, now);
      return {
        subscriptionId: active.id,
        planId: plan.id,
        period: active.period as PlanPeriod,
        weeklyMinutes: plan.weeklyMinutes,
        credit: quote.credit,
        cost: quote.cost,
        amount: quote.amount,
        end: active.endsAt.toISOString(),
        quotedAt: now.toISOString(),
      };
    },

    /**
     * `POST /sub/{id}/refund-request`: the student asks staff for money back. The subscription must
     * not have ended and something of it must be left to refund (`refund-unavailable`); one pending
     * request per subscription (`refund-request-exists`, held by a unique index).
     */
    async requestRefund(
      caller: UserRow,
      id: number,
      input: CreateRefundInput,
    ): Promise<SubscriptionRefundRequest> {
      const subscription = await ownSubscription(caller, id);
      const now = clock();
      const paid = netPaid(await findSubscriptionPayments(db, [subscription]));
      if (subscription.endedAt !== null || subscription.endsAt.getTime() <= now.getTime() || paid <= 0) {
        throw new AppError('refund-unavailable');
      }
      const created = await db.transaction(async (tx) => {
        const request = await insertRefundRequest(tx, {
          subscriptionId: id,
          userId: caller.id,
          reason: input.reason,
        });
        await insertSubscriptionEvent(tx, {
          subscriptionId: id,
          kind: SubscriptionEventKind.RefundRequested,
          actorId: caller.id,
          details: { refundRequestId: request.id },
        });
        return request;
      });
      return requestById(created.id);
    },

    /** `DELETE /sub/refund-request/{id}`: the student withdraws their pending request. */
    async withdrawRefundRequest(caller: UserRow, id: number): Promise<SubscriptionRefundRequest> {
      await db.transaction(async (tx) => {
        const request = await lockRefundRequest(tx, id);
        if (!request || request.userId !== caller.id) {
          throw new AppError('refund-request-not-found');
        }
        if (request.status !== RefundRequestStatus.Pending) {
          throw new AppError('refund-request-closed');
        }
        await closeRefundRequest(tx, id, { status: RefundRequestStatus.Withdrawn, decidedBy: caller.id });
        await insertSubscriptionEvent(tx, {
          subscriptionId: request.subscriptionId,
          kind: SubscriptionEventKind.RefundWithdrawn,
          actorId: caller.id,
          details: { refundRequestId: id },
        });
      });
      return requestById(id);
    },

    /** `POST /sub/refund-request/{id}/decline` (SuperAdmin): declines a pending request with a note. */
    async declineRefundRequest(
      staff: UserRow,
      id: number,
      input: DeclineInput,
    ): Promise<SubscriptionRefundRequest> {
      await db.transaction(async (tx) => {
        const request = await lockRefundRequest(tx, id);
        if (!request) {
          throw new AppError('refund-request-not-found');
        }
        if (request.status !== RefundRequestStatus.Pending) {
          throw new AppError('refund-request-closed');
        }
        await closeRefundRequest(tx, id, {
          status: RefundRequestStatus.Declined,
          decidedBy: staff.id,
          staffNote: input.note,
        });
        await insertSubscriptionEvent(tx, {
          subscriptionId: request.subscriptionId,
          kind: SubscriptionEventKind.RefundDeclined,
          actorId: staff.id,
          details: { refundRequestId: id },
        });
      });
      const request = await requestById(id);
      await tellDecision(request);
      return request;
    },

    /** After a refund committed: tells the student whose request it answered. */
    async tellRefunded(requestId: number): Promise<void> {
      await tellDecision(await requestById(requestId));
    },

    /** `GET /sub/refund-request/list`: students their own; SuperAdmin and RegularAdmin anyone's. */
    async findRefundRequests(caller: UserRow, query: FindRefundRequestsInput) {
      if (!isAdmin(caller) && query.userId !== undefined && query.userId !== caller.id) {
        throw forbidden();
      }
      const userId = isAdmin(caller) ? query.userId : caller.id;
      const { rows, total } = await findRefundRequestViews(db, { userId, status: query.status }, query);
      return { list: await toRequests(rows, clock()), total };
    },

    /** `GET /sub/{id}/events`: the history, newest first: its student or an admin. */
    async findEvents(caller: UserRow, id: number): Promise<{ list: SubscriptionEvent[] }> {
      const row = await findSubscription(db, id);
      if (!row || (row.userId !== caller.id && !isAdmin(caller))) {
        throw new AppError('subscription-not-found');
      }
      const rows = await findSubscriptionEvents(db, id);
      return {
        list: rows.map(({ event, actorName }) => ({
          id: event.id,
          subscriptionId: event.subscriptionId,
          kind: event.kind as SubscriptionEventKind,
          actorId: event.actorId,
          actorName: event.actorId === null ? null : actorName,
          details: event.details,
          createdAt: event.createdAt.toISOString(),
        })),
      };
    },

    /**
     * The renewal reminder job (hourly, with the installment reminders): each subscription ending
     * within `RENEWAL_REMINDER_DAYS_BEFORE` days whose student kept renewal on and paid nothing to
     * follow it gets one e-mail with the checkout of the same plan and period. The claim and the
     * e-mail share a database transaction: a failed send is tried again by the next run.
     */
    async sendRenewalReminders(now = clock()): Promise<{ checked: number; sent: number }> {
      const candidates = await findRenewalCandidates(
        db,
        now,
        new Date(now.getTime() + RENEWAL_REMINDER_DAYS_BEFORE * DAY_MS),
      );
      let sent = 0;
      for (const candidate of candidates) {
        const { subscription } = candidate;
        try {
          const done = await db.transaction(async (tx) => {
            if (!(await claimRenewalReminder(tx, subscription.id))) {
              return false;
            }
            await insertSubscriptionEvent(tx, {
              subscriptionId: subscription.id,
              kind: SubscriptionEventKind.RenewalReminded,
              actorId: null,
            });
            const period = PLAN_PERIOD_SLUGS[subscription.period as PlanPeriod];
            const mail = renewalReminderMail({
              name: candidate.name,
              planAlias: candidate.planAlias,
              endsAt: subscription.endsAt,
              renewUrl: `${web}/checkout/${subscription.planId}/${period}`,
              manageUrl,
            });
            await deps.mailer.send({ to: candidate.email, ...mail });
            return true;
          });
          sent += done ? 1 : 0;
        } catch (error) {
          log.warn(
            { err: error, subscriptionId: subscription.id },
            'renewal reminder not sent; the next run tries again',
          );
        }
      }
      return { checked: candidates.length, sent };
    },
  };
}

export type SubscriptionManageService = ReturnType<typeof createSubscriptionManageService>;
