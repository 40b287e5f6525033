import { addZonedDays, PaymentStatus, PlanPeriod, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installments } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, createSlot, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { buyInInstallments, payInstallment } from '../../testing/installments.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('a subscription bought in installments pauses when one is missed', async () => {
  const { app } = await buildTestApp();
  const plan = await createPlan(app.db, { weeklyMinutes: 120 });
  const superAdmin = await loginAs(app, Role.SuperAdmin);

  let phoneSeq = 30_000_000;
  const newStudent = () => loginAs(app, Role.Student, { phone: `012${phoneSeq++}` });
  const current = async (auth: { authorization: string }) =>
    (await app.inject({ method: 'GET', url: '/api/v1/sub/current', headers: auth })).json();
  /** Moves an installment's due date (time passing, seen from the installment's side). */
  const setDueAt = (id: number, dueAt: Date) =>
    app.db.update(installments).set({ dueAt }).where(eq(installments.id, id));

  it('runs with the next installment announced while it is paid on time or within the grace', async () => {
    const student = await newStudent();
    const [, second] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year, count: 4 });
    const answer = await current(student.auth);
    expect(answer).toMatchObject({
      paused: false,
      subscription: { paused: false },
      quota: { remainingMinutes: 120 },
      nextInstallment: {
        id: second!.id,
        index: 2,
        count: 4,
        amount: second!.amount,
        dueAt: second!.dueAt.toISOString(),
        pausesAt: addZonedDays(second!.dueAt, 7).toISOString(),
      },
    });

    // Due a week ago less a minute: overdue, but still within the 7 days' grace.
    await setDueAt(second!.id, new Date(addZonedDays(new Date(), -7).getTime() + MINUTE));
    expect(await current(student.auth)).toMatchObject({ paused: false, quota: { remainingMinutes: 120 } });
  });

  it('is paused past the grace, with no minutes left, and runs again once the installment is paid', async () => {
    const student = await newStudent();
    const [, second, third] = await buyInInstallments(app, student, plan, { period: PlanPeriod.Year });
    await setDueAt(second!.id, new Date(addZonedDays(new Date(), -7).getTime() - MINUTE));

    const paused = await current(student.auth);
    expect(paused).toMatchObject({
      paused: true,
      subscription: { paused: true },
      quota: { weeklyMinutes: 120, spentMinutes: 0, remainingMinutes: 0 },
      nextInstallment: { id: second!.id, index: 2 },
    });
    const id = paused.subscription.id;
    const byId = await app.inject({ method: 'GET', url: `/api/v1/sub/${id}`, headers: student.auth });
    expect(byId.json()).toMatchObject({ id, paused: true });
    const list = await app.inject({ method: 'GET', url: '/api/v1/sub/list', headers: student.auth });
    expect(list.json().list).toMatchObject([{ id, paused: true }]);

    // Nothing can be booked while paused (the booking reads the installments with the subscription).
    const tutor = await loginAsListedTutor(app);
    const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 2 * DAY);
    await createSlot(app.db, tutor.user.id, start, new Date(start.getTime() + 2 * HOUR));
    const book = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/lesson/',
        headers: student.auth,
        payload: { tutorId: tutor.user.id, start: start.toISOString(), duration: 30 },
      });
    const refused = await book();
    expect(refused.json()).toMatchObject({ code: 'empty-weekly-minutes' });

    // Paid late, through the usual path (card, 3-D Secure at the sandbox, notification applied once).
    expect(await payInstallment(app, student, second!.id)).toBe(PaymentStatus.Paid);
    expect(await current(student.auth)).toMatchObject({
      paused: false,
      subscription: { id, paused: false },
      quota: { remainingMinutes: 120 },
      nextInstallment: { id: third!.id, index: 3, count: 4 },
    });
    expect((await book()).statusCode).toBe(200);
  });

  it('is never paused when paid at once or granted', async () => {
    const student = await newStudent();
    const grant = await app.inject({
      method: 'POST',
      url: '/api/v1/sub',
      headers: superAdmin.auth,
      payload: { userId: student.user.id, planId: plan.id, period: PlanPeriod.Year },
    });
    expect(grant.json().paused).toBe(false);
    expect(await current(student.auth)).toMatchObject({
      paused: false,
      nextInstallment: null,
      subscription: { paused: false },
      quota: { remainingMinutes: 120 },
    });
    // However late it gets within the year.
    const subscriptions = createSubscriptionsService(app);
    const later = await subscriptions.getCurrent(student.user, new Date(Date.now() + 300 * DAY));
    expect(later).toMatchObject({ paused: false, nextInstallment: null, quota: { remainingMinutes: 120 } });
  });
});
