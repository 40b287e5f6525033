import type { PlanPeriod, PlanPrices } from '@hiwar/domain';
import { Check, Sparkles } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatMoney } from '../format.ts';
import { cn } from '../lib/cn.ts';
import { planQuote, WEEKS_PER_MONTH_ESTIMATE } from '../lib/plan-quote.ts';
import { checkoutMessages } from '../messages/messages.ts';
import { Badge } from './badge.tsx';
import { Skeleton } from './skeleton.tsx';

const text = checkoutMessages.plan;

export { type PlanQuote, planQuote, WEEKS_PER_MONTH_ESTIMATE } from '../lib/plan-quote.ts';

export interface PlanCardPlan extends PlanPrices {
  alias: string;
  weeklyMinutes: number;
  forInvitesOnly: boolean;
}

export interface PlanCardProps {
  plan: PlanCardPlan;
  period: PlanPeriod;
  /** The call to action, usually `<Button asChild><Link …/></Button>`. */
  action?: ReactNode;
  /** Extra labels at the top (e.g. "your current plan"). */
  tags?: ReactNode;
  /** Draws the card with the brand border (the plan the student holds, a highlighted one). */
  emphasized?: boolean;
  /** Level of the plan's name in the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** The card's element id (a page scrolls to the plan a link names). */
  id?: string;
  className?: string;
}

/**
 * One plan for one period, as the plans page and the public pricing page show it: weekly minutes and
 * their monthly estimate, the period price with its discount (struck-through full price and "save X %"),
 * the per-month equivalent, the installment options the period allows, and a call to action.
 */
export function PlanCard({
  plan,
  period,
  action,
  tags,
  emphasized = false,
  headingLevel: Heading = 'h3',
  id: elementId,
  className,
}: PlanCardProps) {
  const id = useId();
  const quote = planQuote(plan, period);
  const periodLength = checkoutMessages.periods.length[period];
  return (
    <article
      id={elementId}
      aria-labelledby={`${id}-name`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-5 shadow-card sm:p-6',
        emphasized ? 'border-brand ring-4 ring-brand/10' : 'border-border',
        className,
      )}
    >
      {plan.forInvitesOnly || tags ? (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {plan.forInvitesOnly ? (
            <Badge tone="accent" title={text.inviteOnlyHint}>
              <Sparkles aria-hidden="true" />
              {text.inviteOnly}
            </Badge>
          ) : null}
          {tags}
        </div>
      ) : null}
      <Heading id={`${id}-name`} className="text-xl font-bold text-foreground">
        {plan.alias}
      </Heading>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-foreground">
        <span className="text-2xl font-bold text-brand">{text.weeklyMinutes(plan.weeklyMinutes)}</span>
        <span className="text-sm font-semibold text-muted-foreground">{text.perWeek}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {text.perMonth(plan.weeklyMinutes * WEEKS_PER_MONTH_ESTIMATE)}
      </p>

      <div className="mt-5 border-t border-border pt-5">
        <div className="flex min-h-6 flex-wrap items-center gap-2">
          {quote.savePercent > 0 ? (
            <>
              <s className="text-sm text-muted-foreground">
                <span className="sr-only">{text.fullPrice(formatMoney(quote.fullPrice))}</span>
                <span aria-hidden="true">{formatMoney(quote.fullPrice)}</span>
              </s>
              <Badge tone="success">{text.save(quote.savePercent)}</Badge>
            </>
          ) : null}
        </div>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold tracking-tight text-foreground">
            {formatMoney(quote.price)}
          </span>
          <span className="text-sm text-muted-foreground">{text.forPeriod(periodLength)}</span>
        </p>
        <p className="mt-1 min-h-5 text-sm text-muted-foreground">
          {quote.months > 1 ? text.monthlyEquivalent(formatMoney(quote.perMonth)) : text.payOnce}
        </p>
      </div>

      {quote.cardInstallments.length > 0 || quote.bankInstallments ? (
        <div className="mt-4 rounded-xl bg-surface-muted p-3 text-sm">
          <p className="font-semibold text-foreground">{text.installmentsTitle}</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
            {quote.cardInstallments.map(({ count, amount }) => (
              <li key={count}>{text.cardInstallments(count, formatMoney(amount))}</li>
            ))}
            {quote.bankInstallments ? <li>{text.bankInstallments}</li> : null}
          </ul>
        </div>
      ) : null}

      <ul className="mt-5 flex flex-col gap-2 text-sm text-foreground">
        {[text.features.lessons, text.features.weekly, text.features.methods].map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={3} />
            {feature}
          </li>
        ))}
      </ul>

      {action ? <div className="mt-auto flex flex-col pt-6">{action}</div> : null}
    </article>
  );
}

/** The shape of a plan card while plans load. */
export function PlanCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="mt-3 h-8 w-1/2" />
      <Skeleton className="mt-2 h-4 w-2/5" />
      <div className="mt-5 border-t border-border pt-5">
        <Skeleton className="h-9 w-3/5" />
        <Skeleton className="mt-2 h-4 w-1/2" />
      </div>
      <Skeleton className="mt-5 h-16 w-full" />
      <Skeleton className="mt-5 h-4 w-4/5" />
      <Skeleton className="mt-2 h-4 w-3/5" />
      <Skeleton className="mt-8 h-11 w-full rounded-xl" />
    </div>
  );
}
