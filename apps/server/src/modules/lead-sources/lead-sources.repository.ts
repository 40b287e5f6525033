import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { unknownLeadSourceVisits as visits } from '../../db/schema.ts';

/** One name's visits on one Cairo day. */
export type UnknownVisitRow = typeof visits.$inferSelect;

/** What recording a visit did: counted it, or left it out because the day has its names already. */
export type RecordOutcome = 'counted' | 'day-full';

/**
 * One more visit to the unknown link `name` on Cairo day `day`. A name the day has is counted at once;
 * a new one only while the day holds fewer than `namesPerDay` names, decided under a transaction lock
 * so concurrent visits cannot add more. Adding a name also deletes the days before `keepFrom`.
 */
export async function recordUnknownVisit(
  db: Database,
  visit: { name: string; day: string; at: Date },
  limits: { namesPerDay: number; keepFrom: string },
): Promise<RecordOutcome> {
  const countExisting = async (tx: Executor) =>
    (
      await tx
        .update(visits)
        .set({ visits: sql`${visits.visits} + 1`, lastVisitAt: visit.at })
        .where(and(eq(visits.name, visit.name), eq(visits.day, visit.day)))
        .returning({ name: visits.name })
    ).length > 0;

  if (await countExisting(db)) {
    return 'counted';
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('unknown_lead_source_visits'))`);
    // Another visit may have added the name while this one waited for the lock.
    if (await countExisting(tx)) {
      return 'counted';
    }
    const [held] = await tx
      .select({ names: sql<number>`count(*)::int` })
      .from(visits)
      .where(eq(visits.day, visit.day));
    if ((held?.names ?? 0) >= limits.namesPerDay) {
      return 'day-full';
    }
    await tx.insert(visits).values({ name: visit.name, day: visit.day, visits: 1, lastVisitAt: visit.at });
    await tx.delete(visits).where(lt(visits.day, limits.keepFrom));
    return 'counted';
  });
}

/** Every name's visits from Cairo day `from` on (at most `namesPerDay` rows a day), oldest day first. */
export function findUnknownVisits(db: Database, from: string): Promise<UnknownVisitRow[]> {
  return db.select().from(visits).where(gte(visits.day, from)).orderBy(asc(visits.day), asc(visits.name));
}
