import {
  AppError,
  type CurrentSubscriptionResponse,
  type FindSubscriptionsQuerySchema,
  type PlanPeriod,
  type QuotaLesson,
  quotaWeek,
  type Subscription,
  type SubscriptionEndReason,
  weeklyQuota,
} from '@hiwar/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { forbidden, isAdmin } from '../../plugins/auth.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  findActiveSubscription,
  findNextSubscription,
  findSubscription,
  findSubscriptionRows,
  type SubscriptionRow,
} from './subscriptions.repository.ts';

export function toSubscription(row: SubscriptionRow): Subscription {
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
  };
}

/**
 * The lessons that spend a student's minutes between two instants. There are no lessons yet: the
 * booking module replaces this with a query over booked, fulfilled and late-cancelled lessons.
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
export function createSubscriptionsService(deps: { db: Database; lessons?: QuotaLessonsSource }) {
  const { db } = deps;
  const lessons = deps.lessons ?? noLessonsYet;

  const ownOrAdmin = (row: SubscriptionRow | null, caller: UserRow): SubscriptionRow => {
    if (!row || (row.userId !== caller.id && !isAdmin(caller))) {
      throw new AppError('subscription-not-found');
    }
    return row;
  };

  return {
    /**
     * The caller's subscription in force, the quota week in progress (minutes left, when it resets) and
     * the paid subscription queued after it; null without one.
     */
    async getCurrent(caller: UserRow, now = new Date()): Promise<CurrentSubscriptionResponse> {
      const active = await findActiveSubscription(db, caller.id, now);
      if (!active) {
        return null;
      }
      const term = {
        start: active.startsAt,
        end: active.endsAt,
        endedAt: active.endedAt,
        weeklyMinutes: active.weeklyMinutes,
      };
      const week = quotaWeek(term, now)!;
      const quota = weeklyQuota(term, await lessons(db, caller.id, week.start, week.end), now)!;
      const next = await findNextSubscription(db, caller.id, active.endsAt);
      return {
        subscription: toSubscription(active),
        quota: {
          weekIndex: quota.week.index,
          weekStart: quota.week.start.toISOString(),
          resetsAt: quota.week.end.toISOString(),
          weeklyMinutes: active.weeklyMinutes,
          spentMinutes: quota.spent,
          remainingMinutes: quota.remaining,
        },
        next: next ? toSubscription(next) : null,
      };
    },

    async getSubscription(id: number, caller: UserRow): Promise<Subscription> {
      return toSubscription(ownOrAdmin(await findSubscription(db, id), caller));
    },

    /** Your own subscriptions; admins anyone's (all, or one user's with `userId`). */
    async findSubscriptions(query: FindSubscriptionsInput, caller: UserRow) {
      if (query.userId !== undefined && query.userId !== caller.id && !isAdmin(caller)) {
        throw forbidden();
      }
      const userId = isAdmin(caller) ? query.userId : caller.id;
      const { rows, total } = await findSubscriptionRows(db, { userId }, query);
      return { list: rows.map(toSubscription), total };
    },
  };
}
