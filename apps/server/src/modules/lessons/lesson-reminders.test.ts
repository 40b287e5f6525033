import {
  formatDateTime,
  LESSON_REMINDER_EVENT,
  type LessonReminderEvent,
  MessagingApp,
  Role,
} from '@hiwar/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client.ts';
import { platformSettings } from '../../db/schema.ts';
import { LESSON_REMINDERS_QUEUE, startJobs } from '../../plugins/jobs.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createSlot,
  createSubscription,
  loginAs,
  loginAsListedTutor,
  uniquePhone,
} from '../../testing/factories.ts';
import { listenForSockets, record } from '../../testing/sockets.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';
import { findOutboxMessages } from '../notifications/outbox.repository.ts';
import { findLessonReminders } from './lesson-reminders.repository.ts';
import { createLessonReminders } from './lesson-reminders.service.ts';

const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

type Auth = { authorization: string };

describe('lesson reminders', async () => {
  let now = T0;
  const { app, databaseUrl } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const reminders = createLessonReminders(app);
  const web = app.config.publicUrls.web.replace(/\/$/, '');

  /** A listed tutor, on Telegram unless told, with a window from `from` for `hours` hours. */
  async function tutorWithWindow(from: Date, hours = 6, name = 'منى عادل') {
    const tutor = await loginAsListedTutor(app, { name, notificationMethod: MessagingApp.Telegram });
    await createSlot(app.db, tutor.user.id, from, plus(from, hours * HOUR));
    return tutor;
  }
  /** A subscribed student; `phone` verified on WhatsApp unless `messaging` is false. */
  async function subscribedStudent(options: { name?: string; messaging?: boolean } = {}) {
    const messaging = options.messaging ?? true;
    const student = await loginAs(app, Role.Student, {
      name: options.name ?? 'يوسف طارق',
      phone: uniquePhone(),
      verifiedPhone: messaging,
      notificationMethod: messaging ? MessagingApp.Whatsapp : null,
    });
    await createSubscription(app.db, student.user.id, { start: at(-DAY), weeklyMinutes: 120 });
    return student;
  }
  async function book(auth: Auth, tutorId: number, start: Date, duration = 30) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: auth,
      payload: { tutorId, start: start.toISOString(), duration },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: number; start: string };
  }
  const mailsTo = async (email: string) =>
    (await findOutboxMessages(app.db, { to: email, limit: 50 })).filter((m) => m.channel === 'email');
  const messagesTo = (phone: string) => findOutboxMessages(app.db, { to: phone, limit: 50 });
  /** The lesson's reminders as `kind@hours-before-start[:sent]`, per member. */
  async function scheduleOf(lessonId: number, userId: number) {
    const rows = await findLessonReminders(app.db, lessonId);
    return rows
      .filter((row) => row.userId === userId)
      .map(
        (row) =>
          `${row.kind}@${(row.startsAt.getTime() - row.remindAt.getTime()) / HOUR}h${row.sentAt ? ':sent' : ''}`,
      );
  }

  it('reminds both members a day and an hour before a lesson, each once, by e-mail and messaging app', async () => {
    const start = at(3 * DAY);
    const tutor = await tutorWithWindow(start);
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, start);
    for (const member of [student, tutor]) {
      expect(await scheduleOf(lesson.id, member.user.id)).toEqual(['day@24h', 'hour@1h']);
    }

    expect(await reminders.sendDue(plus(start, -DAY - MINUTE))).toMatchObject({ sent: 0 });
    expect(await reminders.sendDue(plus(start, -DAY))).toMatchObject({ sent: 2 });
    expect(await reminders.sendDue(plus(start, -DAY + 5 * MINUTE))).toMatchObject({ sent: 0 });
    expect(await reminders.sendDue(plus(start, -2 * HOUR))).toMatchObject({ sent: 0 });
    expect(await reminders.sendDue(plus(start, -HOUR))).toMatchObject({ sent: 2 });
    expect(await reminders.sendDue(plus(start, -30 * MINUTE))).toMatchObject({ sent: 0 });
    for (const member of [student, tutor]) {
      expect(await scheduleOf(lesson.id, member.user.id)).toEqual(['day@24h:sent', 'hour@1h:sent']);
    }

    const when = formatDateTime(start, 'Africa/Cairo');
    const [hourMail, dayMail] = await mailsTo(student.user.email);
    expect(await mailsTo(student.user.email)).toHaveLength(2);
    expect(dayMail!.subject).toBe(`حوار: تذكير: درسك غدًا (${when})`);
    expect(dayMail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(dayMail!.text).toContain('مرحبًا يوسف طارق،');
    expect(dayMail!.text).toContain(`يبدأ درسك مع المدرس منى عادل (30 دقيقة) غدًا، في ${when}.`);
    expect(dayMail!.html).toContain(`href="${web}/upcoming-lessons"`);
    expect(hourMail!.subject).toBe(`حوار: تذكير: درسك بعد ساعة (${when})`);

    const tutorMails = await mailsTo(tutor.user.email);
    expect(tutorMails).toHaveLength(2);
    expect(tutorMails[1]!.text).toContain(`يبدأ درسك مع الطالب يوسف طارق (30 دقيقة) غدًا، في ${when}.`);
    expect(tutorMails[1]!.html).toContain(`href="${web}/t/dashboard"`);

    // Each member's messaging app too: the student's WhatsApp, the tutor's Telegram (outbox here).
    const whatsapp = await messagesTo(student.user.phone!);
    expect(whatsapp.map((m) => m.channel)).toEqual(['whatsapp', 'whatsapp']);
    expect(whatsapp[0]!.text).toContain(`بعد ساعة، في ${when}.`);
    const telegram = await messagesTo(tutor.user.phone!);
    expect(telegram.map((m) => m.channel)).toEqual(['telegram', 'telegram']);
  });

  it('skips the messaging app of a member who has not verified a phone on one', async () => {
    const start = at(2 * DAY);
    const tutor = await tutorWithWindow(start);
    const student = await subscribedStudent({ messaging: false });
    await book(student.auth, tutor.user.id, start);
    await reminders.sendDue(plus(start, -DAY));
    expect(await mailsTo(student.user.email)).toHaveLength(1);
    expect(await messagesTo(student.user.phone!)).toEqual([]);
  });

  it('skips the reminders whose time passed before the lesson was booked', async () => {
    const start = at(5 * HOUR);
    const tutor = await tutorWithWindow(at(2 * HOUR));
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, start);
    expect(await scheduleOf(lesson.id, student.user.id)).toEqual(['hour@1h']);
    expect(await scheduleOf(lesson.id, tutor.user.id)).toEqual(['hour@1h']);
    expect(await reminders.sendDue(T0)).toMatchObject({ sent: 0 });
    expect(await reminders.sendDue(plus(start, -HOUR))).toMatchObject({ sent: 2 });
    expect(await mailsTo(student.user.email)).toHaveLength(1);

    // Booked 30 minutes ahead (a 15-minute lead allows it): no reminder at all.
    await app.db
      .insert(platformSettings)
      .values({ key: 'bookingLeadMinutes', value: 15 })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: 15 } });
    try {
      const soonTutor = await tutorWithWindow(T0);
      const soonStudent = await subscribedStudent();
      const soon = await book(soonStudent.auth, soonTutor.user.id, at(30 * MINUTE));
      expect(await findLessonReminders(app.db, soon.id)).toEqual([]);
      await reminders.sendDue(at(20 * MINUTE));
      expect(await mailsTo(soonStudent.user.email)).toEqual([]);
    } finally {
      await app.db
        .insert(platformSettings)
        .values({ key: 'bookingLeadMinutes', value: 60 })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: 60 } });
    }
  });

  it("moves a rescheduled lesson's reminders to its new time", async () => {
    const first = at(3 * DAY);
    const later = at(4 * DAY + 2 * HOUR);
    const tutor = await tutorWithWindow(first);
    await createSlot(app.db, tutor.user.id, at(4 * DAY), at(4 * DAY + 6 * HOUR));
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, first);
    expect(await reminders.sendDue(plus(first, -DAY))).toMatchObject({ sent: 2 });

    now = plus(first, -20 * HOUR);
    const moved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/lesson/',
      headers: student.auth,
      payload: { id: lesson.id, start: later.toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    // The day reminder of the old time stays as sent; the old hour reminder is gone.
    expect(await scheduleOf(lesson.id, student.user.id)).toEqual(['day@24h:sent', 'day@24h', 'hour@1h']);
    const rows = await findLessonReminders(app.db, lesson.id);
    expect(rows.filter((row) => !row.sentAt).every((row) => row.startsAt.getTime() === later.getTime())).toBe(
      true,
    );

    expect(await reminders.sendDue(plus(first, -HOUR))).toMatchObject({ sent: 0 });
    expect(await reminders.sendDue(plus(later, -DAY))).toMatchObject({ sent: 2 });
    expect(await reminders.sendDue(plus(later, -HOUR))).toMatchObject({ sent: 2 });
    const mails = await mailsTo(student.user.email);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toContain(formatDateTime(later, 'Africa/Cairo'));

    // Moved again to within the day: only the hour reminder is left to come.
    now = plus(later, -10 * HOUR);
    const again = await app.inject({
      method: 'PATCH',
      url: '/api/v1/lesson/',
      headers: student.auth,
      payload: { id: lesson.id, start: plus(later, HOUR).toISOString() },
    });
    expect(again.statusCode).toBe(200);
    const pending = (await findLessonReminders(app.db, lesson.id)).filter((row) => !row.sentAt);
    expect(pending.map((row) => row.kind)).toEqual(['hour', 'hour']);
  });

  it('sends nothing about a cancelled lesson', async () => {
    const start = at(3 * DAY);
    const tutor = await tutorWithWindow(start);
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, start);
    const canceled = await app.inject({
      method: 'DELETE',
      url: `/api/v1/lesson/${lesson.id}`,
      headers: tutor.auth,
    });
    expect(canceled.statusCode).toBe(200);
    const runs = [plus(start, -DAY), plus(start, -HOUR), plus(start, -MINUTE)];
    for (const time of runs) {
      expect(await reminders.sendDue(time)).toMatchObject({ sent: 0 });
    }
    expect(await findLessonReminders(app.db, lesson.id)).toEqual([]);
    // The student was told of the cancellation (after the response), and of nothing else.
    await expect.poll(async () => (await mailsTo(student.user.email)).length).toBe(1);
    expect((await mailsTo(student.user.email))[0]!.subject).toContain('أُلغي درسك');
    expect(await mailsTo(tutor.user.email)).toEqual([]);
  });

  it('sends each reminder exactly once when workers on two connections race', async () => {
    const start = at(2 * DAY);
    const tutor = await tutorWithWindow(start);
    const student = await subscribedStudent();
    await book(student.auth, tutor.user.id, start);
    const other = connectDatabase(databaseUrl, { max: 4 });
    const second = createLessonReminders({
      db: other.db,
      mailer: app.mailer,
      messaging: app.messaging,
      broadcast: app.broadcast,
      files: app.files,
      config: app.config,
      log: app.log,
      clock: app.clock,
    });
    const time = plus(start, -DAY);
    const results = await Promise.all([
      reminders.sendDue(time),
      second.sendDue(time),
      reminders.sendDue(time),
      second.sendDue(time),
    ]).finally(() => other.close());
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    expect(await mailsTo(student.user.email)).toHaveLength(1);
    expect(await mailsTo(tutor.user.email)).toHaveLength(1);
    expect(await messagesTo(student.user.phone!)).toHaveLength(1);
  });

  it('runs every minute on pg-boss (worker role), at the app clock', async () => {
    const start = at(2 * DAY);
    const tutor = await tutorWithWindow(start);
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, start);
    now = plus(start, -HOUR);
    const jobs = await startJobs(app, databaseUrl);
    try {
      const schedule = (await jobs.boss.getSchedules()).find((item) => item.name === LESSON_REMINDERS_QUEUE);
      expect(schedule?.cron).toBe('* * * * *');
      await jobs.boss.send(LESSON_REMINDERS_QUEUE, {});
      // At the app's clock an hour before start: the hour reminder goes, the day one expired unsent.
      await expect
        .poll(() => scheduleOf(lesson.id, student.user.id), { timeout: 15_000, interval: 250 })
        .toEqual(['hour@1h:sent']);
    } finally {
      await jobs.stop();
    }
  });

  describe('the lesson-reminder socket event', async () => {
    const sockets = await listenForSockets(app);
    const listen = async (token: string) =>
      record<LessonReminderEvent>(await sockets.connect(token), LESSON_REMINDER_EVENT);

    it('reaches both members once per reminder, with the lesson', async () => {
      const start = at(2 * DAY);
      const tutor = await tutorWithWindow(start);
      const student = await subscribedStudent();
      const lesson = await book(student.auth, tutor.user.id, start);
      const studentHears = await listen(student.token);
      const tutorHears = await listen(tutor.token);
      await reminders.sendDue(plus(start, -DAY));
      await reminders.sendDue(plus(start, -DAY));
      await expect.poll(() => studentHears.length + tutorHears.length).toBe(2);
      for (const events of [studentHears, tutorHears]) {
        expect(events).toEqual([
          {
            kind: 'day',
            lesson: expect.objectContaining({
              id: lesson.id,
              start: start.toISOString(),
              status: 'pending',
              tutor: expect.objectContaining({ id: tutor.user.id }),
              student: expect.objectContaining({ id: student.user.id }),
            }),
          },
        ]);
      }
    });
  });
});
