import {
  AppError,
  type Interval,
  type InterviewHistoryItem,
  InterviewStatus,
  Role,
  SortOrder,
} from '@hiwar/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import {
  type Executor,
  escapeLike,
  isUniqueViolation,
  pgErrorCode,
  violatedConstraint,
} from '../../db/client.ts';
import { calendarSpans, interviews, rooms, tutors, users } from '../../db/schema.ts';

export type InterviewRow = typeof interviews.$inferSelect;
export type NewInterview = typeof interviews.$inferInsert;
export type InterviewPatch = Partial<Omit<NewInterview, 'id' | 'createdAt' | 'updatedAt'>>;

/** A person of an interview as views show them (`image` a stored file name). */
export type InterviewMemberRow = { id: number; name: string | null; image: string | null };
export type InterviewViewRow = {
  interview: InterviewRow;
  interviewer: InterviewMemberRow;
  interviewee: InterviewMemberRow;
  canceledBy: InterviewMemberRow | null;
  signedBy: InterviewMemberRow | null;
  chatRoomId: number | null;
};

/** The id of the person whose calendar an exclusion violation names: `Key (user_id, …)=(12, …)`. */
function conflictingUserId(error: unknown): number | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const detail = (current as { detail?: unknown }).detail;
    if (typeof detail === 'string') {
      const match = /\)=\((\d+),/.exec(detail);
      return match ? Number(match[1]) : null;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Turns the database's refusals of an interview write into codes: a clash on everyone's calendar is
 * the interviewer's (`busy-tutor-manager`) or the interviewee's own (`conflicting-lessons`); a second
 * open interview of one tutor is `conflicting-interview`. Anything else is rethrown.
 */
export function interviewWriteError(error: unknown, interviewerId: number): never {
  if (pgErrorCode(error) === '23P01' && violatedConstraint(error) === 'calendar_spans_no_overlap') {
    const userId = conflictingUserId(error);
    throw new AppError(userId === interviewerId ? 'busy-tutor-manager' : 'conflicting-lessons', {
      cause: error,
    });
  }
  if (isUniqueViolation(error, 'interviews_one_open_unique')) {
    throw new AppError('conflicting-interview', { cause: error });
  }
  throw error;
}

/** Inserts an interview; its calendar spans are written by the trigger in the same statement. */
export async function insertInterview(db: Executor, values: NewInterview): Promise<InterviewRow> {
  try {
    const [row] = await db.insert(interviews).values(values).returning();
    return row!;
  } catch (error) {
    interviewWriteError(error, values.interviewerId);
  }
}

/** Changes an interview (moving it moves its spans, cancelling drops them: the trigger). */
export async function updateInterviewRow(
  db: Executor,
  current: Pick<InterviewRow, 'id' | 'interviewerId'>,
  patch: InterviewPatch,
): Promise<InterviewRow> {
  try {
    const [row] = await db
      .update(interviews)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(interviews.id, current.id))
      .returning();
    return row!;
  } catch (error) {
    interviewWriteError(error, current.interviewerId);
  }
}

export async function findInterview(db: Executor, id: number): Promise<InterviewRow | null> {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).limit(1);
  return row ?? null;
}

/** Locks one interview until the transaction ends: changes to it run one at a time. */
export async function lockInterview(db: Executor, id: number): Promise<InterviewRow | null> {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).for('update').limit(1);
  return row ?? null;
}

/** A tutor's interviews as the retake rule reads them, leaving out `exceptId` (one being moved). */
export async function findInterviewHistory(
  db: Executor,
  intervieweeId: number,
  exceptId?: number,
): Promise<InterviewHistoryItem[]> {
  const rows = await db
    .select({
      status: interviews.status,
      decidedAt: interviews.decidedAt,
      canceledAt: interviews.canceledAt,
      canceledByInterviewee: interviews.canceledByInterviewee,
    })
    .from(interviews)
    .where(
      and(
        eq(interviews.intervieweeId, intervieweeId),
        exceptId === undefined ? undefined : ne(interviews.id, exceptId),
      ),
    );
  return rows.map((row) => ({
    status: row.status as InterviewStatus,
    decidedAt: row.decidedAt,
    canceledAt: row.canceledAt,
    canceledByInterviewee: row.canceledByInterviewee === true,
  }));
}

/**
 * What each of `userIds` teaches or conducts overlapping `range` (lessons and interviews: everyone's
 * calendar), leaving out the spans of the interview or lesson being moved.
 */
export async function findCalendarBusy(
  db: Executor,
  userIds: readonly number[],
  range: Interval,
  except: { interviewId?: number; lessonId?: number } = {},
): Promise<Map<number, Interval[]>> {
  const byUser = new Map<number, Interval[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) {
    return byUser;
  }
  const rows = await db
    .select({ userId: calendarSpans.userId, start: calendarSpans.startsAt, end: calendarSpans.endsAt })
    .from(calendarSpans)
    .where(
      and(
        inArray(calendarSpans.userId, [...userIds]),
        lt(calendarSpans.startsAt, range.end),
        gt(calendarSpans.endsAt, range.start),
        except.interviewId === undefined
          ? undefined
          : or(isNull(calendarSpans.interviewId), ne(calendarSpans.interviewId, except.interviewId)),
        except.lessonId === undefined
          ? undefined
          : or(isNull(calendarSpans.lessonId), ne(calendarSpans.lessonId, except.lessonId)),
      ),
    );
  for (const row of rows) {
    byUser.get(row.userId)?.push({ start: row.start, end: row.end });
  }
  return byUser;
}

/** The activated TutorManagers (who conduct interviews) with their bio and interviews not started yet. */
export async function findInterviewers(db: Executor, now: Date) {
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      bio: tutors.bio,
      upcomingInterviews: sql<number>`(
        SELECT count(*)::int FROM ${interviews} i
        WHERE i.interviewer_id = ${users.id} AND i.status = ${InterviewStatus.Pending} AND i.starts_at > ${now}
      )`,
    })
    .from(users)
    .innerJoin(tutors, eq(tutors.userId, users.id))
    .where(and(eq(users.role, Role.TutorManager), eq(tutors.activated, true)));
}

const interviewerUser = alias(users, 'interviewer_user');
const intervieweeUser = alias(users, 'interviewee_user');
const cancelerUser = alias(users, 'canceler_user');
const signerUser = alias(users, 'signer_user');
function member<T extends { id: AnyPgColumn; name: AnyPgColumn; image: AnyPgColumn }>(table: T) {
  return { id: table.id, name: table.name, image: table.image };
}

function viewQuery(db: Executor) {
  return db
    .select({
      interview: interviews,
      interviewer: member(interviewerUser),
      interviewee: member(intervieweeUser),
      canceledBy: member(cancelerUser),
      signedBy: member(signerUser),
      chatRoomId: rooms.id,
    })
    .from(interviews)
    .innerJoin(interviewerUser, eq(interviewerUser.id, interviews.interviewerId))
    .innerJoin(intervieweeUser, eq(intervieweeUser.id, interviews.intervieweeId))
    .leftJoin(cancelerUser, eq(cancelerUser.id, interviews.canceledById))
    .leftJoin(signerUser, eq(signerUser.id, interviews.signedById))
    .leftJoin(
      rooms,
      and(
        eq(rooms.memberLow, sql`least(${interviews.interviewerId}, ${interviews.intervieweeId})`),
        eq(rooms.memberHigh, sql`greatest(${interviews.interviewerId}, ${interviews.intervieweeId})`),
      ),
    );
}

type RawView = Omit<InterviewViewRow, 'canceledBy' | 'signedBy'> & {
  canceledBy: { id: unknown; name: unknown; image: unknown } | null;
  signedBy: { id: unknown; name: unknown; image: unknown } | null;
};

const toView = (row: RawView): InterviewViewRow => ({
  ...row,
  canceledBy: row.canceledBy?.id ? (row.canceledBy as InterviewMemberRow) : null,
  signedBy: row.signedBy?.id ? (row.signedBy as InterviewMemberRow) : null,
});

/** Interviews with their people and the pair's chat room, in the order of `ids`. */
export async function findInterviewViews(db: Executor, ids: readonly number[]): Promise<InterviewViewRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = (await viewQuery(db).where(inArray(interviews.id, [...ids]))) as RawView[];
  const byId = new Map(rows.map((row) => [row.interview.id, toView(row)]));
  return ids.map((id) => byId.get(id)).filter((row): row is InterviewViewRow => row !== undefined);
}

export type InterviewFilter = {
  /** Only interviews this person is a member of (tutors and TutorManagers see their own). */
  memberId?: number;
  interviewerId?: number;
  intervieweeId?: number;
  status?: number;
  signed?: boolean;
  /** Only those that have not ended at `now`. */
  upcomingAt?: Date;
  search?: string;
  from?: Date;
  to?: Date;
};

/** A page of interviews by start (`order`), with the total matching. */
export async function findInterviewRows(
  db: Executor,
  filter: InterviewFilter,
  page: { page: number; size: number; order: SortOrder },
): Promise<{ rows: InterviewViewRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    filter.memberId === undefined
      ? undefined
      : or(eq(interviews.interviewerId, filter.memberId), eq(interviews.intervieweeId, filter.memberId)),
    filter.interviewerId === undefined ? undefined : eq(interviews.interviewerId, filter.interviewerId),
    filter.intervieweeId === undefined ? undefined : eq(interviews.intervieweeId, filter.intervieweeId),
    filter.status === undefined ? undefined : eq(interviews.status, filter.status),
    filter.signed === undefined
      ? undefined
      : filter.signed
        ? sql`${interviews.signedAt} IS NOT NULL`
        : isNull(interviews.signedAt),
    filter.upcomingAt === undefined ? undefined : gt(interviews.endsAt, filter.upcomingAt),
    filter.from === undefined ? undefined : gte(interviews.startsAt, filter.from),
    filter.to === undefined ? undefined : lt(interviews.startsAt, filter.to),
  ];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(interviewerUser.name, pattern), ilike(intervieweeUser.name, pattern)));
  }
  const where = and(...conditions);
  const order = page.order === SortOrder.Asc ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(order(interviews.startsAt), order(interviews.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db
      .select({ total: count() })
      .from(interviews)
      .innerJoin(interviewerUser, eq(interviewerUser.id, interviews.interviewerId))
      .innerJoin(intervieweeUser, eq(intervieweeUser.id, interviews.intervieweeId))
      .where(where),
  ]);
  return { rows: (rows as RawView[]).map(toView), total: totals?.total ?? 0 };
}

/** The latest interview of a tutor (by start), or null. */
export async function findLatestInterviewId(db: Executor, intervieweeId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(eq(interviews.intervieweeId, intervieweeId))
    .orderBy(desc(interviews.startsAt), desc(interviews.id))
    .limit(1);
  return row?.id ?? null;
}

/** Registered Tutors who never booked an interview, newest first, by name, e-mail or phone. */
export async function findUncontactedTutorRows(
  db: Executor,
  search: string | undefined,
  page: { page: number; size: number },
) {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const where = and(
    eq(users.role, Role.Tutor),
    sql`NOT EXISTS (SELECT 1 FROM ${interviews} i WHERE i.interviewee_id = ${users.id})`,
    pattern
      ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        verifiedEmail: users.verifiedEmail,
        verifiedPhone: users.verifiedPhone,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const studioUser = alias(users, 'studio_user');

export type StudioTutorRow = {
  user: typeof users.$inferSelect;
  tutor: typeof tutors.$inferSelect;
  studio: InterviewMemberRow | null;
};

export type StudioTutorFilter = {
  studioId?: number;
  unassigned?: boolean;
  /** Only tutors still lacking an avatar, an intro video or a thumbnail. */
  missing?: boolean;
  search?: string;
};

function studioTutorQuery(db: Executor) {
  return db
    .select({ user: users, tutor: tutors, studio: member(studioUser) })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .leftJoin(studioUser, eq(studioUser.id, tutors.studioId));
}

const toStudioTutor = (row: {
  user: StudioTutorRow['user'];
  tutor: StudioTutorRow['tutor'];
  studio: { id: unknown; name: unknown; image: unknown } | null;
}): StudioTutorRow => ({
  ...row,
  studio: row.studio?.id ? (row.studio as InterviewMemberRow) : null,
});

/** Tutors (role Tutor) on a studio's list, newest first. */
export async function findStudioTutorRows(
  db: Executor,
  filter: StudioTutorFilter,
  page: { page: number; size: number },
): Promise<{ rows: StudioTutorRow[]; total: number }> {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const where = and(
    eq(users.role, Role.Tutor),
    filter.studioId === undefined ? undefined : eq(tutors.studioId, filter.studioId),
    filter.unassigned ? isNull(tutors.studioId) : undefined,
    filter.missing
      ? sql`(${users.image} IS NULL OR ${tutors.video} IS NULL OR ${tutors.thumbnail} IS NULL)`
      : undefined,
    pattern
      ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    studioTutorQuery(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(tutors).innerJoin(users, eq(users.id, tutors.userId)).where(where),
  ]);
  return { rows: rows.map(toStudioTutor), total: totals?.total ?? 0 };
}

/** One Tutor with their studio, or null. */
export async function findStudioTutorRow(db: Executor, tutorId: number): Promise<StudioTutorRow | null> {
  const [row] = await studioTutorQuery(db)
    .where(and(eq(tutors.userId, tutorId), eq(users.role, Role.Tutor)))
    .limit(1);
  return row ? toStudioTutor(row) : null;
}

/** How many of a tutor's topics there are (the profile step). */
export async function countUserTopics(db: Executor, userId: number): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM user_topics WHERE user_id = ${userId}`,
  );
  return result.rows[0]?.total ?? 0;
}
