import { AppError, type Interval } from '@hiwar/domain';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Executor, isConstraintViolation } from '../../db/client.ts';
import { availabilitySlots } from '../../db/schema.ts';

export type SlotRow = typeof availabilitySlots.$inferSelect;

/** Windows that were not deleted. */
const live = isNull(availabilitySlots.deletedAt);

/** A tutor's live windows starting in [from, to), by start. */
export async function findSlots(db: Executor, tutorId: number, range: Interval): Promise<SlotRow[]> {
  return db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.tutorId, tutorId),
        live,
        gte(availabilitySlots.startsAt, range.start),
        lt(availabilitySlots.startsAt, range.end),
      ),
    )
    .orderBy(asc(availabilitySlots.startsAt));
}

/** A tutor's live windows overlapping [from, to), by start. */
export async function findSlotsOverlapping(
  db: Executor,
  tutorId: number,
  range: Interval,
): Promise<SlotRow[]> {
  return db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.tutorId, tutorId),
        live,
        lt(availabilitySlots.startsAt, range.end),
        gt(availabilitySlots.endsAt, range.start),
      ),
    )
    .orderBy(asc(availabilitySlots.startsAt));
}

/** Live windows of many tutors overlapping [from, to), grouped by tutor (tutors list). */
export async function findSlotsOfTutors(
  db: Executor,
  tutorIds: readonly number[],
  range: Interval,
): Promise<Map<number, Interval[]>> {
  const byTutor = new Map<number, Interval[]>();
  if (tutorIds.length === 0) {
    return byTutor;
  }
  const rows = await db
    .select({
      tutorId: availabilitySlots.tutorId,
      start: availabilitySlots.startsAt,
      end: availabilitySlots.endsAt,
    })
    .from(availabilitySlots)
    .where(
      and(
        inArray(availabilitySlots.tutorId, [...tutorIds]),
        live,
        lt(availabilitySlots.startsAt, range.end),
        gt(availabilitySlots.endsAt, range.start),
      ),
    )
    .orderBy(asc(availabilitySlots.startsAt));
  for (const row of rows) {
    const list = byTutor.get(row.tutorId) ?? [];
    list.push({ start: row.start, end: row.end });
    byTutor.set(row.tutorId, list);
  }
  return byTutor;
}

/**
 * The live window of the tutor holding the whole of `lesson` (the named one when `slotId` is given),
 * share-locked until the transaction ends: a schedule change deleting or shrinking it waits for the
 * booking to commit, and sees its lesson.
 */
export async function lockSlotHolding(
  db: Executor,
  tutorId: number,
  lesson: Interval,
  slotId?: number,
): Promise<SlotRow | null> {
  const [row] = await db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.tutorId, tutorId),
        live,
        lte(availabilitySlots.startsAt, lesson.start),
        gte(availabilitySlots.endsAt, lesson.end),
        slotId === undefined ? undefined : eq(availabilitySlots.id, slotId),
      ),
    )
    .limit(1)
    .for('share');
  return row ?? null;
}

/**
 * The windows a schedule change may touch, locked for update before the lessons are read: the
 * tutor's live windows not ended at `now`, and any named by id.
 */
export async function lockSlotsForChange(
  db: Executor,
  tutorId: number,
  now: Date,
  ids: readonly number[],
): Promise<SlotRow[]> {
  return db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.tutorId, tutorId),
        live,
        ids.length > 0
          ? or(gt(availabilitySlots.endsAt, now), inArray(availabilitySlots.id, [...ids]))
          : gt(availabilitySlots.endsAt, now),
      ),
    )
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

export type SlotWrites = {
  create: readonly Interval[];
  update: ReadonlyArray<Interval & { id: number }>;
  delete: readonly number[];
};

/**
 * Applies one save in the caller's transaction. The no-overlap constraint is deferred to the commit,
 * so windows may trade places within one save; an overlap left at the end is `conflicting-schedule`
 * (raised when `checkDeferred` runs it).
 */
export async function writeSlots(db: Executor, tutorId: number, writes: SlotWrites): Promise<number[]> {
  await db.execute(sql`SET CONSTRAINTS availability_slots_no_overlap DEFERRED`);
  if (writes.delete.length > 0) {
    await db
      .update(availabilitySlots)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(availabilitySlots.tutorId, tutorId), inArray(availabilitySlots.id, [...writes.delete])));
  }
  for (const slot of writes.update) {
    await db
      .update(availabilitySlots)
      .set({ startsAt: slot.start, endsAt: slot.end, updatedAt: sql`now()` })
      .where(and(eq(availabilitySlots.tutorId, tutorId), eq(availabilitySlots.id, slot.id)));
  }
  let created: number[] = [];
  if (writes.create.length > 0) {
    const rows = await db
      .insert(availabilitySlots)
      .values(writes.create.map((slot) => ({ tutorId, startsAt: slot.start, endsAt: slot.end })))
      .returning({ id: availabilitySlots.id });
    created = rows.map((row) => row.id);
  }
  await checkDeferred(db);
  return created;
}

/** Runs the deferred no-overlap check now, inside the transaction, to answer with its code. */
async function checkDeferred(db: Executor): Promise<void> {
  try {
    await db.execute(sql`SET CONSTRAINTS availability_slots_no_overlap IMMEDIATE`);
  } catch (error) {
    if (isConstraintViolation(error, 'availability_slots_no_overlap')) {
      throw new AppError('conflicting-schedule', { cause: error });
    }
    throw error;
  }
}
