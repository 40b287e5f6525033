import '../../test/setup.ts';
import { PaymentMethod, PaymentStatus, Role } from '@hiwar/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeTransaction } from '../../test/payment-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const card = { method: PaymentMethod.Card, fawryRefNumber: null, expiresAt: null };

describe('3-D Secure return page', () => {
  it("shows the server's verdict for the order Fawry returns with", async () => {
    const { requests } = renderApp({
      path: '/checkout/result?type=ChargeResponse&merchantRefNumber=77&orderStatus=PAID&statusCode=200',
      user: { role: Role.Student },
      api: ({ path }) =>
        path === '/api/v1/transaction/77'
          ? json(200, { transaction: makeTransaction({ ...card, status: PaymentStatus.Paid }) })
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'تم الدفع' })).toBeInTheDocument();
    expect(screen.getByText('رقم الطلب ٧٧')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v1/transaction/77')).toBe(true);
  });

  it('offers a retry when the bank declined the payment', async () => {
    renderApp({
      path: '/checkout/result?merchantRefNumber=78',
      user: { role: Role.Student },
      api: ({ path }) =>
        path === '/api/v1/transaction/78'
          ? json(200, { transaction: makeTransaction({ ...card, id: 78, status: PaymentStatus.Failed }) })
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'لم تتم عملية الدفع' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'حاول مرة أخرى' })).toHaveAttribute(
      'href',
      '/checkout/2/quarter',
    );
  });

  it('says so when the address names no order', async () => {
    renderApp({ path: '/checkout/result?merchantRefNumber=abc', user: { role: Role.Student } });
    expect(await screen.findByRole('heading', { level: 1, name: 'لم نجد هذا الطلب' })).toBeInTheDocument();
  });
});
