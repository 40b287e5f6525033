import { AppError, PaymentStatus, type RefundRequestStatus, type SubscriptionEventKind } from '@hiwar/domain';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation } from '../../db/client.ts';
import {
  installments,
  plans,
  refundRequests,
  subscriptionEvents,
  subscriptions,
  transactions,
  users,
} from '../../db/schema.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;
type EventDetails = Record<string, string | number | boolean>;

/** The subscription's row, locked until the surrounding transaction ends. */
export async function lockSubscription(db: Executor, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateSubscription(
  db: Executor,
  id: number,
  patch: Partial<
    Pick<SubscriptionRow, 'renew' | 'renewalRemindedAt' | 'planId' | 'weeklyMinutes' | 'upgradedAt'>
  >,
): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  return row!;
}

export async function insertSubscriptionEvent(
  db: Executor,
  event: {
    subscriptionId: number;
    kind: SubscriptionEventKind;
    actorId: number | null;
    details?: EventDetails;
  },
): Promise<void> {
  await db.insert(subscriptionEvents).values({ ...event, details: event.details ?? {} });
}

export async function findSubscriptionEvents(db: Executor, subscriptionId: number) {
  return db
    .select({ event: subscriptionEvents, actorName: users.name })
    .from(subscriptionEvents)
    .leftJoin(users, eq(users.id, subscriptionEvents.actorId))
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionEvents.id))
    .limit(200);
}

/** A payment that paid for a subscription: its purchase, an installment of it, or an upgrade. */
export type SubscriptionPaymentRow = {
  subscriptionId: number;
  transactionId: number;
  amount: number;
  refundedAmount: number;
  upgrade: boolean;
  paidAt: Date | null;
};

const PAID_STATUSES = [PaymentStatus.Paid, PaymentStatus.PartialRefunded, PaymentStatus.Refunded];

/** The paid payments of each subscription, oldest first. */
export async function findSubscriptionPayments(
  db: Executor,
  rows: readonly Pick<SubscriptionRow, 'id' | 'transactionId' | 'installmentPlanId'>[],
): Promise<SubscriptionPaymentRow[]> {
  if (rows.length === 0) {
    return [];
  }
  const found = await db
    .select({
      transaction: transactions,
      installmentPlanId: installments.installmentPlanId,
    })
    .from(transactions)
    .leftJoin(installments, eq(installments.id, transactions.installmentId))
    .where(
      and(
        inArray(transactions.status, PAID_STATUSES),
        or(
          inArray(
            transactions.id,
            rows.map((row) => row.transactionId),
          ),
          inArray(
            transactions.upgradeOf,
            rows.map((row) => row.id),
          ),
          ...rows.flatMap((row) =>
            row.installmentPlanId === null ? [] : [eq(installments.installmentPlanId, row.installmentPlanId)],
          ),
        ),
      ),
    )
    .orderBy(asc(transactions.id));
  return found.flatMap(({ transaction, installmentPlanId }) => {
    const owner = rows.find(
      (row) =>
        row.transactionId === transaction.id ||
        row.id === transaction.upgradeOf ||
        (installmentPlanId !== null && row.installmentPlanId === installmentPlanId),
    );
    return owner
      ? [
          {
            subscriptionId: owner.id,
            transactionId: transaction.id,
            amount: transaction.amount,
            refundedAmount: transaction.refundedAmount,
            upgrade: transaction.upgradeOf !== null,
            paidAt: transaction.paidAt,
          },
        ]
      : [];
  });
}

/** The subscription a payment paid for: its purchase's, its installment plan's, or the one it upgrades. */
export async function findSubscriptionOfPayment(
  db: Executor,
  transaction: { id: number; upgradeOf: number | null; installmentId: number | null },
): Promise<SubscriptionRow | null> {
  const conditions: SQL[] = [eq(subscriptions.transactionId, transaction.id)];
  if (transaction.upgradeOf !== null) {
    conditions.push(eq(subscriptions.id, transaction.upgradeOf));
  }
  if (transaction.installmentId !== null) {
    conditions.push(
      eq(
        subscriptions.installmentPlanId,
        sql`(SELECT ${installments.installmentPlanId} FROM ${installments} WHERE ${installments.id} = ${transaction.installmentId})`,
      ),
    );
  }
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(or(...conditions))
    .limit(1);
  return row ?? null;
}

/** The upgrade order awaiting payment of each subscription (at most one, by a unique index). */
export async function findOpenUpgrade(db: Executor, subscriptionId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.upgradeOf, subscriptionId), eq(transactions.status, PaymentStatus.New)))
    .limit(1);
  return row?.id ?? null;
}

/** Inserts a pending request; a second pending one for the subscription is `refund-request-exists`. */
export async function insertRefundRequest(
  db: Executor,
  values: { subscriptionId: number; userId: number; reason: string },
): Promise<RefundRequestRow> {
  try {
    const [row] = await db.insert(refundRequests).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'refund_requests_pending_unique')) {
      throw new AppError('refund-request-exists', { cause: error });
    }
    throw error;
  }
}

export async function lockRefundRequest(db: Executor, id: number): Promise<RefundRequestRow | null> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findPendingRefundRequest(db: Executor, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.subscriptionId, subscriptionId), eq(refundRequests.status, 'pending')))
    .limit(1);
  return row ?? null;
}

/** Closes a pending request (a closed one is left as it is: null). */
export async function closeRefundRequest(
  db: Executor,
  id: number,
  change: {
    status: Exclude<RefundRequestStatus, 'pending'>;
    decidedBy: number | null;
    staffNote?: string | null;
    refundedAmount?: number | null;
  },
): Promise<RefundRequestRow | null> {
  const [row] = await db
    .update(refundRequests)
    .set({ ...change, decidedAt: sql`now()` })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Requests with the student's name, the subscription and its plan's alias, for the API. */
export type RefundRequestView = {
  request: RefundRequestRow;
  studentName: string | null;
  planAlias: string;
  subscription: SubscriptionRow;
};

function refundRequestViews(db: Executor) {
  return db
    .select({
      request: refundRequests,
      studentName: users.name,
      planAlias: plans.alias,
      subscription: subscriptions,
    })
    .from(refundRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, refundRequests.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(users, eq(users.id, refundRequests.userId));
}

export async function findRefundRequestView(db: Executor, id: number): Promise<RefundRequestView | null> {
  const [row] = await refundRequestViews(db).where(eq(refundRequests.id, id)).limit(1);
  return row ?? null;
}

export async function findRefundRequestViews(
  db: Executor,
  filter: { userId?: number | undefined; status?: RefundRequestStatus | undefined },
  page: { page: number; size: number },
): Promise<{ rows: RefundRequestView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) {
    conditions.push(eq(refundRequests.userId, filter.userId));
  }
  if (filter.status !== undefined) {
    conditions.push(eq(refundRequests.status, filter.status));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    refundRequestViews(db)
      .where(where)
      .orderBy(desc(refundRequests.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(refundRequests).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Subscriptions whose student keeps renewal on, ending within `until`, not yet reminded, with nothing
 * paid to follow them: candidates for the renewal reminder.
 */
export async function findRenewalCandidates(db: Executor, now: Date, until: Date, limit = 200) {
  const next = sql`EXISTS (SELECT 1 FROM ${subscriptions} AS following WHERE following.user_id = ${subscriptions.userId} AND following.ended_at IS NULL AND following.starts_at >= ${subscriptions.endsAt} AND following.id <> ${subscriptions.id})`;
  return db
    .select({ subscription: subscriptions, name: users.name, email: users.email, planAlias: plans.alias })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.renew, true),
        sql`${subscriptions.renewalRemindedAt} IS NULL`,
        sql`${subscriptions.endedAt} IS NULL`,
        sql`${subscriptions.endsAt} > ${now}`,
        sql`${subscriptions.endsAt} <= ${until}`,
        sql`NOT ${next}`,
      ),
    )
    .orderBy(asc(subscriptions.endsAt))
    .limit(limit);
}

/** Marks the reminder sent unless another run did (false then). */
export async function claimRenewalReminder(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ renewalRemindedAt: sql`now()` })
    .where(and(eq(subscriptions.id, id), sql`${subscriptions.renewalRemindedAt} IS NULL`))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
