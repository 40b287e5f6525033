import {
  AppError,
  PAYMENT_STATUS_EVENT,
  type PaymentStatus,
  type PaymentStatusEvent,
  type PlanPeriod,
  paymentStatusMove,
  PaymentStatus as Status,
  SubscriptionEndReason,
  subscriptionEnd,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import { releaseCouponUse } from '../plans/coupons.repository.ts';
import { applyUpgrade, recordSubscriptionRefund } from '../subscriptions/subscription-manage.service.ts';
import {
  endSubscriptionsOf,
  insertSubscription,
  lastLiveSubscriptionEnd,
  type SubscriptionRow,
} from '../subscriptions/subscriptions.repository.ts';
import { lockUser } from '../users/users.repository.ts';
import {
  findInstallment,
  insertPaymentNotification,
  lockTransaction,
  markInstallmentPaid,
  type TransactionRow,
  updateTransactionRow,
} from './transactions.repository.ts';

/** Who reported a status: Fawry's notification, our status poll, our own Fawry call, or staff. */
export type StatusReport = {
  source: 'notification' | 'poll' | 'api' | 'staff';
  /** The raw notification or status body, kept with the report. */
  payload?: unknown;
  fawryRefNumber?: string | null;
  failureReason?: string | null;
};

export type StatusResult = {
  /** False when the status was not applied: an illegal move, or already applied. */
  applied: boolean;
  transaction: TransactionRow;
  /** The subscription the status created (Paid) or ended (refund). */
  subscription: SubscriptionRow | null;
  /** What the hooks asked to do once the change committed; `announce` runs it. */
  afterCommit?: Array<() => void>;
};

/**
 * Hooks for what other modules do when a subscription ends early: the lessons module cancels the
 * student's future lessons of that subscription (rules.md "refunding a subscription ends it and
 * cancels its future lessons"). A hook runs inside the status change's transaction and may return
 * what to do once it committed (tell the members); `announce` runs that.
 */
export type SubscriptionHooks = {
  onSubscriptionEnded(tx: Transaction, subscription: SubscriptionRow): Promise<(() => void) | undefined>;
  /** A refunded trial payment: the lessons module cancels the trial lesson it paid for (decision 0048). */
  onTrialRefunded?(tx: Transaction, studentId: number): Promise<(() => void) | undefined>;
};

export const NO_SUBSCRIPTION_HOOKS: SubscriptionHooks = { onSubscriptionEnded: async () => undefined };

type Deps = {
  db: Database;
  broadcast: Broadcast | null;
  log: FastifyBaseLogger;
  subscriptionHooks?: SubscriptionHooks;
};

/**
 * The one way a transaction's status changes (architecture §7): in one database transaction with the
 * transaction row locked, the move is checked against rules.md's table, recorded once (the unique
 * index on applied reports), and its effect runs exactly once: Paid creates the subscription, the
 * first refund ends it, a purchase that will never be paid gives its coupon use back. Illegal moves
 * (late, replayed, out of order) change nothing and are logged. The buyer hears of every change on
 * the `payment-status` socket event.
 */
export function createPaymentStatus(deps: Deps) {
  const { db, log } = deps;
  const hooks = deps.subscriptionHooks ?? NO_SUBSCRIPTION_HOOKS;

  /** Creates the subscription a paid transaction bought: from now, or from the end of the live one. */
  async function grantSubscription(tx: Transaction, row: TransactionRow, now: Date) {
    if (row.planId === null) {
      // The trial lesson's payment grants no subscription: the student may now book it (decision 0048).
      return null;
    }
    if (row.upgradeOf !== null) {
      // An upgrade's payment moves the subscription it names to the plan it bought (decision 0042).
      return applyUpgrade(tx, { ...row, upgradeOf: row.upgradeOf, planId: row.planId }, now, log);
    }
    let installmentPlanId: number | null = null;
    if (row.installmentId !== null) {
      const found = await findInstallment(tx, row.installmentId);
      await markInstallmentPaid(tx, row.installmentId);
      if (!found || found.installment.index > 1) {
        // A later installment keeps the subscription the first one created.
        return null;
      }
      installmentPlanId = found.plan.id;
    }
    // Serialises subscription creation per student (the purchase takes the same lock).
    await lockUser(tx, row.userId);
    const lastEnd = await lastLiveSubscriptionEnd(tx, row.userId, now);
    const start = lastEnd && lastEnd.getTime() > now.getTime() ? lastEnd : now;
    return insertSubscription(tx, {
      userId: row.userId,
      planId: row.planId,
      transactionId: row.id,
      installmentPlanId,
      period: row.period,
      weeklyMinutes: row.weeklyMinutes,
      startsAt: start,
      endsAt: subscriptionEnd(start, row.period as PlanPeriod),
    });
  }

  async function endSubscription(tx: Transaction, row: TransactionRow, afterCommit: Array<() => void>) {
    // Bookings hold the student's row lock: ending the subscription under it means every lesson it
    // paid for has committed, so the hooks see (and cancel) them all.
    await lockUser(tx, row.userId);
    if (row.trial) {
      const after = await hooks.onTrialRefunded?.(tx, row.userId);
      if (after) {
        afterCommit.push(after);
      }
      return null;
    }
    const found = row.installmentId === null ? null : await findInstallment(tx, row.installmentId);
    // Refunding an upgrade's payment ends the subscription it upgraded, as its purchase's would.
    const ended = await endSubscriptionsOf(
      tx,
      { transactionId: row.id, installmentPlanId: found?.plan.id ?? null, subscriptionId: row.upgradeOf },
      SubscriptionEndReason.Refunded,
    );
    for (const subscription of ended) {
      const after = await hooks.onSubscriptionEnded(tx, subscription);
      if (after) {
        afterCommit.push(after);
      }
    }
    return ended[0] ?? null;
  }

  /** Applies `status` inside the caller's database transaction (no event is sent: see `apply`). */
  async function applyInTransaction(
    tx: Transaction,
    transactionId: number,
    status: PaymentStatus,
    report: StatusReport,
    now = new Date(),
  ): Promise<StatusResult> {
    const row = await lockTransaction(tx, transactionId);
    if (!row) {
      throw new AppError('transaction-not-found');
    }
    const record = {
      transactionId,
      status,
      source: report.source,
      fawryRefNumber: report.fawryRefNumber ?? null,
      payload: report.payload ?? null,
    };
    const move = paymentStatusMove(row.status as PaymentStatus, status);
    if (move.kind === 'illegal') {
      await insertPaymentNotification(tx, { ...record, applied: false });
      if (status === Status.Paid && row.status !== Status.Paid) {
        // Money arrived for a purchase already closed: staff must refund it by hand.
        log.error(
          { transactionId, from: row.status, to: status, source: report.source },
          'payment for a closed transaction',
        );
      } else if (row.status !== status && status !== Status.New) {
        log.warn(
          { transactionId, from: row.status, to: status, source: report.source },
          'illegal payment status move ignored',
        );
      }
      return { applied: false, transaction: row, subscription: null };
    }
    if (!(await insertPaymentNotification(tx, { ...record, applied: true }))) {
      return { applied: false, transaction: row, subscription: null };
    }
    const updated = await updateTransactionRow(tx, transactionId, {
      status,
      fawryRefNumber: row.fawryRefNumber ?? report.fawryRefNumber ?? undefined,
      failureReason: status === Status.Failed ? (report.failureReason ?? row.failureReason) : undefined,
      paidAt: status === Status.Paid ? now : undefined,
      // A full refund reported by Fawry means everything was given back, whoever started it.
      refundedAmount: status === Status.Refunded ? row.amount : undefined,
    });
    let subscription: SubscriptionRow | null = null;
    const afterCommit: Array<() => void> = [];
    if (move.effect === 'grant-subscription') {
      subscription = await grantSubscription(tx, updated, now);
    } else if (move.effect === 'end-subscription') {
      subscription = await endSubscription(tx, updated, afterCommit);
      if (report.source !== 'api') {
        // A refund Fawry reported (not staff's, which records itself): in the history, answering a request.
        await recordSubscriptionRefund(tx, updated, updated.refundedAmount - row.refundedAmount, null);
      }
    } else if (move.effect === 'release-coupon' && row.couponId !== null) {
      await releaseCouponUse(tx, row.couponId);
    }
    return { applied: true, transaction: updated, subscription, afterCommit };
  }

  /** Tells the buyer's open tabs (every instance, through the socket adapter) about a status change. */
  function announce(result: StatusResult): void {
    if (!result.applied) {
      return;
    }
    for (const after of result.afterCommit ?? []) {
      after();
    }
    const event: PaymentStatusEvent = {
      transactionId: result.transaction.id,
      status: result.transaction.status as PaymentStatus,
      subscriptionId: result.subscription?.id ?? null,
    };
    deps.broadcast?.toUser(result.transaction.userId, PAYMENT_STATUS_EVENT, event);
  }

  return {
    applyInTransaction,
    announce,

    /** `applyInTransaction` in its own database transaction, then the socket event. */
    async apply(transactionId: number, status: PaymentStatus, report: StatusReport): Promise<StatusResult> {
      const result = await db.transaction((tx) => applyInTransaction(tx, transactionId, status, report));
      announce(result);
      return result;
    },
  };
}

export type PaymentStatusService = ReturnType<typeof createPaymentStatus>;
