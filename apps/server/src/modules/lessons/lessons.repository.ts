import {
  AppError,
  type InstallmentTerm,
  type Interval,
  type LessonCanceler,
  LessonStatus,
  PaymentStatus,
  type QuotaLesson,
  Role,
} from '@hiwar/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
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
import { preparedStatement, runPrepared, type StatementTarget } from '../../db/prepared.ts';
import { tableRow } from '../../db/rows.ts';
import {
  availabilitySlots,
  calendarSpans,
  installments,
  lessonReminders,
  lessons,
  platformSettings,
  subscriptions,
  transactions,
  tutors,
  users,
} from '../../db/schema.ts';
import { pairRoomCtes } from '../chat/rooms.repository.ts';
import {
  activeSubscriptionCondition,
  type SubscriptionRow,
} from '../subscriptions/subscriptions.repository.ts';
import type { TutorRow, UserRow } from '../users/users.repository.ts';
import { lessonReminderRows } from './lesson-reminders.repository.ts';

export type LessonRow = typeof lessons.$inferSelect;
export type NewLesson = typeof lessons.$inferInsert;
type SlotRow = typeof availabilitySlots.$inferSelect;

/** A lesson member as the lesson views show them. */
export type MemberRow = { id: number; name: string | null; image: string | null };
export type LessonViewRow = { lesson: LessonRow; tutor: MemberRow; student: MemberRow };

/**
 * The exclusion constraints of migrations 0007 and 0010 and what a violation means: the tutor already
 * has a lesson or an interview then, or the student has a lesson.
 */
const OVERLAP_CODES = {
  lessons_tutor_no_overlap: 'busy-tutor',
  lessons_student_no_overlap: 'conflicting-lessons',
  // A lesson's span is its tutor's: the tutor (a TutorManager) holds an interview then (migration 0010).
  calendar_spans_no_overlap: 'busy-tutor',
} as const;

/**
 * Turns a violated lesson exclusion constraint into its code, and the one-trial-per-student index
 * (migration 0015) into `trial-already-used`; anything else is rethrown.
 */
function overlapError(error: unknown): never {
  if (pgErrorCode(error) === '23P01') {
    const code = OVERLAP_CODES[violatedConstraint(error) as keyof typeof OVERLAP_CODES];
    if (code) {
      throw new AppError(code, { cause: error });
    }
  }
  if (pgErrorCode(error) === '23505' && violatedConstraint(error) === 'lessons_student_trial_unique') {
    throw new AppError('trial-already-used', { cause: error });
  }
  throw error;
}

/** Lessons not cancelled: those the exclusion constraints and the quota see. */
const live = isNull(lessons.canceledAt);

/** A booked lesson's columns (the rest keep their defaults). */
export type BookedLesson = Pick<
  NewLesson,
  'tutorId' | 'studentId' | 'startsAt' | 'duration' | 'endsAt' | 'price'
> &
  Partial<Pick<NewLesson, 'intro' | 'trial' | 'slotId' | 'subscriptionId'>>;

type InsertLessonValues = {
  tutorId: number;
  studentId: number;
  startsAt: Date;
  duration: number;
  endsAt: Date;
  price: number;
  intro: boolean;
  trial: boolean;
  slotId: number | null;
  subscriptionId: number | null;
  reminderUserIds: number[];
  reminderKinds: string[];
  reminderTimes: Date[];
  reminderExpiries: Date[];
};

const value = <Key extends keyof InsertLessonValues>(key: Key) => sql.placeholder(key);

const insertLessonStatement = preparedStatement<InsertLessonValues>(
  'insert-lesson',
  sql`
    WITH ${pairRoomCtes(value('tutorId'), value('studentId'))},
      lesson AS (
        INSERT INTO ${lessons} (tutor_id, student_id, starts_at, duration, ends_at, price, intro, trial, slot_id, subscription_id)
        VALUES (${value('tutorId')}, ${value('studentId')}, ${value('startsAt')}, ${value('duration')}, ${value('endsAt')},
          ${value('price')}, ${value('intro')}, ${value('trial')}, ${value('slotId')}, ${value('subscriptionId')})
        RETURNING *
      ),
      reminders AS (
        INSERT INTO ${lessonReminders} (lesson_id, user_id, kind, starts_at, remind_at, expires_at)
        SELECT lesson.id, r.user_id, r.kind, lesson.starts_at, r.remind_at, r.expires_at
        FROM lesson, unnest(
          ${value('reminderUserIds')}::int[],
          ${value('reminderKinds')}::text[],
          ${value('reminderTimes')}::timestamptz[],
          ${value('reminderExpiries')}::timestamptz[]
        ) AS r(user_id, kind, remind_at, expires_at)
        ON CONFLICT DO NOTHING
      )
    SELECT lesson.*, (SELECT id FROM pair_room) AS new_room_id FROM lesson`,
);

/**
 * Inserts a lesson with its reminders as of `options.remindersAt` (`lessonReminderRows`; none without
 * it); its pair of members gets their room in the same statement when they have none (`newRoomId`:
 * the room this statement created, null when the pair had one). One prepared statement: a booking's
 * transaction is short.
 */
export async function insertLesson(
  db: StatementTarget,
  values: BookedLesson,
  options: { remindersAt?: Date } = {},
): Promise<LessonRow & { newRoomId: number | null }> {
  const reminders = options.remindersAt ? lessonReminderRows(values, options.remindersAt) : [];
  try {
    const [row] = await runPrepared<
      Record<string, unknown> & { new_room_id: number | null },
      InsertLessonValues
    >(db, insertLessonStatement, {
      tutorId: values.tutorId,
      studentId: values.studentId,
      startsAt: values.startsAt,
      duration: values.duration,
      endsAt: values.endsAt,
      price: values.price,
      intro: values.intro ?? false,
      trial: values.trial ?? false,
      slotId: values.slotId ?? null,
      subscriptionId: values.subscriptionId ?? null,
      reminderUserIds: reminders.map((reminder) => reminder.userId),
      reminderKinds: reminders.map((reminder) => reminder.kind),
      reminderTimes: reminders.map((reminder) => reminder.remindAt),
      reminderExpiries: reminders.map((reminder) => reminder.expiresAt),
    });
    return { ...tableRow(lessons, row!), newRoomId: row!.new_room_id };
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

/**
 * Everything one person is busy with overlapping `range`, from everyone's calendar (migration 0010):
 * a tutor's live lessons and, for a TutorManager, the interviews they conduct; `exceptLessonId` leaves
 * out the lesson being moved. What a tutor's bookable times must avoid, as the booking's exclusion does.
 */
export async function findCalendarBusy(
  db: Executor,
  userId: number,
  range: Interval,
  exceptLessonId?: number,
): Promise<Interval[]> {
  return db
    .select({ start: calendarSpans.startsAt, end: calendarSpans.endsAt })
    .from(calendarSpans)
    .where(
      and(
        eq(calendarSpans.userId, userId),
        lt(calendarSpans.startsAt, range.end),
        gt(calendarSpans.endsAt, range.start),
        exceptLessonId === undefined
          ? undefined
          : or(isNull(calendarSpans.lessonId), ne(calendarSpans.lessonId, exceptLessonId)),
      ),
    )
    .orderBy(asc(calendarSpans.startsAt));
}

/**
 * What many tutors teach or conduct overlapping [from, to), grouped by tutor (tutors list): their live
 * lessons and, for TutorManagers, their interviews, read from everyone's calendar (migration 0010).
 */
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
    .select({ tutorId: calendarSpans.userId, start: calendarSpans.startsAt, end: calendarSpans.endsAt })
    .from(calendarSpans)
    .where(
      and(
        inArray(calendarSpans.userId, [...tutorIds]),
        lt(calendarSpans.startsAt, range.end),
        gt(calendarSpans.endsAt, range.start),
      ),
    );
  for (const row of rows) {
    const list = byTutor.get(row.tutorId) ?? [];
    list.push({ start: row.start, end: row.end });
    byTutor.set(row.tutorId, list);
  }
  return byTutor;
}

/** What a booking needs to know of the lessons around it. */
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

const lockStudentStatement = preparedStatement<{ studentId: number }>(
  'lock-student',
  sql`SELECT id FROM ${users} WHERE id = ${sql.placeholder('studentId')} FOR UPDATE`,
);

/**
 * Locks the student's row until the transaction ends: one student's bookings (and reschedules,
 * payments) run one at a time, so the upcoming-lesson limit and the quota hold.
 */
export async function lockStudent(db: StatementTarget, studentId: number): Promise<void> {
  await runPrepared(db, lockStudentStatement, { studentId });
}

/** Everything the booking rules read: one statement, so the transaction is short. */
export type BookingContext = BookingFacts & {
  /** The tutor (a Tutor or TutorManager with their tutor meta), or null. */
  tutor: { user: UserRow; tutor: TutorRow } | null;
  /** The tutor's live window holding the whole lesson (the one asked for, if any), share-locked; or null. */
  window: SlotRow | null;
  /** The stored platform settings (`settingsFromRows` gives those in force). */
  settingRows: Array<{ key: string; value: unknown }>;
  /** The student's subscription active when the lesson starts, or null. */
  subscription: SubscriptionRow | null;
  /** Its card installments, when it was bought in installments. */
  installments: InstallmentTerm[];
  /** Whether the student holds (or had) a free introductory lesson that was not cancelled. */
  hasIntroLesson: boolean;
  /**
   * Whether the student holds or had their trial lesson: not cancelled, or cancelled late by them
   * (the rule of the unique index `lessons_student_trial_unique`).
   */
  hasTrialLesson: boolean;
  /** Whether the student paid for their trial (a Paid trial payment, not refunded: decision 0048). */
  hasTrialPayment: boolean;
};

const QUOTA_REACH_MS = 8 * 24 * 3_600_000;

/**
 * A lesson as `findBookingContext` reads it: [tutor, student, start, end, duration, free (intro or
 * trial: spends no minutes), live, minutesReturned].
 */
type FactRow = [number, number, string, string, number, boolean, boolean, boolean | null];

type ContextValues = {
  tutorId: number;
  studentId: number;
  start: Date;
  end: Date;
  now: Date;
  reachStart: Date;
  reachEnd: Date;
  /** A lesson being moved, left out; null for a booking. */
  excludeId: number | null;
  /** The window the student picked, or null for any holding the lesson. */
  slotId: number | null;
};

const context = <Key extends keyof ContextValues>(key: Key) => sql.placeholder(key);
/** A trial that counts as taken (`lessons_student_trial_unique`'s condition), for alias `l`. */
const trialTaken = sql`l.trial AND (l.canceled_at IS NULL OR l.minutes_returned = false)`;
const notExcluded = sql`(${context('excludeId')}::int IS NULL OR l.id <> ${context('excludeId')}::int)`;

const bookingContextStatement = preparedStatement<ContextValues>(
  'booking-context',
  sql`
    WITH sub AS (SELECT * FROM ${subscriptions} WHERE ${activeSubscriptionCondition(context('studentId'), context('start'))} LIMIT 1)
    SELECT
      (SELECT json_build_object('user', row_to_json(u), 'tutor', row_to_json(t))
         FROM ${tutors} t JOIN ${users} u ON u.id = t.user_id
         WHERE t.user_id = ${context('tutorId')} AND u.role IN (${Role.Tutor}, ${Role.TutorManager})) AS tutor,
      (SELECT row_to_json(w) FROM (
         SELECT s.* FROM ${availabilitySlots} s
         WHERE s.tutor_id = ${context('tutorId')} AND s.deleted_at IS NULL
           AND s.starts_at <= ${context('start')} AND s.ends_at >= ${context('end')}
           AND (${context('slotId')}::int IS NULL OR s.id = ${context('slotId')}::int)
         LIMIT 1 FOR SHARE) w) AS slot,
      (SELECT coalesce(json_agg(json_build_object('key', key, 'value', value)), '[]') FROM ${platformSettings}) AS settings,
      (SELECT coalesce(json_agg(json_build_array(l.tutor_id, l.student_id, l.starts_at, l.ends_at, l.duration,
                l.intro OR l.trial, l.canceled_at IS NULL, l.minutes_returned)), '[]')
         FROM ${lessons} l
         WHERE ((l.canceled_at IS NULL AND l.starts_at < ${context('end')} AND l.ends_at > ${context('start')}
                 AND (l.tutor_id = ${context('tutorId')} OR l.student_id = ${context('studentId')}))
             OR (l.student_id = ${context('studentId')} AND NOT l.intro AND NOT l.trial
                 AND (l.canceled_at IS NULL OR l.minutes_returned = false)
                 AND l.starts_at >= ${context('reachStart')} AND l.starts_at < ${context('reachEnd')}))
           AND ${notExcluded}) AS lessons,
      (SELECT count(*)::int FROM ${lessons} l
         WHERE l.student_id = ${context('studentId')} AND l.canceled_at IS NULL AND l.ends_at > ${context('now')}
           AND ${notExcluded}) AS upcoming,
      (SELECT row_to_json(sub) FROM sub) AS subscription,
      (SELECT coalesce(json_agg(json_build_object('index', i.index, 'dueAt', i.due_at, 'paidAt', i.paid_at)), '[]')
         FROM ${installments} i WHERE i.installment_plan_id = (SELECT installment_plan_id FROM sub)) AS installments,
      EXISTS (SELECT 1 FROM ${lessons} l
               WHERE l.student_id = ${context('studentId')} AND l.intro AND l.canceled_at IS NULL AND ${notExcluded})
        AS has_intro,
      EXISTS (SELECT 1 FROM ${lessons} l
               WHERE l.student_id = ${context('studentId')} AND ${trialTaken} AND ${notExcluded})
        AS has_trial,
      EXISTS (SELECT 1 FROM ${transactions} t
               WHERE t.user_id = ${context('studentId')} AND t.trial AND t.status = ${PaymentStatus.Paid})
        AS has_trial_payment`,
);

type ContextRow = {
  tutor: { user: Record<string, unknown>; tutor: Record<string, unknown> } | null;
  slot: Record<string, unknown> | null;
  settings: Array<{ key: string; value: unknown }>;
  lessons: FactRow[];
  upcoming: number;
  subscription: Record<string, unknown> | null;
  installments: Array<{ index: number; dueAt: string; paidAt: string | null }>;
  has_intro: boolean;
  has_trial: boolean;
  has_trial_payment: boolean;
};

/**
 * What booking `lesson` for the pair at `now` depends on, leaving out `options.excludeId` (a lesson
 * being moved): the tutor, the window holding the lesson (`options.slotId` if given), share-locked
 * until the transaction ends so a schedule change cannot remove it underneath, the settings, the
 * tutor's and the student's live lessons overlapping it, the student's upcoming count and
 * minute-spending lessons nearby, the subscription active at its start with its installments, and
 * whether the student had their introductory lesson. A statement of its own after the student's row
 * lock (`lockStudent`): one that waited for that lock would read the lessons as they were before.
 */
export async function findBookingContext(
  db: StatementTarget,
  members: { tutorId: number; studentId: number },
  lesson: Interval,
  now: Date,
  options: { excludeId?: number | undefined; slotId?: number | undefined } = {},
): Promise<BookingContext> {
  const { tutorId, studentId } = members;
  const reachStart = new Date(lesson.start.getTime() - QUOTA_REACH_MS);
  const reachEnd = new Date(lesson.start.getTime() + QUOTA_REACH_MS);
  const [found] = await runPrepared<ContextRow, ContextValues>(db, bookingContextStatement, {
    tutorId,
    studentId,
    start: lesson.start,
    end: lesson.end,
    now,
    reachStart,
    reachEnd,
    excludeId: options.excludeId ?? null,
    slotId: options.slotId ?? null,
  });
  const all = found!.lessons.map(([tutor, student, start, end, duration, free, isLive, minutesReturned]) => ({
    tutorId: tutor,
    studentId: student,
    start: new Date(start),
    end: new Date(end),
    duration,
    free,
    isLive,
    minutesReturned,
  }));
  type Fact = (typeof all)[number];
  const overlapping = (row: Fact) =>
    row.isLive && row.start.getTime() < lesson.end.getTime() && row.end.getTime() > lesson.start.getTime();
  const interval = (row: Fact) => ({ start: row.start, end: row.end });
  return {
    tutor: found!.tutor && {
      user: tableRow(users, found!.tutor.user),
      tutor: tableRow(tutors, found!.tutor.tutor),
    },
    window: found!.slot && tableRow(availabilitySlots, found!.slot),
    settingRows: found!.settings,
    tutorBusy: all.filter((row) => row.tutorId === tutorId && overlapping(row)).map(interval),
    studentBusy: all.filter((row) => row.studentId === studentId && overlapping(row)).map(interval),
    upcomingCount: found!.upcoming,
    spending: all
      .filter(
        (row) =>
          row.studentId === studentId &&
          !row.free &&
          (row.isLive || row.minutesReturned === false) &&
          row.start.getTime() >= reachStart.getTime() &&
          row.start.getTime() < reachEnd.getTime(),
      )
      .map((row) => ({ start: row.start, duration: row.duration })),
    subscription: found!.subscription && tableRow(subscriptions, found!.subscription),
    installments: found!.installments.map((row) => ({
      index: row.index,
      dueAt: new Date(row.dueAt),
      paidAt: row.paidAt === null ? null : new Date(row.paidAt),
    })),
    hasIntroLesson: found!.has_intro,
    hasTrialLesson: found!.has_trial,
    hasTrialPayment: found!.has_trial_payment,
  };
}

/** The student's trial lesson that counts as taken (held, or cancelled late by them), or null. */
export async function findTakenTrial(db: Executor, studentId: number): Promise<LessonRow | null> {
  const [row] = await db
    .select()
    .from(lessons)
    .where(
      and(
        eq(lessons.studentId, studentId),
        eq(lessons.trial, true),
        or(live, eq(lessons.minutesReturned, false)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The lessons spending a student's minutes that start in [from, to): booked or given (not the free
 * introductory lesson nor the trial lesson), plus those the student cancelled too late to get the
 * minutes back.
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
        eq(lessons.trial, false),
        gte(lessons.startsAt, from),
        lt(lessons.startsAt, to),
        or(live, eq(lessons.minutesReturned, false)),
        excludeId === undefined ? undefined : ne(lessons.id, excludeId),
      ),
    );
}

/** Live lessons a subscription pays for that have not started at `now` (a refund cancels them). */
/** The student's trial lesson that has not started and is not cancelled (a refunded trial payment cancels it). */
export async function findFutureTrialLessons(
  db: Executor,
  studentId: number,
  now: Date,
): Promise<LessonRow[]> {
  return db
    .select()
    .from(lessons)
    .where(and(eq(lessons.studentId, studentId), eq(lessons.trial, true), live, gt(lessons.startsAt, now)));
}

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
