import { AppError } from '@hiwar/domain';
import { and, count, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation } from '../../db/client.ts';
import { lessons, ratings, users } from '../../db/schema.ts';

export type RatingRow = typeof ratings.$inferSelect;
export type RatingViewRow = RatingRow & { rater: { id: number; name: string | null; image: string | null } };

/** One rating per (rater, ratee): a second is `rating-exists` (edit the first instead). */
export async function insertRating(
  db: Executor,
  values: Pick<typeof ratings.$inferInsert, 'raterId' | 'rateeId' | 'value' | 'text'>,
): Promise<RatingRow> {
  try {
    const [row] = await db.insert(ratings).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'ratings_rater_ratee_unique')) {
      throw new AppError('rating-exists', { cause: error });
    }
    throw error;
  }
}

export async function findRating(db: Executor, id: number): Promise<RatingRow | null> {
  const [row] = await db.select().from(ratings).where(eq(ratings.id, id)).limit(1);
  return row ?? null;
}

export async function updateRatingRow(
  db: Executor,
  id: number,
  patch: { value?: number | undefined; text?: string | null | undefined },
): Promise<RatingRow | null> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(ratings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(ratings.id, id))
    .returning();
  return row ?? null;
}

export async function deleteRatingRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(ratings).where(eq(ratings.id, id)).returning({ id: ratings.id });
  return rows.length > 0;
}

export async function hasRated(db: Executor, raterId: number, rateeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.raterId, raterId), eq(ratings.rateeId, rateeId)))
    .limit(1);
  return row !== undefined;
}

/** Lessons the student had with the tutor that were given (ended by `now`, not cancelled). */
export async function countFulfilledLessons(
  db: Executor,
  studentId: number,
  tutorId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        eq(lessons.tutorId, tutorId),
        isNull(lessons.canceledAt),
        lte(lessons.endsAt, now),
      ),
    );
  return row?.total ?? 0;
}

const view = {
  id: ratings.id,
  raterId: ratings.raterId,
  rateeId: ratings.rateeId,
  value: ratings.value,
  text: ratings.text,
  createdAt: ratings.createdAt,
  updatedAt: ratings.updatedAt,
  rater: { id: users.id, name: users.name, image: users.image },
};

export async function findRatingView(db: Executor, id: number): Promise<RatingViewRow | null> {
  const [row] = await db
    .select(view)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(eq(ratings.id, id))
    .limit(1);
  return row ?? null;
}

/** A page of ratings, newest first. */
export async function findRatingRows(
  db: Executor,
  filter: { raterId?: number; rateeId?: number },
  page: { page: number; size: number },
): Promise<{ rows: RatingViewRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.raterId !== undefined) {
    conditions.push(eq(ratings.raterId, filter.raterId));
  }
  if (filter.rateeId !== undefined) {
    conditions.push(eq(ratings.rateeId, filter.rateeId));
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(view)
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.raterId))
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(ratings).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
