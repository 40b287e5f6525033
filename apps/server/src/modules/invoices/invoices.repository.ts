import {
  AppError,
  type InvoiceEventAction,
  type InvoiceStatus,
  OPEN_INVOICE_STATUSES,
  PRODUCT_TIMEZONE,
  type WithdrawMethodType,
} from '@hiwar/domain';
import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, isConstraintViolation, isUniqueViolation } from '../../db/client.ts';
import { invoiceEvents, invoices, lessons, users, withdrawMethods } from '../../db/schema.ts';

export type WithdrawMethodRow = typeof withdrawMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoicePatch = Partial<Omit<NewInvoice, 'id' | 'userId' | 'amount' | 'createdAt'>>;
export type MemberRow = { id: number; name: string | null; image: string | null };
export type InvoiceViewRow = {
  invoice: InvoiceRow;
  receiver: MemberRow & { email: string };
  addressedBy: MemberRow | null;
};

// ---------------------------------------------------------------------------------------------------
// Withdraw methods

export async function findWithdrawMethodRows(
  db: Executor,
  options: { enabledOnly: boolean },
): Promise<WithdrawMethodRow[]> {
  return db
    .select()
    .from(withdrawMethods)
    .where(options.enabledOnly ? eq(withdrawMethods.enabled, true) : undefined)
    .orderBy(withdrawMethods.id);
}

export async function findWithdrawMethod(db: Executor, id: number): Promise<WithdrawMethodRow | null> {
  const [row] = await db.select().from(withdrawMethods).where(eq(withdrawMethods.id, id)).limit(1);
  return row ?? null;
}

export async function findWithdrawMethodByType(
  db: Executor,
  type: WithdrawMethodType,
): Promise<WithdrawMethodRow | null> {
  const [row] = await db.select().from(withdrawMethods).where(eq(withdrawMethods.type, type)).limit(1);
  return row ?? null;
}

/** One method per type: a second is `withdraw-method-exists`. */
export async function insertWithdrawMethod(
  db: Executor,
  values: { type: WithdrawMethodType; min: number; max: number; enabled: boolean },
): Promise<WithdrawMethodRow> {
  try {
    const [row] = await db.insert(withdrawMethods).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'withdraw_methods_type_unique')) {
      throw new AppError('withdraw-method-exists', { cause: error });
    }
    throw error;
  }
}

/**
 * New limits or flag. The check constraint settles two concurrent partial edits that would cross the
 * limits (`withdraw-min-above-max`), which the service's merge alone cannot see.
 */
export async function updateWithdrawMethodRow(
  db: Executor,
  id: number,
  patch: { min?: number | undefined; max?: number | undefined; enabled?: boolean | undefined },
): Promise<WithdrawMethodRow | null> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  try {
    const [row] = await db
      .update(withdrawMethods)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(withdrawMethods.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isConstraintViolation(error, 'withdraw_methods_limits_check')) {
      throw new AppError('withdraw-min-above-max', { cause: error });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// The ledger

/**
 * Takes the tutor's balance lock: the tutor's `users` row, `FOR NO KEY UPDATE` (it conflicts with
 * itself, so one tutor's invoice writes run one at a time, but not with the key-share locks that rows
 * referencing the user take, so lessons and messages are never held up by it). Every statement after
 * it in the transaction sees what the previous holder committed.
 */
export async function lockTutorBalance(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/**
 * Which lessons credit their recorded earning (`lessons.price`): ended, and given or cancelled late by
 * the student (the minutes were spent, so the tutor is paid) — `isLessonCredited` in the domain.
 */
function credited(now: Date): SQL {
  return sql`${lessons.endsAt} <= ${now} AND (${lessons.canceledAt} IS NULL OR (${lessons.canceledBy} = 'student' AND ${lessons.minutesReturned} = false))`;
}

export type LedgerSums = { earned: number; upcoming: number; withdrawn: number; pending: number };

/** A tutor's ledger at `now`, in two statements: their lessons' earnings and their invoices' holds. */
export async function readLedgerSums(db: Executor, userId: number, now: Date): Promise<LedgerSums> {
  const [earnings] = await db
    .select({
      earned: sql<number>`coalesce(sum(${lessons.price}) filter (where ${credited(now)}), 0)`.mapWith(Number),
      upcoming:
        sql<number>`coalesce(sum(${lessons.price}) filter (where ${lessons.endsAt} > ${now} AND ${lessons.canceledAt} IS NULL), 0)`.mapWith(
          Number,
        ),
    })
    .from(lessons)
    .where(eq(lessons.tutorId, userId));
  const [holds] = await db
    .select({
      withdrawn:
        sql<number>`coalesce(sum(${invoices.amount}) filter (where ${invoices.status} = 'fulfilled'), 0)`.mapWith(
          Number,
        ),
      pending:
        sql<number>`coalesce(sum(${invoices.amount}) filter (where ${inArray(invoices.status, [...OPEN_INVOICE_STATUSES])}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), isNull(invoices.deletedAt)));
  return {
    earned: earnings?.earned ?? 0,
    upcoming: earnings?.upcoming ?? 0,
    withdrawn: holds?.withdrawn ?? 0,
    pending: holds?.pending ?? 0,
  };
}

/** Credited earnings per local day (Cairo) from `since` to `now`, for the chart. */
export async function findEarningsByDay(
  db: Executor,
  userId: number,
  since: Date,
  now: Date,
): Promise<Array<{ date: string; earned: number }>> {
  // The zone inlined (a constant): as a parameter, the select and the GROUP BY would differ.
  const zone = sql.raw(`'${PRODUCT_TIMEZONE}'`);
  const day = sql<string>`to_char((${lessons.endsAt} AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;
  return db
    .select({ date: day, earned: sql<number>`sum(${lessons.price})`.mapWith(Number) })
    .from(lessons)
    .where(and(eq(lessons.tutorId, userId), gte(lessons.endsAt, since), credited(now)))
    .groupBy(day)
    .orderBy(day);
}

// ---------------------------------------------------------------------------------------------------
// Invoices

export async function insertInvoice(db: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row!;
}

/** A live (not deleted) invoice. */
export async function findInvoiceRow(db: Executor, id: number): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A live invoice, locked until the transaction ends: its moves run one at a time. */
export async function lockInvoice(db: Executor, id: number): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateInvoiceRow(db: Executor, id: number, patch: InvoicePatch): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ updatedAt: sql`now()`, ...patch })
    .where(eq(invoices.id, id))
    .returning();
  return row!;
}

/** The record of one change. */
export async function insertInvoiceEvent(
  db: Executor,
  values: {
    invoiceId: number;
    actorId: number;
    action: InvoiceEventAction;
    fromStatus: InvoiceStatus | null;
    toStatus: InvoiceStatus;
    data?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(invoiceEvents).values({ ...values, data: values.data ?? null });
}

const addressed = alias(users, 'addressed');

const view = {
  invoice: invoices,
  receiver: { id: users.id, name: users.name, image: users.image, email: users.email },
  addressedBy: { id: addressed.id, name: addressed.name, image: addressed.image },
};

function selectViews(db: Executor) {
  return db
    .select(view)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(addressed, eq(addressed.id, invoices.addressedBy));
}

/** An invoice with its tutor and the staff member who last acted on it, deleted ones included. */
export async function findInvoiceView(db: Executor, id: number): Promise<InvoiceViewRow | null> {
  const [row] = await selectViews(db).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export type InvoiceFilter = {
  userId?: number | undefined;
  status?: readonly InvoiceStatus[] | undefined;
  method?: WithdrawMethodType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** A page of live invoices, newest first. */
export async function findInvoiceViews(
  db: Executor,
  filter: InvoiceFilter,
  page: { page: number; size: number },
): Promise<{ rows: InvoiceViewRow[]; total: number }> {
  const conditions: SQL[] = [isNull(invoices.deletedAt)];
  if (filter.userId !== undefined) {
    conditions.push(eq(invoices.userId, filter.userId));
  }
  if (filter.status !== undefined) {
    conditions.push(inArray(invoices.status, [...filter.status]));
  }
  if (filter.method !== undefined) {
    conditions.push(eq(invoices.method, filter.method));
  }
  if (filter.from !== undefined) {
    conditions.push(gte(invoices.createdAt, filter.from));
  }
  if (filter.to !== undefined) {
    conditions.push(lt(invoices.createdAt, filter.to));
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { rows: rows as InvoiceViewRow[], total: totals?.total ?? 0 };
}
