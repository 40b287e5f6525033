import '../../../test/setup.ts';
import {
  type CurrentSubscriptionResponse,
  PaymentMethod,
  PaymentStatus,
  PlanPeriod,
  type Subscription,
  type Transaction,
} from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import {
  makePlan,
  makeSubscription,
  makeTransaction,
  regularAdmin,
  student,
  superAdmin,
  tutor,
} from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Money as Testing Library reads it (its normaliser turns the no-break space into a space). */
const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

const plans = [makePlan({ id: 1, alias: 'البداية', weeklyMinutes: 60 }), makePlan({ id: 2 })];

const current = makeSubscription({ id: 1, planId: 2, start: at(-3), end: at(27), createdAt: at(-3) });
const past = makeSubscription({
  id: 2,
  planId: 1,
  period: PlanPeriod.Quarter,
  weeklyMinutes: 60,
  start: at(-200),
  end: at(-110),
  endedAt: at(-150),
  endReason: 'refunded',
  createdAt: at(-200),
});

/** One payment in every status, newest first. */
const payments: Transaction[] = [
  makeTransaction({ id: 18, status: PaymentStatus.Canceled, method: PaymentMethod.EWallet }),
  makeTransaction({ id: 17, status: PaymentStatus.Expired, method: PaymentMethod.Fawry }),
  makeTransaction({ id: 16, status: PaymentStatus.Refunded, refundedAmount: 297_000 }),
  makeTransaction({ id: 15, status: PaymentStatus.New, method: PaymentMethod.Fawry }),
  makeTransaction({ id: 14, status: PaymentStatus.Failed, failureReason: 'Card declined' }),
  makeTransaction({
    id: 13,
    period: PlanPeriod.Month,
    amount: 110_000,
    refundedAmount: 50_000,
    status: PaymentStatus.PartialRefunded,
  }),
  makeTransaction({ id: 12, amount: 0, method: null, grantedBy: 1, period: PlanPeriod.Month }),
  makeTransaction({ id: 11, couponCode: 'WELCOME-20' }),
];

/** What the server counts for the current subscription: 30 of its 120 weekly minutes booked. */
const currentAnswer: CurrentSubscriptionResponse = {
  subscription: current,
  quota: {
    weekIndex: 0,
    weekStart: current.start,
    resetsAt: at(4),
    weeklyMinutes: 120,
    spentMinutes: 30,
    remainingMinutes: 90,
  },
  next: null,
  paused: false,
  nextInstallment: null,
};

function billingRoutes(
  options: {
    subscriptions?: Subscription[];
    current?: CurrentSubscriptionResponse;
    transactions?: Transaction[];
    user?: typeof student;
  } = {},
): FakeHandler[] {
  const user = options.user ?? student;
  let subscriptions = options.subscriptions ?? [current, past];
  const currentSubscription = options.current === undefined ? currentAnswer : options.current;
  const transactions = options.transactions ?? payments;
  return [
    { method: 'GET', path: `/api/v1/user/${user.id}`, answer: () => ({ body: user }) },
    {
      method: 'GET',
      path: '/api/v1/sub/current',
      answer: ({ url }) =>
        url.searchParams.get('userId') === String(user.id)
          ? { body: currentSubscription }
          : apiError(403, 'forbidden'),
    },
    {
      method: 'GET',
      path: '/api/v1/plan/list',
      answer: () => ({ body: { list: plans, total: plans.length } }),
    },
    {
      method: 'GET',
      path: '/api/v1/sub/list',
      answer: () => ({ body: { list: subscriptions, total: subscriptions.length } }),
    },
    {
      method: 'GET',
      path: '/api/v1/transaction/list',
      answer: ({ url }) => {
        const size = Number(url.searchParams.get('size') ?? 10);
        const page = Number(url.searchParams.get('page') ?? 1);
        return {
          body: { list: transactions.slice((page - 1) * size, page * size), total: transactions.length },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/fawry/refund',
      answer: ({ body }) => {
        const { transactionId, amount } = body as { transactionId: number; amount: number };
        const paid = transactions.find((transaction) => transaction.id === transactionId) as Transaction;
        const refundedAmount = paid.refundedAmount + amount;
        return {
          body: {
            transaction: {
              ...paid,
              refundedAmount,
              status: refundedAmount >= paid.amount ? PaymentStatus.Refunded : PaymentStatus.PartialRefunded,
            },
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/sub',
      answer: ({ body }) => {
        const { planId, period } = body as { planId: number; period: PlanPeriod };
        const granted = makeSubscription({ id: 9, planId, period, start: at(27), end: at(392) });
        subscriptions = [granted, ...subscriptions];
        return { body: granted };
      },
    },
  ];
}

/** The payments table (phones get a list with the same buttons instead). */
async function paymentsTable(card: HTMLElement) {
  return within(card).findByRole('table', { name: 'عمليات الدفع' });
}

async function billingCard() {
  const heading = await screen.findByRole('heading', { name: 'الاشتراكات والمدفوعات' });
  return heading.closest('.rounded-2xl') as HTMLElement;
}

describe("a student's subscriptions and payments", () => {
  it('shows the current subscription with this week’s minutes, every subscription and every payment status', async () => {
    renderAdmin({ path: '/user/4', signedInAs: superAdmin, handlers: billingRoutes() });
    const card = await billingCard();

    const subscriptionsTable = await within(card).findByRole('table', { name: 'اشتراكات الطالب' });
    expect(within(subscriptionsTable).getByText('ساري')).toBeInTheDocument();
    expect(within(subscriptionsTable).getByText('أُنهي بالاسترداد')).toBeInTheDocument();
    // The minutes left are the server's count for that student (GET /sub/current?userId=4).
    expect(within(card).getByText('٩٠ من ١٢٠ دقيقة')).toBeInTheDocument();
    expect(within(card).getByText(/^يتجدّد /)).toBeInTheDocument();

    const paymentsTable = within(card).getByRole('table', { name: 'عمليات الدفع' });
    for (const label of ['جديد', 'مدفوع', 'ملغي', 'مسترد', 'منتهي الصلاحية', 'مسترد جزئيًا', 'فشل']) {
      expect(within(paymentsTable).getAllByText(label).length).toBeGreaterThan(0);
    }
    const row = (reference: string) =>
      within(paymentsTable)
        .getByRole('rowheader', { name: new RegExp(reference) })
        .closest('tr') as HTMLElement;
    expect(within(row('#١١')).getByText('كوبون WELCOME-20')).toBeInTheDocument();
    expect(within(row('#١١')).getAllByText('بطاقة').length).toBeGreaterThan(0);
    expect(within(row('#١١')).getByText(money(297_000))).toBeInTheDocument();
    expect(within(row('#١٢')).getAllByText('منحة من فريق العمل').length).toBeGreaterThan(0);
    expect(within(row('#١٣')).getAllByText(money(50_000)).length).toBeGreaterThan(0);
    expect(within(row('#١٤')).getByText('السبب: Card declined')).toBeInTheDocument();
    // Refunds only where money is left to give back; the free grant has none.
    expect(within(row('#١١')).getByRole('button', { name: 'استرداد #١١' })).toBeInTheDocument();
    expect(within(row('#١٣')).getByRole('button', { name: 'استرداد #١٣' })).toBeInTheDocument();
    expect(within(row('#١٢')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('#١٦')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('#١٥')).getByRole('button', { name: 'إلغاء الطلب #١٥' })).toBeInTheDocument();
  });

  it('refunds at most what is left, after confirming, and shows the result', async () => {
    const { user, api } = renderAdmin({ path: '/user/4', signedInAs: superAdmin, handlers: billingRoutes() });
    const card = await billingCard();
    await user.click(within(await paymentsTable(card)).getByRole('button', { name: 'استرداد #١٣' }));
    const dialog = await screen.findByRole('dialog', { name: 'استرداد العملية #١٣' });
    const amount = within(dialog).getByLabelText('المبلغ المسترد');
    // 1,100 paid, 500 refunded already: 600 is left, and offered by default.
    expect(amount).toHaveValue('600');
    expect(dialog).toHaveTextContent(`الحد الأقصى ${money(60_000)}.`);

    await user.clear(amount);
    await user.type(amount, '700');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    expect(within(dialog).getByText(`لا يمكن استرداد أكثر من ${money(60_000)}.`)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '250.5');
    await user.type(within(dialog).getByLabelText(/سبب الاسترداد/), 'درس لم يحضره المعلم');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    const confirm = await screen.findByRole('dialog', { name: 'تأكيد الاسترداد' });
    expect(confirm).toHaveTextContent(`سيُسترد ${money(25_050)} إلى كريم الطالب`);
    expect(api.calls('POST', '/api/v1/fawry/refund')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'استرداد المبلغ' }));

    expect(await screen.findByText(`استُرد ${money(25_050)}.`)).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/fawry/refund').map((request) => request.body)).toEqual([
      { transactionId: 13, amount: 25_050, reason: 'درس لم يحضره المعلم' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the payment gateway's refusal in Arabic inside the dialog", async () => {
    const { user } = renderAdmin({
      path: '/user/4',
      signedInAs: superAdmin,
      handlers: [
        { method: 'POST', path: '/api/v1/fawry/refund', answer: () => apiError(502, 'fawry-error') },
        ...billingRoutes(),
      ],
    });
    const card = await billingCard();
    await user.click(within(await paymentsTable(card)).getByRole('button', { name: 'استرداد #١١' }));
    const dialog = await screen.findByRole('dialog', { name: 'استرداد العملية #١١' });
    expect(within(dialog).getByLabelText('المبلغ المسترد')).toHaveValue('2970');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    await user.click(await screen.findByRole('button', { name: 'استرداد المبلغ' }));
    const back = await screen.findByRole('dialog', { name: 'استرداد العملية #١١' });
    expect(within(back).getByRole('alert')).toHaveTextContent(
      'حدث خطأ في بوابة الدفع ولم تكتمل العملية. حاول مرة أخرى بعد قليل.',
    );
  });

  it('grants a subscription for a plan and period', async () => {
    const { user, api } = renderAdmin({ path: '/user/4', signedInAs: superAdmin, handlers: billingRoutes() });
    const card = await billingCard();
    await user.click(within(card).getByRole('button', { name: 'منح اشتراك' }));
    const dialog = await screen.findByRole('dialog', { name: 'منح اشتراك مجاني' });
    expect(dialog).toHaveTextContent('تُسجَّل المنحة كعملية دفع بمبلغ صفر باسمك.');

    await user.click(within(dialog).getByRole('button', { name: 'منح الاشتراك' }));
    expect(await within(dialog).findByText('هذا الحقل مطلوب.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'الخطة' }));
    await user.click(await screen.findByRole('option', { name: /المنتظم/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'سنوي' }));
    await user.click(within(dialog).getByRole('button', { name: 'منح الاشتراك' }));

    expect(await screen.findByText('مُنح اشتراك «المنتظم» (سنوي).')).toBeInTheDocument();
    expect(api.calls('POST', '/api/v1/sub').map((request) => request.body)).toEqual([
      { userId: 4, planId: 2, period: PlanPeriod.Year },
    ]);
    expect(
      await within(within(card).getByRole('table', { name: 'اشتراكات الطالب' })).findByText('لم يبدأ'),
    ).toBeInTheDocument();
  });

  it('shows a pause and the subscription queued next as the server reports them', async () => {
    const queued = makeSubscription({ id: 9, planId: 1, start: at(27), end: at(57) });
    const { api } = renderAdmin({
      path: '/user/4',
      signedInAs: regularAdmin,
      handlers: billingRoutes({
        subscriptions: [queued, current],
        current: {
          ...currentAnswer,
          paused: true,
          next: queued,
          quota: { ...currentAnswer.quota, remainingMinutes: 0 },
        },
      }),
    });
    const card = await billingCard();
    expect(await within(card).findByText('٠ من ١٢٠ دقيقة')).toBeInTheDocument();
    expect(within(card).getByText(/الاشتراك موقوف لأن أحد أقساطه لم يُدفع/)).toBeInTheDocument();
    expect(within(card).getByText(/يليه اشتراك «البداية» يبدأ/)).toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/sub/current').map((request) => request.url.search)).toContain(
      '?userId=4',
    );
  });

  it('shows a regular admin the payments without refund, cancel or grant', async () => {
    renderAdmin({ path: '/user/4', signedInAs: regularAdmin, handlers: billingRoutes() });
    const card = await billingCard();
    await within(card).findByRole('table', { name: 'عمليات الدفع' });
    expect(within(card).getByText('الاسترداد ومنح الاشتراكات من صلاحيات المدير العام.')).toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: /استرداد|منح اشتراك|إلغاء الطلب/ }),
    ).not.toBeInTheDocument();
  });

  it('says so when the student has no subscription and no payment', async () => {
    renderAdmin({
      path: '/user/4',
      signedInAs: superAdmin,
      handlers: billingRoutes({ subscriptions: [], current: null, transactions: [] }),
    });
    const card = await billingCard();
    expect(await within(card).findByText('لا يوجد اشتراك ساري الآن.')).toBeInTheDocument();
    expect(within(card).getByText('لا توجد عمليات دفع.')).toBeInTheDocument();
  });

  it('shows the renewal state, an open refund request and the subscription history', async () => {
    renderAdmin({
      path: '/user/4',
      signedInAs: regularAdmin,
      handlers: [
        ...billingRoutes({
          current: {
            ...currentAnswer,
            subscription: { ...current, renew: false, upgradedAt: at(-1) },
            refundRequestId: 31,
            openUpgradeTransactionId: null,
          },
        }),
        {
          method: 'GET',
          path: '/api/v1/sub/1/events',
          answer: () => ({
            body: {
              list: [
                {
                  id: 2,
                  subscriptionId: 1,
                  kind: 'refund-declined',
                  actorId: 1,
                  actorName: 'مدير حوار',
                  details: { note: 'انتهى نصف المدة.' },
                  createdAt: at(-1),
                },
                {
                  id: 1,
                  subscriptionId: 1,
                  kind: 'renewal-off',
                  actorId: 4,
                  actorName: 'سارة أحمد',
                  details: {},
                  createdAt: at(-2),
                },
              ],
            },
          }),
        },
      ],
    });
    const card = await billingCard();
    expect(await within(card).findByText('ينتهي في نهاية المدة')).toBeInTheDocument();
    expect(within(card).getByText('عليه طلب استرداد مفتوح')).toBeInTheDocument();
    expect(within(card).getByText(/^رُقّي في /)).toBeInTheDocument();
    const history = within(card).getByRole('region', { name: 'سجل الاشتراك' });
    expect(await within(history).findByText('رُفض طلب الاسترداد')).toBeInTheDocument();
    expect(within(history).getByText('الملاحظة: انتهى نصف المدة.')).toBeInTheDocument();
    expect(within(history).getByText('أُوقف التذكير بالتجديد')).toBeInTheDocument();
    expect(within(history).getByText(/بواسطة سارة أحمد/)).toBeInTheDocument();
  });

  it('is not shown on a tutor’s page', async () => {
    renderAdmin({
      path: '/user/3',
      signedInAs: superAdmin,
      handlers: [
        ...billingRoutes({ user: tutor }),
        { method: 'GET', path: '/api/v1/user/tutor/meta/3', answer: () => apiError(404, 'tutor-not-found') },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'ليلى المعلمة' });
    expect(screen.queryByRole('heading', { name: 'الاشتراكات والمدفوعات' })).not.toBeInTheDocument();
  });
});
