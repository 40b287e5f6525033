import {
  PAYMENT_STATUS_EVENT,
  PaymentStatus,
  type PaymentStatusEvent,
  PlanPeriod,
  Role,
} from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../core/jobs.ts';
import { platformSettings, subscriptions, transactions } from '../../db/schema.ts';
import { RECONCILE_PAYMENTS_QUEUE, startJobs } from '../../plugins/jobs.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, loginAs } from '../../testing/factories.ts';
import { notificationsDelivered, sandboxOf } from '../../testing/fawry.ts';
import { listenForSockets, record } from '../../testing/sockets.ts';
import { createPaymentsService } from './payments.service.ts';

const HOUR = 3600_000;

describe('payment reconciliation and events', async () => {
  const { app, databaseUrl } = await buildTestApp();
  const sandbox = sandboxOf(app);
  const payments = createPaymentsService(app);
  const plan = await createPlan(app.db);

  let phoneSeq = 20_000_000;
  const newStudent = () => loginAs(app, Role.Student, { phone: `011${phoneSeq++}` });
  const payByReference = async (auth: { authorization: string }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/ref-num',
      headers: auth,
      payload: { planId: plan.id, period: PlanPeriod.Month },
    });
    await notificationsDelivered(app);
    return res.json() as { referenceNumber: string; expiresAt: string; transaction: { id: number } };
  };
  const statusOf = async (id: number) =>
    (await app.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.status;

  it('applies a payment whose notification never arrived', async () => {
    const student = await newStudent();
    const { referenceNumber, transaction } = await payByReference(student.auth);
    // Paid at Fawry without telling us (a lost notification).
    const order = (await sandbox.findOrder(referenceNumber))!;
    await sandbox.store.putOrder({
      ...order,
      status: 'PAID',
      paymentTime: Date.now(),
      paymentRefrenceNumber: '42',
    });

    const result = await payments.reconcile(new Date(Date.now() + 2 * 60_000));
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(transaction.id)).toBe(PaymentStatus.Paid);
    expect(
      await app.db.select().from(subscriptions).where(eq(subscriptions.userId, student.user.id)),
    ).toHaveLength(1);
  });

  it('leaves purchases younger than a minute alone and unpaid ones within their time unchanged', async () => {
    const student = await newStudent();
    const { transaction } = await payByReference(student.auth);
    await payments.reconcile(new Date());
    await payments.reconcile(new Date(Date.now() + 10 * 60_000));
    expect(await statusOf(transaction.id)).toBe(PaymentStatus.New);
  });

  it('expires a reference number past the referenceNumberTtlHours setting, closing it at Fawry', async () => {
    await app.db
      .insert(platformSettings)
      .values({ key: 'referenceNumberTtlHours', value: 1 })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: 1 } });
    try {
      const student = await newStudent();
      const before = Date.now();
      const { referenceNumber, expiresAt, transaction } = await payByReference(student.auth);
      expect(Date.parse(expiresAt) - before).toBeLessThan(1.1 * HOUR);

      await payments.reconcile(new Date(Date.now() + 2 * HOUR));
      expect(await statusOf(transaction.id)).toBe(PaymentStatus.Expired);
      expect((await sandbox.findOrder(referenceNumber))?.status).toBe('CANCELED');
      await notificationsDelivered(app);
      expect(await statusOf(transaction.id)).toBe(PaymentStatus.Expired);
    } finally {
      await app.db.delete(platformSettings).where(eq(platformSettings.key, 'referenceNumberTtlHours'));
    }
  });

  it('fails a transaction Fawry never heard of', async () => {
    const student = await newStudent();
    const [row] = await app.db
      .insert(transactions)
      .values({
        userId: student.user.id,
        planId: plan.id,
        period: PlanPeriod.Month,
        amount: 1000_00,
        weeklyMinutes: 60,
        method: 0,
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    await payments.reconcile();
    const [after] = await app.db.select().from(transactions).where(eq(transactions.id, row!.id));
    expect(after).toMatchObject({
      status: PaymentStatus.Failed,
      failureReason: 'The order never reached Fawry',
    });
  });

  it('runs on pg-boss in the pgboss schema of the same database, scheduled and stopped cleanly', async () => {
    const jobs = await startJobs(app, databaseUrl);
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.map((schedule) => schedule.name)).toContain(RECONCILE_PAYMENTS_QUEUE);
      const { rows } = await app.db.execute<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = '${JOBS_SCHEMA}'`,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await jobs.stop();
    }
  });

  describe('the payment-status socket event', async () => {
    const sockets = await listenForSockets(app);

    it('reaches the buyer on every status change of their transaction', async () => {
      const student = await newStudent();
      const socket = await sockets.connect(student.token);
      const events = record<PaymentStatusEvent>(socket, PAYMENT_STATUS_EVENT);

      const { referenceNumber, transaction } = await payByReference(student.auth);
      await sandbox.pay(referenceNumber, 'control');
      await notificationsDelivered(app);
      await expect.poll(() => events.length).toBe(1);
      const [subscription] = await app.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, student.user.id));
      expect(events[0]).toEqual({
        transactionId: transaction.id,
        status: PaymentStatus.Paid,
        subscriptionId: subscription!.id,
      });

      const superAdmin = await loginAs(app, Role.SuperAdmin);
      await app.inject({
        method: 'POST',
        url: '/api/v1/fawry/refund',
        headers: superAdmin.auth,
        payload: { transactionId: transaction.id },
      });
      await expect.poll(() => events.length).toBe(2);
      expect(events[1]).toMatchObject({ status: PaymentStatus.Refunded, subscriptionId: subscription!.id });
    });
  });
});
