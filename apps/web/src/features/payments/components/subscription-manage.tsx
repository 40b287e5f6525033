import {
  isApiError,
  useCreateRefundRequest,
  useRefundRequests,
  useRefundRequestUpdates,
  useSetRenewal,
  useSubscriptionEvents,
  useUpgradeQuote,
  useWithdrawRefundRequest,
} from '@hiwar/client';
import {
  BOUNDS,
  type CurrentSubscriptionResponse,
  type Plan,
  RENEWAL_REMINDER_DAYS_BEFORE,
  RefundRequestStatus,
  type SubscriptionEvent,
  type SubscriptionRefundRequest,
} from '@hiwar/domain';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Card,
  cn,
  Dialog,
  DialogContent,
  errorMessage,
  FormField,
  formatDate,
  formatDateTime,
  formatMoney,
  messages,
  nouns,
  plural,
  Skeleton,
  subscriptionManageMessages,
  Textarea,
  useToast,
} from '@hiwar/ui';
import { ArrowUpCircle, BellRing, History, Undo2 } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { checkoutPath } from '../lib/periods.ts';

const text = subscriptionManageMessages;
const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = { dateStyle: 'long' } as const;
/** A student's requests fit one page: one open at a time, each decided before the next. */
const OWN_REQUESTS = { size: 100 } as const;

/** Why a call failed, in Arabic: the server's code from the catalogue, or the network. */
function failureText(error: unknown): string {
  return isApiError(error)
    ? errorMessage(error.code)
    : error instanceof TypeError
      ? messages.common.networkError
      : errorMessage('unexpected');
}

export interface SubscriptionManageProps {
  current: NonNullable<CurrentSubscriptionResponse>;
  /** Every plan the student may buy (the plans page's list). */
  plans: readonly Plan[];
}

/**
 * "Manage the subscription" on /subscription (decision 0042): the renewal switch, upgrades to a bigger
 * plan for the price difference, a refund request, and the subscription's history. Its own chunk,
 * loaded under the current subscription's card.
 */
export function SubscriptionManage({ current, plans }: SubscriptionManageProps) {
  const { toast } = useToast();
  useRefundRequestUpdates((request) => {
    toast({
      id: `refund-request-${request.id}-${request.status}`,
      type: request.status === RefundRequestStatus.Refunded ? 'success' : 'info',
      title:
        request.status === RefundRequestStatus.Refunded ? text.refund.liveRefunded : text.refund.liveDeclined,
      ...(request.staffNote ? { description: text.refund.declinedNote(request.staffNote) } : {}),
    });
  });

  return (
    <section aria-labelledby="manage-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="manage-title" className="text-xl font-bold text-foreground sm:text-2xl">
          {text.manage.title}
        </h2>
        <p className="text-muted-foreground">{text.manage.subtitle}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <RenewalPanel current={current} />
        <RefundPanel current={current} />
        <UpgradePanel current={current} plans={plans} />
        <HistoryPanel subscriptionId={current.subscription.id} />
      </div>
    </section>
  );
}

function Panel({
  icon,
  title,
  children,
  className,
  headingRef,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
  /** Where the focus goes when what had it gives way (a sent or withdrawn request). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const id = useId();
  return (
    <Card className={cn('flex flex-col gap-4 p-5 sm:p-6', className)}>
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <h3
          id={id}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="flex items-center gap-2 rounded-md text-lg font-bold text-foreground outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span aria-hidden="true" className="text-brand [&_svg]:size-5">
            {icon}
          </span>
          {title}
        </h3>
        {children}
      </section>
    </Card>
  );
}

/** Renewal on: reminded before the end with a link to pay again; off: it ends at period end. */
function RenewalPanel({ current }: { current: NonNullable<CurrentSubscriptionResponse> }) {
  const { subscription } = current;
  const { toast } = useToast();
  const setRenewal = useSetRenewal();
  const labelId = useId();
  const stateId = useId();
  const renew = subscription.renew ?? true;
  const end = formatDate(subscription.end, longDate);
  const reminder = formatDate(
    new Date(new Date(subscription.end).getTime() - RENEWAL_REMINDER_DAYS_BEFORE * DAY_MS),
    longDate,
  );

  const change = (next: boolean) => {
    setRenewal.mutate(
      { subscriptionId: subscription.id, renew: next },
      {
        onSuccess: () =>
          toast({
            id: 'renewal-saved',
            type: 'success',
            title: next ? text.renewal.savedOn : text.renewal.savedOff,
          }),
      },
    );
  };

  return (
    <Panel icon={<BellRing />} title={text.renewal.title}>
      <div className="flex items-center justify-between gap-4 rounded-xl border border-border bg-background p-4">
        <div className="flex flex-col gap-0.5">
          <span id={labelId} className="font-semibold text-foreground">
            {text.renewal.switchLabel}
          </span>
          <span id={stateId} className="text-sm text-muted-foreground">
            {renew ? text.renewal.on : text.renewal.off}
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={renew}
          aria-labelledby={labelId}
          aria-describedby={stateId}
          aria-busy={setRenewal.isPending || undefined}
          onClick={() => (setRenewal.isPending ? undefined : change(!renew))}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-transparent p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            renew ? 'bg-brand' : 'bg-input',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'block size-6 rounded-full bg-surface shadow-card transition-transform duration-150',
              renew ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
      </div>
      <p className="text-sm text-foreground/90">
        {renew ? text.renewal.onText(reminder, end) : text.renewal.offText(end)}
      </p>
      <p className="text-sm text-muted-foreground">{text.renewal.honest}</p>
      {setRenewal.isError ? (
        <Alert tone="danger" title={text.renewal.failed}>
          {failureText(setRenewal.error)}
        </Alert>
      ) : null}
    </Panel>
  );
}

/** The plans with more weekly minutes than the subscription's, each priced on demand. */
function UpgradePanel({
  current,
  plans,
}: {
  current: NonNullable<CurrentSubscriptionResponse>;
  plans: readonly Plan[];
}) {
  const { subscription } = current;
  const bigger = plans
    .filter((plan) => plan.active && plan.weeklyMinutes > subscription.weeklyMinutes)
    .sort((a, b) => a.weeklyMinutes - b.weeklyMinutes);
  const paused = current.paused ?? subscription.paused ?? false;

  let body: ReactNode;
  if (current.openUpgradeTransactionId) {
    body = (
      <Alert
        tone="info"
        action={
          <Button asChild size="sm" variant="secondary">
            <Link to="/payments">{text.upgrade.openOrderLink}</Link>
          </Button>
        }
      >
        {text.upgrade.openOrder}
      </Alert>
    );
  } else if (paused) {
    body = <Alert tone="warning">{text.upgrade.unavailablePaused}</Alert>;
  } else if (current.nextInstallment) {
    body = <Alert tone="info">{text.upgrade.unavailableInstallments}</Alert>;
  } else if (bigger.length === 0) {
    body = <p className="text-sm text-muted-foreground">{text.upgrade.none}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {bigger.map((plan) => (
          <UpgradeOption key={plan.id} plan={plan} subscriptionId={subscription.id} />
        ))}
      </ul>
    );
  }

  return (
    <Panel icon={<ArrowUpCircle />} title={text.upgrade.title}>
      <p className="text-sm text-muted-foreground">{text.upgrade.text}</p>
      {body}
    </Panel>
  );
}

function UpgradeOption({ plan, subscriptionId }: { plan: Plan; subscriptionId: number }) {
  const [asked, setAsked] = useState(false);
  const quote = useUpgradeQuote(asked ? plan.id : null);
  const weekly = plural(plan.weeklyMinutes, nouns.minutes);
  const resultRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  /** The button pressed gives way to the quote: the focus follows, to the link once it is there. */
  const follow = useRef(false);
  useEffect(() => {
    if (!follow.current || !asked) {
      return;
    }
    if (quote.data && linkRef.current) {
      linkRef.current.focus();
      follow.current = false;
    } else {
      resultRef.current?.focus();
      follow.current = !quote.isError;
    }
  }, [asked, quote.data, quote.isError]);

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4">
      <p className="font-semibold text-foreground">{text.upgrade.planLabel(plan.alias, weekly)}</p>
      {!asked ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          aria-label={text.upgrade.showQuoteFor(plan.alias)}
          onClick={() => {
            follow.current = true;
            setAsked(true);
          }}
        >
          {text.upgrade.showQuote}
        </Button>
      ) : (
        <div
          ref={resultRef}
          tabIndex={-1}
          className="rounded-md outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {quote.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              {text.upgrade.quoteLoading}
            </p>
          ) : quote.isError ? (
            <Alert
              tone="danger"
              title={text.upgrade.quoteFailed}
              action={
                isApiError(quote.error) ? null : (
                  <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
                    {text.upgrade.retry}
                  </Button>
                )
              }
            >
              {failureText(quote.error)}
            </Alert>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="font-bold text-foreground">
                {text.upgrade.quoteLine(formatMoney(quote.data.amount))}
              </p>
              <Button asChild size="sm">
                <Link
                  ref={linkRef}
                  to={checkoutPath(plan.id, quote.data.period, { upgrade: subscriptionId })}
                  aria-label={text.upgrade.ctaFor(plan.alias)}
                >
                  {text.upgrade.cta}
                </Link>
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

const STATUS_TONE: Record<RefundRequestStatus, BadgeTone> = {
  [RefundRequestStatus.Pending]: 'warning',
  [RefundRequestStatus.Refunded]: 'success',
  [RefundRequestStatus.Declined]: 'danger',
  [RefundRequestStatus.Withdrawn]: 'neutral',
};

/** The open request (its state, withdraw), the last decision, or the button to ask for a refund. */
function RefundPanel({ current }: { current: NonNullable<CurrentSubscriptionResponse> }) {
  const { subscription } = current;
  const { toast } = useToast();
  const requests = useRefundRequests(OWN_REQUESTS);
  const withdraw = useWithdrawRefundRequest();
  const [open, setOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mine = (requests.data?.list ?? [])
    .filter((request) => request.subscriptionId === subscription.id)
    .sort((a, b) => b.id - a.id);
  const pending =
    mine.find((request) => request.status === RefundRequestStatus.Pending) ??
    (current.refundRequestId
      ? (mine.find((request) => request.id === current.refundRequestId) ?? null)
      : null);
  const latest = mine[0] ?? null;

  let body: ReactNode;
  if (requests.isPending && current.refundRequestId) {
    body = <Skeleton className="h-24 w-full rounded-xl" />;
  } else if (pending) {
    body = (
      <div className="flex flex-col gap-3 rounded-xl border border-warning/30 bg-warning-soft/50 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-foreground">{text.refund.open}</p>
          <RequestBadge request={pending} />
        </div>
        <p className="text-sm text-foreground/90">
          {text.refund.openText(formatDateTime(pending.createdAt))}
        </p>
        <div className="text-sm">
          <p className="font-semibold text-muted-foreground">{text.refund.yourReason}</p>
          <p className="whitespace-pre-line text-foreground">{pending.reason}</p>
        </div>
        {withdraw.isError ? <Alert tone="danger">{failureText(withdraw.error)}</Alert> : null}
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          loading={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(pending.id, {
              onSuccess: () => {
                toast({ id: 'refund-withdrawn', type: 'success', title: text.refund.withdrawn });
                // The button gives way to "request a refund": the focus stays in the panel.
                headingRef.current?.focus();
              },
            })
          }
        >
          {text.refund.withdraw}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        {latest && latest.status === RefundRequestStatus.Declined ? (
          <Alert tone="warning" title={text.refund.declined}>
            {latest.staffNote ? text.refund.declinedNote(latest.staffNote) : null}
          </Alert>
        ) : null}
        {current.paidAmount === 0 ? (
          <p className="text-sm text-muted-foreground">{text.refund.nothingPaid}</p>
        ) : (
          <Button variant="secondary" className="w-fit" onClick={() => setOpen(true)}>
            {text.refund.request}
          </Button>
        )}
      </>
    );
  }

  return (
    <Panel icon={<Undo2 />} title={text.refund.title} headingRef={headingRef}>
      <p className="text-sm text-muted-foreground">{text.refund.text}</p>
      {body}
      <RefundRequestDialog
        subscriptionId={subscription.id}
        open={open}
        onOpenChange={setOpen}
        afterSent={() => headingRef.current?.focus()}
      />
    </Panel>
  );
}

function RequestBadge({ request }: { request: SubscriptionRefundRequest }) {
  return <Badge tone={STATUS_TONE[request.status]}>{text.refund.status[request.status]}</Badge>;
}

const REASON = BOUNDS.refundRequestReason;

/** The reason for a refund, its length counted; the server's refusals in Arabic. */
function RefundRequestDialog({
  subscriptionId,
  open,
  onOpenChange,
  afterSent,
}: {
  subscriptionId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Moves the focus once the dialog closed on a sent request (its opener gives way to the request). */
  afterSent: () => void;
}) {
  const sent = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={text.refund.dialogTitle}
          description={text.refund.dialogText}
          onCloseAutoFocus={(event) => {
            if (sent.current) {
              sent.current = false;
              event.preventDefault();
              afterSent();
            }
          }}
        >
          <RefundRequestForm
            subscriptionId={subscriptionId}
            onCancel={() => onOpenChange(false)}
            onSent={() => {
              sent.current = true;
              onOpenChange(false);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RefundRequestForm({
  subscriptionId,
  onCancel,
  onSent,
}: {
  subscriptionId: number;
  onCancel: () => void;
  onSent: () => void;
}) {
  const { toast } = useToast();
  const create = useCreateRefundRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const countId = useId();
  const length = reason.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) {
      return;
    }
    if (length < REASON.min) {
      setError('text-too-short');
      return;
    }
    if (length > REASON.max) {
      setError('text-too-long');
      return;
    }
    setError(undefined);
    create.mutate(
      { subscriptionId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ id: 'refund-requested', type: 'success', title: text.refund.sent });
          onSent();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField label={text.refund.reason} hint={text.refund.reasonHint} error={error}>
        <Textarea
          rows={5}
          value={reason}
          maxLength={REASON.max}
          aria-describedby={countId}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <p id={countId} className="-mt-2 text-end text-xs text-muted-foreground tabular-nums">
        {text.refund.count(length, REASON.max)}
      </p>
      {create.isError ? <Alert tone="danger">{failureText(create.error)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {text.refund.cancel}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {text.refund.send}
        </Button>
      </div>
    </form>
  );
}

/** What happened to the subscription, newest first. */
function HistoryPanel({ subscriptionId }: { subscriptionId: number }) {
  const events = useSubscriptionEvents(subscriptionId);
  return (
    <Panel icon={<History />} title={text.history.title}>
      {events.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : events.isError ? (
        <Alert
          tone="danger"
          title={text.history.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void events.refetch()}>
              {text.upgrade.retry}
            </Button>
          }
        >
          {failureText(events.error)}
        </Alert>
      ) : events.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.history.empty}</p>
      ) : (
        <SubscriptionHistoryList events={events.data} />
      )}
    </Panel>
  );
}

/** The facts an event's `details` carry that are worth a line (unknown keys are left out). */
export function eventDetailLines(event: SubscriptionEvent): string[] {
  const details = event.details;
  const lines: string[] = [];
  const number = (key: string) => (typeof details[key] === 'number' ? (details[key] as number) : null);
  const string = (key: string) =>
    typeof details[key] === 'string' && details[key] !== '' ? (details[key] as string) : null;
  const from = number('fromWeeklyMinutes') ?? number('weeklyMinutesBefore');
  const to = number('toWeeklyMinutes') ?? number('weeklyMinutes') ?? number('weeklyMinutesAfter');
  if (from !== null && to !== null) {
    lines.push(text.history.minutes(plural(from, nouns.minutes), plural(to, nouns.minutes)));
  }
  const amount = number('amount');
  if (amount !== null) {
    lines.push(text.history.amount(formatMoney(amount)));
  }
  const reason = string('reason');
  if (reason) {
    lines.push(text.history.reason(reason));
  }
  const note = string('note') ?? string('staffNote');
  if (note) {
    lines.push(text.history.note(note));
  }
  const transaction = number('transactionId');
  if (transaction !== null) {
    lines.push(text.history.reference(transaction));
  }
  return lines;
}

/** A subscription's history as a list; shared with the back office's wording. */
export function SubscriptionHistoryList({ events }: { events: readonly SubscriptionEvent[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {events.map((event) => (
        <li key={event.id} className="border-s-2 border-brand/40 ps-3">
          <p className="font-semibold text-foreground">{text.history.kinds[event.kind]}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            {' · '}
            {event.actorName
              ? text.history.by(event.actorName)
              : event.actorId
                ? null
                : text.history.byPlatform}
          </p>
          {eventDetailLines(event).map((line) => (
            <p key={line} className="text-sm text-foreground/90">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
