import { useCurrentSubscription, usePlans } from '@hiwar/client';
import { PLAN_PERIOD_SLUGS, type Plan, PlanPeriod } from '@hiwar/domain';
import {
  Alert,
  Badge,
  Button,
  checkoutMessages,
  EmptyState,
  formatDate,
  messages,
  PageContainer,
  PageHeader,
  PlanCard,
  PlanCardSkeleton,
  Skeleton,
  Tabs,
  TabsContent,
} from '@hiwar/ui';
import { CalendarX2, CloudOff, Info, Lock, RefreshCcwDot, Wallet } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CurrentSubscriptionCard } from '../../features/payments/components/current-subscription-card.tsx';
import { PeriodTabsList } from '../../features/payments/components/period-tabs.tsx';
import { useNewSubscriptionStart } from '../../features/payments/hooks/use-new-subscription-start.ts';
import { checkoutPath, PERIOD_ORDER, periodFromSlug } from '../../features/payments/lib/periods.ts';

const text = checkoutMessages.subscriptionPage;

/** Managing the subscription in force (decision 0042): a chunk of its own, for subscribers only. */
const SubscriptionManage = lazy(async () => ({
  default: (await import('../../features/payments/components/subscription-manage.tsx')).SubscriptionManage,
}));

/** Every plan the student may see fits one page (the API caps pages at 100). */
const PLAN_QUERY = { size: 100 } as const;

/** `?plan=<id>` as a plan id, or `null`. */
function planIdFrom(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/** The element id of a plan's card, which `?plan=<id>` scrolls to. */
export function planCardId(planId: number): string {
  return `plan-${planId}`;
}

/**
 * Brings the chosen plan's card into view once it is on the page (once per plan: switching the period
 * tab later does not scroll again).
 */
function useScrollToPlan(planId: number | null): void {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (planId === null || done.current === planId) {
      return;
    }
    const card = document.getElementById(planCardId(planId));
    if (card) {
      done.current = planId;
      card.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    }
  });
}

/**
 * `/subscription` (students): the current subscription on top (plan, end, this week's minutes and when
 * they reset, a queued next one), then the plans by period with prices, savings, installment options and
 * the way to checkout. The period tab lives in `?period=` so a link (the pricing page) can open one;
 * `?plan=<id>` (an invitation's link) scrolls to that plan and highlights it.
 */
export function SubscriptionPage() {
  const [params, setParams] = useSearchParams();
  const period = periodFromSlug(params.get('period'), PlanPeriod.Month);
  const plans = usePlans(PLAN_QUERY);
  const current = useCurrentSubscription();
  const list = plans.data?.list ?? [];
  const planName = (id: number) => list.find((plan) => plan.id === id)?.alias ?? null;
  const live = current.data ?? null;
  const currentPlanId = live?.subscription.planId ?? null;
  const startsOn = useNewSubscriptionStart();
  const requestedPlan = planIdFrom(params.get('plan'));
  const chosenPlan =
    requestedPlan !== null && list.some((plan) => plan.id === requestedPlan) ? requestedPlan : null;
  useScrollToPlan(chosenPlan);

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-6xl flex-col gap-10">
        <div>
          <PageHeader title={text.title} description={text.subtitle} />
          {current.isLoading ? (
            <Skeleton className="h-56 w-full rounded-2xl" />
          ) : live ? (
            <CurrentSubscriptionCard current={live} planName={planName} />
          ) : current.isError ? null : (
            <Alert tone="info" title={checkoutMessages.current.none}>
              {checkoutMessages.current.noneText}
            </Alert>
          )}
        </div>

        {live && plans.data ? (
          <Suspense fallback={<Skeleton className="h-64 w-full rounded-2xl" />}>
            <SubscriptionManage current={live} plans={list} />
          </Suspense>
        ) : null}

        <section aria-labelledby="plans-title" className="flex flex-col gap-5">
          <div className="flex flex-col gap-1">
            <h2 id="plans-title" className="text-xl font-bold text-foreground sm:text-2xl">
              {text.plansTitle}
            </h2>
            <p className="text-muted-foreground">{text.plansSubtitle}</p>
          </div>

          {plans.isLoading ? (
            <PlanGrid>
              {[0, 1, 2].map((key) => (
                <PlanCardSkeleton key={key} />
              ))}
            </PlanGrid>
          ) : plans.isError ? (
            <EmptyState
              icon={<CloudOff />}
              title={text.loadFailed}
              description={messages.common.networkError}
              action={<Button onClick={() => void plans.refetch()}>{messages.common.retry}</Button>}
            />
          ) : list.length === 0 ? (
            <EmptyState icon={<CalendarX2 />} title={text.empty} description={text.emptyText} />
          ) : (
            <Tabs
              dir="rtl"
              value={PLAN_PERIOD_SLUGS[period]}
              onValueChange={(value) => {
                const next = new URLSearchParams(params);
                next.set('period', value);
                setParams(next, { replace: true, preventScrollReset: true });
              }}
            >
              <PeriodTabsList plans={list} label={checkoutMessages.periods.label} />
              {requestedPlan !== null && chosenPlan === null ? (
                <Alert tone="warning" className="mt-5">
                  {text.planUnavailable}
                </Alert>
              ) : null}
              {startsOn ? (
                <Alert tone="info" className="mt-5">
                  {text.extendNote(formatDate(startsOn, { dateStyle: 'long' }))}
                </Alert>
              ) : null}
              {PERIOD_ORDER.map((tab) => (
                <TabsContent key={tab} value={PLAN_PERIOD_SLUGS[tab]}>
                  <PlanGrid>
                    {list.map((plan) => (
                      <SubscriptionPlanCard
                        key={plan.id}
                        plan={plan}
                        period={tab}
                        isCurrent={plan.id === currentPlanId}
                        isChosen={plan.id === chosenPlan}
                      />
                    ))}
                  </PlanGrid>
                </TabsContent>
              ))}
            </Tabs>
          )}

          {list.length > 0 ? (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {text.quotaNote}
            </p>
          ) : null}
        </section>

        <TrustStrip />
      </div>
    </PageContainer>
  );
}

function PlanGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">{children}</div>;
}

function SubscriptionPlanCard({
  plan,
  period,
  isCurrent,
  isChosen,
}: {
  plan: Plan;
  period: PlanPeriod;
  isCurrent: boolean;
  /** The plan `?plan=` named: highlighted and tagged. */
  isChosen: boolean;
}) {
  const tags =
    isCurrent || isChosen ? (
      <>
        {isCurrent ? <Badge tone="brand">{checkoutMessages.plan.currentTag}</Badge> : null}
        {isChosen ? <Badge tone="brand">{text.chosenTag}</Badge> : null}
      </>
    ) : null;
  return (
    <PlanCard
      id={planCardId(plan.id)}
      plan={plan}
      period={period}
      emphasized={isCurrent || isChosen}
      tags={tags}
      action={
        <Button asChild size="lg" variant={isCurrent ? 'primary' : 'secondary'}>
          <Link
            to={checkoutPath(plan.id, period)}
            aria-label={`${checkoutMessages.plan.subscribe}: ${plan.alias}`}
          >
            {checkoutMessages.plan.subscribe}
          </Link>
        </Button>
      }
    />
  );
}

function TrustStrip() {
  const trust = text.trust;
  const items = [
    { icon: <Lock />, ...trust.secure },
    { icon: <RefreshCcwDot />, ...trust.noRenewal },
    { icon: <Wallet />, ...trust.methods },
  ];
  return (
    <section aria-labelledby="trust-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <h2 id="trust-title" className="text-lg font-bold text-foreground">
        {trust.title}
      </h2>
      <ul className="mt-4 grid gap-5 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-5"
            >
              {item.icon}
            </span>
            <div>
              <p className="font-semibold text-foreground">{item.title}</p>
              <p className="text-sm text-muted-foreground">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
