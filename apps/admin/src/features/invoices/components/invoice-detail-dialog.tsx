import { useInvoiceStats } from '@hiwar/client';
import {
  type Invoice,
  type InvoiceStatus,
  localDayRange,
  type ReceiverDetails,
  WithdrawMethodType,
} from '@hiwar/domain';
import {
  Alert,
  adminMessages,
  Button,
  cn,
  Dialog,
  DialogContent,
  formatDate,
  formatDateTime,
  formatMoney,
  invoicesMessages,
} from '@hiwar/ui';
import { ListFilter, StickyNote, UserRound } from 'lucide-react';
import { type FocusEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge.tsx';
import { LedgerSummary } from '../../../components/ledger-summary.tsx';
import { type StaffActionSpec, staffActionsFor } from '../lib/staff-actions.ts';
import { InvoiceActionForm } from './invoice-action-form.tsx';
import { ReceiptButton } from './receipt-button.tsx';

const text = invoicesMessages;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** Where the money goes: the method and its fields (numbers and addresses read left to right). */
export function ReceiverDetailsView({ details }: { details: ReceiverDetails }) {
  const lines =
    details.method === WithdrawMethodType.Wallet
      ? [{ label: text.details.phone, value: details.phone, ltr: true }]
      : details.method === WithdrawMethodType.Bank
        ? [
            { label: text.details.bank, value: text.bank[details.bank], ltr: false },
            { label: text.details.accountNumber, value: details.accountNumber, ltr: true },
          ]
        : [{ label: text.details.username, value: details.username, ltr: true }];
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-semibold">{text.method[details.method]}</span>
      {lines.map((line) => (
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

/** The tutor's name, or "tutor #3" for an account without one. */
export function receiverName(invoice: Invoice): string {
  return invoice.receiver.name?.trim() || text.admin.unnamed(invoice.userId);
}

function Details({ invoice, onAction }: { invoice: Invoice; onAction: (spec: StaffActionSpec) => void }) {
  const stats = useInvoiceStats(invoice.userId);
  const actions = staffActionsFor(invoice);
  const amount = formatMoney(invoice.amount);
  const payoutDay = (date: string) =>
    formatDate(localDayRange(date).start, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <div className="flex flex-col gap-5">
      <section aria-label={text.detail.ledger} className="flex flex-col gap-2">
        <h3 className="text-sm font-bold text-foreground">{text.detail.ledger}</h3>
        {stats.isError ? (
          <Alert tone="danger">{text.detail.ledgerFailed}</Alert>
        ) : (
          <LedgerSummary stats={stats.data} />
        )}
      </section>
      <section aria-label={text.detail.request} className="flex flex-col gap-3">
        <h3 className="text-sm font-bold text-foreground">{text.detail.request}</h3>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={text.admin.amount}>
            <span className="font-bold tabular-nums">{amount}</span>
          </Fact>
          <Fact label={text.list.status}>
            <InvoiceStatusBadge status={invoice.status} />
          </Fact>
          <Fact label={text.detail.current}>
            <ReceiverDetailsView details={invoice.details} />
          </Fact>
          {invoice.requestedDetails ? (
            <Fact label={text.detail.requested}>
              <span className="block rounded-lg bg-warning-soft/60 p-2">
                <ReceiverDetailsView details={invoice.requestedDetails} />
              </span>
            </Fact>
          ) : null}
          <Fact label={text.detail.requestedAt}>{formatDateTime(invoice.createdAt)}</Fact>
          <Fact label={text.list.expected}>
            {text.list.expectedRange(
              payoutDay(invoice.expectedPayout.earliest),
              payoutDay(invoice.expectedPayout.latest),
            )}
          </Fact>
          <Fact label={text.detail.updatedAt}>{formatDateTime(invoice.updatedAt)}</Fact>
          <Fact label={text.detail.addressedBy}>{invoice.addressedBy?.name ?? text.detail.nobody}</Fact>
        </dl>
        <div className="flex items-start gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
          <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <p className="min-w-0">
            <span className="font-semibold">{text.detail.note}: </span>
            <span className="whitespace-pre-line break-words">{invoice.note ?? text.detail.noNote}</span>
          </p>
        </div>
        {invoice.receipt ? (
          <div>
            <ReceiptButton receipt={invoice.receipt} amount={amount} />
          </div>
        ) : null}
      </section>
      <section aria-label={text.detail.actions} className="flex flex-col gap-2 border-t border-border pt-4">
        <h3 className="text-sm font-bold text-foreground">{text.detail.actions}</h3>
        {actions.length === 1 && actions[0]?.action === 'editNote' ? (
          <p className="text-sm text-muted-foreground">{text.detail.finalState}</p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {actions.map((spec) => (
            <Button
              key={spec.action}
              data-action={spec.action}
              size="sm"
              variant={spec.tone === 'danger' ? 'danger' : spec.tone === 'primary' ? 'primary' : 'secondary'}
              onClick={() => onAction(spec)}
            >
              {text.actions[spec.action].label}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={`/tutor/${invoice.userId}`}>
              <UserRound aria-hidden="true" className="size-4" />
              {text.detail.tutorPage}
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`/invoices?tutorId=${invoice.userId}`}>
              <ListFilter aria-hidden="true" className="size-4" />
              {text.detail.tutorInvoices}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

/** How long a focus placed after an action is kept against the dialog's own focus trap. */
const PLACED_FOCUS_MS = 3_000;

export interface InvoiceDetailDialogProps {
  /** The open request's id; `undefined` keeps the dialog closed. */
  openId: number | undefined;
  /** The request as last seen (the list, an action's answer, a live event); none when it is not on this page. */
  invoice: Invoice | undefined;
  onClose: () => void;
  /** A staff action saved: the request as the server answered it. */
  onSaved: (invoice: Invoice) => void;
}

/**
 * A withdrawal request for staff: the tutor's ledger, the request and its receiver details (and the
 * update the tutor asked for), the note and receipt, and exactly the staff actions rules.md's table
 * allows in its status. An action opens in place, then returns here.
 */
export function InvoiceDetailDialog({ openId, invoice, onClose, onSaved }: InvoiceDetailDialogProps) {
  // The action keeps the status it was chosen in: if the request moves meanwhile (another admin, the
  // tutor), the action is dropped and the details show what is possible now.
  const [chosen, setChosen] = useState<{ spec: StaffActionSpec; status: InvoiceStatus } | null>(null);
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);
  const action = chosen && invoice && chosen.status === invoice.status ? chosen.spec : null;
  const close = () => {
    setChosen(null);
    onClose();
  };
  // The action's form replaces the details in place, so the focus is placed by hand when the details
  // come back: on the action's button after "back", on the title once the action is done.
  // State, not a ref: the live event of the change may take the form away (the status moved) before
  // the change's own answer asks for the focus.
  const content = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [focusNext, setFocusNext] = useState<string | null>(null);
  // Where the focus was placed after an action, for a short while: the dialog's focus trap may put the
  // focus back on the dialog itself later (it sees the action's form leave the page, or the live event
  // that re-renders the details), and the keyboard must stay where it was put.
  const placed = useRef<{ target: HTMLElement; until: number } | null>(null);
  useEffect(() => {
    if (action || !focusNext) {
      return;
    }
    setFocusNext(null);
    const button = content.current?.querySelector<HTMLElement>(`[data-action="${focusNext}"]`);
    const target = focusNext === 'title' || !button ? title.current : button;
    if (target) {
      target.focus();
      placed.current = { target, until: Date.now() + PLACED_FOCUS_MS };
    }
  }, [action, focusNext]);
  // The request moved while its action was open (the live event of the action's own change can come
  // before its answer, and a form taken away never calls back): the focus it held goes to the title.
  const hadAction = useRef(false);
  useEffect(() => {
    const had = hadAction.current;
    hadAction.current = action !== null;
    if (!had || action) {
      return;
    }
    const current = document.activeElement;
    if (title.current && (current === document.body || current === content.current)) {
      title.current.focus();
      placed.current = { target: title.current, until: Date.now() + PLACED_FOCUS_MS };
    }
  }, [action]);
  const keepPlacedFocus = (event: FocusEvent<HTMLDivElement>) => {
    const last = placed.current;
    if (last && event.target === event.currentTarget && Date.now() < last.until && last.target.isConnected) {
      last.target.focus();
    }
  };
  const heading = action
    ? text.actions[action.action].title
    : invoice
      ? text.detail.title(receiverName(invoice))
      : adminMessages.pages.invoices;
  return (
    <Dialog open={openId !== undefined} onOpenChange={(open) => (open || busy ? undefined : close())}>
      <DialogContent
        ref={content}
        onFocus={keepPlacedFocus}
        titleRef={title}
        title={heading}
        description={action ? text.actions[action.action].description : undefined}
        className="sm:max-w-2xl"
      >
        {!invoice ? (
          <Alert tone="info">{text.detail.notInPage}</Alert>
        ) : action ? (
          <InvoiceActionForm
            key={`${invoice.id}-${action.action}`}
            invoice={invoice}
            spec={action}
            onClose={() => {
              setFocusNext(action.action);
              setChosen(null);
            }}
            onBusyChange={onBusyChange}
            onDone={(saved) => {
              setFocusNext('title');
              setChosen(null);
              onSaved(saved);
            }}
          />
        ) : (
          <Details invoice={invoice} onAction={(spec) => setChosen({ spec, status: invoice.status })} />
        )}
      </DialogContent>
    </Dialog>
  );
}
