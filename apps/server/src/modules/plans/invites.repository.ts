import { AppError } from '@hiwar/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Executor, escapeLike, isUniqueViolation } from '../../db/client.ts';
import { invites } from '../../db/schema.ts';

export type InviteRow = typeof invites.$inferSelect;

type Page = { page: number; size: number };

export type NewInvite = typeof invites.$inferInsert;

function inviteConflict(error: unknown): never {
  if (isUniqueViolation(error, 'invites_email_plan_unique')) {
    throw new AppError('invite-exists', { cause: error });
  }
  throw error;
}

export async function insertInvite(db: Executor, values: NewInvite): Promise<InviteRow> {
  try {
    const [row] = await db.insert(invites).values(values).returning();
    return row!;
  } catch (error) {
    inviteConflict(error);
  }
}

export async function findInvite(db: Executor, id: number): Promise<InviteRow | null> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id)).limit(1);
  return row ?? null;
}

export async function updateInviteRow(
  db: Executor,
  id: number,
  patch: Partial<Pick<NewInvite, 'email' | 'planId'>>,
): Promise<InviteRow | null> {
  try {
    const [row] = await db
      .update(invites)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(invites.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    inviteConflict(error);
  }
}

export async function deleteInviteRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(invites).where(eq(invites.id, id)).returning({ id: invites.id });
  return rows.length > 0;
}

export async function findInviteRows(
  db: Executor,
  filter: { planId?: number | undefined; search?: string | undefined },
  page: Page,
): Promise<{ rows: InviteRow[]; total: number }> {
  const where = and(
    filter.planId !== undefined ? eq(invites.planId, filter.planId) : undefined,
    filter.search ? sql`${invites.email} ILIKE ${`%${escapeLike(filter.search)}%`}` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(invites)
      .where(where)
      .orderBy(desc(invites.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(invites).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
