import '../test/setup.ts';
import type { Plan } from '@hiwar/domain';
import { messages } from '@hiwar/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app.tsx';
import { render as renderPage } from '../entry-server.tsx';

const STAMP = '2026-01-10T09:00:00.000Z';

function plan(overrides: Partial<Plan>): Plan {
  return {
    id: 1,
    alias: 'البداية',
    weeklyMinutes: 60,
    fullMonthPrice: 600_00,
    fullMonthDiscount: 0,
    fullQuarterPrice: 1800_00,
    fullQuarterDiscount: 1000,
    halfYearPrice: 3600_00,
    halfYearDiscount: 1500,
    fullYearPrice: 7200_00,
    fullYearDiscount: 2500,
    forInvitesOnly: false,
    active: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

function stubPlanList(answer: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toMatch(/\/api\/v1\/plan\/list\?size=100$/);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const listOf = (plans: Plan[]) =>
  new Response(JSON.stringify({ list: plans, total: plans.length }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPricing() {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <App />
    </MemoryRouter>,
  );
}

describe('pricing page', () => {
  it('lists the live plans per period, each leading to the subscription page of the web app', async () => {
    const user = userEvent.setup();
    stubPlanList(() =>
      listOf([plan({}), plan({ id: 2, alias: 'المنتظم', weeklyMinutes: 120, fullQuarterPrice: 3300_00 })]),
    );
    renderPricing();

    expect(
      screen.getByRole('heading', { level: 1, name: messages.checkout.pricing.title }),
    ).toBeInTheDocument();
    const regular = await screen.findByRole('article', { name: 'المنتظم' });
    expect(within(regular).getByText('١٢٠ دقيقة')).toBeInTheDocument();
    expect(within(regular).getByRole('link', { name: 'اشترك الآن: المنتظم' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/subscription$/),
    );

    await user.click(screen.getByRole('tab', { name: /٣ أشهر/ }));
    const quarter = within(screen.getByRole('article', { name: 'المنتظم' }));
    expect(quarter.getByText('‏٢٬٩٧٠ ج.م.‏')).toBeInTheDocument();
    expect(quarter.getByText('وفّر ١٠٪')).toBeInTheDocument();
    expect(quarter.getByRole('link', { name: 'اشترك الآن: المنتظم' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/subscription\?period=quarter$/),
    );
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubPlanList(() => (fail ? new Response('oops', { status: 500 }) : listOf([plan({})])));
    renderPricing();
    expect(await screen.findByText(messages.checkout.pricing.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.checkout.pricing.retry }));
    expect(await screen.findByRole('article', { name: 'البداية' })).toBeInTheDocument();
  });

  it('prerenders the heading, the questions and the SEO tags, with a skeleton in place of prices', () => {
    const page = renderPage('/pricing');
    expect(page.html).toContain(messages.checkout.pricing.title);
    expect(page.html).toContain(messages.checkout.pricing.faq[0]?.q ?? '');
    expect(page.html).toContain(messages.checkout.pricing.loading);
    expect(page.html).not.toContain('ج.م.');
    expect(page.head).toContain(`<title>${messages.checkout.pricing.metaTitle}</title>`);
    expect(page.head).toContain('<meta property="og:description"');
    expect(page.head).not.toContain('noindex');
  });
});
