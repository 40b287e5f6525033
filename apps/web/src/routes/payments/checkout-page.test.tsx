import '../../test/setup.ts';
import {
  type BankInstallmentProgramme,
  PaymentMethod,
  PaymentStatus,
  type PayResponse,
  PlanPeriod,
  Role,
} from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../features/payments/lib/return-urls.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, json } from '../../test/fixtures.ts';
import { makeCard, makePlan, makeTransaction } from '../../test/payment-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const plan = makePlan();
const inTwoDays = new Date(Date.now() + 48 * 60 * 60 * 1000 - 60_000).toISOString();

function payAnswer(overrides: Partial<PayResponse> = {}): PayResponse {
  return {
    transaction: makeTransaction({ expiresAt: inTwoDays }),
    redirectUrl: null,
    referenceNumber: '9876543210',
    expiresAt: inTwoDays,
    walletQr: null,
    ...overrides,
  };
}

/** The checkout's server: the plan, no current subscription, one saved card, coupons, and `extra` first. */
function checkoutApi(extra?: (request: ApiRequest) => Response | undefined): ApiHandler {
  return (request) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path === '/api/v1/plan/2') {
      return json(200, plan);
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (path === '/api/v1/fawry/card-token/list') {
      return json(200, { list: [makeCard()] });
    }
    if (path === '/api/v1/coupon/code/WELCOME-20') {
      return json(200, {
        code: 'WELCOME-20',
        discount: 2000,
        expiresAt: '2027-01-01T00:00:00.000Z',
        state: 'valid',
      });
    }
    if (path === '/api/v1/coupon/code/OLD-CODE') {
      return json(200, {
        code: 'OLD-CODE',
        discount: 1000,
        expiresAt: '2026-01-01T00:00:00.000Z',
        state: 'expired',
      });
    }
    if (path.startsWith('/api/v1/coupon/code/')) {
      return apiError(404, 'coupon-not-found');
    }
    return undefined;
  };
}

const student = { role: Role.Student, phone: '01012345678' };
const totalOf = () => screen.getByTestId('order-total');
/** Money as Testing Library reads it (its normaliser turns the no-break space into a space). */
const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkout', () => {
  it('summarises the order with the period discount and checks a coupon live, in Arabic', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({ path: '/checkout/2/quarter', user: student, api: checkoutApi() });

    expect(await screen.findByRole('heading', { name: 'ملخص الطلب' })).toBeInTheDocument();
    expect(screen.getByText('اشتراك ٣ أشهر')).toBeInTheDocument();
    expect(screen.getByText('خصم المدة (١٠٪)')).toBeInTheDocument();
    expect(totalOf()).toHaveTextContent('‏٢٬٩٧٠ ج.م.‏');

    const field = screen.getByRole('textbox', { name: /كود الخصم/ });
    await user.type(field, 'nope-1');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'كود الخصم غير موجود. تأكد من كتابته بشكل صحيح.',
    );
    expect(requests.some((request) => request.path === '/api/v1/coupon/code/NOPE-1')).toBe(true);
    expect(totalOf()).toHaveTextContent('‏٢٬٩٧٠ ج.م.‏');

    await user.clear(field);
    await user.type(field, 'old-code');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('انتهت صلاحية كود الخصم.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'welcome-20');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText(/تم تطبيق الكود .*WELCOME-20.*: خصم ٢٠٪\./)).toBeInTheDocument();
    // 3,300 − 10 % = 2,970, then − 20 % = 2,376 (rounded down to the piaster, as the server does).
    expect(totalOf()).toHaveTextContent('‏٢٬٣٧٦ ج.م.‏');
    expect(screen.getByText(/كود الخصم .*WELCOME-20.* \(٢٠٪\)/)).toBeInTheDocument();
  });

  it.each([
    ['1', 'اشتراك ٣ أشهر'],
    ['2', 'اشتراك سنوي'],
    ['0', 'اشتراك شهري'],
  ])('opens the checkout from the API’s numeric period /checkout/2/%s too', async (period, label) => {
    renderApp({ path: `/checkout/2/${period}`, user: student, api: checkoutApi() });
    expect(await screen.findByRole('heading', { name: 'ملخص الطلب' })).toBeInTheDocument();
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it.each(['4', '9', '01', '-1', 'week', 'Quarter'])(
    'shows the unavailable page for the unknown period /checkout/2/%s, asking nothing',
    async (period) => {
      const { requests } = renderApp({ path: `/checkout/2/${period}`, user: student, api: checkoutApi() });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'هذه الباقة غير متاحة' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'اختر باقة' })).toHaveAttribute('href', '/subscription');
      expect(requests.some((request) => request.path === '/api/v1/plan/2')).toBe(false);
    },
  );

  it('refuses a malformed coupon code without asking the server', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({ path: '/checkout/2/month', user: student, api: checkoutApi() });
    await user.type(await screen.findByRole('textbox', { name: /كود الخصم/ }), 'a!');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('كود الخصم غير صالح');
    expect(requests.some((request) => request.path.startsWith('/api/v1/coupon/code/'))).toBe(false);
  });

  it('pays at Fawry: shows the reference number big, the amount, the deadline and the steps', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/checkout/2/quarter',
      user: student,
      api: checkoutApi(({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/fawry/pay/ref-num') {
          return json(200, payAnswer());
        }
        if (path === '/api/v1/transaction/77') {
          return json(200, { transaction: makeTransaction({ expiresAt: inTwoDays }) });
        }
        return undefined;
      }),
    });

    await user.click(await screen.findByRole('radio', { name: /فوري/ }));
    expect(screen.getByRole('textbox', { name: 'رقم الموبايل' })).toHaveValue('01012345678');
    await user.click(screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }));

    expect(await screen.findByTestId('fawry-reference')).toHaveTextContent('9876 5432 10');
    const body = requests.find((request) => request.path === '/api/v1/fawry/pay/ref-num')?.body;
    expect(body).toEqual({ planId: 2, period: PlanPeriod.Quarter, phone: '01012345678' });
    expect(screen.getByRole('heading', { name: 'في انتظار الدفع' })).toBeInTheDocument();
    expect(screen.getByText('المبلغ المطلوب').nextElementSibling).toHaveTextContent('‏٢٬٩٧٠ ج.م.‏');
    expect(screen.getByText('آخر موعد للدفع')).toBeInTheDocument();
    expect(screen.getByText(/متبقٍّ يوم واحد و٢٣ ساعة|متبقٍّ يومين/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نسخ الرقم' })).toBeInTheDocument();
    expect(screen.getByText(/اطلب «دفع مدفوعات فوري»/)).toBeInTheDocument();
  });

  it('turns the waiting order to paid when the server sends payment-status, without a reload', async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    renderApp({
      path: '/checkout/2/quarter?method=fawry',
      user: student,
      socket,
      // The read keeps saying New: the socket event alone must flip the panel.
      api: checkoutApi(({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/fawry/pay/ref-num') {
          return json(200, payAnswer());
        }
        if (path === '/api/v1/transaction/77') {
          return json(200, { transaction: makeTransaction() });
        }
        return undefined;
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'احصل على الرقم المرجعي' }));
    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع' })).toBeInTheDocument();
    await waitFor(() => expect(socket.listenerCount('payment-status')).toBeGreaterThan(0));

    act(() => {
      socket.fire('payment-status', { transactionId: 77, status: PaymentStatus.Paid, subscriptionId: 8 });
    });

    expect(await screen.findByRole('heading', { name: 'تم الدفع' })).toBeInTheDocument();
    expect(screen.queryByTestId('fawry-reference')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اذهب إلى اشتراكك' })).toHaveAttribute('href', '/subscription');
    // Another buyer's transaction does not matter here.
    act(() => {
      socket.fire('payment-status', {
        transactionId: 78,
        status: PaymentStatus.Failed,
        subscriptionId: null,
      });
    });
    expect(screen.getByRole('heading', { name: 'تم الدفع' })).toBeInTheDocument();
  });

  it('pays by saved card: sends the CVV and opens the 3-D Secure page returning to /checkout/result', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    const { requests } = renderApp({
      path: '/checkout/2/quarter',
      user: student,
      api: checkoutApi(({ method, path }) =>
        method === 'POST' && path === '/api/v1/fawry/pay/card'
          ? json(
              200,
              payAnswer({
                transaction: makeTransaction({
                  method: PaymentMethod.Card,
                  fawryRefNumber: null,
                  expiresAt: null,
                }),
                referenceNumber: null,
                expiresAt: null,
                redirectUrl: 'http://localhost/fawry-sandbox/emu/3ds/77',
              }),
            )
          : undefined,
      ),
    });

    const cards = await screen.findByRole('group', { name: 'اختر البطاقة' });
    expect(within(cards).getByRole('radio', { name: /Visa/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /على ٤ دفعات/ }));
    expect(screen.getByText('جدول الدفعات')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'رمز الأمان (CVV)' }), '123');
    await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(742_50)} الآن` }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/fawry-sandbox/emu/3ds/77'));
    const request = requests.find((item) => item.path === '/api/v1/fawry/pay/card') as ApiRequest;
    expect(request.body).toEqual({
      planId: 2,
      period: PlanPeriod.Quarter,
      cardToken: 'a'.repeat(64),
      cvv: '123',
      installments: 4,
      returnUrl: expect.stringMatching(/^https?:\/\/[^/]+\/checkout\/result$/),
    });
  });

  it('pays from the keyboard: Enter in the CVV field pays once, as the button does', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    const { requests } = renderApp({
      path: '/checkout/2/month',
      user: student,
      api: checkoutApi(({ method, path }) =>
        method === 'POST' && path === '/api/v1/fawry/pay/card'
          ? json(200, payAnswer({ redirectUrl: 'http://localhost/fawry-sandbox/emu/3ds/78' }))
          : undefined,
      ),
    });
    const cvv = await screen.findByRole('textbox', { name: 'رمز الأمان (CVV)' });
    await user.type(cvv, '123{Enter}');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/fawry-sandbox/emu/3ds/78'));
    expect(requests.filter((item) => item.path === '/api/v1/fawry/pay/card')).toHaveLength(1);
  });

  it('says in Arabic what went wrong: a wrong CVV under the field, a gateway failure above the button', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderApp({
      path: '/checkout/2/month',
      user: student,
      api: checkoutApi(({ method, path }) => {
        if (method === 'POST' && path === '/api/v1/fawry/pay/card') {
          calls += 1;
          return calls === 1 ? apiError(400, 'invalid-cvv') : apiError(502, 'fawry-error');
        }
        return undefined;
      }),
    });

    await screen.findByRole('group', { name: 'اختر البطاقة' });
    expect(screen.queryByRole('radio', { name: /على دفعتين/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /تقسيط بنكي/ })).toBeDisabled();
    const cvv = screen.getByRole('textbox', { name: 'رمز الأمان (CVV)' });
    await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(1100_00)}` }));
    expect(await screen.findByText(/رمز الأمان \(CVV\) غير صحيح/)).toBeInTheDocument();
    expect(calls).toBe(0);

    await user.type(cvv, '999');
    await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(1100_00)}` }));
    await waitFor(() => expect(cvv).toHaveAccessibleDescription(/رمز الأمان \(CVV\) غير صحيح/));

    await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(1100_00)}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('حدث خطأ في بوابة الدفع ولم تكتمل العملية');
  });

  describe('bank installments', () => {
    const programme = (overrides: Partial<BankInstallmentProgramme>): BankInstallmentProgramme => ({
      id: 37,
      bankName: 'البنك الأهلي المصري',
      months: 3,
      rate: 0,
      minAmount: 500_00,
      maxAmount: 100_000_00,
      bins: ['424242', '512345'],
      interest: 0,
      total: 297_000,
      monthlyAmount: 99_000,
      ...overrides,
    });
    const programmes = [
      programme({}),
      programme({
        id: 41,
        bankName: 'البنك التجاري الدولي',
        months: 6,
        rate: 2.5,
        bins: ['512345'],
        interest: 7_425,
        total: 304_425,
        monthlyAmount: 50_738,
      }),
      programme({ id: 38, months: 6, rate: 5, interest: 14_850, total: 311_850, monthlyAmount: 51_975 }),
    ];
    const plansPath = '/api/v1/fawry/installment-plans?amount=297000';

    it('lists Fawry’s programmes for the price with the monthly estimate and fees, and pays with the chosen one', async () => {
      const user = userEvent.setup();
      const open = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
      const { requests } = renderApp({
        path: '/checkout/2/quarter?method=bank',
        user: student,
        api: checkoutApi(({ method, path }) => {
          if (path === plansPath) {
            return json(200, { list: programmes });
          }
          return method === 'POST' && path === '/api/v1/fawry/pay/bank-installments'
            ? json(
                200,
                payAnswer({
                  transaction: makeTransaction({ method: PaymentMethod.BankInstallment, expiresAt: null }),
                  referenceNumber: null,
                  expiresAt: null,
                  redirectUrl: 'http://localhost/fawry-sandbox/emu/3ds/78',
                }),
              )
            : undefined;
        }),
      });

      const group = await screen.findByRole('group', { name: 'برنامج التقسيط' });
      const nbeThree = within(group).getByRole('radio', { name: /البنك الأهلي المصري · ٣ أشهر/ });
      // The cheapest programme that takes the chosen (Visa) card is picked at first.
      expect(nbeThree).toBeChecked();
      expect(within(group).getByText(`نحو ${money(99_000)} شهريًا`)).toBeInTheDocument();
      expect(within(group).getByText('بدون فوائد')).toBeInTheDocument();
      expect(
        within(group).getByText(`فوائد البنك ٥٪ (${money(14_850)})، الإجمالي ${money(311_850)}`),
      ).toBeInTheDocument();
      // CIB's programme is for its own (Mastercard) cards only.
      expect(within(group).getByRole('radio', { name: /البنك التجاري الدولي · ٦ أشهر/ })).toBeDisabled();
      expect(
        within(group).getByText('لا يقبل البطاقة المختارة، اختر بطاقة من هذا البنك'),
      ).toBeInTheDocument();

      await user.click(within(group).getByRole('radio', { name: /البنك الأهلي المصري · ٦ أشهر/ }));
      await user.type(screen.getByRole('textbox', { name: 'رمز الأمان (CVV)' }), '123');
      await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(297_000)}` }));

      await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost/fawry-sandbox/emu/3ds/78'));
      const request = requests.find(
        (item) => item.path === '/api/v1/fawry/pay/bank-installments',
      ) as ApiRequest;
      expect(request.body).toEqual({
        planId: 2,
        period: PlanPeriod.Quarter,
        cardToken: 'a'.repeat(64),
        cvv: '123',
        installmentPlanId: 38,
        returnUrl: expect.stringMatching(/^https?:\/\/[^/]+\/checkout\/result$/),
      });
    });

    it('says so when no programme fits the price, and sends nothing', async () => {
      const user = userEvent.setup();
      const { requests } = renderApp({
        path: '/checkout/2/quarter?method=bank',
        user: student,
        api: checkoutApi(({ path }) => (path === plansPath ? json(200, { list: [] }) : undefined)),
      });
      expect(
        await screen.findByText('لا يوجد برنامج تقسيط بنكي يناسب هذا المبلغ الآن. اختر طريقة دفع أخرى.'),
      ).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'رمز الأمان (CVV)' }), '123');
      await user.click(screen.getByRole('button', { name: `ادفع ${formatMoney(297_000)}` }));
      expect(requests.some((item) => item.path === '/api/v1/fawry/pay/bank-installments')).toBe(false);
    });

    it('offers to try again while Fawry cannot be read', async () => {
      const user = userEvent.setup();
      let calls = 0;
      renderApp({
        path: '/checkout/2/quarter?method=bank',
        user: student,
        api: checkoutApi(({ path }) => {
          if (path !== plansPath) {
            return undefined;
          }
          calls += 1;
          return calls === 1 ? apiError(503, 'service-unavailable') : json(200, { list: programmes });
        }),
      });
      expect(await screen.findByText(/تعذّر تحميل برامج التقسيط من فوري الآن/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
      expect(await screen.findByRole('group', { name: 'برنامج التقسيط' })).toBeInTheDocument();
    });
  });

  it('shows a friendly page for a plan that is not on sale', async () => {
    renderApp({
      path: '/checkout/99/month',
      user: student,
      api: ({ path }) => (path === '/api/v1/plan/99' ? apiError(404, 'plan-not-found') : undefined),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الباقة غير متاحة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اختر باقة' })).toHaveAttribute('href', '/subscription');
  });
});
