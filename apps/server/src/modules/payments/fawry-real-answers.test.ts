import { PayByCardRequestSchema, PaymentStatus, PlanPeriod, Role } from '@hiwar/domain';
import { createFawryClient, signNotificationV2 } from '@hiwar/fawry';
import { FAWRY_SANDBOX_PREFIX, SANDBOX_TEST_CARDS, type SandboxOrder } from '@hiwar/fawry/sandbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { coupons, paymentNotifications, subscriptions, transactions } from '../../db/schema.ts';
import { inProcessFetch } from '../../plugins/fawry.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createCoupon, createPlan, loginAs, uniquePhone } from '../../testing/factories.ts';
import { notificationsDelivered, sandboxOf, saveCard } from '../../testing/fawry.ts';
import { createPaymentsService } from './payments.service.ts';

/**
 * Issue 14, "the real Fawry": what Fawry really sends and answers, which the sandbox (sharing our
 * assumptions) never produced — decision 0015. Notifications are built here as Fawry documents them
 * (fawry-api.md §4.1) and signed with the real signature function; Fawry's answers are the sandbox's,
 * reshaped on the way back as Fawry really answers.
 */
describe('Fawry as it really answers', async () => {
  const { app, config } = await buildTestApp();
  const sandbox = sandboxOf(app);
  const plan = await createPlan(app.db);
  const web = config.publicUrls.web.replace(/\/$/, '');
  const returnUrl = `${web}/payments/return`;

  const newStudent = () => loginAs(app, Role.Student, { phone: uniquePhone() });
  const post = (url: string, payload: object, auth?: { authorization: string }) =>
    app.inject({ method: 'POST', url, headers: auth ?? {}, payload });
  const transactionRow = async (id: number) =>
    (await app.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const subscriptionsOf = (userId: number) =>
    app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const reportsOf = (transactionId: number) =>
    app.db.select().from(paymentNotifications).where(eq(paymentNotifications.transactionId, transactionId));

  /** A student's cash purchase, created at the sandbox and announced (NEW) to us. */
  async function referencePurchase() {
    const student = await newStudent();
    const res = await post(
      '/api/v1/fawry/pay/ref-num',
      { planId: plan.id, period: PlanPeriod.Month },
      student.auth,
    );
    expect(res.statusCode).toBe(200);
    await notificationsDelivered(app);
    const transactionId = res.json().transaction.id as number;
    const order = (await sandbox.findOrder(res.json().referenceNumber))!;
    return { student, transactionId, order };
  }

  /**
   * A PAID V2 notification for the order with every field of §4.1, then `overrides` (undefined removes
   * a field), signed over the signed fields exactly as they end up in the body.
   */
  function fawryNotification(order: SandboxOrder, overrides: Record<string, unknown> = {}) {
    const body: Record<string, unknown> = {
      requestId: 'c72827d084ea4b88949d91dd2db4996e',
      fawryRefNumber: order.fawryRefNumber,
      merchantRefNumber: order.merchantRefNum,
      customerName: order.customerName,
      customerMobile: order.customerMobile,
      customerMail: order.customerEmail,
      customerMerchantId: order.customerProfileId,
      paymentAmount: order.paymentAmountPiasters / 100,
      orderAmount: order.orderAmountPiasters / 100,
      fawryFees: 0.0,
      shippingFees: '',
      orderStatus: 'PAID',
      paymentMethod: order.paymentMethod,
      paymentTime: Date.now(),
      // authNumber (cards only) is absent from this cash order, as §4.1 allows.
      paymentRefrenceNumber: '7654321',
      orderExpiryDate: order.expiresAt,
      orderItems: order.items.map((item) => ({
        itemCode: item.itemId,
        price: item.pricePiasters / 100,
        quantity: item.quantity,
      })),
      threeDSInfo: null,
      invoiceInfo: null,
    };
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) {
        delete body[key];
      } else {
        body[key] = value;
      }
    }
    body.messageSignature = signNotificationV2(
      {
        fawryRefNumber: String(body.fawryRefNumber),
        merchantRefNumber: String(body.merchantRefNumber),
        paymentAmountPiasters: order.paymentAmountPiasters,
        orderAmountPiasters: order.orderAmountPiasters,
        orderStatus: String(body.orderStatus),
        paymentMethod: String(body.paymentMethod),
        paymentRefrenceNumber: body.paymentRefrenceNumber as string | undefined,
      },
      sandbox.secureKey,
    );
    return body;
  }

  async function expectPaidOnce(transactionId: number, userId: number) {
    expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.Paid);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    const reports = await reportsOf(transactionId);
    expect(reports.filter((report) => report.status === PaymentStatus.Paid && report.applied)).toHaveLength(
      1,
    );
  }

  describe('a correctly signed V2 notification with the unsigned fields Fawry really sends', () => {
    it.each<[string, (order: SandboxOrder) => Record<string, unknown>]>([
      ['authNumber ""', () => ({ authNumber: '' })],
      ['customerMerchantId ""', () => ({ customerMerchantId: '' })],
      [
        'orderItems[].itemCode ""',
        (order) => ({ orderItems: [{ itemCode: '', price: order.orderAmountPiasters / 100, quantity: 1 }] }),
      ],
      ['customerMobile as a number', (order) => ({ customerMobile: Number(order.customerMobile) })],
      ['customerMail ""', () => ({ customerMail: '' })],
      ['customerMail null', () => ({ customerMail: null })],
      ['paymentTime as a string', () => ({ paymentTime: String(Date.now()) })],
      ['fawryFees missing', () => ({ fawryFees: undefined })],
      ['orderExpiryDate as a string', (order) => ({ orderExpiryDate: String(order.expiresAt) })],
      ['orderExpiryDate as a number of hours', () => ({ orderExpiryDate: 48 })],
      [
        'threeDSInfo and invoiceInfo objects',
        () => ({
          threeDSInfo: { eci: '', xid: '', enrolled: 'U', status: '', verStatus: 'U', verType: '3DS' },
          invoiceInfo: { number: '', businessRefNumber: '', dueDate: '', expiryDate: '' },
        }),
      ],
      ['unknown extra fields', () => ({ somethingNew: { nested: [1, 2] }, anotherFlag: true })],
      [
        'ids as numbers and amounts as strings (signed as sent)',
        (order) => ({
          fawryRefNumber: Number(order.fawryRefNumber),
          merchantRefNumber: Number(order.merchantRefNum),
          paymentAmount: (order.paymentAmountPiasters / 100).toFixed(2),
          orderAmount: (order.orderAmountPiasters / 100).toFixed(2),
        }),
      ],
    ])('%s: Paid, and the subscription exists once', async (_name, variant) => {
      const { student, transactionId, order } = await referencePurchase();
      const notification = fawryNotification(order, variant(order));
      expect((await post('/api/v1/fawry/notification', notification)).statusCode).toBe(200);
      expect((await post('/api/v1/fawry/notification', notification)).statusCode).toBe(200);
      await expectPaidOnce(transactionId, student.user.id);
    });

    it('all of them at once, delivered three times concurrently: Paid exactly once', async () => {
      const { student, transactionId, order } = await referencePurchase();
      const notification = fawryNotification(order, {
        requestId: '',
        authNumber: '',
        customerMerchantId: '',
        customerMobile: Number(order.customerMobile),
        customerMail: null,
        paymentTime: String(Date.now()),
        fawryFees: undefined,
        orderExpiryDate: '48',
        orderItems: [{ itemCode: '', price: String(order.orderAmountPiasters / 100), quantity: '1' }],
        threeDSInfo: { eci: '' },
        invoiceInfo: null,
        extra: 'field',
      });
      const answers = await Promise.all(
        [1, 2, 3].map(() => post('/api/v1/fawry/notification', notification)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      await expectPaidOnce(transactionId, student.user.id);
      const [paid] = (await reportsOf(transactionId)).filter(
        (report) => report.applied && report.status === PaymentStatus.Paid,
      );
      expect(paid!.payload).toMatchObject({ customerMerchantId: '', extra: 'field' });
    });

    it('unsigned values it cannot read are logged with the app logger, never refused', async () => {
      const { student, transactionId, order } = await referencePurchase();
      const warn = vi.spyOn(app.log, 'warn');
      try {
        const notification = fawryNotification(order, { fawryFees: 'n/a', paymentTime: 'yesterday' });
        expect((await post('/api/v1/fawry/notification', notification)).statusCode).toBe(200);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({
            oddities: ['fawryFees: "n/a" is not an amount', 'paymentTime: "yesterday" is not a time'],
          }),
          'Fawry notification accepted with unreadable unsigned fields',
        );
      } finally {
        warn.mockRestore();
      }
      await expectPaidOnce(transactionId, student.user.id);
    });

    it('only a missing signed field (400) or a bad signature (403) refuses it, and nothing is recorded', async () => {
      const { student, transactionId, order } = await referencePurchase();
      const before = await reportsOf(transactionId);
      const notification = fawryNotification(order);
      for (const field of [
        'fawryRefNumber',
        'merchantRefNumber',
        'orderAmount',
        'orderStatus',
        'paymentMethod',
      ]) {
        const { [field]: _dropped, ...missing } = notification;
        const answer = await post('/api/v1/fawry/notification', missing);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe('bad-request');
      }
      for (const forged of [
        { ...notification, messageSignature: 'f'.repeat(64) },
        { ...notification, paymentRefrenceNumber: '1' },
        { ...notification, paymentMethod: 'CARD' },
      ]) {
        expect((await post('/api/v1/fawry/notification', forged)).statusCode).toBe(403);
      }
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      expect(await reportsOf(transactionId)).toEqual(before);
    });
  });

  /**
   * A Fawry client whose answers from the sandbox are reshaped as Fawry really answers: `reshape` gets
   * each JSON body of `path` and answers the one we receive.
   */
  function fawryAnswering(
    path: string,
    reshape: (body: Record<string, unknown>) => Record<string, unknown>,
    baseUrl = `${web}${FAWRY_SANDBOX_PREFIX}`,
  ) {
    const inProcess = inProcessFetch(app);
    return createFawryClient({
      baseUrl,
      merchantCode: sandbox.merchantCode,
      secureKey: sandbox.secureKey,
      fetch: async (input, init) => {
        const response = await inProcess(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (!url.pathname.endsWith(path) || response.status !== 200) {
          return response;
        }
        const body = reshape((await response.json()) as Record<string, unknown>);
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
  }

  /** Status v2 as Fawry really answers it: no messageSignature, unsigned fields empty or numeric. */
  const unsignedStatus = (body: Record<string, unknown>) => {
    const { messageSignature: _unsigned, fawryFees: _missing, ...rest } = body;
    return {
      ...rest,
      requestId: '',
      authNumber: '',
      customerMerchantId: '',
      customerMobile: Number(body.customerMobile),
      customerMail: null,
      orderExpiryDate: String(body.orderExpiryDate),
      orderItems: [{ itemCode: '', price: body.orderAmount, quantity: 1 }],
      threeDSInfo: null,
      invoiceInfo: { number: '' },
      statusCode: 200,
      statusDescription: 'Operation done successfully',
    };
  };

  /** The sandbox order is paid at Fawry, but its notification never reached us. */
  async function paidWithLostNotification() {
    const purchase = await referencePurchase();
    await sandbox.store.putOrder({
      ...purchase.order,
      status: 'PAID',
      paymentTime: Date.now(),
      paymentRefrenceNumber: '42',
    });
    return purchase;
  }

  const inTwoMinutes = () => new Date(Date.now() + 2 * 60_000);

  describe('the status query, as Fawry answers it', () => {
    it('the reconciliation job applies a PAID status answer without messageSignature', async () => {
      const { student, transactionId } = await paidWithLostNotification();
      const fawry = fawryAnswering('/payments/status/v2', unsignedStatus);
      const status = await fawry.getPaymentStatus(transactionId);
      expect(status).toMatchObject({
        signatureValid: null,
        authenticity: 'channel',
        status: PaymentStatus.Paid,
      });

      const payments = createPaymentsService({ ...app, fawry });
      const result = await payments.reconcile(inTwoMinutes());
      expect(result.changed).toBeGreaterThanOrEqual(1);
      await expectPaidOnce(transactionId, student.user.id);
      const [report] = (await reportsOf(transactionId)).filter(
        (row) => row.applied && row.status === PaymentStatus.Paid,
      );
      expect(report).toMatchObject({ source: 'poll' });
      expect(report!.payload).not.toHaveProperty('messageSignature');
    });

    it('an unsigned PAID answer is not applied when its amount is not ours, or over plain HTTP', async () => {
      const { student, transactionId } = await paidWithLostNotification();
      const cheaper = fawryAnswering('/payments/status/v2', (body) => ({
        ...unsignedStatus(body),
        orderAmount: 1,
        paymentAmount: 1,
      }));
      await createPaymentsService({ ...app, fawry: cheaper }).reconcile(inTwoMinutes());
      const overHttp = fawryAnswering(
        '/payments/status/v2',
        unsignedStatus,
        `http://fawry.example.com${FAWRY_SANDBOX_PREFIX}`,
      );
      expect(overHttp.authenticatedChannel).toBe(false);
      await createPaymentsService({ ...app, fawry: overHttp }).reconcile(inTwoMinutes());
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);

      // The same answer, unsigned but over an authenticated channel and for our amount, is applied.
      const fawry = fawryAnswering('/payments/status/v2', unsignedStatus);
      await createPaymentsService({ ...app, fawry }).reconcile(inTwoMinutes());
      await expectPaidOnce(transactionId, student.user.id);
    });

    it('a status answer whose messageSignature does not verify is not applied', async () => {
      const { student, transactionId } = await paidWithLostNotification();
      const forged = fawryAnswering('/payments/status/v2', (body) => ({
        ...body,
        messageSignature: 'f'.repeat(64),
      }));
      await createPaymentsService({ ...app, fawry: forged }).reconcile(inTwoMinutes());
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
    });
  });

  describe('a card charge Fawry decides without 3-D Secure', () => {
    it('paid at once: Paid with one subscription; the charge answer and Fawry’s PAID notification apply once, whichever comes first', async () => {
      const student = await newStudent();
      const cardToken = await saveCard(app, student.user.id, SANDBOX_TEST_CARDS.frictionless);
      const res = await post(
        '/api/v1/fawry/pay/card',
        { planId: plan.id, period: PlanPeriod.Month, cardToken, cvv: '123', returnUrl },
        student.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ redirectUrl: null, transaction: { status: PaymentStatus.Paid } });
      const transactionId = res.json().transaction.id as number;
      await expectPaidOnce(transactionId, student.user.id);

      await notificationsDelivered(app);
      await expectPaidOnce(transactionId, student.user.id);
      const sources = (await reportsOf(transactionId))
        .filter((report) => report.status === PaymentStatus.Paid)
        .map((report) => [report.source, report.applied]);
      // The sandbox sends its notification as it answers the charge: either may be recorded first.
      expect(new Set(sources.map(([source]) => source))).toEqual(new Set(['api', 'notification']));
      expect(sources.filter(([, applied]) => applied)).toHaveLength(1);
    });

    it('declined in the charge answer: Failed with Fawry’s reason, the coupon use given back', async () => {
      const student = await newStudent();
      const coupon = await createCoupon(app.db, { usageLimit: 1 });
      const cardToken = await saveCard(app, student.user.id);
      const fawry = fawryAnswering('/payments/charge', (body) => ({
        type: 'ChargeResponse',
        statusCode: 200,
        statusDescription: 'Operation done successfully',
        merchantRefNumber: body.merchantRefNumber,
        orderStatus: 'FAILED',
        failureErrorCode: 99951,
        failureReason: 'Insufficient funds',
        authNumber: '',
        customerMobile: 1012345678,
      }));
      const payments = createPaymentsService({ ...app, fawry });
      const answer = await payments.payByCard(
        student.user,
        PayByCardRequestSchema.parse({
          planId: plan.id,
          period: PlanPeriod.Month,
          couponCode: coupon.code,
          cardToken,
          cvv: '123',
          returnUrl,
        }),
      );
      expect(answer).toMatchObject({
        redirectUrl: null,
        transaction: { status: PaymentStatus.Failed, failureReason: 'Insufficient funds' },
      });
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      expect((await app.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.uses).toBe(0);
    });
  });
});
