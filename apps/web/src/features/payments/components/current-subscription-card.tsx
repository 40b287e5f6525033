import type { CurrentSubscriptionResponse, PlanPeriod } from '@hiwar/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  checkoutMessages,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelative,
  nouns,
  plural,
} from '@hiwar/ui';
import { CalendarClock, CalendarPlus, Receipt, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useNow } from '../hooks/use-now.ts';

const text = checkoutMessages.current;
const minutes = (count: number) => plural(count, nouns.minutes);

export interface CurrentSubscriptionCardProps {
  current: NonNullable<CurrentSubscriptionResponse>;
  /** The plan's name by id (plans the student may no longer see have none). */
  planName: (planId: number) => string | null;
}

/**
 * The top of the plans page for a subscriber: which plan until when, this quota week's minutes left with
 * when they reset, and a paid subscription queued after this one.
 */
export function CurrentSubscriptionCard({ current, planName }: CurrentSubscriptionCardProps) {
  const now = useNow(30_000);
  const { subscription, quota, next } = current;
  const name = planName(subscription.planId);
  const remainingShare = quota.weeklyMinutes > 0 ? quota.remainingMinutes / quota.weeklyMinutes : 0;
  const periodName = (period: PlanPeriod) => checkoutMessages.periods.name[period];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-brand-soft/40 px-5 py-4 sm:px-6">
        <h2 className="text-lg font-bold text-foreground">{text.title}</h2>
        <Badge tone={current.paused ? 'danger' : 'success'}>
          {current.paused ? text.pausedBadge : text.active}
        </Badge>
      </div>
      <div className="grid gap-6 p-5 sm:p-6 md:grid-cols-[1fr_1.3fr]">
        <div className="flex flex-col gap-3">
          <div>
            <p className="text-2xl font-bold text-foreground">
              {name ? text.planName(name) : text.unknownPlan}
            </p>
            <p className="text-sm text-muted-foreground">
              {periodName(subscription.period)}، {minutes(subscription.weeklyMinutes)}{' '}
              {checkoutMessages.plan.perWeek}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Fact icon={<CalendarClock />} label={text.ends}>
              {formatDate(subscription.end, { dateStyle: 'long' })}
            </Fact>
            <Fact icon={<CalendarPlus />} label={text.started}>
              {formatDate(subscription.start, { dateStyle: 'long' })}
            </Fact>
          </dl>
        </div>

        <div className="flex flex-col gap-3 rounded-2xl border border-border bg-background p-4">
          <div className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <Timer aria-hidden="true" className="size-4 text-brand" />
            {text.weekly}
          </div>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-bold text-foreground">{minutes(quota.remainingMinutes)}</span>
            <span className="text-sm text-muted-foreground">
              {text.ofTotal(minutes(quota.weeklyMinutes))}
            </span>
          </p>
          <div
            role="progressbar"
            aria-label={text.remainingLabel}
            aria-valuemin={0}
            aria-valuemax={quota.weeklyMinutes}
            aria-valuenow={quota.remainingMinutes}
            aria-valuetext={text.remaining(minutes(quota.remainingMinutes), minutes(quota.weeklyMinutes))}
            className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${Math.round(Math.min(1, Math.max(0, remainingShare)) * 100)}%` }}
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {text.resets(formatRelative(quota.resetsAt, { now }))}{' '}
            <span className="whitespace-nowrap">({formatDateTime(quota.resetsAt)})</span>
          </p>
        </div>
      </div>

      {current.paused && current.nextInstallment ? (
        <InstallmentNotice tone="danger" title={text.pausedTitle}>
          {text.pausedText(
            current.nextInstallment.index,
            current.nextInstallment.count,
            formatMoney(current.nextInstallment.amount),
          )}
        </InstallmentNotice>
      ) : current.nextInstallment ? (
        <InstallmentNotice
          tone="warning"
          title={text.installmentTitle(current.nextInstallment.index, current.nextInstallment.count)}
        >
          {text.installmentText(
            formatMoney(current.nextInstallment.amount),
            formatDate(current.nextInstallment.dueAt, { dateStyle: 'long' }),
            formatDate(current.nextInstallment.pausesAt, { dateStyle: 'long' }),
          )}
        </InstallmentNotice>
      ) : null}

      {next ? (
        <div className="mx-5 mb-5 rounded-xl border border-info/30 bg-info-soft p-3.5 text-sm sm:mx-6">
          <p className="font-semibold text-foreground">{text.next}</p>
          <p className="text-foreground/90">
            {text.nextText(
              text.planName(planName(next.planId) ?? text.unknownPlan),
              periodName(next.period),
              formatDate(next.start, { dateStyle: 'long' }),
            )}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2 border-t border-border px-5 py-4 sm:px-6">
        <Button asChild>
          <Link to="/tutors">{text.bookCta}</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/payments">
            <Receipt aria-hidden="true" />
            {text.paymentsLink}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function InstallmentNotice({
  tone,
  title,
  children,
}: {
  tone: 'warning' | 'danger';
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert
      tone={tone}
      title={title}
      className="mx-5 mb-5 sm:mx-6"
      action={
        <Button asChild size="sm" variant={tone === 'danger' ? 'danger' : 'secondary'}>
          <Link to="/payments">{text.payInstallment}</Link>
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** One term of the card's `<dl>`: a `<div>` holding only its `<dt>` (icon and label) and `<dd>`. */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[1rem_1fr] items-start gap-x-2">
      <dt className="col-span-2 grid grid-cols-subgrid text-muted-foreground">
        <span aria-hidden="true" className="mt-0.5 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="col-start-2 font-semibold text-foreground">{children}</dd>
    </div>
  );
}
