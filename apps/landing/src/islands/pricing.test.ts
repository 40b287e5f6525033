import '../test/setup.ts';
import type { Plan } from '@hiwar/domain';
import { checkoutMessages } from '@hiwar/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLANS } from '../pricing/default-plans.ts';
import { showPage, TEST_API_URL, TEST_WEB_URL } from '../test/render-page.ts';
import { mountPricing } from './pricing.ts';

const text = checkoutMessages.pricing;
const STAMP = '2026-01-10T09:00:00.000Z';

function plan(overrides: Partial<Plan>): Plan {
  return {
    ...(DEFAULT_PLANS[0] as (typeof DEFAULT_PLANS)[number]),
    forInvitesOnly: false,
    active: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

function stubPlanList(answer: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(`${TEST_API_URL}/api/v1/plan/list?size=100`);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const listOf = (plans: Plan[]) =>
  new Response(JSON.stringify({ list: plans, total: plans.length }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function mount(search = '') {
  window.history.replaceState(null, '', `/pricing${search}`);
  showPage('/pricing');
  mountPricing(document.querySelector('[data-island="pricing"]') as HTMLElement);
}

const cardNames = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('article')
    .map((card) => card.querySelector('h3')?.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the pricing page', () => {
  it('is written with the default plans for the month, then shows the live plans', async () => {
    stubPlanList(() =>
      listOf([
        plan({ id: 7, alias: 'الأساسي', weeklyMinutes: 90 }),
        plan({ id: 8, alias: 'الخاص', forInvitesOnly: true }),
        plan({ id: 9, alias: 'القديم', active: false }),
      ]),
    );
    showPage('/pricing');
    expect(cardNames()).toEqual(DEFAULT_PLANS.map((item) => item.alias));
    mountPricing(document.querySelector('[data-island="pricing"]') as HTMLElement);
    await waitFor(() => expect(cardNames()).toEqual(['الأساسي']));
    const card = within(screen.getByRole('article', { name: 'الأساسي' }));
    expect(card.getByText('٩٠ دقيقة')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'اشترك الآن: الأساسي' })).toHaveAttribute(
      'href',
      `${TEST_WEB_URL}/subscription`,
    );
  });

  it('switches the period with the tabs, by click or arrow keys, with the discount and its link', async () => {
    stubPlanList(() => listOf(DEFAULT_PLANS.map((item) => plan(item))));
    mount();
    const user = userEvent.setup();
    const quarter = screen.getByRole('tab', { name: /٣ أشهر/ });
    expect(quarter).toHaveTextContent('وفّر حتى ١٠٪');
    await user.click(quarter);
    expect(quarter).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', quarter.id);
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'المنتظم' })).getByText(/٢٬٩٧٠/)).toBeInTheDocument(),
    );
    const regular = within(screen.getByRole('article', { name: 'المنتظم' }));
    expect(regular.getByText('وفّر ١٠٪')).toBeInTheDocument();
    expect(regular.getByRole('link', { name: 'اشترك الآن: المنتظم' })).toHaveAttribute(
      'href',
      `${TEST_WEB_URL}/subscription?period=quarter`,
    );
    // Right to left: the left arrow moves on to the next period.
    await user.keyboard('{ArrowLeft}');
    const halfYear = screen.getByRole('tab', { name: /٦ أشهر/ });
    expect(halfYear).toHaveAttribute('aria-selected', 'true');
    expect(halfYear).toHaveFocus();
    expect(quarter).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /سنوي/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
  });

  it('opens on the period the address names', async () => {
    stubPlanList(() => listOf(DEFAULT_PLANS.map((item) => plan(item))));
    mount('?period=year');
    expect(screen.getByRole('tab', { name: /سنوي/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'البداية' })).getByRole('link', { name: /اشترك الآن/ }),
      ).toHaveAttribute('href', `${TEST_WEB_URL}/subscription?period=year`),
    );
  });

  it('offers a retry instead of prices when the plans cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    stubPlanList(() => (fail ? new Response('oops', { status: 500 }) : listOf([plan({ alias: 'البداية' })])));
    mount();
    expect(await within(screen.getByRole('tabpanel')).findByText(text.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text.loadFailed);
    expect(cardNames()).toEqual([]);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: text.retry }));
    await waitFor(() => expect(cardNames()).toEqual(['البداية']));
  });

  it('says so when no plan is on sale', async () => {
    stubPlanList(() => listOf([]));
    mount();
    expect(await screen.findByText(text.empty)).toBeInTheDocument();
  });
});
