import { PaymentStatus, type PlanPeriod } from '@hiwar/domain';
import { Button, Card, checkoutMessages, errorMessage, Spinner } from '@hiwar/ui';
import { CheckCircle2, CircleSlash, Clock, RotateCcw, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLiveTransaction } from '../hooks/use-live-transaction.ts';
import { checkoutPath, TRIAL_CHECKOUT_PATH } from '../lib/periods.ts';

const text = checkoutMessages.status;

export interface PaymentStatusPanelProps {
  transactionId: number;
  /** Waiting for the buyer to pay (reference, wallet) or for the bank's verdict (after 3-D Secure). */
  waiting?: 'payment' | 'confirmation';
  /** What to do while the payment is awaited: the reference number, the wallet request. */
  pending?: ReactNode;
  /** The new subscription waits for the current one to end. */
  queued?: boolean;
  /** What "paid" means here, when not a new subscription (an upgrade, the trial lesson). */
  paidText?: string;
  /** Where "paid" leads, when not to the subscription (the trial lesson: to book it). */
  paidAction?: { to: string; label: string };
}

type Look = { icon: ReactNode; tone: string; title: string; body: string };

function lookOf(status: PaymentStatus, queued: boolean): Look | null {
  switch (status) {
    case PaymentStatus.Paid:
      return {
        icon: <CheckCircle2 />,
        tone: 'bg-success-soft text-success',
        title: text.paidTitle,
        body: queued ? text.paidQueuedText : text.paidText,
      };
    case PaymentStatus.Failed:
      return {
        icon: <XCircle />,
        tone: 'bg-danger-soft text-danger',
        title: text.failedTitle,
        body: text.failedText,
      };
    case PaymentStatus.Expired:
      return {
        icon: <Clock />,
        tone: 'bg-surface-muted text-muted-foreground',
        title: text.expiredTitle,
        body: text.expiredText,
      };
    case PaymentStatus.Canceled:
      return {
        icon: <CircleSlash />,
        tone: 'bg-surface-muted text-muted-foreground',
        title: text.canceledTitle,
        body: text.canceledText,
      };
    case PaymentStatus.Refunded:
    case PaymentStatus.PartialRefunded:
      return {
        icon: <RotateCcw />,
        tone: 'bg-info-soft text-info',
        title: text.refundedTitle,
        body: text.refundedText,
      };
    default:
      return null;
  }
}

/**
 * A payment's live status: waiting (with what to do meanwhile), then paid, failed, expired or cancelled,
 * updated from the `payment-status` socket event without a reload (and a poll as fallback). Changes are
 * announced politely to screen readers.
 */
export function PaymentStatusPanel({
  transactionId,
  waiting = 'payment',
  pending,
  queued = false,
  paidText,
  paidAction,
}: PaymentStatusPanelProps) {
  const { transaction, status, isLoading, error } = useLiveTransaction(transactionId);

  if (isLoading) {
    return (
      <Card className="flex items-center justify-center p-10">
        <Spinner size="lg" className="text-brand" />
      </Card>
    );
  }
  if (!transaction || status === undefined) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : null;
    return (
      <Card role="status" className="p-6 text-center">
        <p className="text-lg font-bold text-foreground">{text.notFoundTitle}</p>
        <p className="mt-1 text-muted-foreground">{code ? errorMessage(code) : text.notFoundText}</p>
        <Button asChild variant="secondary" className="mt-4">
          <Link to="/payments">{text.toPayments}</Link>
        </Button>
      </Card>
    );
  }

  const found = lookOf(status, queued);
  const look = found && paidText && status === PaymentStatus.Paid ? { ...found, body: paidText } : found;
  const retryPath =
    transaction.planId === null
      ? TRIAL_CHECKOUT_PATH
      : checkoutPath(transaction.planId, transaction.period as PlanPeriod, {
          upgrade: transaction.upgradeOf ?? null,
        });

  return (
    <Card className="overflow-hidden">
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col items-center gap-3 p-6 text-center sm:p-8"
      >
        {look ? (
          <span
            aria-hidden="true"
            className={`inline-flex size-16 items-center justify-center rounded-full [&_svg]:size-8 ${look.tone}`}
          >
            {look.icon}
          </span>
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-16 items-center justify-center rounded-full bg-warning-soft text-warning"
          >
            <Spinner size="lg" />
          </span>
        )}
        <h2 className="text-xl font-bold text-foreground">
          {look?.title ?? (waiting === 'confirmation' ? text.checkingTitle : text.waitingTitle)}
        </h2>
        <p className="max-w-md text-muted-foreground">
          {look?.body ?? (waiting === 'confirmation' ? text.checkingText : text.waitingText)}
        </p>
        <p className="text-xs text-muted-foreground">{text.orderNumber(transaction.id)}</p>
      </div>

      {status === PaymentStatus.New && pending ? (
        <div className="border-t border-border p-5 sm:p-6">{pending}</div>
      ) : null}

      {look ? (
        <div className="flex flex-wrap justify-center gap-2 border-t border-border p-4">
          {status === PaymentStatus.Paid ? (
            <>
              {paidAction || transaction.planId === null ? (
                <Button asChild>
                  <Link to={paidAction?.to ?? '/tutors'}>{paidAction?.label ?? text.bookTrial}</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link to="/subscription">{text.toSubscription}</Link>
                </Button>
              )}
              <Button asChild variant="secondary">
                <Link to="/tutors">{text.browseTutors}</Link>
              </Button>
            </>
          ) : status === PaymentStatus.Failed ||
            status === PaymentStatus.Expired ||
            status === PaymentStatus.Canceled ? (
            <>
              <Button asChild>
                <Link to={retryPath}>{text.tryAgain}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/payments">{text.toPayments}</Link>
              </Button>
            </>
          ) : (
            <Button asChild variant="secondary">
              <Link to="/payments">{text.toPayments}</Link>
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
