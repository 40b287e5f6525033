import {
  AppError,
  type CurrentSubscriptionResponse,
  type FindSubscriptionsQuerySchema,
  type InstallmentTerm,
  installmentPausesAt,
  installmentStanding,
  isSubscriptionPaused,
  type NextInstallment,
  type PlanPeriod,
  type QuotaLesson,
  quotaWeek,
  type Subscription,
  type SubscriptionEndReason,
  weeklyQuota,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Database, Executor } from '../../db/client.ts';
import { findInstallmentsOfPlans, type InstallmentRow } from '../payments/transactions.repository.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import {
  findOpenUpgrade,
  findPendingRefundRequest,
  findSubscriptionPayments,
} from './subscription-manage.repository.ts';
import {
  findActiveSubscription,
  findNextSubscription,
  findSubscription,
  findSubscriptionRows,
  type SubscriptionRow,
} from './subscriptions.repository.ts';

/**
 * The API's subscription. `installments` are those of its installment plan (none when paid at once):
 * `paused` is derived from them at `now`, never stored.
 */
export function toSubscription(
  row: SubscriptionRow,
  installments: readonly InstallmentTerm[] = [],
  now = new Date(),
): Subscription {
  return {
    id: row.id,
    userId: row.userId,
    planId: row.planId,
    transactionId: row.transactionId,
    period: row.period as PlanPeriod,
    weeklyMinutes: row.weeklyMinutes,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: (row.endReason as SubscriptionEndReason | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    paused: isSubscriptionPaused({ end: row.endsAt, endedAt: row.endedAt }, installments, now),
    renew: row.renew,
    upgradedAt: row.upgradedAt?.toISOString() ?? null,
  };
}

type PlanInstallment = InstallmentRow & { count: number };

function toNextInstallment(installment: PlanInstallment): NextInstallment {
  return {
    id: installment.id,
    index: installment.index,
    count: installment.count,
    amount: installment.amount,
    dueAt: installment.dueAt.toISOString(),
    pausesAt: installmentPausesAt(installment).toISOString(),
  };
}

/**
 * The lessons that spend a student's minutes starting between two instants: the lessons module's
 * query over booked, given and late-cancelled lessons (`findQuotaLessons`), passed in by the app.
 */
export type QuotaLessonsSource = (
  db: Executor,
  userId: number,
  from: Date,
  to: Date,
) => Promise<QuotaLesson[]>;

export const noLessonsYet: QuotaLessonsSource = async () => [];

type FindSubscriptionsInput = z.output<typeof FindSubscriptionsQuerySchema>;

/** Subscriptions (spec §7 "Subscription"): students read their own, SuperAdmin and RegularAdmin anyone's. */
export function createSubscriptionsService(deps: {
  db: Database;
  quotaLessons?: QuotaLessonsSource;
  /** The app's clock (`paused` and the quota week are read at its time, like bookings). */
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const lessons = deps.quotaLessons ?? noLessonsYet;

  const ownOrAdmin = (row: SubscriptionRow | null, caller: UserRow): SubscriptionRow => {
    if (!row || (row.userId !== caller.id && !isAdmin(caller))) {
      throw new AppError('subscription-not-found');
    }
    return row;
  };

  /** Each row's installments (one query); none for a subscription paid at once. */
  async function installmentsOf(
    rows: readonly SubscriptionRow[],
  ): Promise<(row: SubscriptionRow) => PlanInstallment[]> {
    const planIds = rows.flatMap((row) => (row.installmentPlanId === null ? [] : [row.installmentPlanId]));
    const byPlan = new Map<number, PlanInstallment[]>();
    for (const installment of await findInstallmentsOfPlans(db, planIds)) {
      const list = byPlan.get(installment.installmentPlanId) ?? [];
      list.push(installment);
      byPlan.set(installment.installmentPlanId, list);
    }
    return (row) => (row.installmentPlanId === null ? [] : (byPlan.get(row.installmentPlanId) ?? []));
  }

  /** Subscriptions as the API shows them, each with `paused` at `now`. */
  async function toSubscriptions(rows: readonly SubscriptionRow[], now = clock()): Promise<Subscription[]> {
    const installmentsFor = await installmentsOf(rows);
    return rows.map((row) => toSubscription(row, installmentsFor(row), now));
  }

  return {
    /**
     * The subscription in force of the caller (or, for SuperAdmin and RegularAdmin, of `userId`: others
     * are `forbidden`, an unknown user `user-not-found`), the quota week in progress (minutes left, when
     * it resets), the paid subscription queued after it, whether it is paused (an installment unpaid past
     * its grace: no minutes left then) and the installment to pay next; null without one.
     */
    async getCurrent(
      caller: UserRow,
      now = clock(),
      userId: number = caller.id,
    ): Promise<CurrentSubscriptionResponse> {
      if (userId !== caller.id) {
        if (!isAdmin(caller)) {
          throw forbidden();
        }
        if (!(await findUserById(db, userId))) {
          throw new AppError('user-not-found');
        }
      }
      const active = await findActiveSubscription(db, userId, now);
      if (!active) {
        return null;
      }
      const term = {
        start: active.startsAt,
        end: active.endsAt,
        endedAt: active.endedAt,
        weeklyMinutes: active.weeklyMinutes,
      };
      const installments = (await installmentsOf([active]))(active);
      const standing = installmentStanding(installments, now);
      const week = quotaWeek(term, now)!;
      const spending = await lessons(db, userId, week.start, week.end);
      const quota = weeklyQuota(term, spending, now, { paused: standing.paused })!;
      const [next, refundRequest, openUpgrade, payments] = await Promise.all([
        findNextSubscription(db, userId, active.endsAt),
        findPendingRefundRequest(db, active.id),
        findOpenUpgrade(db, active.id),
        findSubscriptionPayments(db, [active]),
      ]);
      return {
        subscription: toSubscription(active, installments, now),
        paused: standing.paused,
        nextInstallment: standing.nextDue ? toNextInstallment(standing.nextDue) : null,
        quota: {
          weekIndex: quota.week.index,
          weekStart: quota.week.start.toISOString(),
          resetsAt: quota.week.end.toISOString(),
          weeklyMinutes: active.weeklyMinutes,
          spentMinutes: quota.spent,
          remainingMinutes: quota.remaining,
        },
        next: next ? (await toSubscriptions([next], now))[0]! : null,
        refundRequestId: refundRequest?.id ?? null,
        openUpgradeTransactionId: openUpgrade,
        paidAmount: payments.reduce((sum, payment) => sum + payment.amount - payment.refundedAmount, 0),
      };
    },

    async getSubscription(id: number, caller: UserRow): Promise<Subscription> {
      const [subscription] = await toSubscriptions([ownOrAdmin(await findSubscription(db, id), caller)]);
      return subscription!;
    },

    /** Your own subscriptions; admins anyone's (all, or one user's with `userId`). */
    async findSubscriptions(query: FindSubscriptionsInput, caller: UserRow) {
      if (query.userId !== undefined && query.userId !== caller.id && !isAdmin(caller)) {
        throw forbidden();
      }
      const userId = isAdmin(caller) ? query.userId : caller.id;
      const { rows, total } = await findSubscriptionRows(db, { userId }, query);
      return { list: await toSubscriptions(rows), total };
    },
  };
}
