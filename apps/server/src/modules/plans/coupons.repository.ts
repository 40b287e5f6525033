import { AppError } from '@hiwar/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, escapeLike, isConstraintViolation, isUniqueViolation } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';

export type CouponRow = typeof coupons.$inferSelect;

type Page = { page: number; size: number };

export type NewCoupon = typeof coupons.$inferInsert;
export type CouponPatch = Partial<Pick<NewCoupon, 'code' | 'discount' | 'expiresAt' | 'usageLimit'>>;

function couponConflict(error: unknown): never {
  if (isUniqueViolation(error, 'coupons_code_live_unique')) {
    throw new AppError('coupon-exists', { cause: error });
  }
  throw error;
}

export async function insertCoupon(db: Executor, values: NewCoupon): Promise<CouponRow> {
  try {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  } catch (error) {
    couponConflict(error);
  }
}

export async function findCoupon(db: Executor, id: number): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Updates a coupon. A usage limit below the uses so far violates the table's check and answers
 * `bad-request`; a code taken by another live coupon answers `coupon-exists`.
 */
export async function updateCouponRow(
  db: Executor,
  id: number,
  patch: CouponPatch,
): Promise<CouponRow | null> {
  try {
    const [row] = await db
      .update(coupons)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isConstraintViolation(error, 'coupons_uses_check')) {
      throw new AppError('bad-request', {
        message: 'The usage limit is below the uses so far',
        cause: error,
      });
    }
    couponConflict(error);
  }
}

export async function deleteCouponRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function findCouponRows(
  db: Executor,
  filter: { search?: string | undefined },
  page: Page,
): Promise<{ rows: CouponRow[]; total: number }> {
  const where = and(
    isNull(coupons.deletedAt),
    filter.search ? sql`${coupons.code} ILIKE ${`%${escapeLike(filter.search)}%`}` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Takes one use of a live, unexpired coupon, atomically: under concurrent checkouts the usage limit
 * cannot be exceeded. Null when the coupon is gone, expired or used up (the caller tells which).
 */
export async function takeCouponUse(db: Executor, id: number): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        isNull(coupons.deletedAt),
        sql`${coupons.expiresAt} > now()`,
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.uses} < ${coupons.usageLimit})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives back the use a purchase took (it was cancelled, expired or failed). */
export async function releaseCouponUse(db: Executor, id: number): Promise<void> {
  await db
    .update(coupons)
    .set({ uses: sql`GREATEST(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, id));
}
