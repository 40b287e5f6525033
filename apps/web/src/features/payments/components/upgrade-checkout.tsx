import { isApiError, useUpgradeQuote } from '@hiwar/client';
import type { Plan, PlanPeriod, UpgradeQuote } from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  checkoutMessages,
  EmptyState,
  errorMessage,
  formatDate,
  formatMoney,
  nouns,
  plural,
  Skeleton,
  subscriptionManageMessages,
} from '@hiwar/ui';
import { ArrowUpCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../lib/periods.ts';
import { PayAtOnceForm } from './pay-at-once-form.tsx';

const text = subscriptionManageMessages.checkout;

export interface UpgradeCheckoutProps {
  plan: Plan;
  period: PlanPeriod;
  /** The subscription in force to upgrade (`?upgrade=`). */
  subscriptionId: number;
}

/**
 * The checkout in upgrade mode (decision 0042, `/checkout/{planId}/{period}?upgrade={subscriptionId}`):
 * the server's quote (unused credit, the new plan's cost for the time left, what is paid now), no
 * coupon and no installments; paid with `upgradeOf`, then the usual live payment status.
 */
export function UpgradeCheckout({ plan, period, subscriptionId }: UpgradeCheckoutProps) {
  const quote = useUpgradeQuote(plan.id);

  if (quote.isPending && !quote.data) {
    return (
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <Skeleton className="h-80 w-full rounded-2xl" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  }
  // Once quoted, the form stays: placing the order refreshes the quote, which the open order then
  // refuses (`subscription-upgrade-unavailable`), and the payment's status must stay on screen.
  if (quote.isError && !quote.data) {
    const code = isApiError(quote.error) ? quote.error.code : 'unexpected';
    return (
      <EmptyState
        icon={<ArrowUpCircle />}
        title={text.quoteFailed}
        description={errorMessage(code)}
        action={
          <Button asChild>
            <Link to="/subscription">{text.back}</Link>
          </Button>
        }
      />
    );
  }
  if (!quote.data) {
    return null;
  }
  if (quote.data.subscriptionId !== subscriptionId || quote.data.period !== period) {
    return (
      <Alert
        tone="warning"
        action={
          <Button asChild size="sm">
            <Link to={checkoutPath(plan.id, quote.data.period, { upgrade: quote.data.subscriptionId })}>
              {text.title}
            </Link>
          </Button>
        }
      >
        {text.wrongPeriod}
      </Alert>
    );
  }
  return <UpgradeForm plan={plan} quote={quote.data} />;
}

function UpgradeSummary({ plan, quote }: { plan: Plan; quote: UpgradeQuote }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{text.summaryTitle}</h2>
      <dl className="flex flex-col gap-2.5 text-sm">
        <Line label={text.plan}>{plan.alias}</Line>
        <Line label={text.minutes}>
          {plural(quote.weeklyMinutes, nouns.minutes)} {checkoutMessages.plan.perWeek}
        </Line>
        <Line label={text.cost}>{formatMoney(quote.cost)}</Line>
        <Line label={text.credit}>
          <span className="text-success">{formatMoney(-quote.credit)}</span>
        </Line>
        <div className="my-1 border-t border-border" />
        <Line label={text.amount} strong>
          <span data-testid="upgrade-amount">{formatMoney(quote.amount)}</span>
        </Line>
      </dl>
      <p className="text-sm text-foreground/90">
        {text.effect(formatDate(quote.end, { dateStyle: 'long' }))}
      </p>
      <p className="text-xs text-muted-foreground">{text.noCoupon}</p>
    </Card>
  );
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-bold text-foreground' : 'text-muted-foreground'}>{label}</dt>
      <dd className={strong ? 'text-2xl font-bold text-foreground' : 'font-semibold text-foreground'}>
        {children}
      </dd>
    </div>
  );
}

function UpgradeForm({ plan, quote }: { plan: Plan; quote: UpgradeQuote }) {
  const end = formatDate(quote.end, { dateStyle: 'long' });
  return (
    <PayAtOnceForm
      order={{ planId: plan.id, period: quote.period, upgradeOf: quote.subscriptionId }}
      amount={quote.amount}
      summary={<UpgradeSummary plan={plan} quote={quote} />}
      cardReturnPath={checkoutPath(plan.id, quote.period, { method: 'card', upgrade: quote.subscriptionId })}
      labels={{ pay: text.pay, free: text.free, freeNote: text.freeNote }}
      paidText={text.paid(end)}
    />
  );
}
