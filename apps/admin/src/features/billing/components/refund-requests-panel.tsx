import { useDeclineRefundRequest, useRefundRequests, useTransaction } from '@hiwar/client';
import { BOUNDS, RefundRequestStatus, type SubscriptionRefundRequest } from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  Button,
  Card,
  Dialog,
  DialogContent,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  formatMoney,
  messages,
  subscriptionManageMessages,
  Textarea,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { describeError } from '../../../components/describe-error.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { canManagePayments } from '../../../lib/staff-access.ts';
import { RefundDialog } from './refund-dialog.tsx';

const text = subscriptionManageMessages.admin;
const statusText = subscriptionManageMessages.refund.status;
const PAGE_SIZE = 20;
const STATUSES = Object.values(RefundRequestStatus);

const STATUS_TONE: Record<RefundRequestStatus, BadgeTone> = {
  [RefundRequestStatus.Pending]: 'warning',
  [RefundRequestStatus.Refunded]: 'success',
  [RefundRequestStatus.Declined]: 'danger',
  [RefundRequestStatus.Withdrawn]: 'neutral',
};

function statusFrom(raw: string | null): RefundRequestStatus | 'all' {
  if (raw === 'all') {
    return 'all';
  }
  return STATUSES.find((status) => status === raw) ?? RefundRequestStatus.Pending;
}

const studentName = (request: SubscriptionRefundRequest) =>
  request.studentName ?? text.unnamed(request.userId);

/** The payment to refund from: the one with the most left to refund (the purchase, usually). */
function refundablePayment(request: SubscriptionRefundRequest) {
  const left = (payment: SubscriptionRefundRequest['payments'][number]) =>
    payment.amount - payment.refundedAmount;
  return [...request.payments].filter((payment) => left(payment) > 0).sort((a, b) => left(b) - left(a))[0];
}

/**
 * `/refund-requests` (SuperAdmin, RegularAdmin; decision 0042): students' requests for money back, open
 * ones first by default, each with the student, the plan, the reason, the suggested amount and the
 * payments. A SuperAdmin refunds one (the payments' refund dialog, prefilled) or declines it with a
 * note for the student. Filter and page live in the address.
 */
export function RefundRequestsPanel() {
  const user = useStaffUser();
  const canManage = canManagePayments(user.role);
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFrom(searchParams.get('status'));
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const requests = useRefundRequests({
    page,
    size: PAGE_SIZE,
    ...(status === 'all' ? {} : { status }),
  });
  const [refunding, setRefunding] = useState<{
    request: SubscriptionRefundRequest;
    transactionId: number;
  } | null>(null);
  const [declining, setDeclining] = useState<SubscriptionRefundRequest | null>(null);
  const transaction = useTransaction(refunding?.transactionId ?? null);
  const showError = useErrorToast();
  const filterId = useId();
  /** Where the focus goes when a decided request leaves the list with the button that had it. */
  const resultsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refunding && transaction.isError) {
      showError(transaction.error);
      setRefunding(null);
    }
  }, [refunding, transaction.isError, transaction.error, showError]);

  const set = (patch: Record<string, string | undefined>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: undefined, ...patch })) {
        if (value === undefined || value === '') {
          next.delete(key);
        } else {
          next.set(key, value);
        }
      }
      return next;
    });

  const total = requests.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      {canManage ? null : <Alert tone="info">{text.readOnly}</Alert>}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.statusFilter}
        className="rounded-2xl border border-border bg-card p-4"
      >
        <FormField id={filterId} label={text.statusFilter} className="max-w-xs">
          <select
            className={`${fieldControlClassName} h-11`}
            value={status}
            onChange={(event) =>
              set({
                status: event.target.value === RefundRequestStatus.Pending ? undefined : event.target.value,
              })
            }
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusText[value]}
              </option>
            ))}
            <option value="all">{text.allStatuses}</option>
          </select>
        </FormField>
      </div>

      <div
        ref={resultsRef}
        tabIndex={-1}
        className="flex flex-col gap-4 rounded-2xl outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {requests.isLoading ? (
          <Skeleton className="h-48 w-full rounded-2xl" />
        ) : requests.isError ? (
          <ErrorState
            title={text.loadFailed}
            error={requests.error}
            onRetry={() => void requests.refetch()}
          />
        ) : total === 0 ? (
          <EmptyState icon={<Undo2 />} title={text.empty} />
        ) : (
          <>
            <ul aria-label={text.tableLabel} className="flex flex-col gap-3">
              {(requests.data?.list ?? []).map((request) => (
                <li key={request.id}>
                  <RequestCard
                    request={request}
                    canManage={canManage}
                    refundLoading={refunding?.request.id === request.id && transaction.isFetching}
                    onRefund={(transactionId) => setRefunding({ request, transactionId })}
                    onDecline={() => setDeclining(request)}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              label={text.pagination}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              onPageChange={(next) => set({ page: next > 1 ? String(next) : undefined })}
              disabled={requests.isPlaceholderData}
            />
          </>
        )}
      </div>

      {canManage ? (
        <>
          <RefundDialog
            transaction={
              refunding && transaction.data?.id === refunding.transactionId ? transaction.data : null
            }
            userName={refunding ? studentName(refunding.request) : ''}
            reference={refunding ? adminPaymentsMessages.billing.reference(refunding.transactionId) : ''}
            defaultAmount={refunding?.request.suggestedAmount}
            onClose={() => setRefunding(null)}
          />
          <DeclineDialog
            request={declining}
            onClose={() => setDeclining(null)}
            afterDeclined={() => resultsRef.current?.focus()}
          />
        </>
      ) : null}
    </div>
  );
}

function RequestCard({
  request,
  canManage,
  refundLoading,
  onRefund,
  onDecline,
}: {
  request: SubscriptionRefundRequest;
  canManage: boolean;
  refundLoading: boolean;
  onRefund: (transactionId: number) => void;
  onDecline: () => void;
}) {
  const headingId = `refund-request-${request.id}`;
  const name = studentName(request);
  const payment = refundablePayment(request);
  const pending = request.status === RefundRequestStatus.Pending;
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={headingId} className="font-bold">
            <Link to={`/user/${request.userId}`} className="hover:text-brand focus-visible:underline">
              <bdi dir="auto">{name}</bdi>
            </Link>
          </h2>
          <p className="text-xs text-muted-foreground">
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </p>
        </div>
        <Badge tone={STATUS_TONE[request.status]}>{statusText[request.status]}</Badge>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{text.plan}</dt>
          <dd className="mt-1 font-semibold">
            <bdi dir="auto">{request.planAlias}</bdi>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{text.suggested}</dt>
          <dd className="mt-1 font-bold text-brand tabular-nums">{formatMoney(request.suggestedAmount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{text.payments}</dt>
          <dd className="mt-1">
            <ul className="flex flex-col gap-0.5">
              {request.payments.map((item) => (
                <li key={item.transactionId} className="tabular-nums">
                  {text.payment(item.transactionId, formatMoney(item.amount))}
                  {item.upgrade ? ` · ${text.paymentUpgrade}` : ''}
                  {item.refundedAmount > 0 ? ` · ${text.refundedPart(formatMoney(item.refundedAmount))}` : ''}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <div className="text-sm">
        <p className="text-xs font-semibold text-muted-foreground">{text.reason}</p>
        <p className="mt-1 whitespace-pre-wrap break-words" dir="auto">
          {request.reason}
        </p>
      </div>
      {request.staffNote ? (
        <p className="text-sm text-muted-foreground">{text.staffNote(request.staffNote)}</p>
      ) : null}
      {request.decidedAt ? (
        <p className="text-xs text-muted-foreground">{text.decidedBy(formatDateTime(request.decidedAt))}</p>
      ) : null}
      {canManage && pending ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={onDecline} aria-label={text.declineFor(name)}>
            {text.decline}
          </Button>
          {payment ? (
            <Button
              size="sm"
              loading={refundLoading}
              onClick={() => onRefund(payment.transactionId)}
              aria-label={text.refundFor(name)}
            >
              {text.refund}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

const NOTE = BOUNDS.refundDeclineNote;

/** Declines a request with a note the student receives. */
function DeclineDialog({
  request,
  onClose,
  afterDeclined,
}: {
  request: SubscriptionRefundRequest | null;
  onClose: () => void;
  /** Moves the focus once the dialog closed on a declined request (its card leaves the open ones). */
  afterDeclined: () => void;
}) {
  const declined = useRef(false);
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DeclineContent
          key={request.id}
          request={request}
          onClose={onClose}
          onDeclined={() => {
            declined.current = true;
            onClose();
          }}
          onCloseAutoFocus={(event) => {
            if (declined.current) {
              declined.current = false;
              event.preventDefault();
              afterDeclined();
            }
          }}
        />
      ) : null}
    </Dialog>
  );
}

function DeclineContent({
  request,
  onClose,
  onDeclined,
  onCloseAutoFocus,
}: {
  request: SubscriptionRefundRequest;
  onClose: () => void;
  onDeclined: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { toast } = useToast();
  const decline = useDeclineRefundRequest();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const formId = useId();
  const length = note.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decline.isPending) {
      return;
    }
    if (length < NOTE.min || length > NOTE.max) {
      setError(length < NOTE.min ? 'text-too-short' : 'text-too-long');
      return;
    }
    setError(undefined);
    decline.mutate(
      { id: request.id, note: note.trim() },
      {
        onSuccess: () => {
          toast({ id: `refund-request-declined-${request.id}`, type: 'success', title: text.declined });
          onDeclined();
        },
      },
    );
  };

  return (
    <DialogContent
      title={text.declineTitle(studentName(request))}
      description={text.declineText}
      className="sm:max-w-md"
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={decline.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={decline.isPending}>
            {text.declineSubmit}
          </Button>
        </>
      }
    >
      {decline.isError ? <Alert tone="danger">{describeError(decline.error)}</Alert> : null}
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-2">
        <FormField label={text.note} hint={text.noteHint} error={error}>
          <Textarea
            rows={4}
            value={note}
            maxLength={NOTE.max}
            onChange={(event) => {
              setNote(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <p className="text-end text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {subscriptionManageMessages.refund.count(length, NOTE.max)}
        </p>
      </form>
    </DialogContent>
  );
}
