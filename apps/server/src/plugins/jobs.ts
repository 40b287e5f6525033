import PgBoss from 'pg-boss';
import type { App } from '../app.ts';
import { JOBS_SCHEMA } from '../core/jobs.ts';
import { BOOT_LOCKS, withAdvisoryLock } from '../db/advisory-lock.ts';
import { createInterviewReminders } from '../modules/interviews/interview-reminders.ts';
import { createLessonReminders } from '../modules/lessons/lesson-reminders.service.ts';
import { createInstallmentReminders } from '../modules/payments/installment-reminders.service.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createSubscriptionManageService } from '../modules/subscriptions/subscription-manage.service.ts';

/** Polls Fawry about unpaid transactions and expires stale ones (architecture §8). */
export const RECONCILE_PAYMENTS_QUEUE = 'payments-reconcile';
/** Every two minutes: a missed notification costs a buyer at most that long. */
export const RECONCILE_PAYMENTS_CRON = '*/2 * * * *';

/**
 * E-mails (and socket events) about unpaid card installments: before, on and after the due date; and
 * the renewal reminders of subscriptions ending soon (decision 0042).
 */
export const INSTALLMENT_REMINDERS_QUEUE = 'installment-reminders';
/** Hourly: the reminder windows are days long, so an hour late is still on time. */
export const INSTALLMENT_REMINDERS_CRON = '0 * * * *';

/** E-mails, messaging-app messages and socket events a day and an hour before each lesson and interview. */
export const LESSON_REMINDERS_QUEUE = 'lesson-reminders';
/** Every minute (cron's finest): the hour reminder goes out at most a minute late. */
export const LESSON_REMINDERS_CRON = '* * * * *';

export type Jobs = { boss: PgBoss; stop(): Promise<void> };

/**
 * The worker role's scheduled jobs on pg-boss, in the same PostgreSQL database (schema `pgboss`).
 * Started by `startHiwar` for instances with the `worker` role and stopped before the app closes.
 * Each job's handler is a service method, so tests call it directly without a queue.
 *
 * Instances booting together would deadlock creating pg-boss's schema and queues (issue 17): the
 * whole setup runs under an advisory lock, so one creates them and the others find them there.
 */
export async function startJobs(app: App, databaseUrl: string): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: JOBS_SCHEMA, max: 4 });
  boss.on('error', (error) => app.log.error({ err: error }, 'pg-boss error'));
  try {
    await withAdvisoryLock(databaseUrl, BOOT_LOCKS.jobs, () => setUpJobs(app, boss));
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw error;
  }
  return {
    boss,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

/** Starts pg-boss, then creates, schedules and works each queue (idempotent: a queue made is kept). */
async function setUpJobs(app: App, boss: PgBoss): Promise<void> {
  await boss.start();

  if (app.fawry) {
    const payments = createPaymentsService(app);
    // `stately`: at most one run queued and one running, however many instances schedule it.
    await boss.createQueue(RECONCILE_PAYMENTS_QUEUE, { name: RECONCILE_PAYMENTS_QUEUE, policy: 'stately' });
    await boss.schedule(RECONCILE_PAYMENTS_QUEUE, RECONCILE_PAYMENTS_CRON);
    await boss.work(RECONCILE_PAYMENTS_QUEUE, async () => {
      const result = await payments.reconcile();
      app.log.info(result, 'payments reconciled');
    });
  }

  const reminders = createInstallmentReminders(app);
  const renewals = createSubscriptionManageService(app);
  await boss.createQueue(INSTALLMENT_REMINDERS_QUEUE, {
    name: INSTALLMENT_REMINDERS_QUEUE,
    policy: 'stately',
  });
  await boss.schedule(INSTALLMENT_REMINDERS_QUEUE, INSTALLMENT_REMINDERS_CRON);
  await boss.work(INSTALLMENT_REMINDERS_QUEUE, async () => {
    const result = await reminders.sendDue();
    app.log.info(result, 'installment reminders sent');
    const renewalResult = await renewals.sendRenewalReminders();
    if (renewalResult.sent > 0) {
      app.log.info(renewalResult, 'renewal reminders sent');
    }
  });

  const lessonReminders = createLessonReminders(app);
  // Interviews are swept with lessons: the same minute, the same plan (decision 0008).
  const interviewReminders = createInterviewReminders(app);
  await boss.createQueue(LESSON_REMINDERS_QUEUE, { name: LESSON_REMINDERS_QUEUE, policy: 'stately' });
  await boss.schedule(LESSON_REMINDERS_QUEUE, LESSON_REMINDERS_CRON);
  await boss.work(LESSON_REMINDERS_QUEUE, async () => {
    // At the app's time (`app.clock`): the dev clock moves reminders along with everything else.
    const result = await lessonReminders.sendDue();
    if (result.sent > 0 || result.dropped > 0) {
      app.log.info(result, 'lesson reminders sent');
    }
    const interviewResult = await interviewReminders.sendDue();
    if (interviewResult.sent > 0 || interviewResult.dropped > 0) {
      app.log.info(interviewResult, 'interview reminders sent');
    }
  });
}
