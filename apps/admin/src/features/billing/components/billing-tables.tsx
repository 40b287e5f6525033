import { PaymentStatus, refundableAmount, type Subscription, type Transaction } from '@hiwar/domain';
import { adminPaymentsMessages, Button, cn, formatDate, formatDateTime, formatMoney } from '@hiwar/ui';
import { Undo2, XCircle } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import {
  paymentMethodLabel,
  paymentStatusBadge,
  periodLabel,
  SUBSCRIPTION_STATE_TONES,
  subscriptionState,
} from '../../../lib/payments.ts';

const text = adminPaymentsMessages;
const billing = text.billing;

const dateFormat = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const dateTimeFormat = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

function Empty() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{text.notSet}</span>
    </span>
  );
}

/** When a subscription stopped or stops counting: its end, or the day it was cut short. */
function effectiveEndOf(subscription: Subscription): string {
  return subscription.endedAt && Date.parse(subscription.endedAt) < Date.parse(subscription.end)
    ? subscription.endedAt
    : subscription.end;
}

/** A transaction status as a coloured Arabic badge (every PaymentStatus has one). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, tone } = paymentStatusBadge(status);
  return <Badge tone={tone}>{label}</Badge>;
}

export function SubscriptionsTable({
  subscriptions,
  planName,
  now,
}: {
  subscriptions: readonly Subscription[];
  planName: (id: number | null) => string;
  now: Date;
}) {
  const columns = billing.subscriptionColumns;
  return (
    <>
      <ul
        aria-label={billing.subscriptionsTable}
        className="divide-y divide-border rounded-xl border border-border sm:hidden"
      >
        {subscriptions.map((subscription) => {
          const state = subscriptionState(subscription, now);
          return (
            <li key={subscription.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <span className="flex items-start justify-between gap-3">
                <span className="font-semibold">
                  {planName(subscription.planId)}
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · {periodLabel(subscription.period)}
                  </span>
                </span>
                <Badge tone={SUBSCRIPTION_STATE_TONES[state]}>{billing.subscriptionStates[state]}</Badge>
              </span>
              <span className="text-xs text-muted-foreground">
                {billing.dateRange(
                  formatDate(subscription.start, dateFormat),
                  formatDate(effectiveEndOf(subscription), dateFormat),
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="relative overflow-x-auto rounded-xl border border-border max-sm:hidden">
        <table className={t.table}>
          <caption className="sr-only">{billing.subscriptionsTable}</caption>
          <thead className={t.head}>
            <tr>
              <th scope="col" className={t.headCell}>
                {columns.plan}
              </th>
              <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
                {columns.quota}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.start}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.end}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.state}
              </th>
            </tr>
          </thead>
          <tbody className={t.body}>
            {subscriptions.map((subscription) => {
              const state = subscriptionState(subscription, now);
              const endedEarly =
                subscription.endedAt !== null &&
                Date.parse(subscription.endedAt) < Date.parse(subscription.end);
              return (
                <tr key={subscription.id}>
                  <th scope="row" className={cn(t.cell, 'text-start font-normal')}>
                    <span className="flex flex-col gap-0.5">
                      <span className="font-semibold">{planName(subscription.planId)}</span>
                      <span className="text-xs text-muted-foreground">
                        {periodLabel(subscription.period)}
                      </span>
                    </span>
                  </th>
                  <td className={cn(t.cell, 'whitespace-nowrap max-md:hidden')}>
                    {text.quota.weekly(subscription.weeklyMinutes)}
                  </td>
                  <td className={cn(t.cell, 'whitespace-nowrap')}>
                    <time dateTime={subscription.start}>{formatDate(subscription.start, dateFormat)}</time>
                  </td>
                  <td className={cn(t.cell, 'whitespace-nowrap')}>
                    {endedEarly && subscription.endedAt ? (
                      <span className="flex flex-col gap-0.5">
                        <time dateTime={subscription.endedAt}>
                          {formatDate(subscription.endedAt, dateFormat)}
                        </time>
                        <s className="text-xs text-muted-foreground">
                          <time dateTime={subscription.end}>{formatDate(subscription.end, dateFormat)}</time>
                        </s>
                      </span>
                    ) : (
                      <time dateTime={subscription.end}>{formatDate(subscription.end, dateFormat)}</time>
                    )}
                  </td>
                  <td className={t.cell}>
                    <Badge tone={SUBSCRIPTION_STATE_TONES[state]}>{billing.subscriptionStates[state]}</Badge>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The method cell: how it was paid, and the coupon, installment or bank programme it used. */
function MethodDetails({ transaction }: { transaction: Transaction }) {
  const notes = [
    transaction.couponCode ? billing.coupon(transaction.couponCode) : null,
    transaction.installment
      ? billing.installment(transaction.installment.index, transaction.installment.count)
      : null,
    transaction.bankInstallmentMonths ? billing.bankMonths(transaction.bankInstallmentMonths) : null,
  ].filter((note): note is string => note !== null);
  return (
    <span className="flex flex-col gap-0.5">
      <span className="whitespace-nowrap">{paymentMethodLabel(transaction.method)}</span>
      {notes.map((note) => (
        <span key={note} dir="auto" className="text-xs whitespace-nowrap text-muted-foreground">
          {note}
        </span>
      ))}
    </span>
  );
}

export interface TransactionsTableProps {
  transactions: readonly Transaction[];
  planName: (id: number | null) => string;
  /** SuperAdmin: the refund and cancel-order buttons. */
  canManage: boolean;
  onRefund: (transaction: Transaction) => void;
  onCancelOrder: (transaction: Transaction) => void;
  isStale?: boolean;
}

/** The SuperAdmin's action on a payment: refund what is left of it, or cancel it while unpaid. */
function TransactionAction({
  transaction,
  onRefund,
  onCancelOrder,
}: Pick<TransactionsTableProps, 'onRefund' | 'onCancelOrder'> & { transaction: Transaction }) {
  const reference = billing.reference(transaction.id);
  // A staff grant was never paid through Fawry: nothing to give back.
  const refundable = transaction.method === null ? 0 : refundableAmount(transaction);
  if (refundable > 0) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${billing.refund} ${reference}`}
        onClick={() => onRefund(transaction)}
      >
        <Undo2 aria-hidden="true" />
        {billing.refund}
      </Button>
    );
  }
  if (transaction.status === PaymentStatus.New) {
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${billing.cancelOrder} ${reference}`}
        onClick={() => onCancelOrder(transaction)}
      >
        <XCircle aria-hidden="true" />
        {billing.cancelOrder}
      </Button>
    );
  }
  return null;
}

export function TransactionsTable({
  transactions,
  planName,
  canManage,
  onRefund,
  onCancelOrder,
  isStale = false,
}: TransactionsTableProps) {
  const columns = billing.transactionColumns;
  return (
    <div className={cn('transition-opacity', isStale && 'opacity-60')}>
      <ul aria-label={billing.transactionsTable} className="divide-y divide-border sm:hidden">
        {transactions.map((transaction) => (
          <li key={transaction.id} className="flex flex-col gap-2 px-4 py-3 text-sm">
            <span className="flex items-start justify-between gap-3">
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold">
                  {planName(transaction.planId)}
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · {periodLabel(transaction.period)}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {billing.reference(transaction.id)} ·{' '}
                  <time dateTime={transaction.createdAt}>
                    {formatDateTime(transaction.createdAt, dateTimeFormat)}
                  </time>
                </span>
              </span>
              <PaymentStatusBadge status={transaction.status} />
            </span>
            <span className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold tabular-nums">{formatMoney(transaction.amount)}</span>
                <span className="text-xs text-muted-foreground">
                  {paymentMethodLabel(transaction.method)}
                  {transaction.refundedAmount > 0
                    ? ` · ${columns.refunded} ${formatMoney(transaction.refundedAmount)}`
                    : null}
                </span>
              </span>
              {canManage ? (
                <TransactionAction
                  transaction={transaction}
                  onRefund={onRefund}
                  onCancelOrder={onCancelOrder}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <div className="relative overflow-x-auto max-sm:hidden">
        <table className={t.table}>
          <caption className="sr-only">{billing.transactionsTable}</caption>
          <thead className={t.head}>
            <tr>
              <th scope="col" className={t.headCell}>
                {columns.id}
              </th>
              <th scope="col" className={cn(t.headCell, 'max-lg:hidden')}>
                {columns.date}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.plan}
              </th>
              <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
                {columns.method}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.amount}
              </th>
              <th scope="col" className={cn(t.headCell, 'max-md:hidden')}>
                {columns.refunded}
              </th>
              <th scope="col" className={t.headCell}>
                {columns.status}
              </th>
              {canManage ? (
                <th scope="col" className={t.headCell}>
                  <span className="sr-only">{columns.actions}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className={t.body}>
            {transactions.map((transaction) => {
              const reference = billing.reference(transaction.id);
              return (
                <tr key={transaction.id}>
                  <th scope="row" className={cn(t.cell, 'text-start font-normal')}>
                    <span className="flex flex-col gap-0.5">
                      <span className="font-semibold tabular-nums">{reference}</span>
                      <span className="text-xs whitespace-nowrap text-muted-foreground lg:hidden">
                        <time dateTime={transaction.createdAt}>
                          {formatDateTime(transaction.createdAt, dateTimeFormat)}
                        </time>
                      </span>
                    </span>
                  </th>
                  <td className={cn(t.cell, 'whitespace-nowrap text-muted-foreground max-lg:hidden')}>
                    <time dateTime={transaction.createdAt}>
                      {formatDateTime(transaction.createdAt, dateTimeFormat)}
                    </time>
                  </td>
                  <td className={t.cell}>
                    <span className="flex flex-col gap-0.5">
                      <span className="font-medium">{planName(transaction.planId)}</span>
                      <span className="text-xs text-muted-foreground">
                        {periodLabel(transaction.period)}
                        <span className="md:hidden"> · {paymentMethodLabel(transaction.method)}</span>
                      </span>
                    </span>
                  </td>
                  <td className={cn(t.cell, 'max-md:hidden')}>
                    <MethodDetails transaction={transaction} />
                  </td>
                  <td className={cn(t.cell, 'font-semibold whitespace-nowrap tabular-nums')}>
                    {formatMoney(transaction.amount)}
                    {transaction.refundedAmount > 0 ? (
                      <span className="block text-xs font-normal text-warning md:hidden">
                        −{formatMoney(transaction.refundedAmount)}
                      </span>
                    ) : null}
                  </td>
                  <td className={cn(t.cell, 'whitespace-nowrap tabular-nums max-md:hidden')}>
                    {transaction.refundedAmount > 0 ? formatMoney(transaction.refundedAmount) : <Empty />}
                  </td>
                  <td className={t.cell}>
                    <span className="flex flex-col items-start gap-1">
                      <PaymentStatusBadge status={transaction.status} />
                      {transaction.failureReason ? (
                        <span className="max-w-48 text-xs text-muted-foreground">
                          {billing.failure(transaction.failureReason)}
                        </span>
                      ) : null}
                    </span>
                  </td>
                  {canManage ? (
                    <td className={cn(t.cell, 'text-end whitespace-nowrap')}>
                      <TransactionAction
                        transaction={transaction}
                        onRefund={onRefund}
                        onCancelOrder={onCancelOrder}
                      />
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
