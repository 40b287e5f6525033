import {
  type Coupon,
  type Invite,
  PaymentMethod,
  PaymentStatus,
  type Plan,
  PlanPeriod,
  type Subscription,
  type Transaction,
} from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { ApiError, createApiClient, type FetchLike } from '../api-client.ts';
import {
  checkCouponCode,
  createCoupon,
  deleteCoupon,
  findCoupons,
  getCoupon,
  updateCoupon,
} from './coupons.ts';
import { createInvite, deleteInvite, findInvites, getInvite, updateInvite } from './invites.ts';
import { InvalidResponseError } from './parse-response.ts';
import {
  cancelUnpaidOrder,
  deleteSavedCard,
  findInstallmentPlans,
  findSavedCards,
  getCardTokenUrl,
  payByBankInstallments,
  payByCard,
  payByReference,
  payByWallet,
  payInstallment,
  refundPayment,
} from './payments.ts';
import { createPlan, deletePlan, findPlans, getPlan, updatePlan } from './plans.ts';
import {
  findSubscriptions,
  getCurrentSubscription,
  getSubscription,
  getUserCurrentSubscription,
  grantSubscription,
} from './subscriptions.ts';
import { findInstallments, findTransactions, getTransaction } from './transactions.ts';

const stamp = '2026-01-10T08:00:00.000Z';

const plan: Plan = {
  id: 2,
  alias: 'المنتظم',
  weeklyMinutes: 120,
  fullMonthPrice: 110_000,
  fullMonthDiscount: 0,
  fullQuarterPrice: 330_000,
  fullQuarterDiscount: 1000,
  halfYearPrice: 660_000,
  halfYearDiscount: 1500,
  fullYearPrice: 1_320_000,
  fullYearDiscount: 2500,
  forInvitesOnly: false,
  active: true,
  createdAt: stamp,
  updatedAt: stamp,
};

const coupon: Coupon = {
  id: 1,
  code: 'WELCOME-20',
  discount: 2000,
  expiresAt: '2030-01-01T00:00:00.000Z',
  usageLimit: 100,
  uses: 3,
  createdAt: stamp,
  updatedAt: stamp,
};

const invite: Invite = {
  id: 1,
  email: 'vip@example.com',
  planId: 9,
  createdBy: 1,
  createdAt: stamp,
  updatedAt: stamp,
};

const transaction: Transaction = {
  id: 11,
  userId: 4,
  planId: 2,
  period: PlanPeriod.Quarter,
  couponCode: null,
  amount: 297_000,
  refundedAmount: 0,
  method: PaymentMethod.Card,
  status: PaymentStatus.Paid,
  fawryRefNumber: '9990001',
  expiresAt: null,
  installment: null,
  bankInstallmentMonths: null,
  failureReason: null,
  grantedBy: null,
  createdAt: stamp,
  updatedAt: stamp,
};

const subscription: Subscription = {
  id: 1,
  userId: 4,
  planId: 2,
  transactionId: 11,
  period: PlanPeriod.Month,
  weeklyMinutes: 120,
  start: stamp,
  end: '2026-02-10T08:00:00.000Z',
  endedAt: null,
  endReason: null,
  createdAt: stamp,
};

const payAnswer = {
  transaction,
  redirectUrl: 'https://pay.example/3ds',
  referenceNumber: null,
  expiresAt: null,
  walletQr: null,
};

/** A client whose fetch answers `body`, recording each call. */
function clientAnswering(body: unknown, status = 200) {
  const fetch = vi.fn<FetchLike>(() => Promise.resolve(jsonResponse(status, body)));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const call = () => {
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    return {
      url,
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
  };
  return { client, call };
}

describe('plan endpoints', () => {
  it('list, read, create, change and delete plans on the spec paths', async () => {
    const list = clientAnswering({ list: [plan], total: 1 });
    await expect(findPlans(list.client, { page: 1, size: 100, active: true })).resolves.toEqual({
      list: [plan],
      total: 1,
    });
    expect(list.call()).toMatchObject({
      url: 'https://api.example/api/v1/plan/list?page=1&size=100&active=true',
      method: 'GET',
    });

    const one = clientAnswering(plan);
    await expect(getPlan(one.client, 2)).resolves.toEqual(plan);
    expect(one.call()).toMatchObject({ url: 'https://api.example/api/v1/plan/2', method: 'GET' });

    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = plan;
    await createPlan(one.client, fields);
    expect(one.call()).toMatchObject({
      url: 'https://api.example/api/v1/plan',
      method: 'POST',
      body: fields,
    });

    await updatePlan(one.client, 2, { active: false });
    expect(one.call()).toMatchObject({
      url: 'https://api.example/api/v1/plan/2',
      method: 'PUT',
      body: { active: false },
    });

    const ok = clientAnswering({ ok: true });
    await expect(deletePlan(ok.client, 2)).resolves.toEqual({ ok: true });
    expect(ok.call()).toMatchObject({ url: 'https://api.example/api/v1/plan/2', method: 'DELETE' });
  });

  it('rejects a plan answer that breaks the contract', async () => {
    const { client } = clientAnswering({ ...plan, fullMonthPrice: '1100' });
    await expect(getPlan(client, 2)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('passes the catalogue code of a refusal on', async () => {
    const { client } = clientAnswering({ code: 'plan-discount-total', message: 'x' }, 400);
    await expect(updatePlan(client, 2, { fullYearDiscount: 10_000 })).rejects.toMatchObject({
      code: 'plan-discount-total',
      status: 400,
    });
    await expect(updatePlan(client, 2, {})).rejects.toBeInstanceOf(ApiError);
  });
});

describe('coupon and invite endpoints', () => {
  it('manage coupons and check a code at checkout', async () => {
    const list = clientAnswering({ list: [coupon], total: 1 });
    await findCoupons(list.client, { search: 'WEL' });
    expect(list.call().url).toBe('https://api.example/api/v1/coupon/list?search=WEL');

    const one = clientAnswering(coupon);
    await getCoupon(one.client, 1);
    expect(one.call().url).toBe('https://api.example/api/v1/coupon/1');
    const body = {
      code: 'WELCOME-20',
      discount: 2000,
      expiresAt: '2030-01-01T00:00:00.000Z',
      usageLimit: 100,
    };
    await createCoupon(one.client, body);
    expect(one.call()).toMatchObject({ url: 'https://api.example/api/v1/coupon', method: 'POST', body });
    await updateCoupon(one.client, 1, { usageLimit: null });
    expect(one.call()).toMatchObject({ method: 'PUT', body: { usageLimit: null } });

    const check = clientAnswering({
      code: 'WELCOME-20',
      discount: 2000,
      expiresAt: coupon.expiresAt,
      state: 'valid',
    });
    await expect(checkCouponCode(check.client, ' welcome-20 ')).resolves.toMatchObject({ state: 'valid' });
    expect(check.call().url).toBe('https://api.example/api/v1/coupon/code/welcome-20');

    const ok = clientAnswering({ ok: true });
    await deleteCoupon(ok.client, 1);
    expect(ok.call()).toMatchObject({ url: 'https://api.example/api/v1/coupon/1', method: 'DELETE' });
  });

  it('manage invites', async () => {
    const list = clientAnswering({ list: [invite], total: 1 });
    await findInvites(list.client, { planId: 9 });
    expect(list.call().url).toBe('https://api.example/api/v1/invite/list?planId=9');
    const one = clientAnswering(invite);
    await getInvite(one.client, 1);
    expect(one.call().url).toBe('https://api.example/api/v1/invite/1');
    await createInvite(one.client, { email: 'vip@example.com', planId: 9 });
    expect(one.call()).toMatchObject({ url: 'https://api.example/api/v1/invite', method: 'POST' });
    await updateInvite(one.client, 1, { planId: 10 });
    expect(one.call()).toMatchObject({ method: 'PUT', body: { planId: 10 } });
    const ok = clientAnswering({ ok: true });
    await deleteInvite(ok.client, 1);
    expect(ok.call()).toMatchObject({ url: 'https://api.example/api/v1/invite/1', method: 'DELETE' });
  });
});

describe('payment endpoints', () => {
  it('pay by card, reference, wallet, bank installments and the next installment', async () => {
    const { client, call } = clientAnswering(payAnswer);
    const purchase = { planId: 2, period: PlanPeriod.Quarter };
    const card = { cardToken: 'tok_1', cvv: '123', returnUrl: 'https://hiwar.test/checkout/return' };

    await expect(payByCard(client, { ...purchase, ...card, installments: 2 })).resolves.toEqual(payAnswer);
    expect(call()).toMatchObject({ url: 'https://api.example/api/v1/fawry/pay/card', method: 'POST' });
    await payByReference(client, { ...purchase, couponCode: 'WELCOME-20' });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/pay/ref-num',
      body: { ...purchase, couponCode: 'WELCOME-20' },
    });
    await payByWallet(client, { ...purchase, phone: '01012345678' });
    expect(call().url).toBe('https://api.example/api/v1/fawry/pay/e-wallet');
    await payByBankInstallments(client, { ...purchase, ...card, installmentPlanId: 3 });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/pay/bank-installments',
      body: { installmentPlanId: 3 },
    });
    await payByBankInstallments(client, { ...purchase, ...card, months: 6 });
    expect(call().body).toMatchObject({ months: 6 });
    await payInstallment(client, { installmentId: 5, ...card });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/pay/installment',
      body: { installmentId: 5, ...card },
    });
  });

  it('list the bank installment programmes for an amount in piasters', async () => {
    const programme = {
      id: 38,
      bankName: 'البنك الأهلي المصري',
      months: 6,
      rate: 5,
      minAmount: 100_000,
      maxAmount: 10_000_000,
      bins: ['424242'],
      interest: 13_500,
      total: 283_500,
      monthlyAmount: 47_250,
    };
    const { client, call } = clientAnswering({ list: [programme] });
    await expect(findInstallmentPlans(client, 270_000)).resolves.toEqual([programme]);
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/installment-plans?amount=270000',
      method: 'GET',
    });
    const broken = clientAnswering({ list: [{ ...programme, months: 'six' }] });
    await expect(findInstallmentPlans(broken.client, 270_000)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('cancel an unpaid order and refund in piasters', async () => {
    const { client, call } = clientAnswering({ transaction });
    await expect(cancelUnpaidOrder(client, { transactionId: 11 })).resolves.toEqual({ transaction });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/cancel-unpaid-order',
      method: 'POST',
    });
    await refundPayment(client, { transactionId: 11, amount: 25_050 });
    expect(call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/refund',
      body: { transactionId: 11, amount: 25_050 },
    });
  });

  it('list, remove and add saved cards', async () => {
    const card = {
      token: 'tok_1',
      lastFourDigits: '0001',
      firstSixDigits: '512345',
      brand: 'MASTERCARD',
      isDefault: true,
      cardHolderName: null,
      createdAt: null,
    };
    const cards = clientAnswering({ list: [card] });
    await expect(findSavedCards(cards.client)).resolves.toEqual([card]);
    expect(cards.call().url).toBe('https://api.example/api/v1/fawry/card-token/list');
    const ok = clientAnswering({ ok: true });
    await deleteSavedCard(ok.client, 'tok_1');
    expect(ok.call()).toMatchObject({
      url: 'https://api.example/api/v1/fawry/card-token?cardToken=tok_1',
      method: 'DELETE',
    });
    const url = clientAnswering({ url: 'https://fawry.example/add-card' });
    await expect(getCardTokenUrl(url.client)).resolves.toBe('https://fawry.example/add-card');
    expect(url.call().url).toBe('https://api.example/api/v1/fawry/card-token/url');
  });
});

describe('transaction and subscription endpoints', () => {
  it('read payments and installments', async () => {
    const list = clientAnswering({ list: [transaction], total: 1 });
    await findTransactions(list.client, { userId: 4, status: PaymentStatus.Paid, page: 2, size: 10 });
    expect(list.call().url).toBe(
      'https://api.example/api/v1/transaction/list?userId=4&status=1&page=2&size=10',
    );
    const one = clientAnswering({ transaction });
    await expect(getTransaction(one.client, 11)).resolves.toEqual(transaction);
    expect(one.call().url).toBe('https://api.example/api/v1/transaction/11');
    const installments = clientAnswering({ list: [] });
    await expect(findInstallments(installments.client)).resolves.toEqual([]);
    expect(installments.call().url).toBe('https://api.example/api/v1/transaction/installments');
  });

  it('read subscriptions and grant one', async () => {
    const none = clientAnswering(null);
    await expect(getCurrentSubscription(none.client)).resolves.toBeNull();
    expect(none.call().url).toBe('https://api.example/api/v1/sub/current');
    await expect(getUserCurrentSubscription(none.client, 4)).resolves.toBeNull();
    expect(none.call().url).toBe('https://api.example/api/v1/sub/current?userId=4');
    const list = clientAnswering({ list: [subscription], total: 1 });
    await findSubscriptions(list.client, { userId: 4, size: 100 });
    expect(list.call().url).toBe('https://api.example/api/v1/sub/list?userId=4&size=100');
    const one = clientAnswering(subscription);
    await expect(getSubscription(one.client, 1)).resolves.toEqual(subscription);
    expect(one.call().url).toBe('https://api.example/api/v1/sub/1');
    await grantSubscription(one.client, { userId: 4, planId: 2, period: PlanPeriod.Year });
    expect(one.call()).toMatchObject({
      url: 'https://api.example/api/v1/sub',
      method: 'POST',
      body: { userId: 4, planId: 2, period: PlanPeriod.Year },
    });
  });
});
