import {
  getPageSize,
  useCancelUnpaidOrder,
  usePlans,
  useSubscriptionEvents,
  useSubscriptions,
  useTransactions,
  useUserCurrentSubscription,
} from '@hiwar/client';
import {
  BOUNDS,
  type CurrentSubscriptionResponse,
  type Plan,
  type Transaction,
  type User,
} from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  formatDateTime,
  messages,
  subscriptionManageMessages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CalendarClock, Gift, Wallet } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { displayName } from '../../../lib/labels.ts';
import { periodLabel } from '../../../lib/payments.ts';
import { SubscriptionsTable, TransactionsTable } from './billing-tables.tsx';
import { GrantSubscriptionDialog } from './grant-subscription-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const text = adminPaymentsMessages;
const billing = text.billing;
const manage = subscriptionManageMessages.admin;
const history = subscriptionManageMessages.history;
/** A student holds a handful of subscriptions; one page of the server's maximum shows them all. */
const ALL = BOUNDS.pageSize.max;

const dateFormat = { day: 'numeric', month: 'long', year: 'numeric' } as const;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-bold text-foreground">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm text-foreground">{children}</dd>
    </div>
  );
}

/**
 * The subscription in force as the server counts it (`GET /sub/current?userId=`): the minutes left this
 * quota week after the lessons booked in it, when they reset, a pause, and the one queued next.
 */
function CurrentSubscription({
  current,
  planName,
}: {
  current: CurrentSubscriptionResponse;
  planName: (id: number) => string;
}) {
  if (!current) {
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">
        {billing.noCurrent}
      </p>
    );
  }
  const { subscription, quota, next } = current;
  const share = quota.remainingMinutes / Math.max(1, quota.weeklyMinutes);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand/25 bg-brand-soft/40 p-4">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Fact label={billing.plan}>
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-bold">{planName(subscription.planId)}</span>
            <Badge tone="brand">{periodLabel(subscription.period)}</Badge>
          </span>
        </Fact>
        <Fact label={billing.start}>
          <time dateTime={subscription.start}>{formatDate(subscription.start, dateFormat)}</time>
        </Fact>
        <Fact label={billing.end}>
          <time dateTime={subscription.end}>{formatDate(subscription.end, dateFormat)}</time>
        </Fact>
        <Fact label={billing.thisWeek}>
          <span className="flex flex-col gap-1.5">
            <span className="font-bold tabular-nums">
              {billing.remaining(quota.remainingMinutes, quota.weeklyMinutes)}
            </span>
            <span
              aria-hidden="true"
              className="block h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-surface"
            >
              <span
                className="block h-full rounded-full bg-brand"
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </span>
            <span className="text-xs text-muted-foreground">
              {billing.resetsAt(
                formatDateTime(quota.resetsAt, {
                  weekday: 'long',
                  day: 'numeric',
                  month: 'long',
                  hour: 'numeric',
                  minute: '2-digit',
                }),
              )}
            </span>
          </span>
        </Fact>
      </dl>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-muted-foreground">{manage.renewal}:</span>
        <Badge tone={(subscription.renew ?? true) ? 'success' : 'neutral'}>
          {(subscription.renew ?? true) ? manage.renewalOn : manage.renewalOff}
        </Badge>
        {subscription.upgradedAt ? (
          <span className="text-muted-foreground">
            {manage.upgradedAt(formatDate(subscription.upgradedAt, dateFormat))}
          </span>
        ) : null}
        {current.refundRequestId ? <Badge tone="warning">{manage.openRefundRequest}</Badge> : null}
      </p>
      {(current.paused ?? subscription.paused) ? <Alert tone="danger">{billing.paused}</Alert> : null}
      {next ? (
        <p className="flex items-center gap-2 border-t border-brand/20 pt-3 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          {billing.nextQueued(planName(next.planId), formatDate(next.start, dateFormat))}
        </p>
      ) : null}
    </div>
  );
}

/** The subscription in force's history (`GET /sub/{id}/events`): renewal, refund requests, upgrades. */
function SubscriptionHistory({ subscriptionId }: { subscriptionId: number }) {
  const events = useSubscriptionEvents(subscriptionId);
  if (events.isPending) {
    return <Skeleton className="h-16 w-full rounded-xl" />;
  }
  if (events.isError) {
    return (
      <ErrorState
        title={history.loadFailed}
        error={events.error}
        onRetry={() => void events.refetch()}
        isRetrying={events.isFetching}
      />
    );
  }
  if (events.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{history.empty}</p>;
  }
  return (
    <ol className="flex flex-col gap-2.5">
      {events.data.map((event) => (
        <li key={event.id} className="border-s-2 border-brand/40 ps-3 text-sm">
          <p className="font-semibold text-foreground">{history.kinds[event.kind]}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            {' · '}
            {event.actorName ? history.by(event.actorName) : history.byPlatform}
          </p>
          {typeof event.details.note === 'string' ? (
            <p className="text-muted-foreground">{history.note(event.details.note)}</p>
          ) : null}
          {typeof event.details.reason === 'string' ? (
            <p className="text-muted-foreground">{history.reason(event.details.reason)}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function BillingSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{messages.common.loading}</span>
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}

export interface UserBillingCardProps {
  user: User;
  /** SuperAdmin: refund, cancel unpaid orders and grant subscriptions. */
  canManage: boolean;
}

/**
 * "Subscriptions and payments" on a student's page: the subscription in force with this week's minutes,
 * every subscription, and every payment with its status; SuperAdmins refund, cancel unpaid orders and
 * grant a subscription for free.
 */
export function UserBillingCard({ user, canManage }: UserBillingCardProps) {
  const [pageSize] = useState(getPageSize);
  const [page, setPage] = useState(1);
  const subscriptions = useSubscriptions({ userId: user.id, size: ALL });
  const current = useUserCurrentSubscription(user.id);
  const transactions = useTransactions({ userId: user.id, page, size: pageSize });
  const plans = usePlans({ size: ALL });
  const cancelOrder = useCancelUnpaidOrder();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const [canceling, setCanceling] = useState<Transaction | null>(null);
  const [granting, setGranting] = useState(false);
  const now = new Date();

  const planList: readonly Plan[] = plans.data?.list ?? [];
  const names = useMemo(() => new Map(planList.map((plan) => [plan.id, plan.alias])), [planList]);
  const planName = (id: number | null) =>
    id === null ? text.trialPayment : (names.get(id) ?? (plans.isPending ? '…' : text.deletedPlan(id)));
  const name = displayName(user);
  const total = transactions.data?.total ?? 0;

  let body: ReactNode;
  const queries = [current, subscriptions, transactions];
  if (queries.some((query) => query.isPending)) {
    body = <BillingSkeleton />;
  } else if (queries.some((query) => query.isError && !query.data)) {
    const failed = queries.find((query) => query.isError && !query.data);
    body = (
      <ErrorState
        title={billing.errorTitle}
        error={failed?.error}
        onRetry={() => {
          for (const query of queries) {
            void query.refetch();
          }
        }}
        isRetrying={queries.some((query) => query.isFetching)}
      />
    );
  } else {
    const subscriptionList = subscriptions.data?.list ?? [];
    body = (
      <div className="flex flex-col gap-6">
        <Section title={billing.current}>
          <CurrentSubscription current={current.data ?? null} planName={planName} />
        </Section>
        {current.data ? (
          <Section title={manage.history}>
            <SubscriptionHistory subscriptionId={current.data.subscription.id} />
          </Section>
        ) : null}
        <Section title={billing.subscriptions}>
          {subscriptionList.length > 0 ? (
            <SubscriptionsTable subscriptions={subscriptionList} planName={planName} now={now} />
          ) : (
            <p className="text-sm text-muted-foreground">{billing.noSubscriptions}</p>
          )}
        </Section>
        <Section title={billing.transactions}>
          {total > 0 ? (
            <div className="overflow-hidden rounded-xl border border-border">
              <TransactionsTable
                transactions={transactions.data?.list ?? []}
                planName={planName}
                canManage={canManage}
                onRefund={setRefunding}
                onCancelOrder={setCanceling}
                isStale={transactions.isPlaceholderData}
              />
              {total > pageSize ? (
                <Pagination
                  label={billing.pagination}
                  page={page}
                  pageSize={pageSize}
                  total={total}
                  onPageChange={setPage}
                  disabled={transactions.isPlaceholderData}
                />
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{billing.noTransactions}</p>
          )}
        </Section>
      </div>
    );
  }

  return (
    <Card className="mt-2">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle as="h2" className="flex items-center gap-2 text-base">
            <Wallet aria-hidden="true" className="size-[1.125rem] text-muted-foreground" />
            {billing.title}
          </CardTitle>
          <CardDescription>{canManage ? billing.description : billing.readOnly}</CardDescription>
        </div>
        {canManage ? (
          <Button variant="secondary" onClick={() => setGranting(true)}>
            <Gift aria-hidden="true" />
            {billing.grant}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent aria-busy={queries.some((query) => query.isFetching) || undefined}>{body}</CardContent>

      {canManage ? (
        <>
          <RefundDialog
            transaction={refunding}
            userName={name}
            reference={refunding ? billing.reference(refunding.id) : ''}
            onClose={() => setRefunding(null)}
          />
          <GrantSubscriptionDialog
            open={granting}
            onOpenChange={setGranting}
            student={user}
            plans={planList}
          />
          {canceling ? (
            <ConfirmDialog
              open
              onOpenChange={(open) => (open ? undefined : setCanceling(null))}
              title={text.cancelOrder.title(billing.reference(canceling.id))}
              description={text.cancelOrder.body}
              confirmLabel={text.cancelOrder.confirm}
              tone="danger"
              isPending={cancelOrder.isPending}
              onConfirm={() =>
                cancelOrder.mutate(
                  { transactionId: canceling.id },
                  {
                    onSuccess: () => {
                      toast({ id: 'order-canceled', type: 'success', title: text.cancelOrder.done });
                      setCanceling(null);
                    },
                    onError: (error) => {
                      showError(error);
                      setCanceling(null);
                    },
                  },
                )
              }
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
