import { AppError } from '@hiwar/domain';
import { and, count, desc, eq, gt, isNull, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Executor, isConstraintViolation } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * Inserts a subscription. An overlap with another live subscription of the student breaks the
 * EXCLUDE constraint: `subscription-exists` (the purchase flow's lock should make that impossible).
 */
export async function insertSubscription(db: Executor, values: NewSubscription): Promise<SubscriptionRow> {
  try {
    const [row] = await db.insert(subscriptions).values(values).returning();
    return row!;
  } catch (error) {
    if (isConstraintViolation(error, 'subscriptions_no_overlap')) {
      throw new AppError('subscription-exists', { cause: error });
    }
    throw error;
  }
}

/** When the student's last live subscription ends, if it ends after `now` (a new one starts then). */
export async function lastLiveSubscriptionEnd(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      end: sql<Date | null>`max(${subscriptions.endsAt})`.mapWith((value) =>
        value ? new Date(value) : null,
      ),
    })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt), gt(subscriptions.endsAt, now)),
    );
  return row?.end ?? null;
}

/** The student's subscription in force at `now`, if any. */
export async function findActiveSubscription(
  db: Executor,
  userId: number,
  now: Date,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(activeSubscriptionCondition(userId, now))
    .limit(1);
  return row ?? null;
}

/**
 * The condition of `findActiveSubscription`, to embed in a larger statement (the booking's, whose
 * values are placeholders of a prepared statement).
 */
export function activeSubscriptionCondition(userId: number | SQLWrapper, now: Date | SQLWrapper): SQL {
  return and(
    eq(subscriptions.userId, userId),
    isNull(subscriptions.endedAt),
    lte(subscriptions.startsAt, now),
    gt(subscriptions.endsAt, now),
  )!;
}

/** The first paid subscription waiting to start after `after`. */
export async function findNextSubscription(
  db: Executor,
  userId: number,
  after: Date,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNull(subscriptions.endedAt),
        sql`${subscriptions.startsAt} >= ${after}`,
      ),
    )
    .orderBy(subscriptions.startsAt)
    .limit(1);
  return row ?? null;
}

export async function findSubscription(db: Executor, id: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function findSubscriptionRows(
  db: Executor,
  filter: { userId?: number | undefined },
  page: { page: number; size: number },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = filter.userId !== undefined ? eq(subscriptions.userId, filter.userId) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Ends, now, the live subscription a payment bought: the one created by that transaction, or by
 * its installment plan, or the one it upgraded (`subscriptionId`). Returns the ended rows.
 */
export async function endSubscriptionsOf(
  db: Executor,
  source: { transactionId: number; installmentPlanId: number | null; subscriptionId?: number | null },
  reason: string,
): Promise<SubscriptionRow[]> {
  const bought: SQL[] = [eq(subscriptions.transactionId, source.transactionId)];
  if (source.installmentPlanId !== null) {
    bought.push(eq(subscriptions.installmentPlanId, source.installmentPlanId));
  }
  if (source.subscriptionId != null) {
    bought.push(eq(subscriptions.id, source.subscriptionId));
  }
  return db
    .update(subscriptions)
    .set({ endedAt: sql`LEAST(now(), ${subscriptions.endsAt})`, endReason: reason })
    .where(and(isNull(subscriptions.endedAt), or(...bought)))
    .returning();
}
