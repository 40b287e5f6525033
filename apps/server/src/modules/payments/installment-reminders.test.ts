import {
  formatDateTime,
  formatMoney,
  INSTALLMENT_REMINDER_EVENT,
  type InstallmentReminderEvent,
  installmentPausesAt,
  PaymentStatus,
  PlanPeriod,
  Role,
} from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installments, subscriptions, transactions } from '../../db/schema.ts';
import { INSTALLMENT_REMINDERS_QUEUE, startJobs } from '../../plugins/jobs.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, loginAs } from '../../testing/factories.ts';
import { buyInInstallments, payInstallment } from '../../testing/installments.ts';
import { listenForSockets, record } from '../../testing/sockets.ts';
import { findOutboxMessages } from '../notifications/outbox.repository.ts';
import { findSentReminders } from './installment-reminders.repository.ts';
import { createInstallmentReminders } from './installment-reminders.service.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('installment reminders', async () => {
  const { app, databaseUrl } = await buildTestApp();
  const reminders = createInstallmentReminders(app);
  const plan = await createPlan(app.db, { weeklyMinutes: 120 });
  const webUrl = app.config.publicUrls.web.replace(/\/$/, '');

  let phoneSeq = 40_000_000;
  const newStudent = () => loginAs(app, Role.Student, { phone: `015${phoneSeq++}` });
  const mailsTo = (email: string) => findOutboxMessages(app.db, { to: email, limit: 50 });
  const kindsSent = async (installmentId: number) =>
    (await findSentReminders(app.db, installmentId)).map((row) => row.kind);

  it('sends each reminder once, before, on and after the due date, even when two runs race', async () => {
    const student = await newStudent();
    const [, second, third] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year });
    const due = second!.dueAt;
    const steps = [
      [plus(due, -2 * DAY), 'upcoming'],
      [plus(due, HOUR), 'due'],
      [plus(due, 2 * DAY), 'overdue'],
      [plus(due, 8 * DAY), 'paused'],
    ] as const;
    for (const [now, kind] of steps) {
      await Promise.all([reminders.sendDue(now), reminders.sendDue(now)]);
      await reminders.sendDue(plus(now, HOUR));
      expect((await kindsSent(second!.id)).at(-1)).toBe(kind);
    }
    expect(await kindsSent(second!.id)).toEqual(['upcoming', 'due', 'overdue', 'paused']);
    const mails = (await mailsTo(student.user.email)).reverse();
    expect(mails).toHaveLength(4);

    // The third is not reminded of while the second, which must be paid first, is not.
    await reminders.sendDue(plus(third!.dueAt, -2 * DAY));
    expect(await kindsSent(third!.id)).toEqual([]);
    expect(await mailsTo(student.user.email)).toHaveLength(4);

    const [upcoming, , overdue] = mails;
    expect(upcoming!.html).toContain('<html lang="ar" dir="rtl">');
    expect(upcoming!.subject).toContain(formatDateTime(due, 'Africa/Cairo'));
    expect(upcoming!.text).toContain(formatMoney(second!.amount));
    expect(upcoming!.html).toContain(`href="${webUrl}/payments"`);
    expect(upcoming!.text).toContain('القسط 2 من 4');
    expect(overdue!.text).toContain(formatDateTime(installmentPausesAt(second!), 'Africa/Cairo'));
  });

  it('sends nothing about a paid installment, and reminds of the next one once it is paid', async () => {
    const student = await newStudent();
    const [, second, third] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year });
    expect(await payInstallment(app, student, second!.id)).toBe(PaymentStatus.Paid);
    for (const now of [plus(second!.dueAt, -2 * DAY), second!.dueAt, plus(second!.dueAt, 10 * DAY)]) {
      await reminders.sendDue(now);
    }
    expect(await kindsSent(second!.id)).toEqual([]);
    expect(await mailsTo(student.user.email)).toHaveLength(0);

    await reminders.sendDue(plus(third!.dueAt, -DAY));
    expect(await kindsSent(third!.id)).toEqual(['upcoming']);
    expect(await mailsTo(student.user.email)).toHaveLength(1);
  });

  it('sends nothing once the subscription was refunded or is over', async () => {
    const refunded = await newStudent();
    const [first, second] = await buyInInstallments(app, refunded, plan, { period: PlanPeriod.Year });
    const [paid] = await app.db.select().from(transactions).where(eq(transactions.installmentId, first!.id));
    const superAdmin = await loginAs(app, Role.SuperAdmin);
    const refund = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/refund',
      headers: superAdmin.auth,
      payload: { transactionId: paid!.id },
    });
    expect(refund.json().transaction.status).toBe(PaymentStatus.Refunded);
    await reminders.sendDue(plus(second!.dueAt, -DAY));
    expect(await kindsSent(second!.id)).toEqual([]);

    const over = await newStudent();
    const [, last] = await buyInInstallments(app, over, plan, { period: PlanPeriod.HalfYear, count: 2 });
    const [subscription] = await app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, over.user.id));
    await reminders.sendDue(plus(subscription!.endsAt, DAY));
    expect(await kindsSent(last!.id)).toEqual([]);
  });

  it('runs hourly on pg-boss (worker role), and a queued run sends what is due now', async () => {
    const student = await newStudent();
    const [, second] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year });
    await app.db
      .update(installments)
      .set({ dueAt: new Date(Date.now() + DAY) })
      .where(eq(installments.id, second!.id));
    const jobs = await startJobs(app, databaseUrl);
    try {
      const schedule = (await jobs.boss.getSchedules()).find(
        (item) => item.name === INSTALLMENT_REMINDERS_QUEUE,
      );
      expect(schedule?.cron).toBe('0 * * * *');
      await jobs.boss.send(INSTALLMENT_REMINDERS_QUEUE, {});
      await expect
        .poll(() => kindsSent(second!.id), { timeout: 15_000, interval: 250 })
        .toEqual(['upcoming']);
    } finally {
      await jobs.stop();
    }
  });

  describe('the installment-reminder socket event', async () => {
    const sockets = await listenForSockets(app);

    it('reaches the student with each reminder sent', async () => {
      const student = await newStudent();
      const [, second] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year });
      const socket = await sockets.connect(student.token);
      const events = record<InstallmentReminderEvent>(socket, INSTALLMENT_REMINDER_EVENT);

      await reminders.sendDue(plus(second!.dueAt, 2 * DAY));
      await reminders.sendDue(plus(second!.dueAt, 2 * DAY));
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({
        kind: 'overdue',
        id: second!.id,
        index: 2,
        count: 4,
        amount: second!.amount,
        dueAt: second!.dueAt.toISOString(),
        pausesAt: installmentPausesAt(second!).toISOString(),
      });
    });
  });
});
