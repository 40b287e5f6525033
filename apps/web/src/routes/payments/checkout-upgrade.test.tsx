import '../../test/setup.ts';
import { PaymentStatus, type PayResponse, PlanPeriod, Role, type UpgradeQuote } from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../features/payments/lib/return-urls.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, json } from '../../test/fixtures.ts';
import { makeCard, makePlan, makeTransaction } from '../../test/payment-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const plan = makePlan({ id: 3, alias: 'المكثف', weeklyMinutes: 240, fullMonthPrice: 2000_00 });
const inTwoDays = new Date(Date.now() + 48 * 60 * 60 * 1000 - 60_000).toISOString();
const quote: UpgradeQuote = {
  subscriptionId: 5,
  planId: 3,
  period: PlanPeriod.Month,
  weeklyMinutes: 240,
  credit: 733_33,
  cost: 1333_34,
  amount: 600_01,
  end: '2030-03-20T10:00:00.000Z',
  quotedAt: new Date().toISOString(),
};
const upgradeOrder = makeTransaction({
  id: 90,
  planId: 3,
  period: PlanPeriod.Month,
  amount: 600_01,
  upgradeOf: 5,
  expiresAt: inTwoDays,
});

function upgradeApi(extra?: (request: ApiRequest) => Response | undefined): ApiHandler {
  return (request) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path === '/api/v1/plan/3') {
      return json(200, plan);
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    if (path === '/api/v1/sub/upgrade-quote?planId=3') {
      return json(200, quote);
    }
    if (path === '/api/v1/fawry/card-token/list') {
      return json(200, { list: [makeCard()] });
    }
    if (path === '/api/v1/transaction/90') {
      return json(200, { transaction: upgradeOrder });
    }
    return undefined;
  };
}

const student = { role: Role.Student, phone: '01012345678' };
const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the checkout in upgrade mode', () => {
  it('shows the quote without coupon or installments and pays the difference with a reference number', async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    let ordered = false;
    const { requests } = renderApp({
      path: '/checkout/3/month?upgrade=5',
      user: student,
      socket,
      api: upgradeApi(({ method, path }) => {
        // The open order makes the quote refuse: the payment's status must stay on screen.
        if (ordered && path.startsWith('/api/v1/sub/upgrade-quote')) {
          return apiError(409, 'subscription-upgrade-unavailable');
        }
        if (method === 'POST' && path === '/api/v1/fawry/pay/ref-num') {
          ordered = true;
          return json(200, {
            transaction: upgradeOrder,
            redirectUrl: null,
            referenceNumber: '9876543210',
            expiresAt: inTwoDays,
            walletQr: null,
          } satisfies PayResponse);
        }
        return undefined;
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'ترقية الباقة' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ملخص الترقية' })).toBeInTheDocument();
    expect(screen.getByText('رصيدك غير المستخدم').nextElementSibling).toHaveTextContent(money(-733_33));
    expect(screen.getByText('سعر الباقة الجديدة للمدة المتبقية').nextElementSibling).toHaveTextContent(
      money(1333_34),
    );
    expect(screen.getByTestId('upgrade-amount')).toHaveTextContent(money(600_01));
    expect(screen.getByText(/وينتهي اشتراكك في موعده نفسه: ٢٠ مارس ٢٠٣٠/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /كود الخصم/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /تقسيط بنكي/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /التقسيط|قسّط/ })).not.toBeInTheDocument();

    // Keyboard only: Space picks Fawry, Enter on the pay button orders.
    const fawry = screen.getByRole('radio', { name: /فوري/ });
    fawry.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(fawry).toBeChecked());
    screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع' })).toBeInTheDocument();
    const pay = requests.find((request) => request.path === '/api/v1/fawry/pay/ref-num');
    expect(pay?.body).toEqual({ planId: 3, period: PlanPeriod.Month, upgradeOf: 5, phone: '01012345678' });

    await waitFor(() => expect(socket.listenerCount('payment-status')).toBeGreaterThan(0));
    act(() =>
      socket.fire('payment-status', { transactionId: 90, status: PaymentStatus.Paid, subscriptionId: 5 }),
    );
    expect(await screen.findByRole('heading', { name: 'تم الدفع' })).toBeInTheDocument();
    expect(
      screen.getByText('تمت الترقية! دقائقك الأسبوعية الجديدة متاحة من الآن حتى ٢٠ مارس ٢٠٣٠.'),
    ).toBeInTheDocument();
  });

  it('pays by card at once with upgradeOf and no installments', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    const { requests } = renderApp({
      path: '/checkout/3/month?upgrade=5',
      user: student,
      api: upgradeApi(({ method, path }) =>
        method === 'POST' && path === '/api/v1/fawry/pay/card'
          ? json(200, {
              transaction: upgradeOrder,
              redirectUrl: 'https://fawry.example/3ds',
              referenceNumber: null,
              expiresAt: null,
              walletQr: null,
            } satisfies PayResponse)
          : undefined,
      ),
    });
    await user.click(await screen.findByRole('radio', { name: /4242/ }));
    await user.type(screen.getByRole('textbox', { name: /رمز الأمان|CVV/ }), '123{Enter}');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://fawry.example/3ds'));
    const body = requests.find((request) => request.path === '/api/v1/fawry/pay/card')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ planId: 3, period: PlanPeriod.Month, upgradeOf: 5, installments: 1 });
    expect(body).not.toHaveProperty('couponCode');
  });

  it('says in Arabic why a plan cannot be an upgrade, with the way back', async () => {
    renderApp({
      path: '/checkout/3/month?upgrade=5',
      user: student,
      api: upgradeApi(({ path }) =>
        path.startsWith('/api/v1/sub/upgrade-quote')
          ? apiError(400, 'subscription-upgrade-invalid')
          : undefined,
      ),
    });
    expect(await screen.findByText('تعذّر حساب تكلفة الترقية')).toBeInTheDocument();
    expect(screen.getByText(/الترقية تكون إلى باقة بدقائق أسبوعية أكثر/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'العودة إلى اشتراكك' })[0]).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('refuses a period other than the subscription’s and links to the right one', async () => {
    renderApp({ path: '/checkout/3/quarter?upgrade=5', user: student, api: upgradeApi() });
    const alert = await screen.findByText('الترقية تكون لنفس مدة اشتراكك الحالي.');
    expect(within(alert.closest('[role="status"]') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/checkout/3/month?upgrade=5',
    );
  });
});
