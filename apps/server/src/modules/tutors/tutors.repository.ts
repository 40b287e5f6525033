import { Role } from '@hiwar/domain';
import { and, count, countDistinct, eq, gt, gte, inArray, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import { type Executor, escapeLike } from '../../db/client.ts';
import { lessons, ratings, topics, tutors, users, userTopics } from '../../db/schema.ts';
import type { TutorRow, UserRow } from '../users/users.repository.ts';

export type TutorUserRow = { user: UserRow; tutor: TutorRow };

/**
 * Tutors and TutorManagers who may be listed: activated ones (the rest of `isTutorListed` is checked
 * on the rows).
 */
export async function findListingCandidates(db: Executor): Promise<TutorUserRow[]> {
  return db
    .select({ user: users, tutor: tutors })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(and(inArray(users.role, [Role.Tutor, Role.TutorManager]), eq(tutors.activated, true)));
}

/** Per tutor: lessons given by `now` (ended, not cancelled), their minutes and the students taught. */
export type GivenLessons = { lessons: number; minutes: number; students: number };

export async function countGivenLessons(
  db: Executor,
  tutorIds: readonly number[],
  now: Date,
): Promise<Map<number, GivenLessons>> {
  const byTutor = new Map<number, GivenLessons>();
  if (tutorIds.length === 0) {
    return byTutor;
  }
  const rows = await db
    .select({
      tutorId: lessons.tutorId,
      lessons: count(),
      minutes: sum(lessons.duration).mapWith(Number),
      students: countDistinct(lessons.studentId),
    })
    .from(lessons)
    .where(and(inArray(lessons.tutorId, [...tutorIds]), isNull(lessons.canceledAt), lte(lessons.endsAt, now)))
    .groupBy(lessons.tutorId);
  for (const row of rows) {
    byTutor.set(row.tutorId, { lessons: row.lessons, minutes: row.minutes ?? 0, students: row.students });
  }
  return byTutor;
}

/** Word similarity at or above this (pg_trgm, 0–1) counts as a match besides a plain substring. */
const SIMILARITY = 0.4;

/**
 * The tutors among `ids` matching `search` in their name (Arabic or Latin), bio or topic names
 * (Arabic or English): a case-insensitive substring, or a close spelling by trigram word similarity
 * (architecture §3 "Search").
 */
export async function searchTutors(
  db: Executor,
  search: string,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const pattern = `%${escapeLike(search)}%`;
  const matches = (column: unknown) =>
    sql`(${column} ILIKE ${pattern} OR word_similarity(${search}, ${column}) >= ${SIMILARITY})`;
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(tutors, eq(tutors.userId, users.id))
    .leftJoin(userTopics, eq(userTopics.userId, users.id))
    .leftJoin(topics, eq(topics.id, userTopics.topicId))
    .where(
      and(
        inArray(users.id, [...ids]),
        sql`(${matches(users.name)} OR ${tutors.bio} ILIKE ${pattern} OR ${matches(sql`${topics.nameAr}::text`)} OR ${matches(sql`${topics.nameEn}::text`)})`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A member's lessons by state at `now`, for the dashboards. */
export type LessonTally = {
  given: number;
  minutes: number;
  partners: number;
  upcoming: number;
  canceledByTutor: number;
  canceledByStudent: number;
  canceled: number;
  lateCancellations: number;
  earnings: number;
  earningsSince: number;
};

/**
 * Counts a tutor's (`tutorId`) or a student's (`studentId`) lessons at `now`: given ones, their
 * minutes, the other members met, upcoming, cancellations, and the earnings of lessons given (in
 * total and since `since`).
 */
export async function tallyLessons(
  db: Executor,
  member: { tutorId: number } | { studentId: number },
  now: Date,
  since: Date,
): Promise<LessonTally> {
  const isTutor = 'tutorId' in member;
  const own = isTutor ? eq(lessons.tutorId, member.tutorId) : eq(lessons.studentId, member.studentId);
  const partner = isTutor ? lessons.studentId : lessons.tutorId;
  const given = sql`${lessons.canceledAt} IS NULL AND ${lessons.endsAt} <= ${now}`;
  const [row] = await db
    .select({
      given: sql<number>`count(*) FILTER (WHERE ${given})`.mapWith(Number),
      minutes: sql<number>`coalesce(sum(${lessons.duration}) FILTER (WHERE ${given}), 0)`.mapWith(Number),
      partners: sql<number>`count(DISTINCT ${partner}) FILTER (WHERE ${given})`.mapWith(Number),
      upcoming:
        sql<number>`count(*) FILTER (WHERE ${lessons.canceledAt} IS NULL AND ${lessons.endsAt} > ${now})`.mapWith(
          Number,
        ),
      canceledByTutor: sql<number>`count(*) FILTER (WHERE ${lessons.canceledBy} = 'tutor')`.mapWith(Number),
      canceledByStudent: sql<number>`count(*) FILTER (WHERE ${lessons.canceledBy} = 'student')`.mapWith(
        Number,
      ),
      canceled: sql<number>`count(*) FILTER (WHERE ${lessons.canceledAt} IS NOT NULL)`.mapWith(Number),
      lateCancellations:
        sql<number>`count(*) FILTER (WHERE ${lessons.canceledBy} = 'student' AND ${lessons.minutesReturned} = false)`.mapWith(
          Number,
        ),
      earnings: sql<number>`coalesce(sum(${lessons.price}) FILTER (WHERE ${given}), 0)`.mapWith(Number),
      earningsSince:
        sql<number>`coalesce(sum(${lessons.price}) FILTER (WHERE ${given} AND ${lessons.endsAt} >= ${since}), 0)`.mapWith(
          Number,
        ),
    })
    .from(lessons)
    .where(own);
  return row!;
}

/** The next live lesson of a member that has not ended at `now`. */
export async function findNextLessonId(
  db: Executor,
  member: { tutorId: number } | { studentId: number },
  now: Date,
): Promise<number | null> {
  const own =
    'tutorId' in member ? eq(lessons.tutorId, member.tutorId) : eq(lessons.studentId, member.studentId);
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(own, isNull(lessons.canceledAt), gt(lessons.endsAt, now)))
    .orderBy(lessons.startsAt)
    .limit(1);
  return row?.id ?? null;
}

/** A tutor's lessons given in [from, to), per local date of their start in `timeZone`. */
export async function givenLessonsByDate(
  db: Executor,
  tutorId: number,
  range: { start: Date; end: Date },
  now: Date,
  timeZone: string,
): Promise<Array<{ date: string; lessons: number; minutes: number }>> {
  const date = sql<string>`to_char(${lessons.startsAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ date, lessons: count(), minutes: sum(lessons.duration).mapWith(Number) })
      .from(lessons)
      .where(
        and(
          eq(lessons.tutorId, tutorId),
          isNull(lessons.canceledAt),
          lte(lessons.endsAt, now),
          gte(lessons.startsAt, range.start),
          lt(lessons.startsAt, range.end),
        ),
      )
      // By position: the zone is a parameter, and a repeated parameter is not the same GROUP BY expression.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

/** When the tutor's last lesson given started, or null. */
export async function lastGivenLessonAt(db: Executor, tutorId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ start: lessons.startsAt })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutorId), isNull(lessons.canceledAt), lte(lessons.endsAt, now)))
    .orderBy(sql`${lessons.startsAt} DESC`)
    .limit(1);
  return row?.start ?? null;
}

export async function countRatingsGiven(db: Executor, raterId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(ratings).where(eq(ratings.raterId, raterId));
  return row?.total ?? 0;
}
