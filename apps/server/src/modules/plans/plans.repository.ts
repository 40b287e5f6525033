import { and, count, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invites, plans } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanPatch = Partial<Omit<NewPlan, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>>;

type Page = { page: number; size: number };

export async function insertPlan(db: Executor, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

/** A plan that was not deleted, or null; `lock` holds its row until the transaction ends. */
export async function findPlan(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PlanRow | null> {
  const query = db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updatePlanRow(db: Executor, id: number, patch: PlanPatch): Promise<PlanRow | null> {
  const [row] = await db
    .update(plans)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .returning();
  return row ?? null;
}

/** Marks the plan deleted (it stays referenced by what was bought); false when there was none. */
export async function deletePlanRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ deletedAt: sql`now()`, active: false, updatedAt: sql`now()` })
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .returning({ id: plans.id });
  return rows.length > 0;
}

export type PlanVisibility =
  /** Staff: every plan, optionally filtered. */
  | { kind: 'all'; active?: boolean | undefined; forInvitesOnly?: boolean | undefined }
  /** Everyone else: active plans open to all, plus invite-only ones invited to `email`. */
  | { kind: 'public'; email: string | null };

function visibilityCondition(visibility: PlanVisibility): SQL | undefined {
  if (visibility.kind === 'all') {
    const conditions: SQL[] = [];
    if (visibility.active !== undefined) {
      conditions.push(eq(plans.active, visibility.active));
    }
    if (visibility.forInvitesOnly !== undefined) {
      conditions.push(eq(plans.forInvitesOnly, visibility.forInvitesOnly));
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }
  const invited = visibility.email
    ? exists(
        sql`(SELECT 1 FROM ${invites} WHERE ${invites.planId} = ${plans.id} AND ${invites.email} = ${visibility.email})`,
      )
    : undefined;
  return and(
    eq(plans.active, true),
    invited ? or(eq(plans.forInvitesOnly, false), invited) : eq(plans.forInvitesOnly, false),
  );
}

/** Whether `email` holds an invite to the plan. */
export async function hasInvite(db: Executor, planId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.planId, planId), eq(invites.email, email)))
    .limit(1);
  return Boolean(row);
}

/** A page of plans that were not deleted, by weekly minutes then id, with the total. */
export async function findPlanRows(
  db: Executor,
  visibility: PlanVisibility,
  page: Page,
): Promise<{ rows: PlanRow[]; total: number }> {
  const where = and(isNull(plans.deletedAt), visibilityCondition(visibility));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(plans.weeklyMinutes, plans.id)
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
