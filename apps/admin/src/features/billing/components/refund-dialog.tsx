import { useRefundPayment } from '@hiwar/client';
import { refundableAmount, type Transaction } from '@hiwar/domain';
import {
  Alert,
  adminPaymentsMessages,
  Button,
  Dialog,
  DialogContent,
  FormField,
  formatMoney,
  Input,
  messages,
  useToast,
} from '@hiwar/ui';
import { type FormEvent, useId, useState } from 'react';
import { describeError } from '../../../components/describe-error.ts';
import { UnitInput } from '../../../components/unit-input.tsx';
import { parseTypedNumber, piastersToPoundsText } from '../../../lib/payments.ts';

const text = adminPaymentsMessages;
const refund = text.refund;

/** The typed amount in piasters, or the Arabic reason it cannot be refunded. */
export function readRefundAmount(raw: string, refundable: number): { piasters: number } | { error: string } {
  const pounds = parseTypedNumber(raw);
  if (pounds === undefined) {
    return { error: refund.amountRequired };
  }
  if (Number.isNaN(pounds) || Math.round(pounds * 100) !== Number((pounds * 100).toFixed(6))) {
    return { error: refund.amountInvalid };
  }
  const piasters = Math.round(pounds * 100);
  if (piasters <= 0) {
    return { error: refund.amountZero };
  }
  if (piasters > refundable) {
    return { error: refund.amountAboveMax(formatMoney(refundable)) };
  }
  return { piasters };
}

export interface RefundDialogProps {
  /** The payment to refund; `null` keeps the dialog closed. */
  transaction: Transaction | null;
  /** Whose money it is, for the confirmation. */
  userName: string;
  reference: string;
  /** The amount to start from (a refund request's suggestion), capped at what is left to refund. */
  defaultAmount?: number;
  onClose: () => void;
}

/**
 * Refund all or part of a payment (SuperAdmin): the amount defaults to what is left to refund and may not
 * exceed it; a second step confirms, since a refund ends the subscription the payment bought. The
 * server's answer (done, or why not) is shown in Arabic.
 */
export function RefundDialog({
  transaction,
  userName,
  reference,
  defaultAmount,
  onClose,
}: RefundDialogProps) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {transaction ? (
        <RefundContent
          key={transaction.id}
          transaction={transaction}
          userName={userName}
          reference={reference}
          defaultAmount={defaultAmount}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function RefundContent({
  transaction,
  userName,
  reference,
  defaultAmount,
  onClose,
}: {
  transaction: Transaction;
  userName: string;
  reference: string;
  defaultAmount: number | undefined;
  onClose: () => void;
}) {
  const ids = useId();
  const amountId = `${ids}-amount`;
  const { toast } = useToast();
  const mutation = useRefundPayment();
  const refundable = refundableAmount(transaction);
  const [amount, setAmount] = useState(() =>
    piastersToPoundsText(
      defaultAmount !== undefined && defaultAmount > 0 ? Math.min(defaultAmount, refundable) : refundable,
    ),
  );
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const read = readRefundAmount(amount, refundable);
  const fieldError = touched && 'error' in read ? read.error : null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if ('piasters' in read) {
      mutation.reset();
      setConfirming(read.piasters);
    }
  };

  const send = (piasters: number) => {
    const trimmed = reason.trim();
    mutation.mutate(
      { transactionId: transaction.id, amount: piasters, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: () => {
          toast({
            id: `refund-${transaction.id}`,
            type: 'success',
            title: refund.done(formatMoney(piasters)),
          });
          onClose();
        },
        onError: () => setConfirming(null),
      },
    );
  };

  if (confirming !== null) {
    return (
      <DialogContent
        title={refund.confirmTitle}
        description={refund.confirmBody(formatMoney(confirming), userName)}
        className="sm:max-w-md"
        onInteractOutside={(event) => event.preventDefault()}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={mutation.isPending}>
              {refund.back}
            </Button>
            <Button variant="danger" onClick={() => send(confirming)} loading={mutation.isPending}>
              {refund.confirm}
            </Button>
          </>
        }
      />
    );
  }

  const formId = `${ids}-form`;
  return (
    <DialogContent
      title={refund.title(reference)}
      description={refund.description}
      className="sm:max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={refundable === 0}>
            {refund.submit}
          </Button>
        </>
      }
    >
      {mutation.isError ? <Alert tone="danger">{describeError(mutation.error)}</Alert> : null}
      {refundable === 0 ? <Alert tone="warning">{refund.notRefundable}</Alert> : null}
      <dl className="grid grid-cols-3 gap-3 rounded-xl bg-surface-muted/70 p-3.5 text-sm">
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{refund.paid}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{formatMoney(transaction.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{refund.alreadyRefunded}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{formatMoney(transaction.refundedAmount)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted-foreground">{refund.refundable}</dt>
          <dd className="mt-1 font-bold text-brand tabular-nums">{formatMoney(refundable)}</dd>
        </div>
      </dl>
      <form id={formId} noValidate onSubmit={review} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <FormField id={amountId} label={refund.amount} hint={refund.amountHint(formatMoney(refundable))}>
            <UnitInput
              unit={text.currency}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              onBlur={() => setTouched(true)}
              disabled={refundable === 0}
              // Only when set: FormField's own aria wiring must not be overwritten with undefined.
              {...(fieldError
                ? { 'aria-invalid': true, 'aria-describedby': `${amountId}-hint ${amountId}-error` }
                : {})}
            />
          </FormField>
          {fieldError ? (
            <p id={`${amountId}-error`} className="text-sm font-medium text-danger">
              {fieldError}
            </p>
          ) : null}
          {refundable > 0 && 'piasters' in read && read.piasters !== refundable ? (
            <Button
              variant="link"
              size="sm"
              className="w-fit text-sm"
              onClick={() => setAmount(piastersToPoundsText(refundable))}
            >
              {refund.full}
            </Button>
          ) : null}
        </div>
        <FormField label={refund.reason} hint={refund.reasonHint} optional>
          <Input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <Alert tone="warning">{refund.endsSubscription}</Alert>
      </form>
    </DialogContent>
  );
}
