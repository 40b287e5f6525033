import { Role } from '@hiwar/domain';
import {
  and,
  count,
  countDistinct,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { type Database, type Executor, pipelinedTransaction } from '../../db/client.ts';
import {
  forceGenericPlans,
  type PreparedStatement,
  preparedStatement,
  runPrepared,
} from '../../db/prepared.ts';
import {
  availabilitySlots,
  calendarSpans,
  lessons,
  platformSettings,
  ratings,
  topics,
  tutors,
  users,
  userTopics,
} from '../../db/schema.ts';
import type { TutorRow, UserRow } from '../users/users.repository.ts';

export type TutorUserRow = { user: UserRow; tutor: TutorRow };

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

type DirectoryTopic = { id: number; nameAr: string; nameEn: string };

/**
 * An activated Tutor or TutorManager as the directory reads them: what `isTutorListed` checks, the
 * card's fields, lessons given and students taught by `now`, and the windows and busy spans
 * (lessons, interviews) reaching into [now, `until`) as `start,end,start,end…` in epoch milliseconds.
 */
export type DirectoryRow = {
  id: number;
  role: number;
  name: string | null;
  phone: string | null;
  city: number | null;
  gender: string | null;
  birthYear: number | null;
  image: string | null;
  verifiedEmail: boolean;
  verifiedPhone: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  bio: string | null;
  /**
   * Whether the about text has more than white space (`String.prototype.trim`'s): the rule asks no
   * more, and the texts themselves would be a fifth of everything read.
   */
  hasAbout: boolean;
  video: string | null;
  thumbnail: string | null;
  interviewSigned: boolean;
  notice: number;
  ratingSum: number;
  ratingCount: number;
  /** In the order the tutor added them: ids when every tutor is read (`DirectoryRead.topics` names them), whole topics for a few. */
  topicIds?: number[] | null;
  topics?: DirectoryTopic[] | null;
  lessons: number | null;
  students: number | null;
  /** `start,end,start,end…`, whole epoch milliseconds (`parseSpans`). */
  windows: string | null;
  busy: string | null;
};

/** What the directory statements read: lessons given by `now`, spans in [now, `until`), all tutors or `ids`. */
export type DirectoryReach = { now: Date; until: Date; ids?: readonly number[] };

/** Whole epoch milliseconds (as `Date` reads a timestamp: the microseconds dropped). */
const epochMs = (column: SQL) => sql`floor(date_part('epoch', ${column}) * 1000)::int8`;
const spanList = (start: SQL, end: SQL) => sql`string_agg(${epochMs(start)} || ',' || ${epochMs(end)}, ',')`;
const NOW = sql.placeholder('now');
const UNTIL = sql.placeholder('until');
const IDS = sql.placeholder('ids');
/** What `String.prototype.trim` removes: ECMAScript's white space and line terminators. */
const JS_WHITE_SPACE =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * The directory's statement: every activated tutor-like user (or only those in the `ids` array), with
 * their topics, lessons given, and windows and busy spans as text. Set-based: each part is one
 * grouped scan merged on the tutor, so a cold read of every tutor is a handful of scans (future
 * windows and busy spans through the `*_directory_idx` indexes of migration 0013, whatever the
 * history), and a refresh of a few tutors a few index lookups. Rows of plain columns, not one JSON
 * document: building JSON per window cost PostgreSQL more than the client saves parsing it.
 */
function directoryStatement(some: boolean): SQL {
  const only = (column: SQL) => (some ? sql`AND ${column} = ANY(${IDS}::int[])` : sql``);
  // Every tutor: topic ids (the names come once, with the settings); a few: the topics themselves.
  const topicColumn = some
    ? sql`(SELECT json_agg(json_build_object('id', tp.id, 'nameAr', tp.name_ar, 'nameEn', tp.name_en)
                    ORDER BY ut.created_at, tp.id)
             FROM ${userTopics} ut JOIN ${topics} tp ON tp.id = ut.topic_id WHERE ut.user_id = u.id) AS topics`
    : sql`tl.topic_ids AS "topicIds"`;
  const topicJoin = some
    ? sql``
    : sql`LEFT JOIN (
        SELECT ut.user_id, array_agg(ut.topic_id ORDER BY ut.created_at, ut.topic_id) AS topic_ids
          FROM ${userTopics} ut GROUP BY ut.user_id
      ) tl ON tl.user_id = u.id`;
  return sql`
    SELECT u.id, u.role, u.name, u.phone, u.city, u.gender, u.birth_year AS "birthYear", u.image,
           u.verified_email AS "verifiedEmail", u.verified_phone AS "verifiedPhone",
           date_part('epoch', u.created_at) * 1000 AS "createdAt", t.bio,
           coalesce(btrim(t.about, ${JS_WHITE_SPACE}) <> '', false) AS "hasAbout", t.video, t.thumbnail,
           t.interview_signed_at IS NOT NULL AS "interviewSigned", t.notice, t.rating_sum AS "ratingSum",
           t.rating_count AS "ratingCount", ${topicColumn}, g.lessons, g.students, w.spans AS windows,
           b.spans AS busy
      FROM ${tutors} t
      JOIN ${users} u ON u.id = t.user_id
      ${topicJoin}
      LEFT JOIN (
        SELECT l.tutor_id, count(*)::int AS lessons, count(DISTINCT l.student_id)::int AS students
          FROM ${lessons} l
          WHERE l.canceled_at IS NULL AND l.ends_at <= ${NOW} ${only(sql`l.tutor_id`)}
          GROUP BY l.tutor_id
      ) g ON g.tutor_id = u.id
      LEFT JOIN (
        SELECT s.tutor_id, ${spanList(sql`s.starts_at`, sql`s.ends_at`)} AS spans
          FROM ${availabilitySlots} s
          WHERE s.deleted_at IS NULL AND s.ends_at > ${NOW} AND s.starts_at < ${UNTIL} ${only(sql`s.tutor_id`)}
          GROUP BY s.tutor_id
      ) w ON w.tutor_id = u.id
      LEFT JOIN (
        SELECT b.user_id, ${spanList(sql`b.starts_at`, sql`b.ends_at`)} AS spans
          FROM ${calendarSpans} b
          WHERE b.ends_at > ${NOW} AND b.starts_at < ${UNTIL} ${only(sql`b.user_id`)}
          GROUP BY b.user_id
      ) b ON b.user_id = u.id
      WHERE t.activated AND u.role IN (${Role.Tutor}, ${Role.TutorManager}) ${only(sql`u.id`)}`;
}

type DirectoryValues = { now: Date; until: Date; ids?: number[] };

/**
 * A refresh (after every booking) runs as a named statement: PostgreSQL plans it once per connection
 * and then only binds values, where planning the join cost more than running it. Every tutor's read
 * happens once a minute at most and is planned afresh with its instants, which the choice between
 * scans depends on: the same text, unnamed.
 */
const REFRESH = preparedStatement<DirectoryValues>('tutor-directory-refresh', directoryStatement(true));
const EVERY = preparedStatement<DirectoryValues>('tutor-directory', directoryStatement(false));
const CONTEXT = preparedStatement<DirectoryValues>(
  'tutor-directory-context',
  sql`SELECT
        (SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]') FROM ${platformSettings})
          AS settings,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'nameAr', name_ar, 'nameEn', name_en)), '[]')
           FROM ${topics}) AS topics`,
);

const valuesOf = (reach: DirectoryReach): DirectoryValues => ({
  now: reach.now,
  until: reach.until,
  ...(reach.ids ? { ids: [...reach.ids] } : {}),
});
const bind = (statement: PreparedStatement<DirectoryValues>, values: DirectoryValues) =>
  statement.params.map((param) => ('key' in param ? values[param.key] : param.constant));

/** The directory statement's text and values (the benchmark prints its plan). */
export function directoryQuery(reach: DirectoryReach): { text: string; values: unknown[] } {
  const statement = reach.ids ? REFRESH : EVERY;
  return { text: statement.text, values: bind(statement, valuesOf(reach)) };
}

/** Every tutor, with the platform settings and every topic's names. */
export type DirectoryRead = {
  settings: Array<{ key: string; value: unknown }>;
  topics: DirectoryTopic[];
  tutors: DirectoryRow[];
};

/** Reads every activated tutor-like user for the directory, with the settings and topics their cards need. */
export async function readDirectory(
  db: Database,
  reach: Omit<DirectoryReach, 'ids'>,
): Promise<DirectoryRead> {
  const values = valuesOf(reach);
  const [rows, context] = await Promise.all([
    db.$client.query<DirectoryRow>(EVERY.text, bind(EVERY, values)),
    db.$client.query<Omit<DirectoryRead, 'tutors'>>(CONTEXT.text, bind(CONTEXT, values)),
  ]);
  return { ...context.rows[0]!, tutors: rows.rows };
}

/**
 * Reads the tutors `ids` again (those no longer activated or tutor-like are left out), topics and all.
 * Always with the statement's generic plan: left to choose, PostgreSQL plans it afresh for every
 * refresh (0.8 ms, three times what running it costs, after every booking), though the generic plan
 * (index lookups on the ids) is the one it would pick anyway. `SET LOCAL` keeps that to this read,
 * sent with it in one write.
 */
export function readDirectoryTutors(
  db: Database,
  reach: DirectoryReach & { ids: readonly number[] },
): Promise<DirectoryRow[]> {
  return pipelinedTransaction(db, (connection, commit) =>
    commit(async () => {
      const [, rows] = await Promise.all([
        forceGenericPlans(connection),
        runPrepared<DirectoryRow, DirectoryValues>(connection, REFRESH, valuesOf(reach)),
      ]);
      return rows;
    }),
  );
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
