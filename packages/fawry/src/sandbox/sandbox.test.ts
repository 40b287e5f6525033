import { PaymentMethod, PaymentStatus } from '@hiwar/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createFawryClient, type FawryClient } from '../client.ts';
import { FawryError } from '../errors.ts';
import { parseFawryNotification } from '../notifications.ts';
import { signFawry, verifyNotificationSignature } from '../signatures.ts';
import type { FawryNotificationV2Wire } from '../types.ts';
import { SANDBOX_INSTALLMENT_PLANS } from './api.ts';
import { SANDBOX_TEST_CARDS } from './cards.ts';
import { createFawrySandbox, type FawrySandbox, type FawrySandboxOptions } from './engine.ts';
import type { SandboxDelivery, SandboxOrder } from './model.ts';
import { FAWRY_SANDBOX_PREFIX, fawrySandbox } from './plugin.ts';

/**
 * The client against the sandbox mounted on a real Fastify instance (127.0.0.1:0), with our "webhook"
 * on a second instance: every call goes over HTTP, notifications included.
 */

const MERCHANT = '770000012345';
const KEY = '11111111-2222-3333-4444-555555555555';
const RETURN_URL = 'https://app.example.com/payments/3ds-return';
const CARD_ADDED_URL = 'https://app.example.com/card-added?from=settings';
const HOUR = 60 * 60 * 1000;

interface Harness {
  client: FawryClient;
  sandbox: FawrySandbox;
  /** `http://127.0.0.1:<port>/fawry-sandbox` */
  base: string;
  received: FawryNotificationV2Wire[];
  /** HTTP statuses the webhook answers, in order; 200 once exhausted. */
  webhookStatuses: number[];
  clock: { now: number };
  /** POST to the control API (JSON body, `{}` by default). */
  control: (path: string, body?: unknown) => Promise<Response>;
  controlJson: <T = unknown>(path: string, body?: unknown) => Promise<T>;
  /** GET from the control API. */
  inspect: <T = unknown>(path: string) => Promise<T>;
}

const apps: FastifyInstance[] = [];
const sandboxes: FawrySandbox[] = [];

afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) {
    sandbox.close();
  }
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function setup(options: Partial<FawrySandboxOptions> & { timeoutMs?: number } = {}): Promise<Harness> {
  const received: FawryNotificationV2Wire[] = [];
  const webhookStatuses: number[] = [];
  const webhook = Fastify();
  webhook.post('/api/v1/fawry/payment-status', async (request, reply) => {
    received.push(request.body as FawryNotificationV2Wire);
    return reply.code(webhookStatuses.shift() ?? 200).send({});
  });
  apps.push(webhook);
  const webhookUrl = await webhook.listen({ host: '127.0.0.1', port: 0 });

  const clock = { now: Date.parse('2025-03-01T10:00:00Z') };
  const sandbox = createFawrySandbox({
    merchantCode: MERCHANT,
    secureKey: KEY,
    notificationUrl: `${webhookUrl}/api/v1/fawry/payment-status`,
    clock: () => new Date(clock.now),
    retry: { attempts: 4, delaysMs: [5, 10] },
    expirySweepMs: false,
    ...options,
  });
  sandboxes.push(sandbox);
  // Destroy sockets on close: after a client-side abort (the timeout test) Node keeps the next
  // keep-alive connection open until undici's 4 s idle timeout.
  const app = Fastify({ forceCloseConnections: true });
  app.register(fawrySandbox, { prefix: FAWRY_SANDBOX_PREFIX, sandbox });
  apps.push(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `${address}${FAWRY_SANDBOX_PREFIX}`;
  const client = createFawryClient({
    baseUrl: base,
    merchantCode: MERCHANT,
    secureKey: KEY,
    returnUrl: RETURN_URL,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const control = (path: string, body: unknown = {}) =>
    fetch(`${base}/__control${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const controlJson = async <T>(path: string, body?: unknown) =>
    (await (await control(path, body)).json()) as T;
  const inspect = async <T>(path: string) => (await (await fetch(`${base}/__control${path}`)).json()) as T;
  return { client, sandbox, base, received, webhookStatuses, clock, control, controlJson, inspect };
}

const student = {
  customerProfileId: 42,
  customerName: 'منى أحمد',
  customerMobile: '01012345678',
  customerEmail: 'mona@example.com',
};
let nextRef = 500_000;
const newRef = () => ++nextRef;

/** Saves a card through the tokenization page, as the payer's browser would. */
async function addCardThroughPage(
  h: Harness,
  cardNumber: string = SANDBOX_TEST_CARDS.visa,
  customerProfileId = 42,
) {
  const pageUrl = h.client.cardTokenizationUrl({ customerProfileId, returnUrl: CARD_ADDED_URL });
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const response = await fetch(pageUrl.split('?')[0] as string, {
    method: 'POST',
    body: new URLSearchParams({
      accNo: MERCHANT,
      customerProfileId: String(customerProfileId),
      returnUrl: CARD_ADDED_URL,
      locale: 'ar',
      cardNumber: cardNumber.replace(/(\d{4})/g, '$1 ').trim(),
      expiry: '12/30',
      cvv: '123',
      cardHolderName: 'MONA AHMED',
    }),
    redirect: 'manual',
  });
  return response;
}

async function savedCardToken(h: Harness, cardNumber: string = SANDBOX_TEST_CARDS.visa): Promise<string> {
  const response = await addCardThroughPage(h, cardNumber);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string).searchParams.get('token') as string;
}

/** Submits the 3-D Secure page and answers the redirect's URL. */
async function threeDs(redirectUrl: string | null, decision: 'approve' | 'decline'): Promise<URL> {
  if (!redirectUrl) {
    throw new Error('The charge answered no 3-D Secure page');
  }
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('بيئة تجريبية لفوري');
  expect(html).toContain('value="approve"');
  const response = await fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') as string);
}

async function notificationsFor(h: Harness, merchantRefNumber: number | string) {
  await h.sandbox.settled();
  return h.received.filter((body) => String(body.merchantRefNumber) === String(merchantRefNumber));
}

async function cardCharge(h: Harness, token: string, extra: { cvv?: string; merchantRefNum?: number } = {}) {
  return h.client.chargeCardToken({
    ...student,
    merchantRefNum: extra.merchantRefNum ?? newRef(),
    amountPiasters: 15000,
    description: 'اشتراك شهري',
    cardToken: token,
    cvv: extra.cvv ?? '123',
  });
}

async function referenceNumber(h: Harness, amountPiasters = 15000) {
  const merchantRefNum = newRef();
  const result = await h.client.payAtFawry({
    ...student,
    merchantRefNum,
    amountPiasters,
    description: 'اشتراك ربع سنوي',
  });
  return { merchantRefNum, ...result };
}

async function fawryError(promise: Promise<unknown>): Promise<FawryError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FawryError);
  return error as FawryError;
}

describe('card token, 3-D Secure and notifications', () => {
  it('a card saved on the tokenization page, charged and approved, ends PAID with a signed notification', async () => {
    const h = await setup();
    const added = await addCardThroughPage(h);
    expect(added.status).toBe(302);
    const back = new URL(added.headers.get('location') as string);
    expect(back.origin + back.pathname).toBe('https://app.example.com/card-added');
    expect(back.searchParams.get('from')).toBe('settings');
    expect(back.searchParams.get('statusCode')).toBe('200');
    expect(back.searchParams.get('lastFourDigits')).toBe('4242');
    const cards = await h.client.listCardTokens(42);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      token: back.searchParams.get('token'),
      brand: 'VISA',
      firstSixDigits: '424242',
      lastFourDigits: '4242',
      isDefault: true,
      cardHolderName: 'MONA AHMED',
    });
    expect(cards[0]?.token).toMatch(/^[0-9a-f]{64}$/);

    const merchantRefNum = newRef();
    const charge = await cardCharge(h, cards[0]!.token, { merchantRefNum });
    expect(charge.redirectUrl).toBe(`${h.base}/emu/3ds/${merchantRefNum}`);
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.New);

    const returned = await threeDs(charge.redirectUrl, 'approve');
    expect(returned.origin + returned.pathname).toBe(RETURN_URL);
    const hint = h.client.parseThreeDsReturn(Object.fromEntries(returned.searchParams));
    expect(hint).toMatchObject({
      merchantRefNumber: String(merchantRefNum),
      orderStatus: 'PAID',
      status: PaymentStatus.Paid,
      statusCode: 200,
      signatureValid: true,
    });

    const notifications = await notificationsFor(h, merchantRefNum);
    expect(notifications.map((n) => n.orderStatus)).toEqual(['NEW', 'PAID']);
    const paid = notifications[1]!;
    expect(verifyNotificationSignature(paid, KEY)).toBe(true);
    const parsed = parseFawryNotification(paid, KEY);
    expect(parsed.ok && parsed.state).toMatchObject({
      status: PaymentStatus.Paid,
      method: PaymentMethod.Card,
      orderAmountPiasters: 15000,
      paymentAmountPiasters: 15000,
      customerProfileId: '42',
      paymentTime: new Date(h.clock.now),
    });
    expect(paid.authNumber).toMatch(/^\d{6}$/);
    expect(paid.paymentRefrenceNumber).toMatch(/^\d{8}$/);

    const status = await h.client.getPaymentStatus(merchantRefNum);
    expect(status).toMatchObject({
      status: PaymentStatus.Paid,
      signatureValid: true,
      merchantRefNumber: String(merchantRefNum),
    });
    expect(status?.fawryRefNumber).toBe(paid.fawryRefNumber);
  });

  it('declining 3-D Secure ends FAILED with 99907, notified and signed', async () => {
    const h = await setup();
    const token = await savedCardToken(h);
    const merchantRefNum = newRef();
    const charge = await cardCharge(h, token, { merchantRefNum });
    const returned = await threeDs(charge.redirectUrl, 'decline');
    expect(returned.searchParams.get('orderStatus')).toBe('FAILED');
    expect(returned.searchParams.get('statusCode')).toBe('99907');

    const [, failed] = await notificationsFor(h, merchantRefNum);
    expect(failed).toMatchObject({ orderStatus: 'FAILED', failureErrorCode: 99907 });
    expect(verifyNotificationSignature(failed!, KEY)).toBe(true);
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.Failed);
    // The 3-D Secure page of a decided charge cannot be replayed into PAID.
    const replay = await fetch(charge.redirectUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(new URL(replay.headers.get('location') as string).searchParams.get('orderStatus')).toBe('FAILED');
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.Failed);
  });

  it('the declined and insufficient-funds test cards fail even when the payer approves', async () => {
    const h = await setup();
    for (const [card, code] of [
      [SANDBOX_TEST_CARDS.declined, 99907],
      [SANDBOX_TEST_CARDS.insufficientFunds, 99951],
    ] as const) {
      const token = await savedCardToken(h, card);
      const merchantRefNum = newRef();
      const charge = await cardCharge(h, token, { merchantRefNum });
      await threeDs(charge.redirectUrl, 'approve');
      const status = await h.client.getPaymentStatus(merchantRefNum);
      expect(status).toMatchObject({ status: PaymentStatus.Failed, failureErrorCode: code });
    }
  });

  it('CVV 000 and 999 are refused in the 200 body: declined and invalid-cvv', async () => {
    const h = await setup();
    const token = await savedCardToken(h);
    expect(await fawryError(cardCharge(h, token, { cvv: '000' }))).toMatchObject({
      code: 'fawry-error',
      reason: 'card-declined',
      fawryStatusCode: 99907,
      httpStatus: 200,
    });
    const merchantRefNum = newRef();
    expect(await fawryError(cardCharge(h, token, { cvv: '999', merchantRefNum }))).toMatchObject({
      code: 'invalid-cvv',
      fawryStatusCode: 99963,
    });
    // The refused attempt exists at Fawry as FAILED: its merchantRefNum cannot be reused.
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.Failed);
    expect(await fawryError(cardCharge(h, token, { merchantRefNum }))).toMatchObject({
      fawryStatusCode: 9999,
    });
  });

  it('a token of another customer is not found (99956)', async () => {
    const h = await setup();
    const token = await savedCardToken(h);
    const error = await fawryError(
      h.client.chargeCardToken({
        ...student,
        customerProfileId: 43,
        merchantRefNum: newRef(),
        amountPiasters: 100,
        description: 'x',
        cardToken: token,
        cvv: '123',
      }),
    );
    expect(error).toMatchObject({ reason: 'card-not-found', fawryStatusCode: 99956 });
  });
});

describe('pay at Fawry (reference number)', () => {
  it('paid through the control API → PAID, notified with a verifiable signature', async () => {
    const h = await setup({ fees: ({ kind }) => (kind === 'PAYATFAWRY' ? 250 : 0) });
    const order = await referenceNumber(h);
    expect(order.referenceNumber).toMatch(/^\d{9}$/);
    expect(order).toMatchObject({
      status: PaymentStatus.New,
      orderStatus: 'UNPAID',
      orderAmountPiasters: 15000,
      paymentAmountPiasters: 15250,
      fawryFeesPiasters: 250,
      expiresAt: new Date(h.clock.now + 48 * HOUR),
    });

    const response = await h.control(`/orders/${order.referenceNumber}/pay`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as SandboxOrder).status).toBe('PAID');

    const notifications = await notificationsFor(h, order.merchantRefNum);
    expect(notifications.map((n) => [n.orderStatus, n.paymentRefrenceNumber === ''])).toEqual([
      ['UNPAID', true],
      ['PAID', false],
    ]);
    for (const notification of notifications) {
      expect(verifyNotificationSignature(notification, KEY)).toBe(true);
    }
    expect(notifications[1]).toMatchObject({
      paymentAmount: 152.5,
      orderAmount: 150,
      fawryFees: 2.5,
      paymentMethod: 'PAYATFAWRY',
    });
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Paid);
    // Paying twice is refused.
    expect((await h.control(`/orders/${order.merchantRefNum}/pay`)).status).toBe(409);
  });

  it('the "pay this reference number" page shows the number, amount and expiry, and its button pays', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    const pageUrl = `${h.base}/emu/pay/${order.referenceNumber}`;
    const page = await fetch(pageUrl);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('ادفع في منفذ فوري');
    expect(html).toContain(order.referenceNumber.replace(/(\d{3})(?=\d)/g, '$1 '));
    expect(html).toContain('١٥٠٫٠٠');
    const paid = await fetch(pageUrl, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Paid);
  });

  it('expires after the TTL: lazily on inquiry, and by the sweep', async () => {
    const h = await setup({ referenceNumberTtlMs: 2 * HOUR });
    const first = await referenceNumber(h);
    const second = await referenceNumber(h);
    h.clock.now += 2 * HOUR - 1;
    expect((await h.client.getPaymentStatus(first.merchantRefNum))?.status).toBe(PaymentStatus.New);
    h.clock.now += 1;
    expect((await h.client.getPaymentStatus(first.merchantRefNum))?.status).toBe(PaymentStatus.Expired);
    const swept = await h.controlJson<{ list: SandboxOrder[] }>('/expire-due');
    expect(swept.list.map((order) => order.merchantRefNum)).toEqual([String(second.merchantRefNum)]);
    expect((await h.inspect<SandboxOrder>(`/orders/${second.referenceNumber}`)).status).toBe('EXPIRED');

    const expired = (await notificationsFor(h, first.merchantRefNum)).at(-1)!;
    expect(expired.orderStatus).toBe('EXPIRED');
    expect(verifyNotificationSignature(expired, KEY)).toBe(true);
    expect((await h.control(`/orders/${first.referenceNumber}/pay`)).status).toBe(409);
    expect(
      await fawryError(h.client.cancelUnpaidOrder({ referenceNumber: first.referenceNumber })),
    ).toMatchObject({
      reason: 'cannot-cancel',
    });
  });

  it('escapes what the merchant sent on the payer pages', async () => {
    const h = await setup();
    const merchantRefNum = newRef();
    const order = await h.client.payAtFawry({
      ...student,
      merchantRefNum,
      amountPiasters: 100,
      description: '<script>alert("x")</script>',
    });
    const html = await (await fetch(`${h.base}/emu/pay/${order.referenceNumber}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('the control API fails an unpaid order with the given code', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    const failed = await h.controlJson<SandboxOrder>(`/orders/${order.merchantRefNum}/fail`, {
      code: 99951,
      reason: 'x',
    });
    expect(failed).toMatchObject({ status: 'FAILED', failureErrorCode: 99951 });
    const last = (await notificationsFor(h, order.merchantRefNum)).at(-1);
    expect(last).toMatchObject({ orderStatus: 'FAILED', failureErrorCode: 99951 });
    expect((await h.control('/orders/111/pay')).status).toBe(404);
  });

  it('honours an explicit paymentExpiry', async () => {
    const h = await setup();
    const merchantRefNum = newRef();
    const expiresAt = new Date(h.clock.now + 30 * 60 * 1000);
    const order = await h.client.payAtFawry({
      ...student,
      merchantRefNum,
      amountPiasters: 100,
      description: 'x',
      expiresAt,
    });
    expect(order.expiresAt).toEqual(expiresAt);
    h.clock.now += 31 * 60 * 1000;
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.Expired);
  });

  it('cancels only unpaid orders; a second cancel reports already-canceled', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    expect(await h.client.cancelUnpaidOrder({ referenceNumber: order.referenceNumber })).toBe('canceled');
    expect(await h.client.cancelUnpaidOrder({ referenceNumber: order.referenceNumber })).toBe(
      'already-canceled',
    );
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Canceled);
    expect((await notificationsFor(h, order.merchantRefNum)).map((n) => n.orderStatus)).toEqual([
      'UNPAID',
      'CANCELED',
    ]);

    const paid = await referenceNumber(h);
    await h.control(`/orders/${paid.referenceNumber}/pay`);
    expect(
      await fawryError(h.client.cancelUnpaidOrder({ referenceNumber: paid.referenceNumber })),
    ).toMatchObject({
      reason: 'cannot-cancel',
      httpStatus: 400,
    });
    expect(await fawryError(h.client.cancelUnpaidOrder({ referenceNumber: '111111111' }))).toMatchObject({
      reason: 'not-found',
      fawryStatusCode: 9938,
      httpStatus: 404,
    });
  });
});

describe('refunds', () => {
  it('partial then full refund within paid − refunded; anything beyond is refused', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    const refund = (amountPiasters: number) =>
      h.client.refund({ referenceNumber: order.referenceNumber, amountPiasters, reason: 'Lesson cancelled' });

    expect(await fawryError(refund(100))).toMatchObject({ reason: 'not-paid', fawryStatusCode: 9954 });
    await h.control(`/orders/${order.referenceNumber}/pay`);
    await refund(5000);
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(
      PaymentStatus.PartialRefunded,
    );
    expect(await fawryError(refund(10001))).toMatchObject({
      reason: 'refund-exceeds-paid',
      fawryStatusCode: 9935,
    });
    await refund(4000);
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(
      PaymentStatus.PartialRefunded,
    );
    await refund(6000);
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Refunded);
    expect(await fawryError(refund(1))).toMatchObject({ reason: 'not-paid' });
    expect(
      await fawryError(h.client.refund({ referenceNumber: '111111111', amountPiasters: 1 })),
    ).toMatchObject({
      reason: 'not-found',
    });

    const statuses = (await notificationsFor(h, order.merchantRefNum)).map((n) => n.orderStatus);
    expect(statuses).toEqual(['UNPAID', 'PAID', 'PARTIAL_REFUNDED', 'PARTIAL_REFUNDED', 'REFUNDED']);
    const control = await h.inspect<SandboxOrder>(`/orders/${order.merchantRefNum}`);
    expect(control.refundedPiasters).toBe(15000);
  });

  it('the control API refunds the rest by default', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    await h.control(`/orders/${order.referenceNumber}/pay`);
    expect(
      (await h.controlJson<SandboxOrder>(`/orders/${order.referenceNumber}/refund`, { amountPiasters: 1000 }))
        .status,
    ).toBe('PARTIAL_REFUNDED');
    expect((await h.controlJson<SandboxOrder>(`/orders/${order.referenceNumber}/refund`, {})).status).toBe(
      'REFUNDED',
    );
    expect((await h.control(`/orders/${order.referenceNumber}/refund`, { amountPiasters: 1 })).status).toBe(
      409,
    );
  });

  it('a refund settle delay keeps status v2 at PAID for a while, as Fawry does', async () => {
    const h = await setup({ refundSettleDelayMs: 40 });
    const order = await referenceNumber(h);
    await h.control(`/orders/${order.referenceNumber}/pay`);
    await h.client.refund({ referenceNumber: order.referenceNumber, amountPiasters: 15000 });
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Paid);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await h.client.getPaymentStatus(order.merchantRefNum))?.status).toBe(PaymentStatus.Refunded);
  });
});

describe('wallet and installments', () => {
  it('a wallet QR order is approved on the wallet page and reported as "Mobile Wallet"', async () => {
    const h = await setup();
    const merchantRefNum = newRef();
    const order = await h.client.payWithWallet({
      ...student,
      merchantRefNum,
      amountPiasters: 84000,
      description: 'x',
    });
    expect(order.walletQr).toMatch(/^data:image\/PNG;base64,iVBORw0K/);
    const pageUrl = `${h.base}/emu/wallet/${order.referenceNumber}`;
    expect(await (await fetch(pageUrl)).text()).toContain('تأكيد الدفع');
    expect((await fetch(pageUrl, { method: 'POST' })).status).toBe(200);
    const paid = (await notificationsFor(h, merchantRefNum)).at(-1)!;
    expect(paid).toMatchObject({ orderStatus: 'PAID', paymentMethod: 'Mobile Wallet', paymentAmount: 840 });
    const parsed = parseFawryNotification(paid, KEY);
    expect(parsed.ok && parsed.state.method).toBe(PaymentMethod.EWallet);
  });

  it('request-to-pay has no QR', async () => {
    const h = await setup();
    const order = await h.client.payWithWallet({
      ...student,
      merchantRefNum: newRef(),
      amountPiasters: 100,
      description: 'x',
      walletMobile: '01112345678',
    });
    expect(order.walletQr).toBeNull();
  });

  it('bank installments: plans listed, charge through 3-D Secure, interest and months reported', async () => {
    const h = await setup();
    const plans = await h.client.getInstallmentPlans();
    expect(plans.map((plan) => [plan.id, plan.months])).toEqual([
      [37, 3],
      [38, 6],
      [39, 12],
      [41, 6],
    ]);
    expect(plans.find((plan) => plan.id === 41)).toMatchObject({
      rate: 2.5,
      bankNameAr: 'البنك التجاري الدولي',
      bins: ['512345'],
    });
    const sixMonths = plans.find((plan) => plan.id === 38)!;
    expect(sixMonths).toMatchObject({
      rate: 5,
      minAmountPiasters: 100_000,
      bins: expect.arrayContaining(['424242']),
    });

    const token = await savedCardToken(h);
    const merchantRefNum = newRef();
    const charge = await h.client.payWithBankInstallments({
      ...student,
      merchantRefNum,
      amountPiasters: 120000,
      description: 'اشتراك سنوي بالتقسيط',
      cardToken: token,
      cvv: '123',
      installmentPlanId: sixMonths.id,
    });
    expect(charge.redirectUrl).toBeTruthy();
    await threeDs(charge.redirectUrl as string, 'approve');
    const status = await h.client.getPaymentStatus(merchantRefNum);
    expect(status).toMatchObject({
      status: PaymentStatus.Paid,
      method: PaymentMethod.BankInstallment,
      installmentMonths: 6,
      installmentInterestPiasters: 6000,
      orderAmountPiasters: 120000,
      paymentAmountPiasters: 126000,
    });
    expect(
      await fawryError(
        h.client.payWithBankInstallments({
          ...student,
          merchantRefNum: newRef(),
          amountPiasters: 500,
          description: 'x',
          cardToken: token,
          cvv: '123',
          installmentPlanId: sixMonths.id,
        }),
      ),
    ).toMatchObject({ reason: 'invalid-amount', fawryStatusCode: 21010 });
  });

  it('bank installments: a charge names the plan, not its link; a card of another bank is refused', async () => {
    const h = await setup();
    const [link] = SANDBOX_INSTALLMENT_PLANS;
    expect(link!.id).not.toBe(link!.installmentPlan.id);
    const token = await savedCardToken(h, SANDBOX_TEST_CARDS.visa);
    const charge = (installmentPlanId: number) =>
      h.client.payWithBankInstallments({
        ...student,
        merchantRefNum: newRef(),
        amountPiasters: 500_000,
        description: 'x',
        cardToken: token,
        cvv: '123',
        installmentPlanId,
      });
    expect(await fawryError(charge(link!.id))).toMatchObject({ fawryStatusCode: 21010 });
    expect(await fawryError(charge(41))).toMatchObject({ fawryStatusCode: 99942 });
    expect((await charge(link!.installmentPlan.id)).redirectUrl).toBeTruthy();
  });

  it('bank installments: signed without the returnUrl (decision 0015); a signature over it is refused 9946', async () => {
    const h = await setup();
    const token = await savedCardToken(h);
    const charge = (merchantRefNum: number, signedParts: string[]) =>
      fetch(`${h.base}/ECommerceWeb/Fawry/payments/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          merchantCode: MERCHANT,
          merchantRefNum,
          customerProfileId: 42,
          customerMobile: '01012345678',
          customerEmail: 'mona@example.com',
          paymentMethod: 'CARD',
          amount: '1200.00',
          currencyCode: 'EGP',
          language: 'ar-eg',
          description: 'x',
          chargeItems: [{ itemId: '1', description: 'x', price: '1200.00', quantity: 1 }],
          cardToken: token,
          cvv: '123',
          installmentPlanId: 38,
          enable3DS: true,
          authCaptureModePayment: false,
          returnUrl: RETURN_URL,
          signature: signFawry(signedParts, KEY),
        }),
      }).then((response) => response.json());
    const head = (ref: number) => [MERCHANT, String(ref), '42', 'CARD', '1200.00', token, '123'];

    // The other forms integrations use: the 3-D Secure card formula plus the plan, or the plan then the URL.
    const urlThenPlan = newRef();
    expect(await charge(urlThenPlan, [...head(urlThenPlan), RETURN_URL, '38'])).toEqual({
      type: 'ChargeResponse',
      statusCode: 9946,
      statusDescription: 'Wrong Signature',
    });
    const planThenUrl = newRef();
    expect(await charge(planThenUrl, [...head(planThenUrl), '38', RETURN_URL])).toMatchObject({
      statusCode: 9946,
    });
    expect(await h.inspect('/orders')).toMatchObject({ list: [] });

    // The documented form, with the return URL still sent for 3-D Secure.
    const documented = newRef();
    expect(await charge(documented, [...head(documented), '38'])).toMatchObject({
      statusCode: 200,
      nextAction: { type: 'THREE_D_SECURE' },
    });
  });

  it('the frictionless test card is decided without 3-D Secure: PAID in the charge answer, then notified', async () => {
    const h = await setup();
    const token = await savedCardToken(h, SANDBOX_TEST_CARDS.frictionless);
    const merchantRefNum = newRef();
    const charge = await cardCharge(h, token, { merchantRefNum });
    expect(charge).toMatchObject({
      redirectUrl: null,
      status: PaymentStatus.Paid,
      orderAmountPiasters: 15000,
      merchantRefNumber: String(merchantRefNum),
    });
    const notifications = await notificationsFor(h, merchantRefNum);
    expect(notifications.map((n) => n.orderStatus)).toEqual(['NEW', 'PAID']);
    expect((await h.client.getPaymentStatus(merchantRefNum))?.status).toBe(PaymentStatus.Paid);
  });
});

describe('card tokens', () => {
  it('lists and deletes a token; a token that is not the customer’s is refused', async () => {
    const h = await setup();
    const visa = await savedCardToken(h, SANDBOX_TEST_CARDS.visa);
    const mastercard = await savedCardToken(h, SANDBOX_TEST_CARDS.mastercard);
    expect(await savedCardToken(h, SANDBOX_TEST_CARDS.visa)).toBe(visa);
    expect((await h.client.listCardTokens(42)).map((card) => [card.brand, card.isDefault])).toEqual([
      ['MASTERCARD', false],
      ['VISA', true],
    ]);
    await h.client.deleteCardToken({ customerProfileId: 42, cardToken: visa });
    expect(await h.client.listCardTokens(42)).toMatchObject([{ token: mastercard, isDefault: true }]);
    expect(
      await fawryError(h.client.deleteCardToken({ customerProfileId: 43, cardToken: mastercard })),
    ).toMatchObject({
      reason: 'card-not-found',
    });
    expect(await h.client.listCardTokens(7)).toEqual([]);

    const added = await h.controlJson<{ token: string }>('/cards', {
      customerProfileId: 7,
      cardNumber: SANDBOX_TEST_CARDS.mastercard,
    });
    expect((await h.client.listCardTokens(7)).map((card) => card.token)).toEqual([added.token]);
    expect((await h.inspect<{ list: unknown[] }>('/cards?customerProfileId=7')).list).toHaveLength(1);
  });

  it('the tokenization page re-asks on a bad number or expiry and redirects 99914 for a refused card', async () => {
    const h = await setup();
    const badLuhn = await addCardThroughPage(h, '4242424242424241');
    expect(badLuhn.status).toBe(400);
    expect(await badLuhn.text()).toContain('رقم البطاقة غير صحيح');
    const refused = await addCardThroughPage(h, SANDBOX_TEST_CARDS.refusedAtTokenization);
    const back = new URL(refused.headers.get('location') as string);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: 'settings',
      statusCode: '99914',
      statusDescription: 'Invalid card',
    });
    const wrongMerchant = await fetch(
      `${h.base}/atfawry/plugin/card-token?accNo=1&customerProfileId=42&returnUrl=https://x.test`,
    );
    expect(wrongMerchant.status).toBe(400);
    const scriptUrl = await fetch(
      `${h.base}/atfawry/plugin/card-token?accNo=${MERCHANT}&customerProfileId=42&returnUrl=javascript:alert(1)`,
    );
    expect(scriptUrl.status).toBe(400);
    expect(await h.client.listCardTokens(42)).toEqual([]);
  });
});

describe('requests Fawry would refuse', () => {
  it('a wrong signature gets Fawry’s 9946 body; a wrong key in the client is a FawryError', async () => {
    const h = await setup();
    const response = await fetch(`${h.base}/ECommerceWeb/Fawry/payments/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantCode: MERCHANT,
        merchantRefNum: 1,
        customerMobile: '01012345678',
        customerEmail: 'a@b.c',
        paymentMethod: 'PAYATFAWRY',
        amount: 150.0,
        description: 'x',
        chargeItems: [{ itemId: '1', description: 'x', price: 150, quantity: 1 }],
        signature: 'f'.repeat(64),
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      type: 'ChargeResponse',
      statusCode: 9946,
      statusDescription: 'Wrong Signature',
    });

    const status = await fetch(
      `${h.base}/ECommerceWeb/Fawry/payments/status/v2?merchantCode=${MERCHANT}&merchantRefNumber=1&signature=${'0'.repeat(64)}`,
    );
    expect(status.status).toBe(400);
    expect(await status.json()).toMatchObject({ code: 9946 });

    const impostor = createFawryClient({
      baseUrl: h.base,
      merchantCode: MERCHANT,
      secureKey: 'wrong-key',
      returnUrl: RETURN_URL,
    });
    expect(
      await fawryError(
        impostor.payAtFawry({ ...student, merchantRefNum: newRef(), amountPiasters: 100, description: 'x' }),
      ),
    ).toMatchObject({ code: 'fawry-error', reason: 'invalid-signature', fawryStatusCode: 9946 });
    expect(await fawryError(impostor.refund({ referenceNumber: '1', amountPiasters: 1 }))).toMatchObject({
      fawryStatusCode: 9946,
    });
    expect(await fawryError(impostor.listCardTokens(42))).toMatchObject({ fawryStatusCode: 9946 });
    expect(await fawryError(impostor.getPaymentStatus(1))).toMatchObject({
      fawryStatusCode: 9946,
      httpStatus: 400,
    });
  });

  it('a wrong merchant code gets 9901, and a reused merchantRefNum is refused', async () => {
    const h = await setup();
    const other = createFawryClient({ baseUrl: h.base, merchantCode: '770000099999', secureKey: KEY });
    expect(
      await fawryError(
        other.payAtFawry({ ...student, merchantRefNum: newRef(), amountPiasters: 100, description: 'x' }),
      ),
    ).toMatchObject({ reason: 'invalid-merchant', fawryStatusCode: 9901 });
    const order = await referenceNumber(h);
    expect(
      await fawryError(
        h.client.payAtFawry({
          ...student,
          merchantRefNum: order.merchantRefNum,
          amountPiasters: 100,
          description: 'x',
        }),
      ),
    ).toMatchObject({ code: 'fawry-error', reason: 'rejected', fawryStatusCode: 9999 });
  });

  it('an amount that is not the sum of the items is refused (21004)', async () => {
    const h = await setup();
    const response = await fetch(`${h.base}/ECommerceWeb/Fawry/payments/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantCode: MERCHANT,
        merchantRefNum: 2,
        customerMobile: '01012345678',
        paymentMethod: 'PAYATFAWRY',
        amount: 150.0,
        description: 'x',
        chargeItems: [{ itemId: '1', description: 'x', price: 100, quantity: 1 }],
        signature: 'f'.repeat(64),
      }),
    });
    expect(await response.json()).toMatchObject({ statusCode: 21004 });
  });

  it('an unknown order is a 404 for status v2: the client answers null', async () => {
    const h = await setup();
    expect(await h.client.getPaymentStatus(987654321)).toBeNull();
  });

  it('a hanging Fawry is a timeout (service-unavailable); a 500 is server-error', async () => {
    const h = await setup({ timeoutMs: 150 });
    await h.control('/faults', { fault: 'hang' });
    const error = await fawryError(referenceNumber(h));
    expect(error).toMatchObject({ code: 'service-unavailable', reason: 'timeout', outcomeUnknown: true });
    await h.control('/faults', { fault: 'http-500' });
    expect(await fawryError(h.client.listCardTokens(42))).toMatchObject({
      code: 'service-unavailable',
      reason: 'server-error',
    });
  });
});

describe('notification delivery', () => {
  it('retries with backoff until the webhook answers 200, and records every attempt', async () => {
    const h = await setup();
    h.webhookStatuses.push(500, 503);
    const order = await referenceNumber(h);
    await h.sandbox.settled();
    const { list } = await h.inspect<{ list: SandboxDelivery[] }>(
      `/notifications?merchantRefNumber=${order.merchantRefNum}`,
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ state: 'delivered', orderStatus: 'UNPAID' });
    expect(list[0]?.attempts.map((attempt) => attempt.httpStatus)).toEqual([500, 503, 200]);
    expect(h.received.filter((n) => n.requestId === list[0]?.requestId)).toHaveLength(3);
  });

  it('gives up after the configured attempts, also when the webhook is unreachable', async () => {
    const h = await setup({ retry: { attempts: 3, delaysMs: [1] } });
    h.webhookStatuses.push(500, 500, 500);
    const order = await referenceNumber(h);
    await h.sandbox.settled();
    const [delivery] = (await h.sandbox.listDeliveries()).filter(
      (d) => d.merchantRefNumber === String(order.merchantRefNum),
    );
    expect(delivery).toMatchObject({ state: 'failed' });
    expect(delivery?.attempts).toHaveLength(3);

    const offline = await setup({
      notificationUrl: 'http://127.0.0.1:1/webhook',
      retry: { attempts: 2, delaysMs: [1] },
    });
    await referenceNumber(offline);
    await offline.sandbox.settled();
    const [unreachable] = await offline.sandbox.listDeliveries();
    expect(unreachable).toMatchObject({ state: 'failed' });
    expect(unreachable?.attempts.every((attempt) => attempt.error !== null)).toBe(true);
  });

  it('redelivers the same notification N times (same requestId) for idempotency tests', async () => {
    const h = await setup();
    const order = await referenceNumber(h);
    await h.control(`/orders/${order.referenceNumber}/pay`);
    await h.sandbox.settled();
    const paid = (await h.sandbox.listDeliveries()).find((d) => d.orderStatus === 'PAID')!;
    const copies = await h.controlJson<{ list: SandboxDelivery[] }>(`/notifications/${paid.id}/redeliver`, {
      times: 2,
    });
    expect(copies.list).toHaveLength(2);
    await h.sandbox.settled();
    const same = h.received.filter((n) => n.requestId === paid.requestId);
    expect(same).toHaveLength(3);
    expect(new Set(same.map((n) => n.messageSignature)).size).toBe(1);
  });

  it('sends to the order’s orderWebHookUrl instead of the account URL', async () => {
    const h = await setup();
    const other: FawryNotificationV2Wire[] = [];
    const hook = Fastify();
    hook.post('/hook', async (request) => {
      other.push(request.body as FawryNotificationV2Wire);
      return {};
    });
    apps.push(hook);
    const hookUrl = await hook.listen({ host: '127.0.0.1', port: 0 });
    const merchantRefNum = newRef();
    await h.client.payAtFawry({
      ...student,
      merchantRefNum,
      amountPiasters: 100,
      description: 'x',
      orderWebHookUrl: `${hookUrl}/hook`,
    });
    await h.sandbox.settled();
    expect(other.map((n) => n.merchantRefNumber)).toEqual([String(merchantRefNum)]);
    expect(await notificationsFor(h, merchantRefNum)).toEqual([]);
  });

  it('an injected bad signature reaches the webhook and fails verification', async () => {
    const h = await setup();
    await h.control('/faults', { fault: 'bad-notification-signature' });
    const order = await referenceNumber(h);
    const [notification] = await notificationsFor(h, order.merchantRefNum);
    expect(parseFawryNotification(notification, KEY)).toEqual({ ok: false, error: 'bad-signature' });
  });
});

describe('mounting', () => {
  it('mounts from plain options, serves its index, guards the control API with a token, and resets', async () => {
    const app = Fastify();
    app.register(fawrySandbox, {
      prefix: FAWRY_SANDBOX_PREFIX,
      merchantCode: MERCHANT,
      secureKey: KEY,
      controlToken: 'test-token',
      expirySweepMs: 10,
    });
    apps.push(app);
    const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}${FAWRY_SANDBOX_PREFIX}`;
    const client = createFawryClient({ baseUrl: base, merchantCode: MERCHANT, secureKey: KEY });
    const order = await client.payAtFawry({
      ...student,
      merchantRefNum: newRef(),
      amountPiasters: 100,
      description: 'درس',
    });
    const index = await (await fetch(`${base}/`)).text();
    expect(index).toContain(order.referenceNumber);
    expect(index).toContain('بيئة تجريبية لفوري');
    expect((await fetch(`${base}/__control/orders`)).status).toBe(401);
    const authorized = { authorization: 'Bearer test-token' };
    const orders = (await (await fetch(`${base}/__control/orders`, { headers: authorized })).json()) as {
      list: unknown[];
    };
    expect(orders.list).toHaveLength(1);
    expect((await fetch(`${base}/__control/reset`, { method: 'POST', headers: authorized })).status).toBe(
      200,
    );
    expect(await client.getPaymentStatus(order.merchantRefNumber)).toBeNull();
  });
});
