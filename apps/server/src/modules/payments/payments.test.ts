import { PaymentMethod, PaymentStatus, PlanPeriod, priceFor, Role, subscriptionEnd } from '@hiwar/domain';
import { SANDBOX_TEST_CARDS, SANDBOX_TEST_CVVS } from '@hiwar/fawry/sandbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, paymentNotifications, subscriptions, transactions } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createCoupon, createListedTutor, createPlan, createSlot, loginAs } from '../../testing/factories.ts';
import { completeThreeDs, notificationsDelivered, sandboxOf, saveCard } from '../../testing/fawry.ts';

const RETURN_URL = 'http://localhost:4000/payments/return';

describe('payments', async () => {
  const { app } = await buildTestApp();
  const sandbox = sandboxOf(app);
  const plan = await createPlan(app.db, { weeklyMinutes: 120 });
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);

  let phoneSeq = 10_000_000;
  /** A signed-in student with a phone (Fawry needs a mobile number). */
  const newStudent = () => loginAs(app, Role.Student, { phone: `010${phoneSeq++}` });

  const post = (url: string, auth: { authorization: string } | undefined, payload: object) =>
    app.inject({ method: 'POST', url, headers: auth ?? {}, payload });
  const get = (url: string, auth?: { authorization: string }) =>
    app.inject({ method: 'GET', url, headers: auth ?? {} });

  const subscriptionsOf = (userId: number) =>
    app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const transactionRow = async (id: number) =>
    (await app.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

  /** A card purchase up to Fawry's 3-D Secure page. */
  async function payByCard(
    student: Awaited<ReturnType<typeof newStudent>>,
    overrides: Record<string, unknown> = {},
    cardNumber: string = SANDBOX_TEST_CARDS.visa,
  ) {
    const cardToken = await saveCard(app, student.user.id, cardNumber);
    return post('/api/v1/fawry/pay/card', student.auth, {
      planId: plan.id,
      period: PlanPeriod.Month,
      cardToken,
      cvv: '123',
      returnUrl: RETURN_URL,
      ...overrides,
    });
  }

  describe('card with 3-D Secure', () => {
    it('approved: Paid, one subscription from now for a calendar month, the full weekly quota', async () => {
      const student = await newStudent();
      const coupon = await createCoupon(app.db, { discount: 1000 });
      const before = Date.now();
      const res = await payByCard(student, {
        period: PlanPeriod.Quarter,
        couponCode: coupon.code.toLowerCase(),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.redirectUrl).toContain('/fawry-sandbox/emu/3ds/');
      expect(body.transaction).toMatchObject({
        status: PaymentStatus.New,
        method: PaymentMethod.Card,
        amount: priceFor(plan, PlanPeriod.Quarter, { discount: 1000 }),
        couponCode: coupon.code,
        userId: student.user.id,
      });

      const back = await completeThreeDs(app, body.redirectUrl, 'approve');
      expect(back).toContain(RETURN_URL);

      const transaction = (await get(`/api/v1/transaction/${body.transaction.id}`, student.auth)).json()
        .transaction;
      expect(transaction.status).toBe(PaymentStatus.Paid);
      expect(transaction.fawryRefNumber).toMatch(/^\d{9}$/);

      const [subscription, ...others] = await subscriptionsOf(student.user.id);
      expect(others).toHaveLength(0);
      expect(subscription!.transactionId).toBe(body.transaction.id);
      expect(subscription!.startsAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(subscription!.endsAt).toEqual(subscriptionEnd(subscription!.startsAt, PlanPeriod.Quarter));

      const current = (await get('/api/v1/sub/current', student.auth)).json();
      expect(current.subscription).toMatchObject({
        id: subscription!.id,
        weeklyMinutes: 120,
        period: PlanPeriod.Quarter,
      });
      expect(current.quota).toMatchObject({
        weekIndex: 0,
        weeklyMinutes: 120,
        spentMinutes: 0,
        remainingMinutes: 120,
      });
      expect(Date.parse(current.quota.resetsAt) - subscription!.startsAt.getTime()).toBe(7 * 24 * 3600_000);
      const [couponRow] = await app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(couponRow!.uses).toBe(1);
    });

    it('declined on the 3-D Secure page: Failed, no subscription, the coupon use given back', async () => {
      const student = await newStudent();
      const coupon = await createCoupon(app.db, { usageLimit: 1 });
      const res = await payByCard(student, { couponCode: coupon.code }, SANDBOX_TEST_CARDS.declined);
      await completeThreeDs(app, res.json().redirectUrl, 'approve');
      const row = await transactionRow(res.json().transaction.id);
      expect(row.status).toBe(PaymentStatus.Failed);
      expect(row.failureReason).toBeTruthy();
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      const [couponRow] = await app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(couponRow!.uses).toBe(0);
      expect((await get('/api/v1/sub/current', student.auth)).json()).toBeNull();
    });

    it('declined by the payer on the page: Failed', async () => {
      const student = await newStudent();
      const res = await payByCard(student);
      await completeThreeDs(app, res.json().redirectUrl, 'decline');
      expect((await transactionRow(res.json().transaction.id)).status).toBe(PaymentStatus.Failed);
    });

    it('declined at once by the issuer: answers the Failed transaction', async () => {
      const student = await newStudent();
      const res = await payByCard(student, { cvv: SANDBOX_TEST_CVVS.declined });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ redirectUrl: null, transaction: { status: PaymentStatus.Failed } });
      expect(res.json().transaction.failureReason).toBeTruthy();
    });

    it('a CVV the bank refuses: invalid-cvv, the transaction Failed', async () => {
      const student = await newStudent();
      const res = await payByCard(student, { cvv: SANDBOX_TEST_CVVS.wrongCvv });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid-cvv');
      const [row] = await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id));
      expect(row!.status).toBe(PaymentStatus.Failed);
    });

    it('buying while subscribed extends: the new period starts when the current one ends', async () => {
      const student = await newStudent();
      await completeThreeDs(app, (await payByCard(student)).json().redirectUrl);
      await completeThreeDs(app, (await payByCard(student, { period: PlanPeriod.Year })).json().redirectUrl);
      const [first, second] = (await subscriptionsOf(student.user.id)).sort((a, b) => a.id - b.id);
      expect(second!.startsAt).toEqual(first!.endsAt);
      expect(second!.endsAt).toEqual(subscriptionEnd(first!.endsAt, PlanPeriod.Year));
      const current = (await get('/api/v1/sub/current', student.auth)).json();
      expect(current.subscription.id).toBe(first!.id);
      expect(current.next.id).toBe(second!.id);
    });
  });

  describe('reference number (cash at Fawry)', () => {
    it('answers a reference number valid for the TTL setting; paid at an outlet → subscription', async () => {
      const student = await newStudent();
      const before = Date.now();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.referenceNumber).toMatch(/^\d{9}$/);
      expect(body.transaction).toMatchObject({ method: PaymentMethod.Fawry, status: PaymentStatus.New });
      const ttl = Date.parse(body.expiresAt) - before;
      expect(ttl).toBeGreaterThan(47.9 * 3600_000);
      expect(ttl).toBeLessThan(48.1 * 3600_000);

      await sandbox.pay(body.referenceNumber, 'control');
      await notificationsDelivered(app);
      expect((await transactionRow(body.transaction.id)).status).toBe(PaymentStatus.Paid);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
    });

    it('expired at Fawry → Expired, no subscription, coupon given back', async () => {
      const student = await newStudent();
      const coupon = await createCoupon(app.db);
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
        couponCode: coupon.code,
      });
      await sandbox.expire(res.json().referenceNumber, 'control');
      await notificationsDelivered(app);
      expect((await transactionRow(res.json().transaction.id)).status).toBe(PaymentStatus.Expired);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      expect((await app.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    });

    it('a PAID arriving after expiry is not applied', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      const ref = res.json().referenceNumber as string;
      await sandbox.expire(ref, 'control');
      await notificationsDelivered(app);
      const order = (await sandbox.findOrder(ref))!;
      const late = sandbox.buildNotification({
        ...order,
        status: 'PAID',
        paymentTime: Date.now(),
        paymentRefrenceNumber: '1234567',
      });
      const webhook = await post('/api/v1/fawry/notification', undefined, late);
      expect(webhook.statusCode).toBe(200);
      expect((await transactionRow(res.json().transaction.id)).status).toBe(PaymentStatus.Expired);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
    });

    it('needs a mobile number: invalid-phone without one, the body phone otherwise', async () => {
      const student = await loginAs(app, Role.Student);
      const missing = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('invalid-phone');
      expect(
        await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id)),
      ).toHaveLength(0);
      const ok = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
        phone: '01198765432',
      });
      expect(ok.statusCode).toBe(200);
      expect((await sandbox.findOrder(ok.json().referenceNumber))?.customerMobile).toBe('01198765432');
    });
  });

  describe('mobile wallet', () => {
    it('answers a QR code without a phone, a request to the wallet with one; confirmed → Paid', async () => {
      const student = await newStudent();
      const qr = await post('/api/v1/fawry/pay/e-wallet', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      expect(qr.statusCode).toBe(200);
      expect(qr.json().walletQr).toMatch(/^data:image\/png;base64,/i);
      expect(qr.json().transaction.method).toBe(PaymentMethod.EWallet);

      const r2p = await post('/api/v1/fawry/pay/e-wallet', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
        phone: '01011112222',
      });
      expect(r2p.json().walletQr).toBeNull();
      await sandbox.pay(r2p.json().referenceNumber, 'control');
      await notificationsDelivered(app);
      expect((await transactionRow(r2p.json().transaction.id)).status).toBe(PaymentStatus.Paid);
    });
  });

  describe('installments', () => {
    const bankBody = (cardToken: string, overrides: Record<string, unknown> = {}) => ({
      planId: plan.id,
      period: PlanPeriod.Quarter,
      cardToken,
      cvv: '123',
      returnUrl: RETURN_URL,
      ...overrides,
    });
    const payByBank = (auth: { authorization: string }, body: object) =>
      post('/api/v1/fawry/pay/bank-installments', auth, body);
    const transactionsOf = (userId: number) =>
      app.db.select().from(transactions).where(eq(transactions.userId, userId));

    it('GET /fawry/installment-plans: the 3- and 6-month programmes that fit the amount, with their cost', async () => {
      const student = await newStudent();
      const quarter = await get('/api/v1/fawry/installment-plans?amount=270000', student.auth);
      expect(quarter.statusCode).toBe(200);
      expect(quarter.json().list).toEqual([
        {
          id: 37,
          bankName: 'البنك الأهلي المصري',
          months: 3,
          rate: 0,
          minAmount: 500_00,
          maxAmount: 100_000_00,
          bins: ['424242', '512345', '400000'],
          interest: 0,
          total: 270_000,
          monthlyAmount: 90_000,
        },
        expect.objectContaining({ id: 38, months: 6, rate: 5, interest: 13_500, monthlyAmount: 47_250 }),
      ]);
      // The CIB programme starts at 3,000 EGP, and the 12-month one is not offered at all.
      const halfYear = (await get('/api/v1/fawry/installment-plans?amount=510000', student.auth)).json();
      expect(halfYear.list.map((programme: { id: number }) => programme.id)).toEqual([37, 41, 38]);
      expect(halfYear.list[1]).toMatchObject({
        bankName: 'البنك التجاري الدولي',
        rate: 2.5,
        bins: ['512345'],
        interest: 12_750,
        total: 522_750,
        monthlyAmount: 87_125,
      });
      const tooSmall = await get('/api/v1/fawry/installment-plans?amount=40000', student.auth);
      expect(tooSmall.json()).toEqual({ list: [] });
    });

    it('GET /fawry/installment-plans: a missing or bad amount is bad-request; students only', async () => {
      const student = await newStudent();
      for (const query of ['', '?amount=', '?amount=abc', '?amount=0', '?amount=-5', '?amount=1.5']) {
        const res = await get(`/api/v1/fawry/installment-plans${query}`, student.auth);
        expect(res.statusCode, query).toBe(400);
      }
      const tutor = await loginAs(app, Role.Tutor);
      for (const caller of [tutor, superAdmin, regularAdmin]) {
        const res = await get('/api/v1/fawry/installment-plans?amount=270000', caller.auth);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      expect((await get('/api/v1/fawry/installment-plans?amount=270000')).statusCode).toBe(401);
    });

    it('bank programme by id: a quarter plan on 6 months through Fawry → Paid, Fawry charged that plan', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id);
      const res = await payByBank(student.auth, bankBody(cardToken, { installmentPlanId: 38 }));
      expect(res.statusCode).toBe(200);
      const { transaction } = res.json();
      expect(transaction).toMatchObject({ method: PaymentMethod.BankInstallment, bankInstallmentMonths: 6 });
      expect((await transactionRow(transaction.id)).fawryInstallmentPlanId).toBe(38);
      expect((await sandbox.findOrder(String(transaction.id)))?.installmentPlanId).toBe(38);
      await completeThreeDs(app, res.json().redirectUrl);
      expect((await transactionRow(transaction.id)).status).toBe(PaymentStatus.Paid);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
    });

    it('bank programme by months: the cheapest programme of that length that fits the price', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id, SANDBOX_TEST_CARDS.mastercard);
      const halfYear = await payByBank(
        student.auth,
        bankBody(cardToken, { period: PlanPeriod.HalfYear, months: 6 }),
      );
      expect(halfYear.statusCode).toBe(200);
      // 5,100 EGP: CIB (2.5 %) fits and is cheaper than NBE (5 %).
      expect((await transactionRow(halfYear.json().transaction.id)).fawryInstallmentPlanId).toBe(41);
      const quarter = await payByBank(student.auth, bankBody(cardToken, { months: 6 }));
      // 2,700 EGP is below CIB's minimum: NBE's 6 months.
      expect((await transactionRow(quarter.json().transaction.id)).fawryInstallmentPlanId).toBe(38);
    });

    it('bank programme: unknown, 12-month, link ids and a missing choice change nothing', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id);
      const coupon = await createCoupon(app.db);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ installmentPlanId: 99 }, 404, 'installment-plan-not-found'],
        [{ installmentPlanId: 39 }, 404, 'installment-plan-not-found'],
        [{ installmentPlanId: 9001 }, 404, 'installment-plan-not-found'],
        [{ months: 12 }, 404, 'installment-plan-not-found'],
        [{ installmentPlanId: 37, months: 6 }, 404, 'installment-plan-not-found'],
        [{}, 400, 'required'],
        [{ installmentPlanId: 'x' }, 400, 'invalid-type'],
        [{ installmentPlanId: 37, period: PlanPeriod.Month }, 400, 'bad-request'],
      ];
      for (const [overrides, status, code] of cases) {
        const res = await payByBank(
          student.auth,
          bankBody(cardToken, { couponCode: coupon.code, ...overrides }),
        );
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
      }
      expect(await transactionsOf(student.user.id)).toHaveLength(0);
      const [couponRow] = await app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(couponRow!.uses).toBe(0);
    });

    it('bank programme: a price outside the programme’s limits is refused, the coupon use given back', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id, SANDBOX_TEST_CARDS.mastercard);
      // 2,700 EGP is below CIB's 3,000 EGP minimum.
      const belowMin = await payByBank(student.auth, bankBody(cardToken, { installmentPlanId: 41 }));
      expect(belowMin.statusCode).toBe(400);
      expect(belowMin.json().code).toBe('installment-plan-amount-out-of-range');
      // 90 % off the quarter: 270 EGP, below every 3-month programme's minimum.
      const coupon = await createCoupon(app.db, { discount: 9000 });
      const discounted = await payByBank(
        student.auth,
        bankBody(cardToken, { months: 3, couponCode: coupon.code }),
      );
      expect(discounted.statusCode).toBe(400);
      expect(discounted.json().code).toBe('installment-plan-amount-out-of-range');
      expect(await transactionsOf(student.user.id)).toHaveLength(0);
      const [couponRow] = await app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(couponRow!.uses).toBe(0);
    });

    it('bank programme: only the bank’s own cards (first digits), and only the caller’s saved cards', async () => {
      const student = await newStudent();
      const visa = await saveCard(app, student.user.id, SANDBOX_TEST_CARDS.visa);
      const halfYear = { period: PlanPeriod.HalfYear };
      // CIB's programme (41) takes 512345… cards only.
      const refused = await payByBank(student.auth, bankBody(visa, { ...halfYear, installmentPlanId: 41 }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('installment-plan-card-not-accepted');
      const someoneElses = await saveCard(app, (await newStudent()).user.id);
      const notMine = await payByBank(student.auth, bankBody(someoneElses, { installmentPlanId: 37 }));
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().code).toBe('not-found');
      expect(await transactionsOf(student.user.id)).toHaveLength(0);
      // By length, the cheapest 6-month programme that takes the card: NBE's, though CIB's is cheaper.
      const byLength = await payByBank(student.auth, bankBody(visa, { ...halfYear, months: 6 }));
      expect(byLength.statusCode).toBe(200);
      expect((await transactionRow(byLength.json().transaction.id)).fawryInstallmentPlanId).toBe(38);
    });

    it('card in 2 installments: the first pays half and starts the subscription, the second is paid later', async () => {
      const student = await newStudent();
      const total = priceFor(plan, PlanPeriod.HalfYear);
      const res = await payByCard(student, { period: PlanPeriod.HalfYear, installments: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().transaction).toMatchObject({
        amount: total / 2,
        installment: { index: 1, count: 2 },
      });
      await completeThreeDs(app, res.json().redirectUrl);
      const [subscription] = await subscriptionsOf(student.user.id);
      expect(subscription!.endsAt).toEqual(subscriptionEnd(subscription!.startsAt, PlanPeriod.HalfYear));

      const installments = (await get('/api/v1/transaction/installments', student.auth)).json().list;
      expect(installments).toMatchObject([
        {
          index: 1,
          count: 2,
          amount: total / 2,
          transactionId: res.json().transaction.id,
          paidAt: expect.any(String),
        },
        { index: 2, count: 2, amount: total / 2, transactionId: null, paidAt: null },
      ]);
      const second = installments[1];
      expect(Date.parse(second.dueAt)).toBeGreaterThan(Date.now() + 80 * 24 * 3600_000);
      const other = await newStudent();
      expect((await get('/api/v1/transaction/installments', other.auth)).json().list).toEqual([]);
      const cardToken = await saveCard(app, student.user.id);
      const pay2 = await post('/api/v1/fawry/pay/installment', student.auth, {
        installmentId: second!.id,
        cardToken,
        cvv: '123',
        returnUrl: RETURN_URL,
      });
      expect(pay2.statusCode).toBe(200);
      expect(pay2.json().transaction).toMatchObject({
        amount: total / 2,
        installment: { index: 2, count: 2 },
      });
      await completeThreeDs(app, pay2.json().redirectUrl);
      expect((await transactionRow(pay2.json().transaction.id)).status).toBe(PaymentStatus.Paid);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
      const again = await post('/api/v1/fawry/pay/installment', student.auth, {
        installmentId: second!.id,
        cardToken,
        cvv: '123',
        returnUrl: RETURN_URL,
      });
      expect(again.json().code).toBe('bad-request');
    });

    it('card installments are refused on monthly plans and in other counts', async () => {
      const student = await newStudent();
      expect((await payByCard(student, { installments: 2 })).json().code).toBe('bad-request');
      expect((await payByCard(student, { period: PlanPeriod.Year, installments: 3 })).json().code).toBe(
        'bad-request',
      );
    });
  });

  describe('the Fawry notification webhook', () => {
    it('applies the same PAID notification delivered 5 times at once exactly once', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      await notificationsDelivered(app);
      const order = (await sandbox.findOrder(res.json().referenceNumber))!;
      const paid = sandbox.buildNotification({
        ...order,
        status: 'PAID',
        paymentTime: Date.now(),
        paymentRefrenceNumber: '7654321',
      });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post('/api/v1/fawry/notification', undefined, paid)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
      const reports = await app.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.transactionId, res.json().transaction.id));
      expect(reports.filter((report) => report.status === PaymentStatus.Paid && report.applied)).toHaveLength(
        1,
      );
      expect(reports.filter((report) => report.status === PaymentStatus.Paid)).toHaveLength(5);
    });

    it('refuses a forged signature with 403 and changes nothing', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      await notificationsDelivered(app);
      const id = res.json().transaction.id;
      const before = await app.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.transactionId, id));
      const order = (await sandbox.findOrder(res.json().referenceNumber))!;
      const paid = sandbox.buildNotification({ ...order, status: 'PAID', paymentRefrenceNumber: '1' });
      const forged = { ...paid, messageSignature: 'f'.repeat(64) };
      const answer = await post('/api/v1/fawry/notification', undefined, forged);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('forbidden');
      // The same body with a changed amount no longer matches its signature either.
      const tampered = await post('/api/v1/fawry/notification', undefined, { ...paid, orderAmount: 1 });
      expect(tampered.statusCode).toBe(403);
      expect((await transactionRow(id)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      const after = await app.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.transactionId, id));
      expect(after).toEqual(before);
    });

    it('acknowledges but does not apply a signed notification whose amount or customer differ from ours', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      await notificationsDelivered(app);
      const order = (await sandbox.findOrder(res.json().referenceNumber))!;
      const cheaper = sandbox.buildNotification({
        ...order,
        status: 'PAID',
        orderAmountPiasters: 100,
        paymentAmountPiasters: 100,
      });
      expect((await post('/api/v1/fawry/notification', undefined, cheaper)).statusCode).toBe(200);
      const someoneElse = sandbox.buildNotification({
        ...order,
        status: 'PAID',
        customerProfileId: '999999',
      });
      expect((await post('/api/v1/fawry/notification', undefined, someoneElse)).statusCode).toBe(200);
      expect((await transactionRow(res.json().transaction.id)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
    });

    it('answers 400 to a malformed body and 200 to an unknown order, changing nothing', async () => {
      expect((await post('/api/v1/fawry/notification', undefined, { hello: 'world' })).statusCode).toBe(400);
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      const order = (await sandbox.findOrder(res.json().referenceNumber))!;
      const unknown = sandbox.buildNotification({ ...order, merchantRefNum: '999999999', status: 'PAID' });
      expect((await post('/api/v1/fawry/notification', undefined, unknown)).statusCode).toBe(200);
    });
  });

  describe('refunds', () => {
    async function paidPurchase() {
      const student = await newStudent();
      const res = await payByCard(student);
      await completeThreeDs(app, res.json().redirectUrl);
      return {
        student,
        transactionId: res.json().transaction.id as number,
        amount: res.json().transaction.amount as number,
      };
    }

    it('a full refund by a SuperAdmin: Refunded, the subscription ended, Fawry notified us too', async () => {
      const { student, transactionId, amount } = await paidPurchase();
      const res = await post('/api/v1/fawry/refund', superAdmin.auth, {
        transactionId,
        reason: 'Changed plans',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().transaction).toMatchObject({
        status: PaymentStatus.Refunded,
        refundedAmount: amount,
      });
      await notificationsDelivered(app);
      const [subscription] = await subscriptionsOf(student.user.id);
      expect(subscription!.endedAt).not.toBeNull();
      expect(subscription!.endReason).toBe('refunded');
      expect((await get('/api/v1/sub/current', student.auth)).json()).toBeNull();
      const again = await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId });
      expect(again.statusCode).toBe(400);
    });

    it('a refund cancels the lessons the subscription paid for that have not started', async () => {
      const { student, transactionId } = await paidPurchase();
      const tutor = await createListedTutor(app.db);
      const tomorrow = new Date(Math.ceil((Date.now() + 24 * 3_600_000) / 900_000) * 900_000);
      await createSlot(app.db, tutor.id, tomorrow, new Date(tomorrow.getTime() + 3_600_000));
      const booked = await post('/api/v1/lesson/', student.auth, {
        tutorId: tutor.id,
        start: tomorrow.toISOString(),
        duration: 30,
      });
      expect(booked.statusCode).toBe(200);
      expect((await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId })).statusCode).toBe(200);
      const lesson = (await get(`/api/v1/lesson/${booked.json().id}`, student.auth)).json();
      expect(lesson).toMatchObject({ status: 'canceled', canceledBy: 'staff', minutesReturned: true });
    });

    it('partial refunds add up to at most what was paid', async () => {
      const { transactionId, amount } = await paidPurchase();
      const part = await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId, amount: 100_00 });
      expect(part.json().transaction).toMatchObject({
        status: PaymentStatus.PartialRefunded,
        refundedAmount: 100_00,
      });
      const tooMuch = await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId, amount });
      expect(tooMuch.statusCode).toBe(400);
      expect((await transactionRow(transactionId)).refundedAmount).toBe(100_00);
      const rest = await post('/api/v1/fawry/refund', superAdmin.auth, {
        transactionId,
        amount: amount - 100_00,
      });
      expect(rest.json().transaction).toMatchObject({
        status: PaymentStatus.Refunded,
        refundedAmount: amount,
      });
    });

    it('two refunds at once never refund more than was paid', async () => {
      const { transactionId, amount } = await paidPurchase();
      const answers = await Promise.all([
        post('/api/v1/fawry/refund', superAdmin.auth, { transactionId, amount: amount - 100 }),
        post('/api/v1/fawry/refund', superAdmin.auth, { transactionId, amount: amount - 100 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect((await transactionRow(transactionId)).refundedAmount).toBe(amount - 100);
      expect((await sandbox.findOrder(String(transactionId)))?.refundedPiasters).toBe(amount - 100);
    });

    it('is for SuperAdmins only, and only for paid transactions', async () => {
      const { transactionId, student } = await paidPurchase();
      expect((await post('/api/v1/fawry/refund', regularAdmin.auth, { transactionId })).statusCode).toBe(403);
      expect((await post('/api/v1/fawry/refund', student.auth, { transactionId })).statusCode).toBe(403);
      expect(
        (await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId: 999_999 })).json().code,
      ).toBe('transaction-not-found');
      expect(
        (await post('/api/v1/fawry/refund', superAdmin.auth, { transactionId, amount: 0 })).statusCode,
      ).toBe(400);
      const unpaid = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      const refused = await post('/api/v1/fawry/refund', superAdmin.auth, {
        transactionId: unpaid.json().transaction.id,
      });
      expect(refused.statusCode).toBe(400);
    });
  });

  describe('cancelling an unpaid order', () => {
    it('the buyer cancels a reference number: Canceled at Fawry and here, coupon given back', async () => {
      const student = await newStudent();
      const coupon = await createCoupon(app.db);
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
        couponCode: coupon.code,
      });
      const transactionId = res.json().transaction.id;
      const other = await newStudent();
      expect(
        (await post('/api/v1/fawry/cancel-unpaid-order', other.auth, { transactionId })).json().code,
      ).toBe('transaction-not-found');
      const cancel = await post('/api/v1/fawry/cancel-unpaid-order', student.auth, { transactionId });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().transaction.status).toBe(PaymentStatus.Canceled);
      await notificationsDelivered(app);
      expect((await sandbox.findOrder(res.json().referenceNumber))?.status).toBe('CANCELED');
      expect((await app.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
      const again = await post('/api/v1/fawry/cancel-unpaid-order', student.auth, { transactionId });
      expect(again.statusCode).toBe(400);
    });

    it('a SuperAdmin may cancel a student’s unpaid order, a RegularAdmin may not', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/e-wallet', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      const transactionId = res.json().transaction.id;
      expect(
        (await post('/api/v1/fawry/cancel-unpaid-order', regularAdmin.auth, { transactionId })).statusCode,
      ).toBe(404);
      const cancel = await post('/api/v1/fawry/cancel-unpaid-order', superAdmin.auth, { transactionId });
      expect(cancel.json().transaction.status).toBe(PaymentStatus.Canceled);
      expect((await post('/api/v1/fawry/cancel-unpaid-order', undefined, { transactionId })).statusCode).toBe(
        401,
      );
    });
  });

  describe('concurrency', () => {
    it('two purchases by one student at once never give two overlapping subscriptions', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id);
      const body = {
        planId: plan.id,
        period: PlanPeriod.Month,
        cardToken,
        cvv: '123',
        returnUrl: RETURN_URL,
      };
      const [a, b] = await Promise.all([
        post('/api/v1/fawry/pay/card', student.auth, body),
        post('/api/v1/fawry/pay/card', student.auth, body),
      ]);
      await Promise.all([
        completeThreeDs(app, a!.json().redirectUrl),
        completeThreeDs(app, b!.json().redirectUrl),
      ]);
      const rows = (await subscriptionsOf(student.user.id)).sort(
        (x, y) => x.startsAt.getTime() - y.startsAt.getTime(),
      );
      expect(rows).toHaveLength(2);
      expect(rows[1]!.startsAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.endsAt.getTime());
    });

    it('the database itself refuses two overlapping live subscriptions', async () => {
      const student = await newStudent();
      const res = await payByCard(student);
      await completeThreeDs(app, res.json().redirectUrl);
      const [existing] = await subscriptionsOf(student.user.id);
      const second = await app.db
        .insert(transactions)
        .values({
          userId: student.user.id,
          planId: plan.id,
          period: 0,
          amount: 0,
          weeklyMinutes: 60,
          method: 0,
        })
        .returning();
      await expect(
        app.db.insert(subscriptions).values({
          userId: student.user.id,
          planId: plan.id,
          transactionId: second[0]!.id,
          period: 0,
          weeklyMinutes: 60,
          startsAt: new Date(existing!.startsAt.getTime() + 1000),
          endsAt: new Date(existing!.endsAt.getTime() + 1000),
        }),
      ).rejects.toMatchObject({ cause: { code: '23P01' } });
    });

    it('a coupon with one use left goes to exactly one of two simultaneous buyers', async () => {
      const coupon = await createCoupon(app.db, { usageLimit: 1 });
      const [first, second] = [await newStudent(), await newStudent()];
      const body = { planId: plan.id, period: PlanPeriod.Month, couponCode: coupon.code };
      const answers = await Promise.all([
        post('/api/v1/fawry/pay/ref-num', first.auth, body),
        post('/api/v1/fawry/pay/ref-num', second.auth, body),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('coupon-used-up');
    });
  });

  describe('purchase validation and roles', () => {
    it.each([
      ['invalid-cvv', { cvv: '1' }],
      ['bad-request', { returnUrl: 'https://evil.example.com/steal' }],
      ['invalid-type', { period: 9 }],
      ['required', { planId: undefined }],
      ['coupon-code-invalid', { couponCode: '!' }],
      ['coupon-not-found', { couponCode: 'NO-SUCH-COUPON' }],
      ['plan-not-found', { planId: 999_999 }],
    ])('answers %s and records no transaction', async (code, overrides) => {
      const student = await newStudent();
      const res = await payByCard(student, overrides);
      expect(res.json().code).toBe(code);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(
        await app.db.select().from(transactions).where(eq(transactions.userId, student.user.id)),
      ).toHaveLength(0);
    });

    it('refuses expired and used-up coupons', async () => {
      const student = await newStudent();
      const expired = await createCoupon(app.db, { expiresAt: new Date(Date.now() - 1000) });
      const usedUp = await createCoupon(app.db, { usageLimit: 1, uses: 1 });
      const body = { planId: plan.id, period: PlanPeriod.Month };
      expect(
        (await post('/api/v1/fawry/pay/ref-num', student.auth, { ...body, couponCode: expired.code })).json()
          .code,
      ).toBe('coupon-already-expired');
      expect(
        (await post('/api/v1/fawry/pay/ref-num', student.auth, { ...body, couponCode: usedUp.code })).json()
          .code,
      ).toBe('coupon-used-up');
    });

    it('sells invite-only and inactive plans only as the plan list shows them', async () => {
      const student = await newStudent();
      const vip = await createPlan(app.db, { forInvitesOnly: true });
      const inactive = await createPlan(app.db, { active: false });
      const body = { period: PlanPeriod.Month };
      expect(
        (await post('/api/v1/fawry/pay/ref-num', student.auth, { ...body, planId: vip.id })).json().code,
      ).toBe('plan-not-found');
      expect(
        (await post('/api/v1/fawry/pay/ref-num', student.auth, { ...body, planId: inactive.id })).json().code,
      ).toBe('plan-not-found');
      await post('/api/v1/invite', superAdmin.auth, { email: student.user.email, planId: vip.id });
      expect(
        (await post('/api/v1/fawry/pay/ref-num', student.auth, { ...body, planId: vip.id })).statusCode,
      ).toBe(200);
    });

    it('a 100 % coupon is paid at once, without Fawry', async () => {
      const student = await newStudent();
      const free = await createCoupon(app.db, { discount: 10_000 });
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
        couponCode: free.code,
      });
      expect(res.json()).toMatchObject({
        referenceNumber: null,
        transaction: { amount: 0, status: PaymentStatus.Paid },
      });
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
    });

    const card = { cardToken: 'a'.repeat(64), cvv: '123', returnUrl: RETURN_URL };
    it.each([
      ['/api/v1/fawry/pay/card', { planId: 1, period: 0, ...card }],
      ['/api/v1/fawry/pay/ref-num', { planId: 1, period: 0 }],
      ['/api/v1/fawry/pay/e-wallet', { planId: 1, period: 0 }],
      ['/api/v1/fawry/pay/bank-installments', { planId: 1, period: 1, installmentPlanId: 37, ...card }],
      ['/api/v1/fawry/pay/installment', { installmentId: 1, ...card }],
    ])('%s is for signed-in students only', async (url, body) => {
      const tutor = await loginAs(app, Role.Tutor, { phone: '01055555555' });
      expect((await post(url, tutor.auth, body)).statusCode).toBe(403);
      expect((await post(url, superAdmin.auth, body)).statusCode).toBe(403);
      expect((await post(url, undefined, body)).statusCode).toBe(401);
      expect(
        await app.db.select().from(transactions).where(eq(transactions.userId, tutor.user.id)),
      ).toHaveLength(0);
    });
  });

  describe('saved cards', () => {
    it('lists, deletes and offers the add-card page of the caller only', async () => {
      const student = await newStudent();
      const token = await saveCard(app, student.user.id, SANDBOX_TEST_CARDS.mastercard);
      const list = await get('/api/v1/fawry/card-token/list', student.auth);
      expect(list.statusCode).toBe(200);
      expect(list.json().list).toEqual([
        expect.objectContaining({
          token,
          lastFourDigits: '0008',
          firstSixDigits: '512345',
          brand: 'MASTERCARD',
        }),
      ]);

      const url = new URL((await get('/api/v1/fawry/card-token/url', student.auth)).json().url);
      expect(url.pathname).toBe('/fawry-sandbox/atfawry/plugin/card-token');
      expect(url.searchParams.get('customerProfileId')).toBe(String(student.user.id));
      expect(url.searchParams.get('returnUrl')).toBe('http://localhost:4000/card-added');
      const page = await get(url.pathname + url.search);
      expect(page.statusCode).toBe(200);

      const other = await newStudent();
      const stranger = await app.inject({
        method: 'DELETE',
        url: `/api/v1/fawry/card-token?cardToken=${token}`,
        headers: other.auth,
      });
      expect(stranger.statusCode).toBe(404);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/v1/fawry/card-token?cardToken=${token}`,
        headers: student.auth,
      });
      expect(removed.json()).toEqual({ ok: true });
      expect((await get('/api/v1/fawry/card-token/list', student.auth)).json().list).toEqual([]);
      expect((await get('/api/v1/fawry/card-token/list', regularAdmin.auth)).statusCode).toBe(403);
      expect((await get('/api/v1/fawry/card-token/url')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/transaction/…', () => {
    it('shows buyers their own payments and admins everyone’s', async () => {
      const student = await newStudent();
      const res = await post('/api/v1/fawry/pay/ref-num', student.auth, {
        planId: plan.id,
        period: PlanPeriod.Month,
      });
      const id = res.json().transaction.id;
      const own = (await get('/api/v1/transaction/list', student.auth)).json();
      expect(own).toMatchObject({ total: 1, list: [{ id, status: PaymentStatus.New }] });
      const other = await newStudent();
      expect((await get('/api/v1/transaction/list', other.auth)).json().total).toBe(0);
      expect((await get(`/api/v1/transaction/${id}`, other.auth)).statusCode).toBe(404);
      expect((await get(`/api/v1/transaction/list?userId=${student.user.id}`, other.auth)).statusCode).toBe(
        403,
      );
      const forAdmin = (
        await get(`/api/v1/transaction/list?userId=${student.user.id}&status=0`, regularAdmin.auth)
      ).json();
      expect(forAdmin.list.map((row: { id: number }) => row.id)).toEqual([id]);
      expect((await get(`/api/v1/transaction/${id}`, regularAdmin.auth)).statusCode).toBe(200);
      expect((await get('/api/v1/transaction/list')).statusCode).toBe(401);
    });
  });
});
