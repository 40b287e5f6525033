import { AppError, type Interval, type LessonCanceler, LessonStatus, type QuotaLesson } from '@hiwar/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, escapeLike, pgErrorCode, violatedConstraint } from '../../db/client.ts';
import { lessons, users } from '../../db/schema.ts';
import { pairRoomCtes } from '../chat/rooms.repository.ts';

export type LessonRow = typeof lessons.$inferSelect;
export type NewLesson = typeof lessons.$inferInsert;

/** A lesson member as the lesson views show them. */
export type MemberRow = { id: number; name: string | null; image: string | null };
export type LessonViewRow = { lesson: LessonRow; tutor: MemberRow; student: MemberRow };

/**
 * The exclusion constraints of migration 0007 and what a violation means: the tutor already has a
 * lesson then, or the student does.
 */
const OVERLAP_CODES = {
  lessons_tutor_no_overlap: 'busy-tutor',
  lessons_student_no_overlap: 'conflicting-lessons',
} as const;

/** Turns a violated lesson exclusion constraint into its code; anything else is rethrown. */
function overlapError(error: unknown): never {
  if (pgErrorCode(error) === '23P01') {
    const code = OVERLAP_CODES[violatedConstraint(error) as keyof typeof OVERLAP_CODES];
    if (code) {
      throw new AppError(code, { cause: error });
    }
  }
  throw error;
}

/** Lessons not cancelled: those the exclusion constraints and the quota see. */
const live = isNull(lessons.canceledAt);

/**
 * Inserts a lesson; its pair of members gets their room in the same statement when they have none
 * (`newRoomId`: the room this statement created, null when the pair had one).
 */
export async function insertLesson(
  db: Executor,
  values: NewLesson,
): Promise<LessonRow & { newRoomId: number | null }> {
  try {
    const [row] = await db
      .with(...pairRoomCtes(db, values.tutorId, values.studentId))
      .insert(lessons)
      .values(values)
      .returning({ ...getTableColumns(lessons), newRoomId: sql<number | null>`(SELECT id FROM pair_room)` });
    return row!;
  } catch (error) {
    return overlapError(error);
  }
}

/** Moves a lesson (reschedule); an overlap answers like a booking. */
export async function moveLessonRow(
  db: Executor,
  id: number,
  values: Pick<NewLesson, 'startsAt' | 'duration' | 'endsAt' | 'slotId' | 'price' | 'subscriptionId'>,
): Promise<LessonRow> {
  try {
    const [row] = await db
      .update(lessons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(lessons.id, id))
      .returning();
    return row!;
  } catch (error) {
    return overlapError(error);
  }
}

export async function findLesson(db: Executor, id: number): Promise<LessonRow | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).limit(1);
  return row ?? null;
}

/** Locks the lesson's row until the transaction ends (a cancellation and a reschedule never cross). */
export async function lockLesson(db: Executor, id: number): Promise<LessonRow | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Cancels live lessons; returns those it cancelled (already cancelled ones are left alone). */
export async function cancelLessonRows(
  db: Executor,
  ids: readonly number[],
  cancellation: { by: LessonCanceler; byId: number | null; minutesReturned: boolean; at: Date },
): Promise<LessonRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .update(lessons)
    .set({
      canceledAt: cancellation.at,
      canceledBy: cancellation.by,
      canceledById: cancellation.byId,
      minutesReturned: cancellation.minutesReturned,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(lessons.id, [...ids]), live))
    .returning();
}

/** Which member a busy-time query is about. */
export type Member = { tutorId: number } | { studentId: number };

const memberCondition = (member: Member): SQL =>
  'tutorId' in member ? eq(lessons.tutorId, member.tutorId) : eq(lessons.studentId, member.studentId);

/** Live lessons of a member overlapping [from, to), as intervals, optionally leaving one out. */
export async function findBusyIntervals(
  db: Executor,
  member: Member,
  range: Interval,
  excludeId?: number,
): Promise<Array<Interval & { id: number }>> {
  const rows = await db
    .select({ id: lessons.id, start: lessons.startsAt, end: lessons.endsAt })
    .from(lessons)
    .where(
      and(
        memberCondition(member),
        live,
        lt(lessons.startsAt, range.end),
        gt(lessons.endsAt, range.start),
        excludeId === undefined ? undefined : ne(lessons.id, excludeId),
      ),
    )
    .orderBy(asc(lessons.startsAt));
  return rows;
}

/** Live lessons of many tutors overlapping [from, to), grouped by tutor (tutors list). */
export async function findBusyIntervalsOfTutors(
  db: Executor,
  tutorIds: readonly number[],
  range: Interval,
): Promise<Map<number, Interval[]>> {
  const byTutor = new Map<number, Interval[]>();
  if (tutorIds.length === 0) {
    return byTutor;
  }
  const rows = await db
    .select({ tutorId: lessons.tutorId, start: lessons.startsAt, end: lessons.endsAt })
    .from(lessons)
    .where(
      and(
        inArray(lessons.tutorId, [...tutorIds]),
        live,
        lt(lessons.startsAt, range.end),
        gt(lessons.endsAt, range.start),
      ),
    );
  for (const row of rows) {
    const list = byTutor.get(row.tutorId) ?? [];
    list.push({ start: row.start, end: row.end });
    byTutor.set(row.tutorId, list);
  }
  return byTutor;
}

/** What a booking needs to know of the lessons around it, read in one query. */
export type BookingFacts = {
  /** The tutor's live lessons overlapping the new one. */
  tutorBusy: Interval[];
  /** The student's own live lessons overlapping it. */
  studentBusy: Interval[];
  /** The student's live lessons that have not ended at `now`. */
  upcomingCount: number;
  /**
   * The student's lessons spending minutes (`findQuotaLessons`' rule) that start within 8 days either
   * side of the new one: every quota week it could fall in.
   */
  spending: QuotaLesson[];
};

const QUOTA_REACH_MS = 8 * 24 * 3_600_000;

/**
 * The tutor's and the student's live lessons overlapping `lesson`, the student's upcoming count and
 * minute-spending lessons nearby, leaving out `excludeId` (a lesson being moved). One statement: the
 * booking transaction is short.
 */
export async function findBookingFacts(
  db: Executor,
  members: { tutorId: number; studentId: number },
  lesson: Interval,
  now: Date,
  excludeId?: number,
): Promise<BookingFacts> {
  const overlaps = and(lt(lessons.startsAt, lesson.end), gt(lessons.endsAt, lesson.start));
  const spends = and(eq(lessons.intro, false), or(live, eq(lessons.minutesReturned, false)));
  const rows = await db
    .select({
      tutorId: lessons.tutorId,
      studentId: lessons.studentId,
      start: lessons.startsAt,
      end: lessons.endsAt,
      duration: lessons.duration,
      intro: lessons.intro,
      canceledAt: lessons.canceledAt,
      minutesReturned: lessons.minutesReturned,
    })
    .from(lessons)
    .where(
      and(
        or(
          and(live, eq(lessons.tutorId, members.tutorId), overlaps),
          and(
            eq(lessons.studentId, members.studentId),
            or(
              and(live, or(overlaps, gt(lessons.endsAt, now))),
              and(
                spends,
                gte(lessons.startsAt, new Date(lesson.start.getTime() - QUOTA_REACH_MS)),
                lt(lessons.startsAt, new Date(lesson.start.getTime() + QUOTA_REACH_MS)),
              ),
            ),
          ),
        ),
        excludeId === undefined ? undefined : ne(lessons.id, excludeId),
      ),
    );
  type Row = (typeof rows)[number];
  const isLive = (row: Row) => row.canceledAt === null;
  const overlapping = (row: Row) =>
    row.start.getTime() < lesson.end.getTime() && row.end.getTime() > lesson.start.getTime();
  const ownLive = rows.filter((row) => row.studentId === members.studentId && isLive(row));
  const interval = (row: Row) => ({ start: row.start, end: row.end });
  const reach = {
    start: lesson.start.getTime() - QUOTA_REACH_MS,
    end: lesson.start.getTime() + QUOTA_REACH_MS,
  };
  return {
    tutorBusy: rows
      .filter((row) => row.tutorId === members.tutorId && isLive(row) && overlapping(row))
      .map(interval),
    studentBusy: ownLive.filter(overlapping).map(interval),
    upcomingCount: ownLive.filter((row) => row.end.getTime() > now.getTime()).length,
    spending: rows
      .filter(
        (row) =>
          row.studentId === members.studentId &&
          !row.intro &&
          (isLive(row) || row.minutesReturned === false) &&
          row.start.getTime() >= reach.start &&
          row.start.getTime() < reach.end,
      )
      .map((row) => ({ start: row.start, duration: row.duration })),
  };
}

/**
 * The lessons spending a student's minutes that start in [from, to): booked or given (not the free
 * introductory lesson), plus those the student cancelled too late to get the minutes back.
 */
export async function findQuotaLessons(
  db: Executor,
  studentId: number,
  from: Date,
  to: Date,
  excludeId?: number,
): Promise<QuotaLesson[]> {
  return db
    .select({ start: lessons.startsAt, duration: lessons.duration })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        eq(lessons.intro, false),
        gte(lessons.startsAt, from),
        lt(lessons.startsAt, to),
        or(live, eq(lessons.minutesReturned, false)),
        excludeId === undefined ? undefined : ne(lessons.id, excludeId),
      ),
    );
}

/** Whether the student already holds (or had) a free introductory lesson that was not cancelled. */
export async function hasIntroLesson(db: Executor, studentId: number, excludeId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        eq(lessons.intro, true),
        live,
        excludeId === undefined ? undefined : ne(lessons.id, excludeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Live lessons a subscription pays for that have not started at `now` (a refund cancels them). */
export async function findFutureLessonsOfSubscription(
  db: Executor,
  subscriptionId: number,
  now: Date,
): Promise<LessonRow[]> {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.subscriptionId, subscriptionId), live, gt(lessons.startsAt, now)));
}

const tutorUser = alias(users, 'tutor_user');
const studentUser = alias(users, 'student_user');

function viewQuery(db: Executor) {
  return db
    .select({
      lesson: lessons,
      tutor: { id: tutorUser.id, name: tutorUser.name, image: tutorUser.image },
      student: { id: studentUser.id, name: studentUser.name, image: studentUser.image },
    })
    .from(lessons)
    .innerJoin(tutorUser, eq(tutorUser.id, lessons.tutorId))
    .innerJoin(studentUser, eq(studentUser.id, lessons.studentId));
}

export async function findLessonViews(db: Executor, ids: readonly number[]): Promise<LessonViewRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await viewQuery(db).where(inArray(lessons.id, [...ids]));
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.lesson.id)! - order.get(b.lesson.id)!);
}

export type LessonFilter = {
  /** Lessons where this user is either member. */
  memberId?: number | undefined;
  userId?: number | undefined;
  tutorId?: number | undefined;
  studentId?: number | undefined;
  status?: LessonStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Lessons where either member's name contains this text, case-insensitively. */
  search?: string | undefined;
};

/** Lessons where the tutor's or the student's name contains `text` (a sub-select: no join to count). */
function memberNameCondition(db: Executor, text: string): SQL {
  const named = db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.name} ILIKE ${`%${escapeLike(text)}%`}`);
  return or(inArray(lessons.tutorId, named), inArray(lessons.studentId, named))!;
}

/** The status, derived at `now` exactly like `lessonStatus`, as a condition. */
function statusCondition(status: LessonStatus, now: Date): SQL {
  switch (status) {
    case LessonStatus.Canceled:
      return isNotNull(lessons.canceledAt);
    case LessonStatus.Pending:
      return and(live, gt(lessons.startsAt, now))!;
    case LessonStatus.Happening:
      return and(live, lte(lessons.startsAt, now), gt(lessons.endsAt, now))!;
    case LessonStatus.Fulfilled:
      return and(live, lte(lessons.endsAt, now))!;
  }
}

const either = (userId: number) => or(eq(lessons.tutorId, userId), eq(lessons.studentId, userId))!;

/** A page of lessons by start (`order`), with the total matching the filter. */
export async function findLessonRows(
  db: Executor,
  filter: LessonFilter,
  page: { page: number; size: number; order: 'asc' | 'desc' },
  now: Date,
): Promise<{ rows: LessonViewRow[]; total: number }> {
  const where = and(
    filter.memberId === undefined ? undefined : either(filter.memberId),
    filter.userId === undefined ? undefined : either(filter.userId),
    filter.tutorId === undefined ? undefined : eq(lessons.tutorId, filter.tutorId),
    filter.studentId === undefined ? undefined : eq(lessons.studentId, filter.studentId),
    filter.status === undefined ? undefined : statusCondition(filter.status, now),
    filter.from === undefined ? undefined : gte(lessons.startsAt, filter.from),
    filter.to === undefined ? undefined : lt(lessons.startsAt, filter.to),
    filter.search ? memberNameCondition(db, filter.search) : undefined,
  );
  const sort = page.order === 'desc' ? desc : asc;
  const [rows, [totals]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(sort(lessons.startsAt), sort(lessons.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(lessons).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
