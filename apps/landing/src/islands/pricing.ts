import type { Plan, PlanPeriod } from '@hiwar/domain';
import { PLAN_PERIOD_SLUGS } from '@hiwar/domain';
import type { PricingIslandProps } from '../pages/pricing-page.tsx';
import {
  type CardOptions,
  escapeHtml,
  type PricingPlan,
  periodSavingText,
  planGridHtml,
  TAB_CLASS,
} from '../pricing/plan-cards.ts';
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

/**
 * The pricing page's island: the period tabs (click, arrow keys, Home/End; `?period=` picks one on
 * arrival) and the live plans, fetched once and drawn with the same renderer the build used. Until
 * they arrive the built-in plans stay; if they cannot be loaded, a retry is offered instead of prices
 * that may be stale.
 */
export function mountPricing(root: HTMLElement): void {
  const props = readIslandProps<PricingIslandProps>('pricing', root);
  const panel = root.querySelector<HTMLElement>('[role="tabpanel"]');
  const status = root.querySelector<HTMLElement>('[data-pricing-status]');
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  if (!panel || !status || tabs.length === 0) {
    return;
  }
  const options: CardOptions = { webUrl: readIslandConfig().webUrl, buttonClass: props.buttonClass };
  const periodOf = (tab: HTMLButtonElement) => Number(tab.dataset.period) as PlanPeriod;
  let state: PlansState = { status: 'ready', plans: props.plans };
  let period = periodOf(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]!);
  // What the build drew: the same cards for the same plans and period are not drawn again.
  const built = planGridHtml(props.plans, period, options);

  const requested = new URLSearchParams(window.location.search).get('period');
  const fromAddress = tabs.find((tab) => PLAN_PERIOD_SLUGS[periodOf(tab)] === requested);
  if (fromAddress) {
    period = periodOf(fromAddress);
  }

  let drawn = built;
  const show = (html: string) => {
    // Unchanged cards are left alone (the live plans usually equal the built-in ones).
    if (html !== drawn) {
      panel.innerHTML = html;
      drawn = html;
    }
  };
  const draw = () => {
    for (const tab of tabs) {
      const selected = periodOf(tab) === period;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      tab.className = `${TAB_CLASS.base} ${selected ? TAB_CLASS.selected : TAB_CLASS.idle}`;
      if (selected) {
        panel.setAttribute('aria-labelledby', tab.id);
      }
      const saving = tab.querySelector<HTMLElement>('[data-saving]');
      if (saving && state.status === 'ready') {
        saving.textContent = periodSavingText(state.plans, periodOf(tab)) || '\u00a0';
      }
    }
    if (state.status === 'failed') {
      show(
        `<div class="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center"><p class="font-semibold text-foreground">${escapeHtml(props.text.loadFailed)}</p><button type="button" data-retry class="inline-flex h-10 items-center justify-center rounded-xl border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-card hover:bg-surface-muted">${escapeHtml(props.text.retry)}</button></div>`,
      );
    } else if (state.plans.length === 0) {
      show(`<p class="text-center text-muted-foreground">${escapeHtml(props.text.empty)}</p>`);
    } else {
      show(planGridHtml(state.plans, period, options));
    }
  };

  const select = (tab: HTMLButtonElement, focus: boolean) => {
    period = periodOf(tab);
    draw();
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
    panel.removeAttribute('aria-busy');
    draw();
  };
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-retry]')) {
      void load();
    }
  });

  if (fromAddress) {
    draw();
  }
  void load();
}

const root = document.querySelector<HTMLElement>('[data-island="pricing"]');
if (root) {
  mountPricing(root);
}
