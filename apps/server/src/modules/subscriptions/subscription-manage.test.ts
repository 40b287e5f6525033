import { PaymentStatus, PlanPeriod, priceFor, Role, upgradeQuote } from '@hiwar/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refundRequests, subscriptionEvents, subscriptions, transactions } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createPlan, createSubscription, loginAs } from '../../testing/factories.ts';
import { notificationsDelivered, sandboxOf } from '../../testing/fawry.ts';
import { lastMessageTo } from '../../testing/outbox.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { createSubscriptionManageService } from './subscription-manage.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('managing a subscription (decision 0042)', async () => {
  const { app } = await buildTestApp({ config: process.env.DEBUG_LOG ? { logLevel: 'error' } : {} });
  const sandbox = sandboxOf(app);
  const small = await createPlan(app.db, { weeklyMinutes: 60 });
  const big = await createPlan(app.db, { weeklyMinutes: 240 });
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);
  const tutor = await loginAs(app, Role.Tutor);
  const sockets = await listenForSockets(app);

  let phoneSeq = 20_000_000;
  const newStudent = () => loginAs(app, Role.Student, { phone: `011${phoneSeq++}` });
  type Caller = { auth: { authorization: string } } | undefined;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, caller: Caller, payload?: object) =>
    app.inject({ method, url, headers: caller?.auth ?? {}, ...(payload ? { payload } : {}) });

  const eventsOf = (subscriptionId: number) =>
    app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId));

  /** A student with `plan` bought by reference number and paid at a Fawry outlet. */
  async function paidStudent(plan = small) {
    const student = await newStudent();
    const res = await call('POST', '/api/v1/fawry/pay/ref-num', student, {
      planId: plan.id,
      period: PlanPeriod.Month,
    });
    expect(res.statusCode).toBe(200);
    await sandbox.pay(res.json().referenceNumber, 'control');
    await notificationsDelivered(app);
    const current = (await call('GET', '/api/v1/sub/current', student)).json();
    return { student, subscription: current.subscription, paid: res.json().transaction.amount as number };
  }

  describe('renewal', () => {
    it('the student turns it off and on; each change is in the history, a repeat changes nothing', async () => {
      const { student, subscription } = await paidStudent();
      expect(subscription.renew).toBe(true);
      const off = await call('PUT', `/api/v1/sub/${subscription.id}/renewal`, student, { renew: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: subscription.id, renew: false });
      await call('PUT', `/api/v1/sub/${subscription.id}/renewal`, student, { renew: false });
      await call('PUT', `/api/v1/sub/${subscription.id}/renewal`, student, { renew: true });
      expect((await eventsOf(subscription.id)).map((event) => event.kind)).toEqual([
        'renewal-off',
        'renewal-on',
      ]);
      const history = (await call('GET', `/api/v1/sub/${subscription.id}/events`, student)).json();
      expect(history.list.map((event: { kind: string }) => event.kind)).toEqual([
        'renewal-on',
        'renewal-off',
      ]);
      expect(history.list[0]).toMatchObject({ actorId: student.user.id });
    });

    it("refuses another student's subscription, other roles and bad bodies, changing nothing", async () => {
      const { subscription } = await paidStudent();
      const other = await newStudent();
      const url = `/api/v1/sub/${subscription.id}/renewal`;
      expect((await call('PUT', url, other, { renew: false })).json().code).toBe('subscription-not-found');
      expect((await call('PUT', url, tutor, { renew: false })).statusCode).toBe(403);
      expect((await call('PUT', url, superAdmin, { renew: false })).statusCode).toBe(403);
      expect((await call('PUT', url, undefined, { renew: false })).statusCode).toBe(401);
      const owner = await app.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      const student = { auth: (await loginAs(app, Role.Student)).auth };
      expect((await call('PUT', url, student, { renew: 'no' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/v1/sub/abc/renewal`, student, { renew: true })).statusCode).toBe(400);
      expect(owner[0]!.renew).toBe(true);
      expect(await eventsOf(subscription.id)).toHaveLength(0);
    });
  });

  describe('renewal reminders', () => {
    it('once, 3 days before the end, only with renewal on and nothing paid to follow', async () => {
      const service = createSubscriptionManageService(app);
      const kept = await loginAs(app, Role.Student);
      const stopped = await loginAs(app, Role.Student);
      const keptSub = await createSubscription(app.db, kept.user.id, { plan: small });
      const stoppedSub = await createSubscription(app.db, stopped.user.id, { plan: small });
      await call('PUT', `/api/v1/sub/${stoppedSub.id}/renewal`, stopped, { renew: false });
      // Far from the end: nothing.
      expect((await service.sendRenewalReminders(new Date(keptSub.endsAt.getTime() - 10 * DAY))).sent).toBe(
        0,
      );
      const near = new Date(keptSub.endsAt.getTime() - 2 * DAY);
      await service.sendRenewalReminders(near);
      const mail = await lastMessageTo(app.db, kept.user.email);
      expect(mail?.subject).toContain('اشتراكك ينتهي');
      expect(mail?.text).toContain(`/checkout/${small.id}/month`);
      expect(await lastMessageTo(app.db, stopped.user.email)).toBeNull();
      await service.sendRenewalReminders(near);
      const reminded = (await eventsOf(keptSub.id)).filter((event) => event.kind === 'renewal-reminded');
      expect(reminded).toHaveLength(1);
    });
  });

  describe('upgrade', () => {
    it('quotes the bigger plan for the time left less the unused part of what was paid', async () => {
      const { student, subscription, paid } = await paidStudent();
      const res = await call('GET', `/api/v1/sub/upgrade-quote?planId=${big.id}`, student);
      expect(res.statusCode).toBe(200);
      const quote = res.json();
      const expected = upgradeQuote(
        { start: new Date(subscription.start), end: new Date(subscription.end), paidAmount: paid },
        priceFor(big, PlanPeriod.Month),
        new Date(quote.quotedAt),
      );
      expect(quote).toMatchObject({
        subscriptionId: subscription.id,
        planId: big.id,
        period: PlanPeriod.Month,
        weeklyMinutes: 240,
        credit: expected.credit,
        cost: expected.cost,
        amount: expected.amount,
        end: subscription.end,
      });
      expect(quote.amount).toBeGreaterThan(0);
    });

    it('refuses a plan that is not bigger, no subscription, unknown plans and other roles', async () => {
      const { student } = await paidStudent(big);
      const quote = (planId: number | string, caller: Caller = student) =>
        call('GET', `/api/v1/sub/upgrade-quote?planId=${planId}`, caller);
      expect((await quote(small.id)).json().code).toBe('subscription-upgrade-invalid');
      expect((await quote(big.id)).json().code).toBe('subscription-upgrade-invalid');
      expect((await quote(999_999)).json().code).toBe('plan-not-found');
      expect((await quote('x')).statusCode).toBe(400);
      expect((await quote(big.id, await newStudent())).json().code).toBe('subscription-not-found');
      expect((await quote(big.id, tutor)).statusCode).toBe(403);
      const anonymous = await call('GET', `/api/v1/sub/upgrade-quote?planId=${big.id}`, undefined);
      expect(anonymous.statusCode, anonymous.body).toBe(401);
    });

    it('paid by reference number: the subscription moves to the bigger plan now, with the same end', async () => {
      const { student, subscription } = await paidStudent();
      const quote = (await call('GET', `/api/v1/sub/upgrade-quote?planId=${big.id}`, student)).json();
      const res = await call('POST', '/api/v1/fawry/pay/ref-num', student, {
        planId: big.id,
        period: PlanPeriod.Month,
        upgradeOf: subscription.id,
      });
      expect(res.statusCode).toBe(200);
      const order = res.json().transaction;
      expect(order).toMatchObject({ upgradeOf: subscription.id, status: PaymentStatus.New });
      // Quoted and ordered within the same second: at most a piaster or so apart.
      expect(Math.abs(order.amount - quote.amount)).toBeLessThanOrEqual(5);
      const pending = (await call('GET', '/api/v1/sub/current', student)).json();
      expect(pending.openUpgradeTransactionId).toBe(order.id);
      expect(pending.subscription.weeklyMinutes).toBe(60);

      await sandbox.pay(res.json().referenceNumber, 'control');
      await notificationsDelivered(app);
      const current = (await call('GET', '/api/v1/sub/current', student)).json();
      expect(current.subscription).toMatchObject({
        id: subscription.id,
        planId: big.id,
        weeklyMinutes: 240,
        end: subscription.end,
      });
      expect(current.subscription.upgradedAt).not.toBeNull();
      expect(current.quota.weeklyMinutes).toBe(240);
      expect(current.openUpgradeTransactionId).toBeNull();
      const kinds = (await eventsOf(subscription.id)).map((event) => event.kind);
      expect(kinds).toEqual(['upgrade-ordered', 'upgraded']);
      // Only one subscription: the upgrade changed it rather than adding another.
      expect(
        await app.db.select().from(subscriptions).where(eq(subscriptions.userId, student.user.id)),
      ).toHaveLength(1);
    });

    it('refuses another period, a coupon, installments, bank installments and someone else’s subscription', async () => {
      const { student, subscription } = await paidStudent();
      const body = { planId: big.id, period: PlanPeriod.Month, upgradeOf: subscription.id };
      const refNum = (payload: object, caller: Caller = student) =>
        call('POST', '/api/v1/fawry/pay/ref-num', caller, payload);
      expect((await refNum({ ...body, period: PlanPeriod.Quarter })).json().code).toBe(
        'subscription-upgrade-invalid',
      );
      expect((await refNum({ ...body, couponCode: 'SAVE-10' })).json().code).toBe(
        'subscription-upgrade-invalid',
      );
      expect((await refNum({ ...body, planId: small.id })).json().code).toBe('subscription-upgrade-invalid');
      expect((await refNum(body, await newStudent())).json().code).toBe('subscription-not-found');
      expect((await refNum({ ...body, upgradeOf: 'x' })).statusCode).toBe(400);
      const bank = await call('POST', '/api/v1/fawry/pay/bank-installments', student, {
        ...body,
        cardToken: 'tok',
        cvv: '123',
        returnUrl: 'http://localhost:4000/checkout/done',
        months: 3,
      });
      expect(bank.statusCode).toBeGreaterThanOrEqual(400);
      expect(bank.statusCode).toBeLessThan(500);
      const orders = await app.db
        .select()
        .from(transactions)
        .where(eq(transactions.upgradeOf, subscription.id));
      expect(orders).toHaveLength(0);
    });

    it('10 upgrade orders at once: exactly one is recorded', async () => {
      const { student, subscription } = await paidStudent();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('POST', '/api/v1/fawry/pay/ref-num', student, {
            planId: big.id,
            period: PlanPeriod.Month,
            upgradeOf: subscription.id,
          }),
        ),
      );
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of results.filter((one) => one.statusCode !== 200)) {
        expect(res.json().code).toBe('subscription-upgrade-unavailable');
      }
      const orders = await app.db
        .select()
        .from(transactions)
        .where(eq(transactions.upgradeOf, subscription.id));
      expect(orders).toHaveLength(1);
    });

    it('refunding the upgrade payment ends the subscription it upgraded', async () => {
      const { student, subscription } = await paidStudent();
      const res = await call('POST', '/api/v1/fawry/pay/ref-num', student, {
        planId: big.id,
        period: PlanPeriod.Month,
        upgradeOf: subscription.id,
      });
      await sandbox.pay(res.json().referenceNumber, 'control');
      await notificationsDelivered(app);
      const refund = await call('POST', '/api/v1/fawry/refund', superAdmin, {
        transactionId: res.json().transaction.id,
      });
      expect(refund.statusCode).toBe(200);
      const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      expect(row!.endReason).toBe('refunded');
    });
  });

  describe('refund requests', () => {
    const requestRefund = (id: number, caller: Caller, reason = 'I moved abroad and cannot attend lessons') =>
      call('POST', `/api/v1/sub/${id}/refund-request`, caller, { reason });

    it('the student asks; staff see it with a suggested amount and refund it; the student is told', async () => {
      const { student, subscription, paid } = await paidStudent();
      const res = await requestRefund(subscription.id, student, '  I moved abroad\u202e and cannot attend  ');
      expect(res.statusCode).toBe(200);
      const request = res.json();
      expect(request).toMatchObject({
        subscriptionId: subscription.id,
        userId: student.user.id,
        status: 'pending',
        reason: 'I moved abroad and cannot attend',
        payments: [{ amount: paid, refundedAmount: 0, upgrade: false }],
      });
      expect(request.suggestedAmount).toBeGreaterThan(paid * 0.95);
      expect(request.suggestedAmount).toBeLessThanOrEqual(paid);
      const current = (await call('GET', '/api/v1/sub/current', student)).json();
      expect(current).toMatchObject({ refundRequestId: request.id, paidAmount: paid });

      const listed = (
        await call('GET', '/api/v1/sub/refund-request/list?status=pending', regularAdmin)
      ).json();
      expect(listed.list.map((one: { id: number }) => one.id)).toContain(request.id);

      const refund = await call('POST', '/api/v1/fawry/refund', superAdmin, {
        transactionId: request.payments[0].transactionId,
        amount: request.suggestedAmount,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      await notificationsDelivered(app);
      const [row] = await app.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
      expect(row).toMatchObject({
        status: 'refunded',
        refundedAmount: request.suggestedAmount,
        decidedBy: superAdmin.user.id,
      });
      expect((await lastMessageTo(app.db, student.user.email))?.subject).toContain('تم رد المبلغ');
      const kinds = (await eventsOf(subscription.id)).map((event) => event.kind);
      expect(kinds).toEqual(['refund-requested', 'refunded']);
    });

    it('one pending request per subscription, even when 8 are sent at once', async () => {
      const { student, subscription } = await paidStudent();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => requestRefund(subscription.id, student)),
      );
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of results.filter((one) => one.statusCode !== 200)) {
        expect(res.json().code).toBe('refund-request-exists');
      }
      const rows = await app.db
        .select()
        .from(refundRequests)
        .where(and(eq(refundRequests.subscriptionId, subscription.id), eq(refundRequests.status, 'pending')));
      expect(rows).toHaveLength(1);
    });

    it('a SuperAdmin declines with a note the student reads; a closed request cannot be withdrawn', async () => {
      const { student, subscription } = await paidStudent();
      const request = (await requestRefund(subscription.id, student)).json();
      const url = `/api/v1/sub/refund-request/${request.id}/decline`;
      expect((await call('POST', url, regularAdmin, { note: 'Lessons were given' })).statusCode).toBe(403);
      expect((await call('POST', url, student, { note: 'Lessons were given' })).statusCode).toBe(403);
      expect((await call('POST', url, superAdmin, { note: 'x' })).json().code).toBe('text-too-short');
      const socket = await sockets.connect(student.token);
      const told = nextEvent(socket, 'refund-request-updated');
      const declined = await call('POST', url, superAdmin, { note: 'Most lessons were already given' });
      expect(declined.json()).toMatchObject({
        status: 'declined',
        staffNote: 'Most lessons were already given',
      });
      // The student's open tabs hear of it at once, with the note.
      expect(await told).toMatchObject({
        id: request.id,
        status: 'declined',
        staffNote: 'Most lessons were already given',
      });
      expect((await lastMessageTo(app.db, student.user.email))?.text).toContain(
        'Most lessons were already given',
      );
      expect((await call('POST', url, superAdmin, { note: 'again and again' })).json().code).toBe(
        'refund-request-closed',
      );
      const withdraw = await call('DELETE', `/api/v1/sub/refund-request/${request.id}`, student);
      expect(withdraw.json().code).toBe('refund-request-closed');
      // A new request may follow a declined one.
      expect((await requestRefund(subscription.id, student)).statusCode).toBe(200);
    });

    it('the student withdraws a pending request; nobody else can', async () => {
      const { student, subscription } = await paidStudent();
      const request = (await requestRefund(subscription.id, student)).json();
      const url = `/api/v1/sub/refund-request/${request.id}`;
      expect((await call('DELETE', url, await newStudent())).json().code).toBe('refund-request-not-found');
      expect((await call('DELETE', url, superAdmin)).statusCode).toBe(403);
      const withdrawn = await call('DELETE', url, student);
      expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
      expect((await eventsOf(subscription.id)).map((event) => event.kind)).toEqual([
        'refund-requested',
        'refund-withdrawn',
      ]);
    });

    it('refuses free subscriptions, other students, other roles, short and missing reasons', async () => {
      const granted = await loginAs(app, Role.Student);
      const free = await createSubscription(app.db, granted.user.id, { plan: small });
      expect((await requestRefund(free.id, granted)).json().code).toBe('refund-unavailable');
      expect((await call('GET', '/api/v1/sub/current', granted)).json().paidAmount).toBe(0);
      const { subscription } = await paidStudent();
      expect((await requestRefund(subscription.id, await newStudent())).json().code).toBe(
        'subscription-not-found',
      );
      expect((await requestRefund(subscription.id, tutor)).statusCode).toBe(403);
      expect((await requestRefund(subscription.id, superAdmin)).statusCode).toBe(403);
      const owner = await loginAs(app, Role.Student);
      const own = await createSubscription(app.db, owner.user.id, { plan: small });
      expect((await requestRefund(own.id, owner, 'short')).json().code).toBe('text-too-short');
      expect((await call('POST', `/api/v1/sub/${own.id}/refund-request`, owner, {})).statusCode).toBe(400);
      expect(
        await app.db.select().from(refundRequests).where(eq(refundRequests.subscriptionId, subscription.id)),
      ).toHaveLength(0);
    });

    it('lists: students their own only; admins anyone’s; tutors are refused', async () => {
      const { student, subscription } = await paidStudent();
      await requestRefund(subscription.id, student);
      const own = (await call('GET', '/api/v1/sub/refund-request/list', student)).json();
      expect(own.list.every((one: { userId: number }) => one.userId === student.user.id)).toBe(true);
      expect(own.total).toBe(1);
      const other = await newStudent();
      expect(
        (await call('GET', `/api/v1/sub/refund-request/list?userId=${student.user.id}`, other)).statusCode,
      ).toBe(403);
      const byAdmin = (
        await call('GET', `/api/v1/sub/refund-request/list?userId=${student.user.id}`, superAdmin)
      ).json();
      expect(byAdmin.total).toBe(1);
      expect((await call('GET', '/api/v1/sub/refund-request/list', tutor)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/sub/refund-request/list?status=lost', superAdmin)).statusCode).toBe(
        400,
      );
    });
  });

  describe('history', () => {
    it('its student and admins read it; anyone else is told it does not exist', async () => {
      const { student, subscription } = await paidStudent();
      const url = `/api/v1/sub/${subscription.id}/events`;
      expect((await call('GET', url, student)).statusCode).toBe(200);
      expect((await call('GET', url, regularAdmin)).statusCode).toBe(200);
      expect((await call('GET', url, await newStudent())).json().code).toBe('subscription-not-found');
      expect((await call('GET', url, tutor)).json().code).toBe('subscription-not-found');
      expect((await call('GET', url, undefined)).statusCode).toBe(401);
    });
  });
});
