import { PaymentStatus, PlanPeriod, Role, subscriptionEnd } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createListedTutor,
  createPlan,
  createSubscription,
  loginAs,
} from '../../testing/factories.ts';

describe('subscriptions', async () => {
  const { app } = await buildTestApp();
  const plan = await createPlan(app.db, { weeklyMinutes: 240 });
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);

  const grant = (body: object, auth = superAdmin.auth) =>
    app.inject({ method: 'POST', url: '/api/v1/sub', headers: auth, payload: body });
  const get = (url: string, auth?: { authorization: string }) =>
    app.inject({ method: 'GET', url, headers: auth ?? {} });

  describe('POST /api/v1/sub (staff grant)', () => {
    it('gives a student a plan from now, recorded as a zero-amount paid transaction by the SuperAdmin', async () => {
      const student = await loginAs(app, Role.Student);
      const before = Date.now();
      const res = await grant({ userId: student.user.id, planId: plan.id, period: PlanPeriod.Month });
      expect(res.statusCode).toBe(200);
      const subscription = res.json();
      expect(subscription).toMatchObject({
        userId: student.user.id,
        planId: plan.id,
        weeklyMinutes: 240,
        endedAt: null,
      });
      expect(Date.parse(subscription.start)).toBeGreaterThanOrEqual(before);
      expect(subscription.end).toBe(
        subscriptionEnd(new Date(subscription.start), PlanPeriod.Month).toISOString(),
      );
      const [row] = await app.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, subscription.transactionId));
      expect(row).toMatchObject({
        amount: 0,
        method: null,
        status: PaymentStatus.Paid,
        grantedBy: superAdmin.user.id,
      });
    });

    it('extends a student who is already subscribed', async () => {
      const student = await loginAs(app, Role.Student);
      const first = (
        await grant({ userId: student.user.id, planId: plan.id, period: PlanPeriod.Month })
      ).json();
      const second = (
        await grant({ userId: student.user.id, planId: plan.id, period: PlanPeriod.Quarter })
      ).json();
      expect(second.start).toBe(first.end);
    });

    it('refuses other roles, non-students, unknown plans and bad periods', async () => {
      const student = await loginAs(app, Role.Student);
      const tutor = await loginAs(app, Role.Tutor);
      const body = { userId: student.user.id, planId: plan.id, period: PlanPeriod.Month };
      expect((await grant(body, regularAdmin.auth)).statusCode).toBe(403);
      expect((await grant(body, student.auth)).statusCode).toBe(403);
      expect((await grant({ ...body, userId: tutor.user.id })).json().code).toBe('student-not-found');
      expect((await grant({ ...body, planId: 999_999 })).json().code).toBe('plan-not-found');
      expect((await grant({ ...body, period: 7 })).json().code).toBe('invalid-type');
      expect(
        await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id)),
      ).toHaveLength(0);
    });
  });

  describe('reading subscriptions', async () => {
    const student = await loginAs(app, Role.Student);
    const other = await loginAs(app, Role.Student);
    const granted = (
      await grant({ userId: student.user.id, planId: plan.id, period: PlanPeriod.Year })
    ).json();

    it('GET /sub/current: the subscription in force and this week’s quota; null without one', async () => {
      const current = (await get('/api/v1/sub/current', student.auth)).json();
      expect(current.subscription.id).toBe(granted.id);
      expect(current.quota).toMatchObject({
        weekIndex: 0,
        weeklyMinutes: 240,
        spentMinutes: 0,
        remainingMinutes: 240,
      });
      expect(Date.parse(current.quota.resetsAt) - Date.parse(granted.start)).toBe(7 * 24 * 3600_000);
      expect(current.next).toBeNull();
      const none = await get('/api/v1/sub/current', other.auth);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
      expect((await get('/api/v1/sub/current')).statusCode).toBe(401);
    });

    it('GET /sub/{id} and /sub/list: own subscriptions, or any for admins', async () => {
      expect((await get(`/api/v1/sub/${granted.id}`, student.auth)).json().id).toBe(granted.id);
      expect((await get(`/api/v1/sub/${granted.id}`, other.auth)).json().code).toBe('subscription-not-found');
      expect((await get(`/api/v1/sub/${granted.id}`, regularAdmin.auth)).statusCode).toBe(200);
      expect((await get('/api/v1/sub/list', student.auth)).json()).toMatchObject({
        total: 1,
        list: [{ id: granted.id }],
      });
      expect((await get('/api/v1/sub/list', other.auth)).json().total).toBe(0);
      expect((await get(`/api/v1/sub/list?userId=${student.user.id}`, other.auth)).statusCode).toBe(403);
      const forAdmin = (await get(`/api/v1/sub/list?userId=${student.user.id}`, regularAdmin.auth)).json();
      expect(forAdmin.list.map((row: { id: number }) => row.id)).toEqual([granted.id]);
      expect((await get('/api/v1/sub/999999', regularAdmin.auth)).statusCode).toBe(404);
    });
  });

  describe('GET /sub/current?userId= (staff)', async () => {
    const student = await loginAs(app, Role.Student);
    const start = new Date(Date.now() - 2 * 24 * 3600_000);
    await createSubscription(app.db, student.user.id, { start, weeklyMinutes: 120 });
    const tutor = await createListedTutor(app.db);
    // 30 minutes spent this quota week: a lesson tomorrow.
    await createLesson(app.db, {
      tutorId: tutor.id,
      studentId: student.user.id,
      start: new Date(Math.ceil((Date.now() + 24 * 3600_000) / 900_000) * 900_000),
      duration: 30,
    });
    const url = `/api/v1/sub/current?userId=${student.user.id}`;

    it('SuperAdmin and RegularAdmin get the student’s own answer: minutes left this week and the reset', async () => {
      const own = (await get('/api/v1/sub/current', student.auth)).json();
      expect(own.quota).toMatchObject({ weeklyMinutes: 120, spentMinutes: 30, remainingMinutes: 90 });
      expect(own.quota.resetsAt).toBe(new Date(start.getTime() + 7 * 24 * 3600_000).toISOString());
      for (const staff of [superAdmin, regularAdmin]) {
        const res = await get(url, staff.auth);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(own);
      }
    });

    it('answers null for a user without a subscription, and user-not-found for an unknown user', async () => {
      const other = await loginAs(app, Role.Student);
      const none = await get(`/api/v1/sub/current?userId=${other.user.id}`, regularAdmin.auth);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
      const unknown = await get('/api/v1/sub/current?userId=999999', superAdmin.auth);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('user-not-found');
    });

    it('refuses other roles another user’s quota with forbidden, even for unknown users', async () => {
      const other = await loginAs(app, Role.Student);
      const tutorCaller = await loginAs(app, Role.Tutor);
      const manager = await loginAs(app, Role.TutorManager);
      const studio = await loginAs(app, Role.Studio);
      for (const caller of [other, tutorCaller, manager, studio]) {
        const res = await get(url, caller.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
        expect((await get('/api/v1/sub/current?userId=999999', caller.auth)).json().code).toBe('forbidden');
      }
      expect((await get(url)).statusCode).toBe(401);
      // Naming oneself is the same as not naming anyone.
      expect((await get(url, student.auth)).json().quota.remainingMinutes).toBe(90);
    });

    it('refuses a userId that is not a positive integer', async () => {
      for (const bad of ['abc', '0', '-3', '1.5']) {
        const res = await get(`/api/v1/sub/current?userId=${bad}`, superAdmin.auth);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('bad-request');
      }
    });
  });
});
