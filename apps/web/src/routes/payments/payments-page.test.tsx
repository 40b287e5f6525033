import '../../test/setup.ts';
import { PaymentMethod, PaymentStatus, PlanPeriod, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makePlan, makeTransaction } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('payments list', () => {
  it('lists payments with their status and cancels an unpaid Fawry order', async () => {
    const user = userEvent.setup();
    let canceled = false;
    const unpaid = makeTransaction({ id: 77 });
    const paid = makeTransaction({
      id: 40,
      period: PlanPeriod.Month,
      amount: 880_00,
      method: PaymentMethod.Card,
      status: PaymentStatus.Paid,
      fawryRefNumber: '111',
      expiresAt: null,
      couponCode: 'WELCOME-20',
      createdAt: '2026-01-02T10:00:00.000Z',
    });
    const { requests } = renderApp({
      path: '/payments',
      user: { role: Role.Student },
      api: ({ method, path, body }) => {
        if (path.startsWith('/api/v1/transaction/list')) {
          const first = canceled ? { ...unpaid, status: PaymentStatus.Canceled } : unpaid;
          return json(200, { list: [first, paid], total: 2 });
        }
        if (path === '/api/v1/transaction/installments') {
          return json(200, { list: [] });
        }
        if (path.startsWith('/api/v1/plan/list')) {
          return json(200, { list: [makePlan()], total: 1 });
        }
        if (method === 'POST' && path === '/api/v1/fawry/cancel-unpaid-order') {
          expect(body).toEqual({ transactionId: 77 });
          canceled = true;
          return json(200, { transaction: { ...unpaid, status: PaymentStatus.Canceled } });
        }
        return undefined;
      },
    });

    await screen.findByText('9876 5432 10');
    const region = within(screen.getByRole('region', { name: 'سجل المدفوعات' }));
    const [first, second] = region.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const order = within(first);
    // The plans' names come with the plan list, checked against the rest of the contract (decision 36).
    expect(await order.findByText('المنتظم')).toBeInTheDocument();
    expect(order.getByText(/اشتراك ٣ أشهر/)).toBeInTheDocument();
    expect(order.getByText('فوري')).toBeInTheDocument();
    expect(order.getByText('‏٢٬٩٧٠ ج.م.‏')).toBeInTheDocument();
    expect(order.getByText('في انتظار الدفع')).toBeInTheDocument();
    expect(order.getByText('9876 5432 10')).toBeInTheDocument();
    expect(order.getByText(/ادفع قبل/)).toBeInTheDocument();

    const done = within(second);
    expect(done.getByText('تم الدفع')).toBeInTheDocument();
    expect(done.getByText(/بطاقة بنكية، بكود .*WELCOME-20/)).toBeInTheDocument();
    expect(done.queryByRole('button', { name: 'إلغاء الطلب' })).not.toBeInTheDocument();

    await user.click(order.getByRole('button', { name: 'إلغاء الطلب' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء هذا الطلب؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الطلب' }));

    expect(await screen.findByText('تم إلغاء الطلب.')).toBeInTheDocument();
    await waitFor(() => expect(order.getByText('ملغى')).toBeInTheDocument());
    expect(order.queryByText('9876 5432 10')).not.toBeInTheDocument();
    expect(order.queryByRole('button', { name: 'إلغاء الطلب' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/v1/fawry/cancel-unpaid-order')).toHaveLength(
      1,
    );
  });

  it('offers the next due card installment', async () => {
    renderApp({
      path: '/payments',
      user: { role: Role.Student },
      api: ({ path }) => {
        if (path.startsWith('/api/v1/transaction/list')) {
          return json(200, { list: [], total: 0 });
        }
        if (path === '/api/v1/transaction/installments') {
          const part = { count: 2, amount: 1485_00, transactionId: null };
          return json(200, {
            list: [
              {
                ...part,
                id: 1,
                index: 1,
                dueAt: '2026-01-01T10:00:00.000Z',
                paidAt: '2026-01-01T10:00:00.000Z',
              },
              { ...part, id: 2, index: 2, dueAt: '2026-02-15T10:00:00.000Z', paidAt: null },
            ],
          });
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'الأقساط القادمة' })).toBeInTheDocument();
    expect(screen.getByText('القسط ٢ من ٢، مستحق في ١٥ فبراير ٢٠٢٦')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ادفع القسط' })).toBeInTheDocument();
    expect(screen.getByText('لا توجد مدفوعات بعد')).toBeInTheDocument();
  });
});
