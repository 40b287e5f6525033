import { PLAN_PERIOD_SLUGS, type Plan, type PlanPeriod } from '@hiwar/domain';
import type { PricingIslandProps } from '../pages/pricing-page.tsx';
import type { CardOptions } from '../pricing/plan-cards.ts';
import { type PricingPlan, plansFingerprint, TAB_CLASS } from '../pricing/plans.ts';
import { readIslandProps } from './island-props.ts';
import { readIslandConfig } from './runtime-config.ts';

type PlansState = { status: 'ready'; plans: readonly PricingPlan[] } | { status: 'failed' };

/** The plans on sale: the public plan list, active and open to everyone. */
export async function fetchPublicPlans(apiUrl: string, signal?: AbortSignal): Promise<PricingPlan[]> {
  const response = await fetch(`${apiUrl}/api/v1/plan/list?size=100`, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    throw new Error(`plan list: HTTP ${response.status}`);
  }
  const { list } = (await response.json()) as { list: Plan[] };
  return list.filter((plan) => plan.active && !plan.forInvitesOnly);
}

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The pricing page's island: the period tabs (click, arrow keys, Home/End; `?period=` picks one on
 * arrival) and the live plans, fetched once. The cards' renderer (the same one the build used, with
 * the plan wording) is loaded only when there is something to draw: another period, or live plans
 * that differ from the built-in ones; the visitor's intent to switch (hover, focus) loads it ahead.
 * If the plans cannot be loaded, a retry is offered instead of prices that may be stale.
 */
export function mountPricing(root: HTMLElement): void {
  const props = readIslandProps<PricingIslandProps>('pricing', root);
  const panel = root.querySelector<HTMLElement>('[role="tabpanel"]');
  const status = root.querySelector<HTMLElement>('[data-pricing-status]');
  const tablist = root.querySelector<HTMLElement>('[role="tablist"]');
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  if (!panel || !status || !tablist || tabs.length === 0) {
    return;
  }
  const options: CardOptions = { webUrl: readIslandConfig().webUrl, buttonClass: props.buttonClass };
  const periodOf = (tab: HTMLButtonElement) => Number(tab.dataset.period) as PlanPeriod;
  const builtPeriod = periodOf(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]!);
  let state: PlansState = { status: 'ready', plans: props.plans };
  let period = builtPeriod;
  // What the panel shows: the built cards until something else is drawn.
  let shown = `${plansFingerprint(props.plans)}|${builtPeriod}`;

  let renderer: Promise<typeof import('../pricing/plan-cards.ts')> | undefined;
  const loadRenderer = () => {
    renderer ??= import('../pricing/plan-cards.ts');
    return renderer;
  };
  tablist.addEventListener('pointerenter', () => void loadRenderer(), { once: true });
  tablist.addEventListener('focusin', () => void loadRenderer(), { once: true });

  const show = (key: string, html: string) => {
    if (key !== shown) {
      panel.innerHTML = html;
      shown = key;
    }
  };

  const draw = async () => {
    for (const tab of tabs) {
      const selected = periodOf(tab) === period;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      tab.className = `${TAB_CLASS.base} ${selected ? TAB_CLASS.selected : TAB_CLASS.idle}`;
      if (selected) {
        panel.setAttribute('aria-labelledby', tab.id);
      }
    }
    if (state.status === 'failed') {
      show(
        'failed',
        `<div class="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center"><p class="font-semibold text-foreground">${escapeText(props.text.loadFailed)}</p><button type="button" data-retry class="inline-flex h-10 items-center justify-center rounded-xl border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-card hover:bg-surface-muted">${escapeText(props.text.retry)}</button></div>`,
      );
      return;
    }
    if (state.plans.length === 0) {
      show('empty', `<p class="text-center text-muted-foreground">${escapeText(props.text.empty)}</p>`);
      return;
    }
    const { plans } = state;
    const key = `${plansFingerprint(plans)}|${period}`;
    if (key === shown) {
      return;
    }
    const cards = await loadRenderer();
    if (state.status !== 'ready' || state.plans !== plans) {
      return; // Something newer was drawn meanwhile.
    }
    for (const tab of tabs) {
      const saving = tab.querySelector<HTMLElement>('[data-saving]');
      if (saving) {
        saving.textContent = cards.periodSavingText(plans, periodOf(tab)) || '\u00a0';
      }
    }
    show(`${plansFingerprint(plans)}|${period}`, cards.planGridHtml(plans, period, options));
  };

  const select = (tab: HTMLButtonElement, focus: boolean) => {
    period = periodOf(tab);
    void draw();
    if (focus) {
      tab.focus();
    }
  };
  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const index = tabs.indexOf(tab);
      // Right to left: the left arrow goes forward.
      const moves: Record<string, number> = {
        ArrowLeft: index + 1,
        ArrowRight: index - 1,
        Home: 0,
        End: tabs.length - 1,
      };
      const next = moves[event.key];
      if (next === undefined) {
        return;
      }
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]!, true);
    });
  }

  const load = async () => {
    panel.setAttribute('aria-busy', 'true');
    status.textContent = props.text.loading;
    try {
      state = { status: 'ready', plans: await fetchPublicPlans(readIslandConfig().apiUrl) };
      status.textContent = '';
    } catch (error) {
      console.warn('pricing: the plan list could not be loaded', error);
      state = { status: 'failed' };
      status.textContent = props.text.loadFailed;
    }
    await draw();
    panel.removeAttribute('aria-busy');
  };
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-retry]')) {
      void load();
    }
  });

  const requested = new URLSearchParams(window.location.search).get('period');
  const fromAddress = tabs.find((tab) => PLAN_PERIOD_SLUGS[periodOf(tab)] === requested);
  if (fromAddress) {
    select(fromAddress, false);
  }
  void load();
}

const root = document.querySelector<HTMLElement>('[data-island="pricing"]');
if (root) {
  mountPricing(root);
}
