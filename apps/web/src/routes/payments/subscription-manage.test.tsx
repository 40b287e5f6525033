import '../../test/setup.ts';
import {
  PlanPeriod,
  RefundRequestStatus,
  Role,
  type SubscriptionEvent,
  type SubscriptionRefundRequest,
  type UpgradeQuote,
} from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { apiError, json } from '../../test/fixtures.ts';
import { makeCurrent, makePlan, makeSubscription } from '../../test/payment-fixtures.ts';
import { type ApiHandler, type ApiRequest, renderApp } from '../../test/render-app.tsx';

const plans = [
  makePlan({ id: 1, alias: 'البداية', weeklyMinutes: 60 }),
  makePlan(),
  makePlan({ id: 3, alias: 'المكثف', weeklyMinutes: 240, fullMonthPrice: 2000_00 }),
  makePlan({ id: 4, alias: 'الممتد', weeklyMinutes: 360, fullMonthPrice: 2800_00 }),
];

const subscription = makeSubscription({ renew: true, end: '2030-03-20T10:00:00.000Z' });

function makeRequest(overrides: Partial<SubscriptionRefundRequest> = {}): SubscriptionRefundRequest {
  return {
    id: 31,
    subscriptionId: subscription.id,
    userId: 12,
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
    payments: [{ transactionId: 40, amount: 1100_00, refundedAmount: 0, upgrade: false, paidAt: null }],
    ...overrides,
  };
}

const events: SubscriptionEvent[] = [
  {
    id: 3,
    subscriptionId: subscription.id,
    kind: 'upgraded',
    actorId: null,
    actorName: null,
    details: { fromWeeklyMinutes: 60, toWeeklyMinutes: 120, amount: 250_00, transactionId: 41 },
    createdAt: '2030-03-02T12:00:00.000Z',
  },
  {
    id: 2,
    subscriptionId: subscription.id,
    kind: 'renewal-off',
    actorId: 12,
    actorName: 'سارة أحمد',
    details: {},
    createdAt: '2030-03-01T09:30:00.000Z',
  },
];

interface Options {
  requests?: SubscriptionRefundRequest[];
  renewal?: (request: ApiRequest) => Response | undefined;
  refund?: (request: ApiRequest) => Response | undefined;
  quote?: (planId: number) => Response;
  current?: Parameters<typeof makeCurrent>[0];
}

function api(options: Options = {}): ApiHandler {
  let requests = options.requests ?? [];
  let current = makeCurrent({
    subscription,
    refundRequestId: requests.find((request) => request.status === 'pending')?.id ?? null,
    openUpgradeTransactionId: null,
    ...options.current,
  });
  return (request) => {
    const { method, path } = request;
    if (path.startsWith('/api/v1/plan/list')) {
      return json(200, { list: plans, total: plans.length });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, current);
    }
    if (method === 'PUT' && path === `/api/v1/sub/${subscription.id}/renewal`) {
      const answer = options.renewal?.(request);
      if (answer) {
        return answer;
      }
      const renew = (request.body as { renew: boolean }).renew;
      current = { ...current, subscription: { ...current.subscription, renew } };
      return json(200, current.subscription);
    }
    if (path.startsWith('/api/v1/sub/upgrade-quote')) {
      const planId = Number(new URL(path, 'http://x').searchParams.get('planId'));
      return (
        options.quote?.(planId) ??
        json(200, {
          subscriptionId: subscription.id,
          planId,
          period: PlanPeriod.Month,
          weeklyMinutes: 240,
          credit: 733_33,
          cost: 1333_34,
          amount: 600_01,
          end: subscription.end,
          quotedAt: new Date().toISOString(),
        } satisfies UpgradeQuote)
      );
    }
    if (path.startsWith('/api/v1/sub/refund-request/list')) {
      return json(200, { list: requests, total: requests.length });
    }
    if (method === 'POST' && path === `/api/v1/sub/${subscription.id}/refund-request`) {
      const answer = options.refund?.(request);
      if (answer) {
        return answer;
      }
      const created = makeRequest({ reason: (request.body as { reason: string }).reason });
      requests = [created];
      current = { ...current, refundRequestId: created.id };
      return json(200, created);
    }
    if (method === 'DELETE' && path === '/api/v1/sub/refund-request/31') {
      const withdrawn = makeRequest({
        status: RefundRequestStatus.Withdrawn,
        decidedAt: '2030-03-02T08:00:00Z',
      });
      requests = [withdrawn];
      current = { ...current, refundRequestId: null };
      return json(200, withdrawn);
    }
    if (path === `/api/v1/sub/${subscription.id}/events`) {
      return json(200, { list: events });
    }
    return undefined;
  };
}

const manage = async () => {
  const section = await screen.findByRole('region', { name: 'إدارة الاشتراك' });
  return within(section);
};

describe('managing the subscription on /subscription', () => {
  it('turns renewal off and on again with the keyboard, saying what each state means and when', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp({ path: '/subscription', user: { role: Role.Student }, api: api() });
    const section = await manage();
    const toggle = section.getByRole('switch', { name: 'ذكّرني بالتجديد' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(section.getByText(/قبل الانتهاء بـ٣ أيام/)).toHaveTextContent('١٧ مارس ٢٠٣٠');
    expect(section.getByText(/لا نخصم أي مبلغ تلقائيًا أبدًا/)).toBeInTheDocument();

    toggle.focus();
    await user.keyboard(' ');
    // Optimistic: the switch moves before the server answers.
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await section.findByText(/ينتهي اشتراكك في ٢٠ مارس ٢٠٣٠ ولن نذكّرك/)).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'PUT' && request.path.endsWith('/renewal'))).toBe(
        true,
      ),
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ renew: false });
    expect(await screen.findByText('لن نذكّرك بالتجديد، وسينتهي اشتراكك في نهاية مدته.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toHaveFocus();
  });

  it('puts the switch back and says why when saving fails', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api({ renewal: () => apiError(404, 'subscription-not-found') }),
    });
    const section = await manage();
    const toggle = section.getByRole('switch', { name: 'ذكّرني بالتجديد' });
    await user.click(toggle);
    expect(await section.findByText('تعذّر حفظ اختيار التجديد، فأعدناه كما كان.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });

  it('lists bigger plans, quotes one on demand and leads to the checkout in upgrade mode', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api({
        quote: (planId) =>
          planId === 4 ? apiError(409, 'subscription-upgrade-unavailable') : (undefined as never),
      }),
    });
    const section = await manage();
    // Only plans with more weekly minutes than the subscription's 120.
    expect(section.queryByText(/باقة البداية:/)).not.toBeInTheDocument();
    expect(section.getByText('باقة المكثف: ٢٤٠ دقيقة أسبوعيًا')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'احسب تكلفة الترقية إلى باقة المكثف' }));
    expect(await section.findByText('تدفع الآن ‏٦٠٠٫٠١ ج.م.‏')).toBeInTheDocument();
    // The pressed button gave way to the quote: the focus is on its link.
    await waitFor(() => expect(section.getByRole('link', { name: 'الترقية إلى باقة المكثف' })).toHaveFocus());
    expect(section.getByRole('link', { name: 'الترقية إلى باقة المكثف' })).toHaveAttribute(
      'href',
      `/checkout/3/month?upgrade=${subscription.id}`,
    );

    await user.click(section.getByRole('button', { name: 'احسب تكلفة الترقية إلى باقة الممتد' }));
    expect(await section.findByText(/لا يمكن ترقية هذا الاشتراك الآن/)).toBeInTheDocument();
  });

  it('points to the open upgrade order instead of offering another', async () => {
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api({ current: { openUpgradeTransactionId: 55 } }),
    });
    const section = await manage();
    expect(section.getByText(/لديك طلب ترقية بانتظار الدفع/)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: /احسب تكلفة الترقية/ })).not.toBeInTheDocument();
  });

  it('asks for a refund with a counted reason, refuses a short one in Arabic, then withdraws it', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/subscription', user: { role: Role.Student }, api: api() });
    const section = await manage();
    await user.click(section.getByRole('button', { name: 'اطلب الاسترداد' }));
    const dialog = await screen.findByRole('dialog', { name: 'طلب استرداد المبلغ' });
    const reason = within(dialog).getByRole('textbox', { name: 'سبب الطلب' });
    expect(reason).toHaveFocus();
    await user.keyboard('قصير');
    expect(within(dialog).getByText('٤ من ١٠٠٠ حرف')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    // Enter in a textarea is a new line; the form is sent with its button.
    await user.click(within(dialog).getByRole('button', { name: 'أرسل الطلب' }));
    expect(reason).toHaveAccessibleDescription(/النص قصير جدًا./);

    await user.clear(reason);
    await user.type(reason, 'لم تناسبني مواعيد المعلمين هذا الشهر.');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل الطلب' }));
    expect(await screen.findByText('أرسلنا طلب الاسترداد إلى فريق حوار.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(await section.findByText('طلب استرداد قيد المراجعة')).toBeInTheDocument();
    expect(section.getByText('لم تناسبني مواعيد المعلمين هذا الشهر.')).toBeInTheDocument();
    const refundHeading = section.getByRole('heading', { name: 'استرداد المبلغ' });
    await waitFor(() => expect(refundHeading).toHaveFocus());
    await user.click(section.getByRole('button', { name: 'سحب الطلب' }));
    expect(await screen.findByText('سحبت طلب الاسترداد.')).toBeInTheDocument();
    await waitFor(() => expect(refundHeading).toHaveFocus());
    expect(await section.findByRole('button', { name: 'اطلب الاسترداد' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a refund request in Arabic", async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api({ refund: () => apiError(409, 'refund-unavailable') }),
    });
    const section = await manage();
    await user.click(section.getByRole('button', { name: 'اطلب الاسترداد' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'أريد استرداد المبلغ من فضلكم.');
    await user.click(within(dialog).getByRole('button', { name: 'أرسل الطلب' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'لا يوجد مبلغ قابل للاسترداد في هذا الاشتراك',
    );
  });

  it('shows the history and a live toast when staff decline the request', async () => {
    const socket = new FakeSocket();
    const pending = makeRequest();
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api({ requests: [pending] }),
      socket,
    });
    const section = await manage();
    expect(await section.findByText('رُقّيت الباقة')).toBeInTheDocument();
    expect(section.getByText('من ٦٠ دقيقة إلى ١٢٠ دقيقة أسبوعيًا')).toBeInTheDocument();
    expect(section.getByText('أُوقف التذكير بالتجديد')).toBeInTheDocument();
    expect(section.getByText(/بواسطة سارة أحمد/)).toBeInTheDocument();
    expect(await section.findByText('طلب استرداد قيد المراجعة')).toBeInTheDocument();

    await waitFor(() => expect(socket.listenerCount('refund-request-updated')).toBe(1));
    act(() =>
      socket.fire(
        'refund-request-updated',
        makeRequest({
          status: RefundRequestStatus.Declined,
          staffNote: 'مرّ على الاشتراك أكثر من نصف مدته.',
          decidedBy: 1,
          decidedAt: '2030-03-03T08:00:00.000Z',
        }),
      ),
    );
    expect(await screen.findByText('ملاحظة الفريق: مرّ على الاشتراك أكثر من نصف مدته.')).toBeInTheDocument();
  });
});
