import type { InstallmentReminderKind } from '@hiwar/domain';
import { and, eq, exists, gt, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  installmentPlans,
  installmentReminders,
  installments,
  subscriptions,
  users,
} from '../../db/schema.ts';

/** An unpaid installment the reminder job looks at, with what the reminder needs of its student. */
export type ReminderCandidate = {
  id: number;
  installmentPlanId: number;
  index: number;
  count: number;
  amount: number;
  dueAt: Date;
  paidAt: Date | null;
  user: { id: number; email: string; name: string | null; timezone: string };
};

/**
 * The installments a reminder may be due for at `now`: of each installment plan whose subscription is
 * live (not ended, not over), the first unpaid installment (the one the student can pay next), once it
 * is due before `horizon`, unless its last reminder (`paused`) went out already.
 */
export async function findReminderCandidates(
  db: Executor,
  now: Date,
  horizon: Date,
): Promise<ReminderCandidate[]> {
  const earlier = alias(installments, 'earlier');
  const rows = await db
    .select({
      installment: installments,
      count: installmentPlans.count,
      user: { id: users.id, email: users.email, name: users.name, timezone: users.timezone },
    })
    .from(installments)
    .innerJoin(installmentPlans, eq(installmentPlans.id, installments.installmentPlanId))
    .innerJoin(users, eq(users.id, installmentPlans.userId))
    .where(
      and(
        isNull(installments.paidAt),
        lte(installments.dueAt, horizon),
        exists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.installmentPlanId, installmentPlans.id),
                isNull(subscriptions.endedAt),
                gt(subscriptions.endsAt, now),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.installmentPlanId, installments.installmentPlanId),
                isNull(earlier.paidAt),
                lt(earlier.index, installments.index),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(installmentReminders)
            .where(
              and(
                eq(installmentReminders.installmentId, installments.id),
                eq(installmentReminders.kind, 'paused'),
              ),
            ),
        ),
      ),
    )
    .orderBy(installments.dueAt, installments.id);
  return rows.map((row) => ({ ...row.installment, count: row.count, user: row.user }));
}

/**
 * Claims the right to send one reminder: inserts (installment, kind) unless it is there already.
 * True for exactly one caller however many race; a concurrent claimer waits until this transaction
 * ends, and gets the claim only if it rolled back (the send failed).
 */
export async function claimReminder(
  db: Executor,
  installmentId: number,
  kind: InstallmentReminderKind,
): Promise<boolean> {
  const rows = await db
    .insert(installmentReminders)
    .values({ installmentId, kind })
    .onConflictDoNothing()
    .returning({ installmentId: installmentReminders.installmentId });
  return rows.length > 0;
}

/** The reminders sent about an installment, oldest first. */
export async function findSentReminders(db: Executor, installmentId: number) {
  return db
    .select()
    .from(installmentReminders)
    .where(eq(installmentReminders.installmentId, installmentId))
    .orderBy(installmentReminders.sentAt);
}
