import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fixtures.ts';
import { makeCurrent, makePlan, makeSubscription } from '../../test/payment-fixtures.ts';
import { type ApiHandler, renderApp } from '../../test/render-app.tsx';

const plans = [
  makePlan({ id: 1, alias: 'البداية', weeklyMinutes: 60, fullMonthPrice: 600_00, fullQuarterPrice: 1800_00 }),
  makePlan(),
  makePlan({ id: 9, alias: 'الخاصة', weeklyMinutes: 300, forInvitesOnly: true }),
];

function api(current: unknown): ApiHandler {
  return ({ path }) => {
    if (path.startsWith('/api/v1/plan/list')) {
      return json(200, { list: plans, total: plans.length });
    }
    if (path === '/api/v1/sub/current') {
      return json(200, current);
    }
    return undefined;
  };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('plans page', () => {
  it('prices every plan per period with the period discount, the monthly equivalent and installments', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/subscription', user: { role: Role.Student }, api: api(null) });

    const regular = await screen.findByRole('article', { name: 'المنتظم' });
    // Monthly: no discount, paid once.
    expect(within(regular).getByText('‏١٬١٠٠ ج.م.‏')).toBeInTheDocument();
    expect(within(regular).getByText('١٢٠ دقيقة')).toBeInTheDocument();
    expect(within(regular).getByText('≈ ٨ ساعات شهريًا')).toBeInTheDocument();
    expect(within(regular).queryByText(/وفّر/)).not.toBeInTheDocument();
    expect(within(regular).getByRole('link', { name: 'اشترك الآن: المنتظم' })).toHaveAttribute(
      'href',
      '/checkout/2/month',
    );
    expect(screen.getByText('ليس لديك اشتراك حاليًا')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /٣ أشهر/ }));
    const quarter = card('المنتظم');
    expect(quarter.getByText('‏٢٬٩٧٠ ج.م.‏')).toBeInTheDocument();
    expect(quarter.getByText('السعر قبل الخصم ‏٣٬٣٠٠ ج.م.‏')).toBeInTheDocument();
    expect(quarter.getByText('وفّر ١٠٪')).toBeInTheDocument();
    expect(quarter.getByText('أي ما يعادل ‏٩٩٠ ج.م.‏ شهريًا')).toBeInTheDocument();
    expect(quarter.getByText('دفعتين × ‏١٬٤٨٥ ج.م.‏ بالبطاقة')).toBeInTheDocument();
    expect(quarter.getByText('٤ دفعات × ‏٧٤٢٫٥٠ ج.م.‏ بالبطاقة')).toBeInTheDocument();
    expect(quarter.getByText('تقسيط بنكي على ٣ أو ٦ أشهر')).toBeInTheDocument();
    expect(quarter.getByRole('link', { name: 'اشترك الآن: المنتظم' })).toHaveAttribute(
      'href',
      '/checkout/2/quarter',
    );

    await user.click(screen.getByRole('tab', { name: /سنوي/ }));
    expect(card('المنتظم').getByText('وفّر ٢٥٪')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /سنوي/ })).toHaveTextContent('وفّر حتى ٢٥٪');
  });

  it('marks invite-only plans', async () => {
    renderApp({ path: '/subscription?period=halfYear', user: { role: Role.Student }, api: api(null) });
    const special = await screen.findByRole('article', { name: 'الخاصة' });
    expect(within(special).getByText('دعوة خاصة')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /٦ أشهر/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the current subscription: plan, end, this week's minutes left and the queued next one", async () => {
    const next = makeSubscription({ id: 6, planId: 1, start: '2026-12-01T10:00:00.000Z' });
    renderApp({
      path: '/subscription',
      user: { role: Role.Student },
      api: api(makeCurrent({ next })),
    });

    expect(await screen.findByRole('heading', { name: 'اشتراكك الحالي' })).toBeInTheDocument();
    expect(screen.getByText('باقة المنتظم')).toBeInTheDocument();
    expect(screen.getByText('٩٠ دقيقة')).toBeInTheDocument();
    expect(screen.getByText('متبقية من ١٢٠ دقيقة')).toBeInTheDocument();
    const meter = screen.getByRole('progressbar', { name: 'الدقائق المتبقية هذا الأسبوع' });
    expect(meter).toHaveAttribute('aria-valuenow', '90');
    expect(meter).toHaveAttribute('aria-valuemax', '120');
    expect(screen.getByText(/تتجدد دقائقك خلال [٣٤] أيام/)).toBeInTheDocument();
    expect(screen.getByText('الاشتراك التالي')).toBeInTheDocument();
    expect(screen.getByText(/باقة البداية \(اشتراك شهري\) يبدأ في ١ ديسمبر ٢٠٢٦/)).toBeInTheDocument();
    // Buying now extends: the new one starts after the queued one.
    expect(screen.getByText(/تبدأ تلقائيًا في/)).toBeInTheDocument();
    expect(card('المنتظم').getByText('باقتك الحالية')).toBeInTheDocument();
    // The facts are a well-formed description list (issue 15): <dl> > <div> > <dt>, <dd> only.
    const terms = screen.getAllByRole('term');
    expect(terms.length).toBeGreaterThan(0);
    for (const term of terms) {
      const group = term.parentElement as HTMLElement;
      expect(group.parentElement?.tagName).toBe('DL');
      expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
  });

  it('is for students: a tutor sees the forbidden state', async () => {
    renderApp({ path: '/subscription', user: { role: Role.Tutor }, api: api(null) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هذه الصفحة غير متاحة لحسابك' }),
    ).toBeInTheDocument();
  });
});
