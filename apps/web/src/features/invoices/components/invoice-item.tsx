import type { Invoice, ReceiverDetails } from '@hiwar/domain';
import { Button, cn, formatDateTime, formatMoney, invoicesMessages } from '@hiwar/ui';
import { CircleX, Pencil, StickyNote } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { payoutWindow, receiverLines, tutorActions } from '../lib/invoice-view.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { ReceiptButton } from './receipt-button.tsx';

const text = invoicesMessages;

function Details({ details }: { details: ReceiverDetails }) {
  return (
    <span className="flex flex-col gap-0.5">
      {receiverLines(details).map((line) => (
        <span key={line.label}>
          <span className="text-muted-foreground">{line.label}: </span>
          <bdi dir={line.ltr ? 'ltr' : undefined} className={cn(line.ltr && 'tabular-nums')}>
            {line.value}
          </bdi>
        </span>
      ))}
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

export interface InvoiceItemProps {
  invoice: Invoice;
  onAskUpdate: (invoice: Invoice) => void;
  onAskCancel: (invoice: Invoice) => void;
}

/**
 * One withdrawal request as its tutor sees it: amount and status, method and receiver details (and the
 * new ones waiting for approval), the expected payout window, the staff note, the receipt, and only
 * the moves rules.md's table leaves to the tutor.
 */
export function InvoiceItem({ invoice, onAskUpdate, onAskCancel }: InvoiceItemProps) {
  const titleId = useId();
  const amount = formatMoney(invoice.amount);
  const payout = payoutWindow(invoice);
  const { canAskUpdate, canAskCancel } = tutorActions(invoice);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        // Where the focus stays when an action of the card removes its own button (a cancelled request).
        tabIndex={-1}
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-0.5">
            <h3 id={titleId} className="text-base font-bold text-foreground">
              {text.list.request(amount)}
            </h3>
            <p className="text-xs text-muted-foreground">
              {text.list.requestedAt(formatDateTime(invoice.createdAt))}
            </p>
          </div>
          <InvoiceStatusBadge status={invoice.status} />
        </header>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={text.list.method}>{text.method[invoice.details.method]}</Fact>
          <Fact label={text.list.receiver}>
            <Details details={invoice.details} />
          </Fact>
          {invoice.requestedDetails ? (
            <Fact label={text.list.requested}>
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold">{text.method[invoice.requestedDetails.method]}</span>
                <Details details={invoice.requestedDetails} />
              </span>
            </Fact>
          ) : null}
          {payout ? (
            <Fact label={text.list.expected}>{text.list.expectedRange(payout.earliest, payout.latest)}</Fact>
          ) : null}
        </dl>
        {invoice.note ? (
          <div className="flex items-start gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
            <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <p className="min-w-0">
              <span className="font-semibold">{text.list.note}: </span>
              <span className="whitespace-pre-line break-words">{invoice.note}</span>
            </p>
          </div>
        ) : null}
        {invoice.receipt || canAskUpdate || canAskCancel ? (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-3">
            {invoice.receipt ? <ReceiptButton receipt={invoice.receipt} amount={amount} /> : null}
            {canAskUpdate ? (
              <Button variant="secondary" size="sm" onClick={() => onAskUpdate(invoice)}>
                <Pencil aria-hidden="true" />
                {text.list.askUpdate}
              </Button>
            ) : null}
            {canAskCancel ? (
              <Button variant="ghost" size="sm" onClick={() => onAskCancel(invoice)}>
                <CircleX aria-hidden="true" />
                {text.list.askCancel}
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
