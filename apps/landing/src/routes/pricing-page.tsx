import { PLAN_PERIOD_SLUGS, type Plan, PlanPeriod } from '@hiwar/domain';
import {
  Button,
  messages,
  PageContainer,
  PlanCard,
  PlanCardSkeleton,
  planQuote,
  Tabs,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { ChevronDown, CloudOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useRuntimeConfig } from '../config.ts';
import { fetchPublicPlans } from '../lib/public-plans.ts';

const text = messages.checkout.pricing;
const PERIODS: readonly PlanPeriod[] = [
  PlanPeriod.Month,
  PlanPeriod.Quarter,
  PlanPeriod.HalfYear,
  PlanPeriod.Year,
];

type PlansState = { status: 'loading' } | { status: 'ready'; plans: Plan[] } | { status: 'failed' };

/** Loads the live plans once in the browser (never during prerendering), with a retry. */
function usePublicPlans(): [PlansState, () => void] {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPublicPlans(controller.signal).then(
      (plans) => setState({ status: 'ready', plans }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('pricing: the plan list could not be loaded', error);
          setState({ status: 'failed' });
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return [state, retry];
}

/**
 * `/pricing`: the live plans by period (from the public plan list, loaded in the browser) with the same
 * cards as the web app's plans page, leading to its /subscription. The heading, the explanations and the
 * questions are prerendered for search engines; the prices show a skeleton until they arrive.
 */
export function PricingPage() {
  const { webUrl } = useRuntimeConfig();
  const [state, retry] = usePublicPlans();
  const [period, setPeriod] = useState<PlanPeriod>(PlanPeriod.Month);
  const plans = state.status === 'ready' ? state.plans : [];
  const slug = PLAN_PERIOD_SLUGS[period];

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 dark:opacity-70 bg-[radial-gradient(50rem_24rem_at_50%_-10%,var(--brand-soft),transparent_70%)]"
        />
        <PageContainer className="flex flex-col items-center py-14 text-center sm:py-20">
          <p className="inline-flex items-center rounded-full border border-brand/20 bg-brand-soft px-3.5 py-1 text-sm font-semibold text-brand-soft-foreground">
            {text.eyebrow}
          </p>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold leading-[1.2] tracking-tight text-foreground sm:text-5xl">
            {text.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{text.subtitle}</p>
        </PageContainer>
      </section>

      <section aria-labelledby="plans" className="pb-16 sm:pb-20">
        <PageContainer className="flex flex-col items-center gap-8">
          <h2 id="plans" className="sr-only">
            {messages.checkout.subscriptionPage.plansTitle}
          </h2>
          <Tabs dir="rtl" value={slug} onValueChange={(value) => setPeriod(periodOf(value))}>
            <TabsList
              aria-label={messages.checkout.periods.label}
              className="max-w-full overflow-x-auto rounded-2xl border border-border bg-surface p-1 shadow-card"
            >
              {PERIODS.map((item) => {
                const saving = plans.reduce(
                  (best, plan) => Math.max(best, planQuote(plan, item).savePercent),
                  0,
                );
                return (
                  <TabsTrigger
                    key={item}
                    value={PLAN_PERIOD_SLUGS[item]}
                    className="mb-0 h-auto flex-col gap-0 whitespace-nowrap rounded-xl border-b-0 px-2.5 py-2 data-[state=active]:bg-brand data-[state=active]:text-brand-foreground sm:px-5"
                  >
                    <span>{messages.checkout.periods.tab[item]}</span>
                    <span className="min-h-4 text-[0.7rem] font-semibold opacity-90">
                      {saving > 0 ? messages.checkout.periods.saveUpTo(saving) : '\u00a0'}
                    </span>
                  </TabsTrigger>
                );
              })}
            </TabsList>
          </Tabs>

          <div aria-live="polite" aria-busy={state.status === 'loading'} className="w-full">
            {state.status === 'loading' ? (
              <>
                <span className="sr-only">{text.loading}</span>
                <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
                  {[0, 1, 2].map((key) => (
                    <PlanCardSkeleton key={key} />
                  ))}
                </div>
              </>
            ) : state.status === 'failed' ? (
              <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-8 text-center">
                <CloudOff aria-hidden="true" className="size-8 text-muted-foreground" />
                <p className="font-semibold text-foreground">{text.loadFailed}</p>
                <Button variant="secondary" onClick={retry}>
                  {text.retry}
                </Button>
              </div>
            ) : plans.length === 0 ? (
              <p className="text-center text-muted-foreground">{text.empty}</p>
            ) : (
              <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
                {plans.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    period={period}
                    headingLevel="h3"
                    action={
                      <Button asChild size="lg">
                        <a
                          href={`${webUrl}/subscription${period === PlanPeriod.Month ? '' : `?period=${slug}`}`}
                          aria-label={`${messages.checkout.plan.subscribe}: ${plan.alias}`}
                        >
                          {messages.checkout.plan.subscribe}
                        </a>
                      </Button>
                    }
                  />
                ))}
              </div>
            )}
          </div>
          <p className="max-w-2xl text-center text-sm text-muted-foreground">
            {messages.checkout.subscriptionPage.quotaNote} {text.ctaNote}
          </p>
        </PageContainer>
      </section>

      <section aria-labelledby="pricing-faq" className="border-t border-border bg-surface py-16 sm:py-20">
        <PageContainer className="max-w-3xl">
          <h2 id="pricing-faq" className="text-center text-3xl font-bold tracking-tight text-foreground">
            {text.faqTitle}
          </h2>
          <div className="mt-10 flex flex-col gap-3">
            {text.faq.map((item) => (
              <details
                key={item.q}
                className="group rounded-2xl border border-border bg-background p-5 open:shadow-card"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-bold text-foreground">
                  {item.q}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="mt-3 leading-relaxed text-muted-foreground">{item.a}</p>
              </details>
            ))}
          </div>
        </PageContainer>
      </section>
    </>
  );
}

function periodOf(slug: string): PlanPeriod {
  const entry = Object.entries(PLAN_PERIOD_SLUGS).find(([, value]) => value === slug);
  return entry ? (Number(entry[0]) as PlanPeriod) : PlanPeriod.Month;
}
