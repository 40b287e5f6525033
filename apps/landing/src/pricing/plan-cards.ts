import { PLAN_PERIOD_SLUGS, PlanPeriod } from '@hiwar/domain';
import { checkoutMessages, formatMoney, planQuote, WEEKS_PER_MONTH_ESTIMATE } from '@hiwar/ui/islands';
import type { PricingPlan } from './plans.ts';

/**
 * The pricing page's plan cards as HTML text: written into the page at build time and again by the
 * pricing island (src/islands/pricing.ts) when the live plans arrive or the period changes, so both
 * draw exactly the same markup. Same content and look as the web app's `PlanCard`, without React.
 * The pricing island loads this module only when it has cards to draw (it carries the plan wording).
 */

const text = checkoutMessages.plan;

export interface CardOptions {
  /** The web app's origin: "subscribe" leads to its /subscription. */
  webUrl: string;
  /** The look of the large primary button (`buttonClassName({ size: 'lg' })`). */
  buttonClass: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const CHECK_ICON =
  '<svg aria-hidden="true" class="mt-0.5 size-4 shrink-0 text-success" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>';

/** The web app's subscription page for a period (the month is its default). */
export function subscribeHref(webUrl: string, period: PlanPeriod): string {
  return `${webUrl}/subscription${period === PlanPeriod.Month ? '' : `?period=${PLAN_PERIOD_SLUGS[period]}`}`;
}

/** One plan for one period: minutes, price with its discount, per-month equivalent, installments. */
export function planCardHtml(plan: PricingPlan, period: PlanPeriod, options: CardOptions): string {
  const quote = planQuote(plan, period);
  const alias = escapeHtml(plan.alias);
  const nameId = `plan-${plan.id}-name`;
  const saving =
    quote.savePercent > 0
      ? `<s class="text-sm text-muted-foreground"><span class="sr-only">${escapeHtml(text.fullPrice(formatMoney(quote.fullPrice)))}</span><span aria-hidden="true">${formatMoney(quote.fullPrice)}</span></s><span class="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">${text.save(quote.savePercent)}</span>`
      : '';
  const installments =
    quote.cardInstallments.length > 0 || quote.bankInstallments
      ? `<div class="mt-4 rounded-xl bg-surface-muted p-3 text-sm"><p class="font-semibold text-foreground">${text.installmentsTitle}</p><ul class="mt-1 flex flex-col gap-0.5 text-muted-foreground">${quote.cardInstallments
          .map(({ count, amount }) => `<li>${text.cardInstallments(count, formatMoney(amount))}</li>`)
          .join('')}${quote.bankInstallments ? `<li>${text.bankInstallments}</li>` : ''}</ul></div>`
      : '';
  const features = [text.features.lessons, text.features.weekly, text.features.methods]
    .map((feature) => `<li class="flex items-start gap-2">${CHECK_ICON}${feature}</li>`)
    .join('');
  return [
    `<article aria-labelledby="${nameId}" class="relative flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6">`,
    `<h3 id="${nameId}" class="text-xl font-bold text-foreground">${alias}</h3>`,
    `<p class="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-foreground"><span class="text-2xl font-bold text-brand">${text.weeklyMinutes(plan.weeklyMinutes)}</span><span class="text-sm font-semibold text-muted-foreground">${text.perWeek}</span></p>`,
    `<p class="text-sm text-muted-foreground">${text.perMonth(plan.weeklyMinutes * WEEKS_PER_MONTH_ESTIMATE)}</p>`,
    '<div class="mt-5 border-t border-border pt-5">',
    `<div class="flex min-h-6 flex-wrap items-center gap-2">${saving}</div>`,
    `<p class="mt-1 flex flex-wrap items-baseline gap-x-2"><span class="text-3xl font-bold tracking-tight text-foreground">${formatMoney(quote.price)}</span><span class="text-sm text-muted-foreground">${text.forPeriod(checkoutMessages.periods.length[period])}</span></p>`,
    `<p class="mt-1 min-h-5 text-sm text-muted-foreground">${quote.months > 1 ? text.monthlyEquivalent(formatMoney(quote.perMonth)) : text.payOnce}</p>`,
    '</div>',
    installments,
    `<ul class="mt-5 flex flex-col gap-2 text-sm text-foreground">${features}</ul>`,
    `<div class="mt-auto flex flex-col pt-6"><a href="${escapeHtml(subscribeHref(options.webUrl, period))}" aria-label="${escapeHtml(`${text.subscribe}: ${plan.alias}`)}" class="${options.buttonClass}">${text.subscribe}</a></div>`,
    '</article>',
  ].join('');
}

/** The cards of every plan for a period, in a responsive grid. */
export function planGridHtml(
  plans: readonly PricingPlan[],
  period: PlanPeriod,
  options: CardOptions,
): string {
  return `<div class="grid gap-5 md:grid-cols-2 lg:grid-cols-3">${plans
    .map((plan) => planCardHtml(plan, period, options))
    .join('')}</div>`;
}

/** The best saving any plan gives for each period, shown under the period's tab ("save up to X %"). */
export function periodSavingText(plans: readonly PricingPlan[], period: PlanPeriod): string {
  const best = plans.reduce((max, plan) => Math.max(max, planQuote(plan, period).savePercent), 0);
  return best > 0 ? checkoutMessages.periods.saveUpTo(best) : '';
}
