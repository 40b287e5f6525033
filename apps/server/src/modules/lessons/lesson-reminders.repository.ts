import { type LessonReminderKind, lessonRemindersAhead } from '@hiwar/domain';
import { and, eq, gt, isNull, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonReminders, lessons, users } from '../../db/schema.ts';

export type LessonReminderRow = typeof lessonReminders.$inferSelect;
/** A lesson's row, read from the schema: lessons.repository.ts imports this file, never the reverse. */
type LessonRow = typeof lessons.$inferSelect;

/** The reminder's lesson still takes place at the start it was made for: neither cancelled nor moved. */
const lessonStillAsReminded = () => sql`EXISTS (
  SELECT 1 FROM ${lessons}
  WHERE ${lessons.id} = ${lessonReminders.lessonId}
    AND ${lessons.canceledAt} IS NULL
    AND ${lessons.startsAt} = ${lessonReminders.startsAt}
)`;

/** A reminder row of a lesson, as `lessonReminderRows` plans it. */
export type PlannedLessonReminder = {
  userId: number;
  kind: LessonReminderKind;
  remindAt: Date;
  expiresAt: Date;
};

/** The reminders a lesson gets at `now`: each kind still ahead for its start (`lessonRemindersAhead`), to both members. */
export function lessonReminderRows(
  lesson: Pick<LessonRow, 'tutorId' | 'studentId' | 'startsAt'>,
  now: Date,
): PlannedLessonReminder[] {
  return lessonRemindersAhead(lesson.startsAt, now).flatMap((reminder) =>
    [lesson.studentId, lesson.tutorId].map((userId) => ({
      userId,
      kind: reminder.kind,
      remindAt: reminder.at,
      expiresAt: reminder.until,
    })),
  );
}

/**
 * Writes the reminders of a lesson moved (or seeded), in the caller's transaction: unsent reminders of
 * another start are deleted first; one already sent for this very start is not sent again. A booking
 * writes its reminders with the lesson (`insertLesson`).
 */
export async function scheduleLessonReminders(
  db: Executor,
  lesson: Pick<LessonRow, 'id' | 'tutorId' | 'studentId' | 'startsAt'>,
  now: Date,
): Promise<void> {
  await db
    .delete(lessonReminders)
    .where(
      and(
        eq(lessonReminders.lessonId, lesson.id),
        isNull(lessonReminders.sentAt),
        ne(lessonReminders.startsAt, lesson.startsAt),
      ),
    );
  const values = lessonReminderRows(lesson, now).map((reminder) => ({
    ...reminder,
    lessonId: lesson.id,
    startsAt: lesson.startsAt,
  }));
  if (values.length > 0) {
    await db.insert(lessonReminders).values(values).onConflictDoNothing();
  }
}

/**
 * Deletes the unsent reminders that must never go out: of a cancelled lesson, of a start the lesson
 * moved away from, or past their expiry (a worker stopped through their time). Returns how many.
 */
export async function dropStaleLessonReminders(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .delete(lessonReminders)
    .where(
      and(
        isNull(lessonReminders.sentAt),
        or(lte(lessonReminders.expiresAt, now), not(lessonStillAsReminded())),
      ),
    )
    .returning({ id: lessonReminders.id });
  return rows.length;
}

/** A reminder due now, with what its message needs of the member it goes to. */
export type DueLessonReminder = {
  id: number;
  lessonId: number;
  kind: LessonReminderKind;
  user: {
    id: number;
    email: string;
    name: string | null;
    phone: string | null;
    verifiedPhone: boolean;
    notificationMethod: number | null;
    telegramChatId: string | null;
    timezone: string;
  };
};

/**
 * The unsent reminders due at `now` (their time reached, not expired) of lessons still live and still
 * starting when the reminder was written for, oldest first, at most `limit`.
 */
export async function findDueLessonReminders(
  db: Executor,
  now: Date,
  limit: number,
): Promise<DueLessonReminder[]> {
  const rows = await db
    .select({
      id: lessonReminders.id,
      lessonId: lessonReminders.lessonId,
      kind: lessonReminders.kind,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        phone: users.phone,
        verifiedPhone: users.verifiedPhone,
        notificationMethod: users.notificationMethod,
        telegramChatId: users.telegramChatId,
        timezone: users.timezone,
      },
    })
    .from(lessonReminders)
    .innerJoin(lessons, eq(lessons.id, lessonReminders.lessonId))
    .innerJoin(users, eq(users.id, lessonReminders.userId))
    .where(
      and(
        isNull(lessonReminders.sentAt),
        lte(lessonReminders.remindAt, now),
        gt(lessonReminders.expiresAt, now),
        isNull(lessons.canceledAt),
        eq(lessons.startsAt, lessonReminders.startsAt),
      ),
    )
    .orderBy(lessonReminders.remindAt, lessonReminders.id)
    .limit(limit);
  return rows.map((row) => ({ ...row, kind: row.kind as LessonReminderKind }));
}

/**
 * Claims the right to send one reminder, in the caller's transaction: marks it sent unless it was,
 * or its lesson was cancelled or moved meanwhile. True for exactly one caller however many race. The
 * lesson is share-locked first, so a cancellation or a move in progress commits before the check (and
 * waits for this transaction); a concurrent claimer waits on the reminder's row and then finds it
 * taken, or gets it if this transaction rolled back (the e-mail failed).
 */
export async function claimLessonReminder(db: Executor, id: number, now: Date): Promise<boolean> {
  await db.execute(sql`
    SELECT 1 FROM ${lessons}
    WHERE ${lessons.id} = (SELECT ${lessonReminders.lessonId} FROM ${lessonReminders} WHERE ${lessonReminders.id} = ${id})
    FOR SHARE`);
  const rows = await db
    .update(lessonReminders)
    .set({ sentAt: now })
    .where(and(eq(lessonReminders.id, id), isNull(lessonReminders.sentAt), lessonStillAsReminded()))
    .returning({ id: lessonReminders.id });
  return rows.length > 0;
}

/** A lesson's reminders (sent and pending), by time then member: what tests and support look at. */
export async function findLessonReminders(db: Executor, lessonId: number): Promise<LessonReminderRow[]> {
  return db
    .select()
    .from(lessonReminders)
    .where(eq(lessonReminders.lessonId, lessonId))
    .orderBy(lessonReminders.remindAt, lessonReminders.userId);
}
