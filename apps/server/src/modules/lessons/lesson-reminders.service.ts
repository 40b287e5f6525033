import { LESSON_REMINDER_EVENT, type LessonReminderEvent, type MessagingApp } from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { MailSender } from '../notifications/mail.ts';
import type { Messaging, TextMessage } from '../notifications/messaging.ts';
import {
  type LessonReminderOptions,
  lessonReminderMail,
  lessonReminderText,
} from '../notifications/templates.ts';
import {
  claimLessonReminder,
  type DueLessonReminder,
  dropStaleLessonReminders,
  findDueLessonReminders,
} from './lesson-reminders.repository.ts';
import { findLessonViews } from './lessons.repository.ts';
import { toLesson } from './lessons.service.ts';

/** Reminders one run sends at most; the rest wait a minute for the next run. */
const BATCH = 500;

export type LessonRemindersDeps = {
  db: Database;
  mailer: MailSender;
  messaging: Messaging;
  broadcast: Broadcast | null;
  files: Pick<StoredFiles, 'uploadUrl'>;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

/**
 * Lesson reminders (rules.md "Lessons"; architecture §8; docs/decisions/0008): a day and an hour
 * before start, each member gets an Arabic e-mail, a message on their messaging app (WhatsApp or
 * Telegram, once their phone is verified) and the `lesson-reminder` socket event. The rows are written
 * by the lessons service as lessons are booked and moved (`scheduleLessonReminders`); this sends those
 * due, each exactly once whichever workers run it.
 */
export function createLessonReminders(deps: LessonRemindersDeps) {
  const { db, log } = deps;
  const web = deps.config.publicUrls.web.replace(/\/$/, '');

  /**
   * Sends one reminder unless another run did, or its lesson was cancelled or moved. The claim and
   * the e-mail share a transaction: a failed e-mail rolls the claim back and the next run tries again.
   * The messaging app and the socket follow once it committed, best effort (never sent twice).
   */
  async function send(reminder: DueLessonReminder, now: Date): Promise<boolean> {
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimLessonReminder(tx, reminder.id, now))) {
        return null;
      }
      const [view] = await findLessonViews(tx, [reminder.lessonId]);
      const isTutor = view!.lesson.tutorId === reminder.user.id;
      const options: LessonReminderOptions = {
        kind: reminder.kind,
        name: reminder.user.name,
        withName: (isTutor ? view!.student : view!.tutor).name,
        isTutor,
        start: view!.lesson.startsAt,
        duration: view!.lesson.duration,
        lessonsUrl: `${web}${isTutor ? '/t/dashboard' : '/upcoming-lessons'}`,
        timeZone: reminder.user.timezone,
      };
      await deps.mailer.send({ to: reminder.user.email, ...lessonReminderMail(options) });
      return { view: view!, options };
    });
    if (!claimed) {
      return false;
    }
    const event: LessonReminderEvent = {
      kind: reminder.kind,
      lesson: toLesson(claimed.view, deps.files, now),
    };
    deps.broadcast?.toUser(reminder.user.id, LESSON_REMINDER_EVENT, event);
    await sendToMessagingApp(reminder, lessonReminderText(claimed.options));
    return true;
  }

  /** The member's messaging app, when they chose one and verified their phone on it. */
  async function sendToMessagingApp(
    reminder: DueLessonReminder,
    message: Pick<TextMessage, 'text' | 'line' | 'link'>,
  ): Promise<void> {
    const { user } = reminder;
    if (user.notificationMethod === null || !user.phone || !user.verifiedPhone) {
      return;
    }
    const sender = deps.messaging[user.notificationMethod as MessagingApp];
    if (!sender?.canReach(user)) {
      return;
    }
    try {
      await sender.sendText({ phone: user.phone, telegramChatId: user.telegramChatId, ...message });
    } catch (error) {
      log.warn(
        { err: error, reminderId: reminder.id, userId: user.id },
        'lesson reminder not delivered to the messaging app (the e-mail was)',
      );
    }
  }

  return {
    /**
     * The job (every minute): drops the reminders that must never go out, then sends each one due at
     * `now`. One failure is logged and left for the next run.
     */
    async sendDue(now = deps.clock()): Promise<{ dropped: number; due: number; sent: number }> {
      const dropped = await dropStaleLessonReminders(db, now);
      const due = await findDueLessonReminders(db, now, BATCH);
      let sent = 0;
      for (const reminder of due) {
        try {
          sent += (await send(reminder, now)) ? 1 : 0;
        } catch (error) {
          log.warn(
            { err: error, reminderId: reminder.id, lessonId: reminder.lessonId },
            'lesson reminder not sent; the next run tries again',
          );
        }
      }
      return { dropped, due: due.length, sent };
    },
  };
}

export type LessonReminders = ReturnType<typeof createLessonReminders>;
