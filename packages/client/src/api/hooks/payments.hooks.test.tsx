import { PaymentMethod, PaymentStatus, PlanPeriod, type Transaction } from '@hiwar/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { ApiClientProvider } from './api-client-context.tsx';
import { useCouponCheck } from './coupons.ts';
import { useRefundPayment } from './payments.ts';
import { useGrantSubscription, useSubscriptions } from './subscriptions.ts';
import { useTransaction, useTransactions } from './transactions.ts';

const stamp = '2026-01-10T08:00:00.000Z';
const paid: Transaction = {
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
const subscription = {
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

function setup(answer: (url: string, init: RequestInit) => unknown) {
  const fetch = vi.fn<FetchLike>((url, init) => Promise.resolve(jsonResponse(200, answer(url, init))));
  const client = createApiClient({ baseUrl: '', fetch, createXhr: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  const calls = (path: string) => fetch.mock.calls.filter(([url]) => url.startsWith(path)).length;
  return { fetch, wrapper, calls, queryClient };
}

afterEach(() => cleanup());

describe('payments hooks', () => {
  it('a refund refetches the payments and the subscriptions it may have ended', async () => {
    const { wrapper, calls } = setup((url) => {
      if (url.startsWith('/api/v1/transaction/list')) {
        return { list: [paid], total: 1 };
      }
      if (url.startsWith('/api/v1/sub/list')) {
        return { list: [subscription], total: 1 };
      }
      return { transaction: { ...paid, refundedAmount: 297_000, status: PaymentStatus.Refunded } };
    });
    const { result } = renderHook(
      () => ({
        payments: useTransactions({ userId: 4 }),
        subscriptions: useSubscriptions({ userId: 4 }),
        refund: useRefundPayment(),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.subscriptions.isSuccess && result.current.payments.isSuccess).toBe(true),
    );

    await act(() => result.current.refund.mutateAsync({ transactionId: 11 }));

    await waitFor(() => expect(calls('/api/v1/sub/list')).toBe(2));
    expect(calls('/api/v1/transaction/list')).toBe(2);
  });

  it('a grant refetches subscriptions and payments (it is a zero-amount payment)', async () => {
    const { wrapper, calls } = setup((url) =>
      url.startsWith('/api/v1/transaction/list')
        ? { list: [], total: 0 }
        : url.startsWith('/api/v1/sub/list')
          ? { list: [], total: 0 }
          : subscription,
    );
    const { result } = renderHook(
      () => ({
        payments: useTransactions({ userId: 4 }),
        subscriptions: useSubscriptions({ userId: 4 }),
        grant: useGrantSubscription(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.payments.isSuccess).toBe(true));
    await act(() => result.current.grant.mutateAsync({ userId: 4, planId: 2, period: PlanPeriod.Month }));
    await waitFor(() => expect(calls('/api/v1/transaction/list')).toBe(2));
    expect(calls('/api/v1/sub/list')).toBe(2);
  });

  it('polls a new payment until it settles', async () => {
    let status: PaymentStatus = PaymentStatus.New;
    const { wrapper, calls } = setup(() => ({ transaction: { ...paid, status } }));
    const { result } = renderHook(() => useTransaction(11, { pollMs: 20 }), { wrapper });
    await waitFor(() => expect(calls('/api/v1/transaction/11')).toBeGreaterThanOrEqual(2));
    status = PaymentStatus.Paid;
    await waitFor(() => expect(result.current.data?.status).toBe(PaymentStatus.Paid));
    const settled = calls('/api/v1/transaction/11');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls('/api/v1/transaction/11')).toBe(settled);
  });

  it('checks a coupon code only once one is applied, upper-cased', async () => {
    const { wrapper, fetch } = setup(() => ({
      code: 'WELCOME-20',
      discount: 2000,
      expiresAt: '2030-01-01T00:00:00.000Z',
      state: 'valid',
    }));
    const { result, rerender } = renderHook(({ code }: { code: string | null }) => useCouponCheck(code), {
      wrapper,
      initialProps: { code: null as string | null },
    });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ code: 'welcome-20' });
    await waitFor(() => expect(result.current.data?.state).toBe('valid'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/coupon/code/WELCOME-20');
  });
});
