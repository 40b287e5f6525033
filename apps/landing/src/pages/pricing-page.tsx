import { PLAN_PERIOD_SLUGS, PlanPeriod } from '@hiwar/domain';
import { Button, buttonClassName, checkoutMessages, cn, PageContainer, siteMessages } from '@hiwar/ui';
import { Gift } from 'lucide-react';
import { FaqList } from '../components/faq-list.tsx';
import { IslandProps } from '../components/island-props.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { DEFAULT_PLANS } from '../pricing/default-plans.ts';
import { periodSavingText, planGridHtml } from '../pricing/plan-cards.ts';
import { PERIODS, type PricingPlan, TAB_CLASS } from '../pricing/plans.ts';
import { useSite, useWebHref } from '../site/site-context.tsx';

const text = checkoutMessages.pricing;
const periods = checkoutMessages.periods;

/** What src/islands/pricing.ts needs besides the markup. */
export interface PricingIslandProps {
  /** The plans the page was built with, drawn until the live ones arrive. */
  plans: readonly PricingPlan[];
  buttonClass: string;
  text: { loadFailed: string; retry: string; empty: string; loading: string };
}

/**
 * `/pricing`: the plans by period. Written at build time with the default plans for the month; the
 * pricing island then makes the period switch work (a tab list, arrow keys included) and draws the
 * live plans from `GET /api/v1/plan/list`, with the same markup.
 */
export function PricingPage() {
  const { webUrl } = useSite();
  const registerHref = useWebHref('/register/student');
  const buttonClass = buttonClassName({ size: 'lg' });
  const selected = PlanPeriod.Month;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title} subtitle={text.subtitle} />

      <section aria-labelledby="plans" data-island="pricing" className="pb-16 sm:pb-20">
        <PageContainer className="flex flex-col items-center gap-8">
          <h2 id="plans" className="sr-only">
            {checkoutMessages.subscriptionPage.plansTitle}
          </h2>
          <div
            role="tablist"
            aria-label={periods.label}
            className="inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-2xl border border-border bg-surface p-1 shadow-card"
          >
            {PERIODS.map((period) => {
              const isSelected = period === selected;
              const slug = PLAN_PERIOD_SLUGS[period];
              return (
                <button
                  key={period}
                  type="button"
                  role="tab"
                  id={`period-${slug}`}
                  data-period={period}
                  aria-selected={isSelected}
                  aria-controls="plans-panel"
                  tabIndex={isSelected ? 0 : -1}
                  className={cn(TAB_CLASS.base, isSelected ? TAB_CLASS.selected : TAB_CLASS.idle)}
                >
                  <span>{periods.tab[period]}</span>
                  <span data-saving="" className="min-h-4 text-[0.7rem] font-semibold opacity-90">
                    {periodSavingText(DEFAULT_PLANS, period) || '\u00a0'}
                  </span>
                </button>
              );
            })}
          </div>

          <div
            id="plans-panel"
            role="tabpanel"
            aria-labelledby={`period-${PLAN_PERIOD_SLUGS[selected]}`}
            className="w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the cards' shared HTML renderer escapes plan text.
            dangerouslySetInnerHTML={{
              __html: planGridHtml(DEFAULT_PLANS, selected, { webUrl, buttonClass }),
            }}
          />
          <p data-pricing-status="" role="status" className="sr-only" />
          <p className="max-w-2xl text-center text-sm text-muted-foreground">
            {checkoutMessages.subscriptionPage.quotaNote} {text.ctaNote}
          </p>
          <div className="flex w-full max-w-3xl flex-col items-center gap-4 rounded-2xl border border-accent/40 bg-accent-soft p-5 text-center sm:flex-row sm:text-start">
            <Gift aria-hidden="true" className="size-8 shrink-0 text-accent-foreground" />
            <p className="flex-1 font-medium text-accent-foreground">{siteMessages.pricing.freeLesson}</p>
            <Button asChild variant="secondary">
              <a href={registerHref}>{siteMessages.pricing.freeLessonCta}</a>
            </Button>
          </div>
          <IslandProps
            name="pricing"
            value={
              {
                plans: DEFAULT_PLANS,
                buttonClass,
                text: {
                  loadFailed: text.loadFailed,
                  retry: text.retry,
                  empty: text.empty,
                  loading: text.loading,
                },
              } satisfies PricingIslandProps
            }
          />
        </PageContainer>
      </section>

      <section aria-labelledby="pricing-faq" className="border-t border-border bg-surface py-16 sm:py-20">
        <PageContainer className="max-w-3xl">
          <h2 id="pricing-faq" className="text-center text-3xl font-bold tracking-tight text-foreground">
            {text.faqTitle}
          </h2>
          <FaqList items={text.faq} name="pricing-faq" className="mt-10 flex flex-col gap-3" />
        </PageContainer>
      </section>
    </>
  );
}
