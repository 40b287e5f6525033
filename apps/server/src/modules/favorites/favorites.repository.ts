import { Role } from '@hiwar/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { favoriteTutors, lessons, tutors, users } from '../../db/schema.ts';
import type { TutorRow, UserRow } from '../users/users.repository.ts';

/**
 * Holds the student's row (`FOR NO KEY UPDATE`) until the transaction ends: one change to their
 * favourites at a time, so the limit is counted right under concurrent saves. Bookings, which only
 * reference the row, are not held up.
 */
export async function lockFavoritesOf(db: Executor, studentId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, studentId)).for('no key update');
}

export async function hasFavorite(db: Executor, studentId: number, tutorId: number): Promise<boolean> {
  const [row] = await db
    .select({ tutorId: favoriteTutors.tutorId })
    .from(favoriteTutors)
    .where(and(eq(favoriteTutors.studentId, studentId), eq(favoriteTutors.tutorId, tutorId)))
    .limit(1);
  return row !== undefined;
}

export async function countFavorites(db: Executor, studentId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(favoriteTutors)
    .where(eq(favoriteTutors.studentId, studentId));
  return row?.total ?? 0;
}

/**
 * Saves the pair at `now` (the app's clock, which "my tutors" orders by with the lessons' times);
 * saving it again changes nothing (the primary key settles a race).
 */
export async function insertFavorite(
  db: Executor,
  values: { studentId: number; tutorId: number; now: Date },
): Promise<void> {
  await db
    .insert(favoriteTutors)
    .values({ studentId: values.studentId, tutorId: values.tutorId, createdAt: values.now })
    .onConflictDoNothing();
}

/** Removes the pair, if saved. */
export async function deleteFavorite(db: Executor, studentId: number, tutorId: number): Promise<void> {
  await db
    .delete(favoriteTutors)
    .where(and(eq(favoriteTutors.studentId, studentId), eq(favoriteTutors.tutorId, tutorId)));
}

/** The tutors the student saved, newest first, at most `limit`. */
export async function findFavoriteTutorIds(
  db: Executor,
  studentId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ tutorId: favoriteTutors.tutorId })
    .from(favoriteTutors)
    .where(eq(favoriteTutors.studentId, studentId))
    .orderBy(desc(favoriteTutors.createdAt), desc(favoriteTutors.tutorId))
    .limit(limit);
  return rows.map((row) => row.tutorId);
}

/** A tutor of the student's "my tutors" list, with when they saved them and their lessons together. */
export type MyTutorRow = {
  user: UserRow;
  tutor: TutorRow;
  savedAt: Date | null;
  lastLessonAt: Date | null;
  nextLessonAt: Date | null;
};

/**
 * A page of the student's tutors: the ones they saved and, unless `favoritesOnly`, the ones they had a
 * lesson with that was not cancelled (given, happening or to come). Tutors with a lesson to come first
 * (soonest first), then by the latest of their last lesson and the saving, newest first. Users who are
 * no longer Tutors or TutorManagers are left out.
 */
export async function findMyTutorRows(
  db: Executor,
  query: { studentId: number; now: Date; favoritesOnly: boolean; page: number; size: number },
): Promise<{ rows: MyTutorRow[]; total: number }> {
  const { studentId, now } = query;
  const saved = db
    .$with('saved')
    .as(
      db
        .select({ tutorId: favoriteTutors.tutorId, savedAt: favoriteTutors.createdAt })
        .from(favoriteTutors)
        .where(eq(favoriteTutors.studentId, studentId)),
    );
  // Through `lessons_student_idx`: the student's lessons, grouped by tutor.
  const partners = db.$with('partners').as(
    db
      .select({
        tutorId: lessons.tutorId,
        lastLessonAt: sql`max(${lessons.startsAt}) FILTER (WHERE ${lessons.endsAt} <= ${now})`
          .mapWith(lessons.startsAt)
          .as('last_lesson_at'),
        nextLessonAt: sql`min(${lessons.startsAt}) FILTER (WHERE ${lessons.endsAt} > ${now})`
          .mapWith(lessons.startsAt)
          .as('next_lesson_at'),
      })
      .from(lessons)
      .where(and(eq(lessons.studentId, studentId), isNull(lessons.canceledAt)))
      .groupBy(lessons.tutorId),
  );
  const tutorId: SQL = sql`coalesce(${saved.tutorId}, ${partners.tutorId})`;
  const where = and(
    inArray(users.role, [Role.Tutor, Role.TutorManager]),
    query.favoritesOnly ? isNotNull(saved.tutorId) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .with(saved, partners)
      .select({
        user: users,
        tutor: tutors,
        savedAt: saved.savedAt,
        lastLessonAt: partners.lastLessonAt,
        nextLessonAt: partners.nextLessonAt,
      })
      .from(saved)
      .fullJoin(partners, eq(partners.tutorId, saved.tutorId))
      .innerJoin(users, eq(users.id, tutorId))
      .innerJoin(tutors, eq(tutors.userId, users.id))
      .where(where)
      .orderBy(
        sql`${partners.nextLessonAt} ASC NULLS LAST`,
        sql`greatest(${partners.lastLessonAt}, ${saved.savedAt}) DESC NULLS LAST`,
        asc(users.id),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .with(saved, partners)
      .select({ total: count() })
      .from(saved)
      .fullJoin(partners, eq(partners.tutorId, saved.tutorId))
      .innerJoin(users, eq(users.id, tutorId))
      .innerJoin(tutors, eq(tutors.userId, users.id))
      .where(where),
  ]);
  return {
    rows: rows.flatMap((row) =>
      row.user && row.tutor
        ? [
            {
              user: row.user,
              tutor: row.tutor,
              savedAt: row.savedAt ?? null,
              lastLessonAt: row.lastLessonAt ?? null,
              nextLessonAt: row.nextLessonAt ?? null,
            },
          ]
        : [],
    ),
    total: totals?.total ?? 0,
  };
}
