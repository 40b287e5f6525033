import { createHash, randomBytes } from 'node:crypto';
import { PaymentStatus, PlanPeriod, Role } from '@hiwar/domain';
import { createFawryClient } from '@hiwar/fawry';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { paymentNotifications, subscriptions, transactions } from '../../db/schema.ts';
import { buildTestApp, testConfig } from '../../testing/app.ts';
import { createPlan, loginAs, uniquePhone } from '../../testing/factories.ts';
import { notificationsDelivered, sandboxOf } from '../../testing/fawry.ts';

/**
 * Issue 28 item 9: the notification exactly as Fawry really writes it — `customerMobile` a JSON
 * integer, `authNumber` and `customerMerchantId` empty strings, amounts as JSON floats written
 * `150.00` and `149.5` — pays a fresh order on its FIRST and only delivery, not only when Fawry
 * delivers it again. The body is sent as the raw JSON text Fawry posts, and its `messageSignature` is
 * computed here straight from fawry-api.md §4.2 (not with our own signing function), so neither the
 * parser nor the signature check can share an assumption with the test.
 */

/** §4.2: SHA-256 hex of fawryRefNumber + merchantRefNumber + amounts (2dp) + status + method + payRef + key. */
function fawrySignature(parts: {
  fawryRefNumber: string;
  merchantRefNumber: string;
  paymentAmount: string;
  orderAmount: string;
  orderStatus: string;
  paymentMethod: string;
  paymentRefrenceNumber: string;
  secureKey: string;
}): string {
  return createHash('sha256')
    .update(
      parts.fawryRefNumber +
        parts.merchantRefNumber +
        parts.paymentAmount +
        parts.orderAmount +
        parts.orderStatus +
        parts.paymentMethod +
        parts.paymentRefrenceNumber +
        parts.secureKey,
    )
    .digest('hex');
}

type RealShape = {
  fawryRefNumber: string;
  merchantRefNumber: number;
  /** As written in the JSON text, e.g. "150.00". */
  paymentAmountJson: string;
  orderAmountJson: string;
  /** The two-decimal strings Fawry signs, e.g. "150.00", "149.50". */
  paymentAmountSigned: string;
  orderAmountSigned: string;
  feesJson: string;
  customerMobile: string;
  secureKey: string;
};

/** The PAID V2 notification body as Fawry posts it: the raw JSON text. */
function realNotificationText(shape: RealShape): string {
  const paymentRefrenceNumber = '7654321';
  const signature = fawrySignature({
    fawryRefNumber: shape.fawryRefNumber,
    merchantRefNumber: String(shape.merchantRefNumber),
    paymentAmount: shape.paymentAmountSigned,
    orderAmount: shape.orderAmountSigned,
    orderStatus: 'PAID',
    paymentMethod: 'PAYATFAWRY',
    paymentRefrenceNumber,
    secureKey: shape.secureKey,
  });
  // Written by hand, as Fawry's serializer writes it: floats keep `.00`, the mobile is a number.
  return `{
  "requestId": "${randomBytes(16).toString('hex')}",
  "fawryRefNumber": "${shape.fawryRefNumber}",
  "merchantRefNumber": "${shape.merchantRefNumber}",
  "customerName": "Mona Ali",
  "customerMobile": ${Number(shape.customerMobile)},
  "customerMail": "",
  "customerMerchantId": "",
  "paymentAmount": ${shape.paymentAmountJson},
  "orderAmount": ${shape.orderAmountJson},
  "fawryFees": ${shape.feesJson},
  "shippingFees": "",
  "orderStatus": "PAID",
  "paymentMethod": "PAYATFAWRY",
  "paymentTime": ${Date.now()},
  "authNumber": "",
  "paymentRefrenceNumber": "${paymentRefrenceNumber}",
  "orderExpiryDate": ${Date.now() + 48 * 3600_000},
  "orderItems": [{ "itemCode": "${shape.merchantRefNumber}", "price": ${shape.orderAmountJson}, "quantity": 1 }],
  "messageSignature": "${signature}"
}`;
}

/** The amounts as Fawry writes and signs them. */
const AMOUNTS = [
  {
    name: 'orderAmount 149.5, paymentAmount 150.00 (fees 0.5)',
    // 299 EGP a month at 50 % off: 149.50, the kind of amount a discount produces.
    plan: { fullMonthPrice: 299_00, fullMonthDiscount: 5000 },
    pricePiasters: 149_50,
    orderAmountJson: '149.5',
    orderAmountSigned: '149.50',
    paymentAmountJson: '150.00',
    paymentAmountSigned: '150.00',
    feesJson: '0.5',
  },
  {
    name: 'orderAmount 150.00, paymentAmount 150.00 (fees 0.0)',
    plan: { fullMonthPrice: 150_00, fullMonthDiscount: 0 },
    pricePiasters: 150_00,
    orderAmountJson: '150.00',
    orderAmountSigned: '150.00',
    paymentAmountJson: '150.00',
    paymentAmountSigned: '150.00',
    feesJson: '0.0',
  },
] as const;

function helpers(app: App) {
  const transactionRow = async (id: number) =>
    (await app.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const subscriptionsOf = (userId: number) =>
    app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const reportsOf = (transactionId: number) =>
    app.db.select().from(paymentNotifications).where(eq(paymentNotifications.transactionId, transactionId));
  /** The one delivery: raw JSON text, as Fawry posts it. */
  const deliver = (text: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/fawry/notification',
      headers: { 'content-type': 'application/json' },
      payload: text,
    });
  /** A fresh student's cash purchase of the plan through the API. */
  async function purchase(amounts: (typeof AMOUNTS)[number]) {
    const plan = await createPlan(app.db, amounts.plan);
    const phone = uniquePhone();
    const student = await loginAs(app, Role.Student, { phone });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fawry/pay/ref-num',
      headers: student.auth,
      payload: { planId: plan.id, period: PlanPeriod.Month },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transaction).toMatchObject({
      status: PaymentStatus.New,
      amount: amounts.pricePiasters,
    });
    return {
      student,
      phone,
      transactionId: res.json().transaction.id as number,
      referenceNumber: String(res.json().referenceNumber),
    };
  }
  return { transactionRow, subscriptionsOf, reportsOf, deliver, purchase };
}

describe('the real-shaped Fawry notification, on its first delivery', () => {
  describe('to an order Fawry has not told us anything about yet', async () => {
    // "Fawry" answers the charge itself and sends no creation notification: the PAID notification is
    // the very first word we hear about the order after our own charge answer.
    const config = testConfig();
    const fawrySettings = config.fawry!;
    let nextReference = 9_512_345_000 + Math.floor(Math.random() * 900);
    const charges: Record<string, unknown>[] = [];
    const fawry = createFawryClient({
      baseUrl: 'https://atfawry.example.com',
      merchantCode: fawrySettings.merchantCode,
      secureKey: fawrySettings.secureKey,
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (!url.pathname.endsWith('/payments/charge')) {
          return new Response('{"statusCode":9901,"statusDescription":"not in this test"}', { status: 404 });
        }
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        charges.push(body);
        return new Response(
          JSON.stringify({
            type: 'ChargeResponse',
            referenceNumber: String(nextReference++),
            merchantRefNumber: String(body.merchantRefNum),
            orderAmount: Number(body.amount),
            paymentAmount: Number(body.amount),
            fawryFees: 0,
            paymentMethod: 'PAYATFAWRY',
            orderStatus: 'UNPAID',
            expirationTime: Date.now() + 48 * 3600_000,
            customerMobile: Number(body.customerMobile),
            statusCode: 200,
            statusDescription: 'Operation done successfully',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const { app } = await buildTestApp({ config, deps: { fawry } });
    const { transactionRow, subscriptionsOf, reportsOf, deliver, purchase } = helpers(app);

    it.each(AMOUNTS)('$name: Paid with its subscription after one delivery', async (amounts) => {
      const { student, phone, transactionId, referenceNumber } = await purchase(amounts);
      expect(await reportsOf(transactionId)).toHaveLength(0);
      expect(charges.at(-1)).toMatchObject({ merchantRefNum: transactionId });

      const answer = await deliver(
        realNotificationText({
          ...amounts,
          fawryRefNumber: referenceNumber,
          merchantRefNumber: transactionId,
          customerMobile: phone,
          secureKey: fawrySettings.secureKey,
        }),
      );

      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.Paid);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
      const reports = await reportsOf(transactionId);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ source: 'notification', status: PaymentStatus.Paid, applied: true });
      expect(reports[0]!.payload).toMatchObject({
        customerMobile: Number(phone),
        authNumber: '',
        customerMerchantId: '',
      });
    });

    it('the same text with one signed amount changed is refused (403) and changes nothing', async () => {
      const { student, phone, transactionId, referenceNumber } = await purchase(AMOUNTS[0]);
      const text = realNotificationText({
        ...AMOUNTS[0],
        fawryRefNumber: referenceNumber,
        merchantRefNumber: transactionId,
        customerMobile: phone,
        secureKey: fawrySettings.secureKey,
      });
      const answer = await deliver(text.replace('"paymentAmount": 150.00', '"paymentAmount": 1.00'));
      expect(answer.statusCode).toBe(403);
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.New);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(0);
      expect(await reportsOf(transactionId)).toHaveLength(0);
    });
  });

  describe('after Fawry announced the order (the sandbox’s creation notification)', async () => {
    const { app, config } = await buildTestApp();
    const sandbox = sandboxOf(app);
    const { transactionRow, subscriptionsOf, reportsOf, deliver, purchase } = helpers(app);

    it.each(AMOUNTS)('$name: Paid with its subscription after one delivery', async (amounts) => {
      const { student, phone, transactionId, referenceNumber } = await purchase(amounts);
      await notificationsDelivered(app);
      expect((await reportsOf(transactionId)).map((report) => report.status)).toEqual([PaymentStatus.New]);

      const answer = await deliver(
        realNotificationText({
          ...amounts,
          fawryRefNumber: referenceNumber,
          merchantRefNumber: transactionId,
          customerMobile: phone,
          secureKey: config.fawry!.secureKey,
        }),
      );

      expect(answer.statusCode).toBe(200);
      expect((await transactionRow(transactionId)).status).toBe(PaymentStatus.Paid);
      expect(await subscriptionsOf(student.user.id)).toHaveLength(1);
      const paid = (await reportsOf(transactionId)).filter((report) => report.status === PaymentStatus.Paid);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ source: 'notification', applied: true });
      expect(sandbox.secureKey).toBe(config.fawry!.secureKey);
    });
  });
});
