import '../../test/setup.ts';
import {
  PaymentMethod,
  PaymentStatus,
  type PayResponse,
  PlanPeriod,
  Role,
  type TrialStatusResponse,
} from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../features/payments/lib/return-urls.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { json } from '../../test/fixtures.ts';
import { makeCard, makeTransaction } from '../../test/payment-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const PRICE = 99_00;
const at = '2030-03-20T10:00:00.000Z';
const atQuery = encodeURIComponent(at);
const bookAtPath = `/t/3?at=${atQuery}`;
const inTwoDays = new Date(Date.now() + 48 * 60 * 60 * 1000 - 60_000).toISOString();
const trialOrder = makeTransaction({
  id: 91,
  planId: null,
  trial: true,
  period: PlanPeriod.Month,
  amount: PRICE,
  expiresAt: inTwoDays,
});
const priced: TrialStatusResponse = {
  available: true,
  reason: null,
  minutes: 30,
  lessonId: null,
  price: PRICE,
  paid: false,
  openTransactionId: null,
};

function trialApi(
  trial: TrialStatusResponse | Response,
  extra?: (request: ApiRequest) => Response | undefined,
): ApiHandler {
  return (request) => {
    const answer = extra?.(request);
    if (answer) {
      return answer;
    }
    const { path } = request;
    if (path === '/api/v1/lesson/trial') {
      return trial instanceof Response ? trial : json(200, trial);
    }
    if (path === '/api/v1/fawry/card-token/list') {
      return json(200, { list: [makeCard()] });
    }
    if (path === '/api/v1/transaction/91') {
      return json(200, { transaction: trialOrder });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, null);
    }
    return undefined;
  };
}

const payAnswer = (overrides: Partial<PayResponse> = {}): PayResponse => ({
  transaction: trialOrder,
  redirectUrl: null,
  referenceNumber: '9876543210',
  expiresAt: inTwoDays,
  walletQr: null,
  ...overrides,
});

const student = { role: Role.Student, phone: '01012345678' };
const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the trial lesson’s checkout (decision 0048)', { timeout: 20_000 }, () => {
  it('pays a priced trial with a reference number, then leads back to the tutor at the picked time', async () => {
    const user = userEvent.setup();
    const socket = new FakeSocket();
    // The trial's state as the server tells it: the order open, then paid.
    const trial = { ...priced };
    const { requests, router } = renderApp({
      path: `/checkout/trial?tutor=3&at=${atQuery}`,
      user: student,
      socket,
      api: trialApi(trial, ({ method, path }) => {
        if (path === '/api/v1/lesson/trial') {
          return json(200, trial);
        }
        if (method === 'POST' && path === '/api/v1/fawry/pay/ref-num') {
          trial.openTransactionId = 91;
          return json(200, payAnswer());
        }
        return undefined;
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'الدرس التجريبي' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ملخص الطلب' })).toBeInTheDocument();
    expect(screen.getByText('درس تجريبي واحد').nextElementSibling).toHaveTextContent(money(PRICE));
    expect(screen.getByText('المدة').nextElementSibling).toHaveTextContent('٣٠ دقيقة');
    expect(screen.getByTestId('trial-amount')).toHaveTextContent(money(PRICE));
    // Paid at once: no coupon, no installments, no bank programme.
    expect(screen.queryByRole('textbox', { name: /كود الخصم/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /تقسيط بنكي/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /التقسيط|قسّط/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'العودة' })[0]).toHaveAttribute('href', '/t/3');

    // Keyboard only: Space picks Fawry, Enter on the pay button orders.
    const fawry = screen.getByRole('radio', { name: /فوري/ });
    fawry.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(fawry).toBeChecked());
    screen.getByRole('button', { name: 'احصل على الرقم المرجعي' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع' })).toBeInTheDocument();
    expect(screen.getByText('9876 5432 10')).toBeInTheDocument();
    const pay = requests.find((request) => request.path === '/api/v1/fawry/pay/ref-num');
    expect(pay?.body).toEqual({ trial: true, period: PlanPeriod.Month, phone: '01012345678' });
    expect(pay?.body).not.toHaveProperty('planId');

    expect(
      screen.getByText('يصلنا الدفع تلقائيًا خلال دقائق فتحجز درسك التجريبي، وتتحدث هذه الصفحة وحدها.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/يتفعّل اشتراكك/)).not.toBeInTheDocument();
    // The trial's state read again (the window's focus) says the order is open: the reference stays.
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/v1/lesson/trial').length).toBeGreaterThan(1),
    );
    expect(screen.queryByText(/لديك طلب دفع مفتوح/)).not.toBeInTheDocument();
    expect(screen.getByText('9876 5432 10')).toBeInTheDocument();

    // Heard by the status panel and by the layout's toast (a chunk of its own).
    await waitFor(() => expect(socket.listenerCount('payment-status')).toBe(2));
    trial.openTransactionId = null;
    trial.paid = true;
    act(() =>
      socket.fire('payment-status', { transactionId: 91, status: PaymentStatus.Paid, subscriptionId: null }),
    );
    expect(await screen.findByRole('heading', { name: 'تم الدفع' })).toBeInTheDocument();
    expect(screen.getByText('تم الدفع! اختر الآن موعد درسك التجريبي.')).toBeInTheDocument();
    // The paid event refreshes the trial's state (now paid): the payment's panel stays.
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/v1/lesson/trial').length).toBeGreaterThan(2),
    );
    expect(screen.getByText('تم الدفع! اختر الآن موعد درسك التجريبي.')).toBeInTheDocument();
    expect(screen.queryByText(/دفعت ثمن درسك التجريبي بالفعل/)).not.toBeInTheDocument();
    // The layout's toast readies no subscription for it.
    expect(await screen.findByText('تم الدفع بنجاح.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/اشتراكك جاهز/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'اذهب إلى اشتراكك' })).not.toBeInTheDocument();
    const book = screen.getByRole('link', { name: 'احجز الموعد الذي اخترته' });
    expect(book).toHaveAttribute('href', bookAtPath);
    await user.click(book);
    await waitFor(() => expect(router.state.location.pathname).toBe('/t/3'));
    expect(router.state.location.search).toBe(`?at=${atQuery}`);
  });

  it('sends a wallet request for the trial with the phone typed', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({
      path: '/checkout/trial?tutor=3',
      user: { role: Role.Student, phone: null },
      api: trialApi(priced, ({ method, path }) =>
        method === 'POST' && path === '/api/v1/fawry/pay/e-wallet'
          ? json(
              200,
              payAnswer({
                transaction: { ...trialOrder, method: PaymentMethod.EWallet },
                referenceNumber: '5556667778',
              }),
            )
          : undefined,
      ),
    });
    await user.click(await screen.findByRole('radio', { name: /محفظة/ }));
    const phone = screen.getByRole('textbox', { name: /رقم المحفظة/ });
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع إلى محفظتي' }));
    expect(await screen.findByText(/رقم الهاتف غير صحيح/)).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v1/fawry/pay/e-wallet')).toBe(false);

    await user.type(phone, '01098765432');
    await user.click(screen.getByRole('button', { name: 'أرسل طلب الدفع إلى محفظتي' }));
    expect(await screen.findByRole('heading', { name: 'في انتظار الدفع' })).toBeInTheDocument();
    const pay = requests.find((request) => request.path === '/api/v1/fawry/pay/e-wallet');
    expect(pay?.body).toEqual({ trial: true, period: PlanPeriod.Month, phone: '01098765432' });
  });

  it('pays by a saved card at once, without installments, through 3-D Secure', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    const { requests } = renderApp({
      path: `/checkout/trial?tutor=3&at=${atQuery}`,
      user: student,
      api: trialApi(priced, ({ method, path }) =>
        method === 'POST' && path === '/api/v1/fawry/pay/card'
          ? json(
              200,
              payAnswer({
                transaction: { ...trialOrder, method: PaymentMethod.Card },
                redirectUrl: 'https://fawry.example/3ds',
                referenceNumber: null,
                expiresAt: null,
              }),
            )
          : undefined,
      ),
    });
    expect(await screen.findByRole('button', { name: `ادفع ${formatMoney(PRICE)}` })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /4242/ }));
    await user.type(screen.getByRole('textbox', { name: /رمز الأمان|CVV/ }), '123{Enter}');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://fawry.example/3ds'));
    const body = requests.find((request) => request.path === '/api/v1/fawry/pay/card')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      trial: true,
      period: PlanPeriod.Month,
      cardToken: 'a'.repeat(64),
      cvv: '123',
      installments: 1,
    });
    expect(body).not.toHaveProperty('planId');
    expect(body).not.toHaveProperty('couponCode');
    expect(await screen.findByRole('button', { name: /جارٍ تحويلك|جار تحويلك|تحويل/ })).toBeInTheDocument();
  });

  it('says the trial is off, with the plans as the way on', async () => {
    renderApp({
      path: '/checkout/trial?tutor=3',
      user: student,
      api: trialApi({ ...priced, available: false, reason: 'trial-unavailable' }),
    });
    expect(await screen.findByText('الدرس التجريبي غير متاح')).toBeInTheDocument();
    expect(
      screen.getByText('الدروس التجريبية متوقفة حاليًا. يمكنك الاشتراك في باقة للحجز.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الباقات' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says the trial is already used', async () => {
    renderApp({
      path: '/checkout/trial',
      user: student,
      api: trialApi({ ...priced, available: false, reason: 'trial-already-used', lessonId: 9, paid: true }),
    });
    expect(await screen.findByText('الدرس التجريبي غير متاح')).toBeInTheDocument();
    expect(screen.getByText(/استخدمت درسك التجريبي بالفعل/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'العودة' })[0]).toHaveAttribute('href', '/tutors');
    expect(screen.queryByRole('button', { name: /ادفع|الرقم المرجعي/ })).not.toBeInTheDocument();
  });

  it('sends a free trial back to the tutor to book it directly', async () => {
    renderApp({
      path: `/checkout/trial?tutor=3&at=${atQuery}`,
      user: student,
      api: trialApi({ ...priced, price: 0 }),
    });
    expect(
      await screen.findByText('الدرس التجريبي مجاني الآن: احجزه مباشرة من صفحة المعلم.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احجز الموعد الذي اخترته' })).toHaveAttribute('href', bookAtPath);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('sends a trial already paid for to be booked, at the tutor or among all tutors', async () => {
    renderApp({
      path: '/checkout/trial',
      user: student,
      api: trialApi({ ...priced, paid: true }),
    });
    expect(await screen.findByText(/دفعت ثمن درسك التجريبي بالفعل/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احجز درسك التجريبي' })).toHaveAttribute('href', '/tutors');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('points an open trial payment to the payments page instead of ordering another', async () => {
    renderApp({
      path: '/checkout/trial?tutor=3',
      user: student,
      api: trialApi({ ...priced, openTransactionId: 91 }),
    });
    expect(await screen.findByText(/لديك طلب دفع مفتوح للدرس التجريبي/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'صفحة المدفوعات' })).toHaveAttribute('href', '/payments');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('says in Arabic when the trial’s state cannot be loaded', async () => {
    renderApp({
      path: '/checkout/trial?tutor=3',
      user: student,
      api: trialApi(json(500, { code: 'internal-error' })),
    });
    expect(await screen.findByText(/تعذّر الاتصال|تحقق من اتصالك|الإنترنت/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('ignores a tutor or time in the address that is not one', async () => {
    renderApp({
      path: '/checkout/trial?tutor=abc&at=tomorrow',
      user: student,
      api: trialApi({ ...priced, paid: true }),
    });
    expect(await screen.findByText(/دفعت ثمن درسك التجريبي بالفعل/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'احجز درسك التجريبي' })).toHaveAttribute('href', '/tutors');
    expect(screen.getAllByRole('link', { name: 'العودة' })[0]).toHaveAttribute('href', '/tutors');
  });
});
