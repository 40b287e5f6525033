import { PaymentStatus } from '@hiwar/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  coupons,
  installmentPlans,
  installments,
  paymentNotifications,
  transactions,
} from '../../db/schema.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type InstallmentRow = typeof installments.$inferSelect;
export type InstallmentPlanRow = typeof installmentPlans.$inferSelect;

/** A transaction with what the API shows beside it: the coupon code and installment position. */
export type TransactionView = TransactionRow & {
  couponCode: string | null;
  installmentIndex: number | null;
  installmentCount: number | null;
};

export async function insertTransaction(db: Executor, values: NewTransaction): Promise<TransactionRow> {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

/** The transaction's row, locked until the surrounding transaction ends (status changes serialise here). */
export async function lockTransaction(db: Executor, id: number): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findTransaction(db: Executor, id: number): Promise<TransactionRow | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row ?? null;
}

export type TransactionPatch = Partial<
  Pick<
    NewTransaction,
    'status' | 'fawryRefNumber' | 'expiresAt' | 'failureReason' | 'paidAt' | 'refundedAmount'
  >
>;

export async function updateTransactionRow(
  db: Executor,
  id: number,
  patch: TransactionPatch,
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(transactions.id, id))
    .returning();
  return row!;
}

/**
 * Records what Fawry's charge answer said (its reference number and expiry) without touching the
 * status, which a notification may already have moved; a value already known is kept.
 */
export async function recordChargeAnswer(
  db: Executor,
  id: number,
  answer: { fawryRefNumber: string | null; expiresAt: Date | null },
): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({
      fawryRefNumber: sql`COALESCE(${transactions.fawryRefNumber}, ${answer.fawryRefNumber})`,
      expiresAt: sql`COALESCE(${answer.expiresAt}::timestamptz, ${transactions.expiresAt})`,
      updatedAt: sql`now()`,
    })
    .where(eq(transactions.id, id))
    .returning();
  return row!;
}

/** Moves `delta` piasters in or out of the refunded total; the table's check keeps it within the amount. */
export async function addRefunded(db: Executor, id: number, delta: number): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({ refundedAmount: sql`${transactions.refundedAmount} + ${delta}`, updatedAt: sql`now()` })
    .where(eq(transactions.id, id))
    .returning();
  return row!;
}

const viewColumns = {
  transaction: transactions,
  couponCode: coupons.code,
  installmentIndex: installments.index,
  installmentCount: installmentPlans.count,
};

function toView(row: {
  transaction: TransactionRow;
  couponCode: string | null;
  installmentIndex: number | null;
  installmentCount: number | null;
}): TransactionView {
  return {
    ...row.transaction,
    couponCode: row.couponCode,
    installmentIndex: row.installmentIndex,
    installmentCount: row.installmentCount,
  };
}

function viewQuery(db: Executor) {
  return db
    .select(viewColumns)
    .from(transactions)
    .leftJoin(coupons, eq(coupons.id, transactions.couponId))
    .leftJoin(installments, eq(installments.id, transactions.installmentId))
    .leftJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId));
}

export async function findTransactionView(db: Executor, id: number): Promise<TransactionView | null> {
  const [row] = await viewQuery(db).where(eq(transactions.id, id)).limit(1);
  return row ? toView(row) : null;
}

/** A page of transactions, newest first, optionally of one user and/or status. */
export async function findTransactionViews(
  db: Executor,
  filter: { userId?: number | undefined; status?: number | undefined },
  page: { page: number; size: number },
): Promise<{ rows: TransactionView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) {
    conditions.push(eq(transactions.userId, filter.userId));
  }
  if (filter.status !== undefined) {
    conditions.push(eq(transactions.status, filter.status));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(desc(transactions.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { rows: rows.map(toView), total: totals?.total ?? 0 };
}

/** Unpaid purchases sent to Fawry before `createdBefore`, oldest first (the reconciliation job's work). */
export async function findOpenTransactions(
  db: Executor,
  createdBefore: Date,
  limit: number,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 0),
        lt(transactions.createdAt, createdBefore),
        isNull(transactions.grantedBy),
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(limit);
}

export type NewPaymentNotification = typeof paymentNotifications.$inferInsert;

/**
 * Stores a status report. When `applied`, the unique index admits one applied report per
 * (transaction, status): false means this status was already applied, and nothing may happen again.
 */
export async function insertPaymentNotification(
  db: Executor,
  values: NewPaymentNotification,
): Promise<boolean> {
  const rows = await db
    .insert(paymentNotifications)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return rows.length > 0;
}

export async function findPaymentNotifications(db: Executor, transactionId: number) {
  return db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.transactionId, transactionId))
    .orderBy(asc(paymentNotifications.id));
}

// ---------------------------------------------------------------------------------------------------
// Card installments

export async function insertInstallmentPlan(
  db: Executor,
  values: typeof installmentPlans.$inferInsert,
  parts: { index: number; amount: number; dueAt: Date }[],
): Promise<{ plan: InstallmentPlanRow; installments: InstallmentRow[] }> {
  const [plan] = await db.insert(installmentPlans).values(values).returning();
  const rows = await db
    .insert(installments)
    .values(parts.map((part) => ({ ...part, installmentPlanId: plan!.id })))
    .returning();
  return { plan: plan!, installments: rows.sort((a, b) => a.index - b.index) };
}

/** The installment and its plan, the installment row locked (one payment attempt at a time). */
export async function lockInstallment(
  db: Executor,
  id: number,
): Promise<{ installment: InstallmentRow; plan: InstallmentPlanRow } | null> {
  const [row] = await db
    .select({ installment: installments, plan: installmentPlans })
    .from(installments)
    .innerJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId))
    .where(eq(installments.id, id))
    .for('update', { of: installments })
    .limit(1);
  return row ?? null;
}

export async function findInstallment(
  db: Executor,
  id: number,
): Promise<{ installment: InstallmentRow; plan: InstallmentPlanRow } | null> {
  const [row] = await db
    .select({ installment: installments, plan: installmentPlans })
    .from(installments)
    .innerJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId))
    .where(eq(installments.id, id))
    .limit(1);
  return row ?? null;
}

export async function markInstallmentPaid(db: Executor, id: number): Promise<void> {
  await db
    .update(installments)
    .set({ paidAt: sql`now()` })
    .where(and(eq(installments.id, id), isNull(installments.paidAt)));
}

export async function findInstallmentsOfPlan(
  db: Executor,
  installmentPlanId: number,
): Promise<InstallmentRow[]> {
  return db
    .select()
    .from(installments)
    .where(eq(installments.installmentPlanId, installmentPlanId))
    .orderBy(asc(installments.index));
}

/** The installments of these installment plans, each with its plan's count, by plan then order. */
export async function findInstallmentsOfPlans(
  db: Executor,
  installmentPlanIds: readonly number[],
): Promise<(InstallmentRow & { count: number })[]> {
  if (installmentPlanIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({ installment: installments, count: installmentPlans.count })
    .from(installments)
    .innerJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId))
    .where(inArray(installments.installmentPlanId, [...new Set(installmentPlanIds)]))
    .orderBy(asc(installments.installmentPlanId), asc(installments.index));
  return rows.map((row) => ({ ...row.installment, count: row.count }));
}

/**
 * The user's card installments, each with the count of its plan and its latest payment attempt, by
 * purchase (newest first) then order.
 */
export async function findUserInstallments(db: Executor, userId: number) {
  return db
    .select({
      installment: installments,
      count: installmentPlans.count,
      transactionId: sql<number | null>`(
        SELECT ${transactions.id} FROM ${transactions}
        WHERE ${transactions.installmentId} = ${installments.id}
        ORDER BY ${transactions.id} DESC LIMIT 1
      )`,
    })
    .from(installments)
    .innerJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId))
    .where(eq(installmentPlans.userId, userId))
    .orderBy(desc(installmentPlans.id), asc(installments.index));
}

/** Whether an attempt to pay this installment is open (New) or done (Paid): one at a time. */
export async function hasLiveInstallmentAttempt(db: Executor, installmentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.installmentId, installmentId), sql`${transactions.status} IN (0, 1)`))
    .limit(1);
  return Boolean(row);
}

/** Whether the student has a Paid (not refunded) trial payment, and their trial payment awaiting payment. */
export async function findTrialPayments(
  db: Executor,
  studentId: number,
): Promise<{ paid: boolean; openTransactionId: number | null }> {
  const rows = await db
    .select({ id: transactions.id, status: transactions.status })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, studentId),
        eq(transactions.trial, true),
        inArray(transactions.status, [PaymentStatus.New, PaymentStatus.Paid]),
      ),
    );
  return {
    paid: rows.some((row) => row.status === PaymentStatus.Paid),
    openTransactionId: rows.find((row) => row.status === PaymentStatus.New)?.id ?? null,
  };
}
