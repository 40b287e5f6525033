import { useCancelUnpaidOrder } from '@hiwar/client';
import { PaymentMethod, PaymentStatus, type PlanPeriod, type Transaction } from '@hiwar/domain';
import {
  Button,
  CopyButton,
  checkoutMessages,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  formatDateTime,
  formatMoney,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNow } from '../hooks/use-now.ts';
import { groupReference } from './pay-instructions.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const text = checkoutMessages.paymentsPage;

/** How the payment was made, with its installment or coupon, in one line. */
function methodLine(transaction: Transaction): string {
  if (transaction.method === null) {
    return text.granted;
  }
  const parts: string[] = [checkoutMessages.methods[transaction.method]];
  if (transaction.installment) {
    parts.push(text.installment(transaction.installment.index, transaction.installment.count));
  }
  if (transaction.bankInstallmentMonths) {
    parts.push(text.bankMonths(transaction.bankInstallmentMonths));
  }
  if (transaction.couponCode) {
    parts.push(text.coupon(transaction.couponCode));
  }
  return parts.join('، ');
}

export interface TransactionItemProps {
  transaction: Transaction;
  planName: string;
}

/**
 * One payment of /payments: date, plan and period, method, amount (and what was refunded), status; for an
 * order still awaiting payment the reference number and its deadline, a way back to its status, and
 * "cancel the order".
 */
export function TransactionItem({ transaction, planName }: TransactionItemProps) {
  const awaiting = transaction.status === PaymentStatus.New;
  const showsReference =
    awaiting && transaction.method === PaymentMethod.Fawry && transaction.fawryRefNumber !== null;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5">
      <div className="grid gap-3 sm:grid-cols-[1.4fr_1fr_auto] sm:items-center">
        <div className="min-w-0">
          <p className="font-bold text-foreground">
            {planName}
            <span className="font-normal text-muted-foreground">
              {'، '}
              {checkoutMessages.periods.name[transaction.period as PlanPeriod]}
            </span>
          </p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
          </p>
        </div>
        <div className="min-w-0 text-sm">
          <p className="text-foreground">{methodLine(transaction)}</p>
          <p className="text-xs text-muted-foreground">
            {checkoutMessages.status.orderNumber(transaction.id)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end sm:gap-1">
          <p className="text-lg font-bold text-foreground">
            {transaction.amount === 0 ? text.free : formatMoney(transaction.amount)}
          </p>
          <PaymentStatusBadge status={transaction.status} />
          {transaction.refundedAmount > 0 ? (
            <p className="text-xs text-muted-foreground">
              {text.refunded(formatMoney(transaction.refundedAmount))}
            </p>
          ) : null}
        </div>
      </div>

      {showsReference ? (
        <ReferenceBox reference={transaction.fawryRefNumber as string} expiresAt={transaction.expiresAt} />
      ) : awaiting && transaction.expiresAt ? (
        <Deadline expiresAt={transaction.expiresAt} />
      ) : null}

      {awaiting ? (
        <div className="flex flex-wrap gap-2 border-t border-border pt-3">
          <Button asChild size="sm" variant="secondary">
            <Link to={`/checkout/result?transaction=${transaction.id}`}>{text.continue}</Link>
          </Button>
          <CancelOrderButton transaction={transaction} />
        </div>
      ) : null}
    </li>
  );
}

function ReferenceBox({ reference, expiresAt }: { reference: string; expiresAt: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-brand/40 bg-brand-soft/40 p-3">
      <div>
        <p className="text-xs font-semibold text-muted-foreground">{text.reference}</p>
        <p dir="ltr" className="font-mono text-xl font-bold tracking-wider text-foreground tabular-nums">
          {groupReference(reference)}
        </p>
        {expiresAt ? <Deadline expiresAt={expiresAt} inline /> : null}
      </div>
      <CopyButton
        size="sm"
        text={reference}
        label={checkoutMessages.fawry.copy}
        copiedLabel={checkoutMessages.fawry.copied}
      />
    </div>
  );
}

function Deadline({ expiresAt, inline = false }: { expiresAt: string; inline?: boolean }) {
  const now = useNow(30_000);
  const left = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return (
    <p className={`flex flex-wrap items-center gap-1.5 text-sm ${inline ? 'mt-1' : ''} text-warning`}>
      <Clock aria-hidden="true" className="size-4" />
      <span className="font-semibold">{text.payBefore(formatDateTime(expiresAt))}</span>
      {left > 0 ? (
        <span className="text-muted-foreground">
          ({checkoutMessages.fawry.expiresIn(checkoutMessages.timeLeft(left))})
        </span>
      ) : null}
    </p>
  );
}

function CancelOrderButton({ transaction }: { transaction: Transaction }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelUnpaidOrder();
  const showError = useErrorToast();
  const { toast } = useToast();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-danger hover:bg-danger-soft hover:text-danger">
          {text.cancel}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={text.cancelTitle}
        description={text.cancelText}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{text.keep}</Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { transactionId: transaction.id },
                  {
                    onSuccess: () => {
                      setOpen(false);
                      toast({ type: 'success', title: text.canceled });
                    },
                    onError: showError,
                  },
                )
              }
            >
              {text.cancelConfirm}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
