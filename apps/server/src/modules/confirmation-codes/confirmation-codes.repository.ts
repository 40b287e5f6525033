import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { confirmationCodes } from '../../db/schema.ts';

export type ConfirmationCodeRow = typeof confirmationCodes.$inferSelect;

/** How many codes of these kinds the user was sent since `since` (voided and used ones count). */
export async function countCodesSince(
  db: Executor,
  userId: number,
  kinds: readonly number[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(confirmationCodes)
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        inArray(confirmationCodes.kind, [...kinds]),
        gte(confirmationCodes.createdAt, since),
      ),
    );
  return row?.total ?? 0;
}

/** The most recent code of these kinds that was neither used nor replaced, locked for update. */
export async function lockLatestOpenCode(
  db: Executor,
  userId: number,
  kinds: readonly number[],
): Promise<ConfirmationCodeRow | null> {
  const [row] = await db
    .select()
    .from(confirmationCodes)
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        inArray(confirmationCodes.kind, [...kinds]),
        isNull(confirmationCodes.consumedAt),
        isNull(confirmationCodes.voidedAt),
      ),
    )
    .orderBy(desc(confirmationCodes.id))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Voids every open code of these kinds: issuing a new one, or a code's purpose was met another way. */
export async function voidOpenCodes(db: Executor, userId: number, kinds: readonly number[]): Promise<void> {
  await db
    .update(confirmationCodes)
    .set({ voidedAt: sql`now()` })
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        inArray(confirmationCodes.kind, [...kinds]),
        isNull(confirmationCodes.consumedAt),
        isNull(confirmationCodes.voidedAt),
      ),
    );
}

export async function insertCode(
  db: Executor,
  values: { userId: number; kind: number; codeHash: string; target: string; expiresAt: Date },
): Promise<ConfirmationCodeRow> {
  const [row] = await db.insert(confirmationCodes).values(values).returning();
  return row!;
}

export async function recordWrongAttempt(db: Executor, id: number): Promise<void> {
  await db
    .update(confirmationCodes)
    .set({ attempts: sql`${confirmationCodes.attempts} + 1` })
    .where(eq(confirmationCodes.id, id));
}

export async function markCodeConsumed(db: Executor, id: number): Promise<void> {
  await db.update(confirmationCodes).set({ consumedAt: sql`now()` }).where(eq(confirmationCodes.id, id));
}

export async function markCodeVoided(db: Executor, id: number): Promise<void> {
  await db.update(confirmationCodes).set({ voidedAt: sql`now()` }).where(eq(confirmationCodes.id, id));
}
