import '../../../test/setup.ts';
import {
  PaymentStatus,
  PlanPeriod,
  RefundRequestStatus,
  type SubscriptionRefundRequest,
  type Transaction,
} from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeHandler } from '../../../test/fake-api.ts';
import { makeTransaction, regularAdmin, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

const money = (piasters: number) => formatMoney(piasters).replace(/\s/g, ' ');

function makeRequest(overrides: Partial<SubscriptionRefundRequest> = {}): SubscriptionRefundRequest {
  return {
    id: 31,
    subscriptionId: 5,
    userId: 4,
    studentName: 'سارة أحمد',
    planAlias: 'المنتظم',
    reason: 'لم تناسبني مواعيد المعلمين هذا الشهر.',
    status: RefundRequestStatus.Pending,
    suggestedAmount: 600_00,
    refundedAmount: null,
    staffNote: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2030-03-01T08:00:00.000Z',
    payments: [
      {
        transactionId: 40,
        amount: 1100_00,
        refundedAmount: 0,
        upgrade: false,
        paidAt: '2030-02-20T08:00:00Z',
      },
      { transactionId: 41, amount: 250_00, refundedAmount: 0, upgrade: true, paidAt: '2030-02-25T08:00:00Z' },
    ],
    ...overrides,
  };
}

const purchase: Transaction = makeTransaction({
  id: 40,
  userId: 4,
  amount: 1100_00,
  period: PlanPeriod.Month,
  status: PaymentStatus.Paid,
});

function routes(options: { decline?: () => ReturnType<typeof apiError> } = {}): FakeHandler[] {
  let requests = [
    makeRequest(),
    makeRequest({
      id: 30,
      userId: 6,
      studentName: 'منى علي',
      status: RefundRequestStatus.Declined,
      staffNote: 'انتهى أكثر من نصف المدة.',
      decidedAt: '2030-02-28T08:00:00.000Z',
      decidedBy: 1,
    }),
  ];
  return [
    {
      method: 'GET',
      path: '/api/v1/sub/refund-request/list',
      answer: ({ url }) => {
        const status = url.searchParams.get('status');
        const list = status ? requests.filter((request) => request.status === status) : requests;
        return { body: { list, total: list.length } };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/sub/refund-request/31/decline',
      answer: ({ body }) => {
        const refusal = options.decline?.();
        if (refusal) {
          return refusal;
        }
        const declined = makeRequest({
          status: RefundRequestStatus.Declined,
          staffNote: (body as { note: string }).note,
          decidedBy: 1,
          decidedAt: new Date().toISOString(),
        });
        requests = requests.map((request) => (request.id === 31 ? declined : request));
        return { body: declined };
      },
    },
    { method: 'GET', path: '/api/v1/transaction/40', answer: () => ({ body: { transaction: purchase } }) },
    {
      method: 'POST',
      path: '/api/v1/fawry/refund',
      answer: ({ body }) => {
        const { amount } = body as { amount: number };
        requests = requests.map((request) =>
          request.id === 31
            ? { ...request, status: RefundRequestStatus.Refunded, refundedAmount: amount }
            : request,
        );
        return {
          body: {
            transaction: { ...purchase, refundedAmount: amount, status: PaymentStatus.PartialRefunded },
          },
        };
      },
    },
  ];
}

describe('refund requests in the back office', () => {
  it('lists open requests with the student, plan, reason, suggestion and payments; filters by status', async () => {
    const { user } = renderAdmin({ path: '/refund-requests', signedInAs: superAdmin, handlers: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'طلبات الاسترداد' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'سارة أحمد' });
    expect(within(card).getByRole('link', { name: 'سارة أحمد' })).toHaveAttribute('href', '/user/4');
    expect(within(card).getByText('قيد المراجعة')).toBeInTheDocument();
    expect(within(card).getByText('المنتظم')).toBeInTheDocument();
    expect(within(card).getByText('لم تناسبني مواعيد المعلمين هذا الشهر.')).toBeInTheDocument();
    expect(within(card).getByText(money(600_00))).toBeInTheDocument();
    expect(within(card).getByText(`#٤٠ · ${money(1100_00)}`)).toBeInTheDocument();
    expect(within(card).getByText(`#٤١ · ${money(250_00)} · ترقية`)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'منى علي' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'الحالة' }), 'declined');
    const declined = await screen.findByRole('article', { name: 'منى علي' });
    expect(within(declined).getByText('ملاحظة: انتهى أكثر من نصف المدة.')).toBeInTheDocument();
    expect(within(declined).queryByRole('button')).not.toBeInTheDocument();
  });

  it('declines with a note, refusing a short one in Arabic, keyboard only', async () => {
    const { user, api } = renderAdmin({
      path: '/refund-requests',
      signedInAs: superAdmin,
      handlers: routes(),
    });
    const card = await screen.findByRole('article', { name: 'سارة أحمد' });
    within(card).getByRole('button', { name: 'رفض طلب سارة أحمد' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'رفض طلب سارة أحمد' });
    const note = within(dialog).getByRole('textbox', { name: 'الملاحظة' });
    await waitFor(() => expect(note).toHaveFocus());
    await user.keyboard('لا');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'رفض الطلب' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(note).toHaveAccessibleDescription(/النص قصير جدًا/);

    await user.clear(note);
    await user.type(note, 'انتهى أكثر من نصف مدة الاشتراك.');
    await user.click(within(dialog).getByRole('button', { name: 'رفض الطلب' }));
    expect(await screen.findByText('رُفض الطلب.')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.url.pathname.endsWith('/decline'));
    expect(sent?.body).toEqual({ note: 'انتهى أكثر من نصف مدة الاشتراك.' });
    // Open ones only by default: the declined request leaves the list, the focus stays in the results.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'سارة أحمد' })).not.toBeInTheDocument());
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.contains(screen.getByText('لا توجد طلبات بهذه الحالة.'))).toBe(true);
  });

  it("shows the server's refusal to decline in Arabic", async () => {
    const { user } = renderAdmin({
      path: '/refund-requests',
      signedInAs: superAdmin,
      handlers: routes({ decline: () => apiError(409, 'refund-request-closed') }),
    });
    const card = await screen.findByRole('article', { name: 'سارة أحمد' });
    await user.click(within(card).getByRole('button', { name: 'رفض طلب سارة أحمد' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'سبب كافٍ للرفض.');
    await user.click(within(dialog).getByRole('button', { name: 'رفض الطلب' }));
    expect(await within(dialog).findByText('تم البت في طلب الاسترداد هذا بالفعل.')).toBeInTheDocument();
  });

  it('refunds through the payments refund dialog, prefilled with the purchase and the suggested amount', async () => {
    const { user, api } = renderAdmin({
      path: '/refund-requests',
      signedInAs: superAdmin,
      handlers: routes(),
    });
    const card = await screen.findByRole('article', { name: 'سارة أحمد' });
    await user.click(within(card).getByRole('button', { name: 'استرداد مبلغ سارة أحمد' }));
    const dialog = await screen.findByRole('dialog', { name: 'استرداد العملية #٤٠' });
    expect(within(dialog).getByRole('textbox', { name: 'المبلغ المسترد' })).toHaveValue('600');
    await user.click(within(dialog).getByRole('button', { name: 'متابعة' }));
    await user.click(await screen.findByRole('button', { name: 'استرداد المبلغ' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.url.pathname === '/api/v1/fawry/refund')?.body).toEqual({
        transactionId: 40,
        amount: 600_00,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'سارة أحمد' })).not.toBeInTheDocument());
  });

  it('lets a RegularAdmin look without acting, and keeps other staff out', async () => {
    renderAdmin({ path: '/refund-requests', signedInAs: regularAdmin, handlers: routes() });
    const card = await screen.findByRole('article', { name: 'سارة أحمد' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('الاسترداد والرفض من صلاحيات المدير العام.')).toBeInTheDocument();
  });

  it('is not for a tutor manager', async () => {
    renderAdmin({ path: '/refund-requests', signedInAs: tutorManager, handlers: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: /غير متاح|صلاحية/ })).toBeInTheDocument();
  });
});
