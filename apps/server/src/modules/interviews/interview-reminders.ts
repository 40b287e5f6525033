import {
  INTERVIEW_REMINDER_EVENT,
  InterviewStatus,
  type LessonReminderKind,
  lessonRemindersAhead,
} from '@hiwar/domain';
import { and, eq, gt, isNull, lte, ne, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { interviewReminders, interviews, users } from '../../db/schema.ts';
import type { MailSender } from '../notifications/mail.ts';
import { interviewReminderMail } from '../notifications/templates.ts';
import type { InterviewRow } from './interviews.repository.ts';

/** The reminder's interview still takes place at the start it was made for: not cancelled nor moved. */
const interviewStillAsReminded = () => sql`EXISTS (
  SELECT 1 FROM ${interviews}
  WHERE ${interviews.id} = ${interviewReminders.interviewId}
    AND ${interviews.status} <> ${InterviewStatus.Canceled}
    AND ${interviews.startsAt} = ${interviewReminders.startsAt}
)`;

/**
 * Writes an interview's reminders (a day and an hour before, to both members; those still ahead at
 * `now`), in the caller's transaction: unsent ones of another start are dropped first, so a move
 * moves them and one already sent for this start is not sent again.
 */
export async function scheduleInterviewReminders(
  db: Executor,
  interview: Pick<InterviewRow, 'id' | 'interviewerId' | 'intervieweeId' | 'startsAt'>,
  now: Date,
): Promise<void> {
  await db
    .delete(interviewReminders)
    .where(
      and(
        eq(interviewReminders.interviewId, interview.id),
        isNull(interviewReminders.sentAt),
        ne(interviewReminders.startsAt, interview.startsAt),
      ),
    );
  const values = lessonRemindersAhead(interview.startsAt, now).flatMap((reminder) =>
    [interview.intervieweeId, interview.interviewerId].map((userId) => ({
      interviewId: interview.id,
      userId,
      kind: reminder.kind,
      startsAt: interview.startsAt,
      remindAt: reminder.at,
      expiresAt: reminder.until,
    })),
  );
  if (values.length > 0) {
    await db.insert(interviewReminders).values(values).onConflictDoNothing();
  }
}

/** Drops the unsent reminders of a cancelled interview right away (the sweep would too). */
export async function dropInterviewReminders(db: Executor, interviewId: number): Promise<void> {
  await db
    .delete(interviewReminders)
    .where(and(eq(interviewReminders.interviewId, interviewId), isNull(interviewReminders.sentAt)));
}

/** An interview's reminders, by time then member (tests and support). */
export async function findInterviewReminders(db: Executor, interviewId: number) {
  return db
    .select()
    .from(interviewReminders)
    .where(eq(interviewReminders.interviewId, interviewId))
    .orderBy(interviewReminders.remindAt, interviewReminders.userId);
}

export type InterviewRemindersDeps = {
  db: Database;
  mailer: MailSender;
  broadcast: { toUser(userId: number, event: string, payload: unknown): void } | null;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

/** Reminders one run sends at most; the rest wait for the next run. */
const BATCH = 200;

/**
 * Interview reminders, swept with the lesson reminders every minute (decision 0008): each due one is
 * claimed (marked sent unless it was, or its interview moved or was cancelled) and e-mailed in one
 * transaction, so it goes out exactly once whichever workers run.
 */
export function createInterviewReminders(deps: InterviewRemindersDeps) {
  const { db, log } = deps;
  const web = deps.config.publicUrls.web.replace(/\/$/, '');

  return {
    async sendDue(now = deps.clock()): Promise<{ dropped: number; sent: number }> {
      const dropped = await db
        .delete(interviewReminders)
        .where(
          and(
            isNull(interviewReminders.sentAt),
            or(lte(interviewReminders.expiresAt, now), not(interviewStillAsReminded())),
          ),
        )
        .returning({ id: interviewReminders.id });
      const due = await db
        .select({
          id: interviewReminders.id,
          kind: interviewReminders.kind,
          interview: interviews,
          user: { id: users.id, email: users.email, name: users.name, timezone: users.timezone },
        })
        .from(interviewReminders)
        .innerJoin(interviews, eq(interviews.id, interviewReminders.interviewId))
        .innerJoin(users, eq(users.id, interviewReminders.userId))
        .where(
          and(
            isNull(interviewReminders.sentAt),
            lte(interviewReminders.remindAt, now),
            gt(interviewReminders.expiresAt, now),
          ),
        )
        .orderBy(interviewReminders.remindAt, interviewReminders.id)
        .limit(BATCH);
      let sent = 0;
      for (const reminder of due) {
        try {
          const claimed = await db.transaction(async (tx) => {
            await tx.execute(
              sql`SELECT 1 FROM ${interviews} WHERE ${interviews.id} = ${reminder.interview.id} FOR SHARE`,
            );
            const rows = await tx
              .update(interviewReminders)
              .set({ sentAt: now })
              .where(
                and(
                  eq(interviewReminders.id, reminder.id),
                  isNull(interviewReminders.sentAt),
                  interviewStillAsReminded(),
                ),
              )
              .returning({ id: interviewReminders.id });
            if (rows.length === 0) {
              return false;
            }
            const isInterviewer = reminder.interview.interviewerId === reminder.user.id;
            await deps.mailer.send({
              to: reminder.user.email,
              ...interviewReminderMail({
                kind: reminder.kind as LessonReminderKind,
                name: reminder.user.name,
                isInterviewer,
                start: reminder.interview.startsAt,
                url: `${web}${isInterviewer ? '/interviews' : '/tutor/onboarding'}`,
                timeZone: reminder.user.timezone,
              }),
            });
            return true;
          });
          if (claimed) {
            sent += 1;
            deps.broadcast?.toUser(reminder.user.id, INTERVIEW_REMINDER_EVENT, {
              interviewId: reminder.interview.id,
              kind: reminder.kind,
            });
          }
        } catch (error) {
          log.warn(
            { err: error, reminderId: reminder.id },
            'interview reminder not sent; the next run tries again',
          );
        }
      }
      return { dropped: dropped.length, sent };
    },
  };
}

export type InterviewReminders = ReturnType<typeof createInterviewReminders>;
