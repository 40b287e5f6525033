import { useInvoiceStats, useInvoices, useSession } from '@hiwar/client';
import type { Invoice } from '@hiwar/domain';
import {
  Alert,
  Button,
  EmptyState,
  formatMoney,
  invoicesMessages,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
} from '@hiwar/ui';
import { CloudOff, Receipt } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BalanceCards } from '../../features/invoices/components/balance-cards.tsx';
import { CancelInvoiceDialog } from '../../features/invoices/components/cancel-invoice-dialog.tsx';
import { EarningsCard } from '../../features/invoices/components/earnings-card.tsx';
import { InvoiceItem } from '../../features/invoices/components/invoice-item.tsx';
import { UpdateInvoiceDialog } from '../../features/invoices/components/update-invoice-dialog.tsx';
import { WithdrawForm } from '../../features/invoices/components/withdraw-form.tsx';
import { useInvoiceToasts } from '../../features/invoices/hooks/use-invoice-toasts.ts';

const text = invoicesMessages;
const PAGE_SIZE = 10;

/**
 * `/invoices` (Tutor, TutorManager): the ledger (earned, withdrawable, pending, withdrawn), earnings per
 * week or month, the withdrawal request form, and the requests with their status, expected payout,
 * staff note and receipt; the tutor asks to update or cancel where rules.md's table allows. Status
 * changes arrive live over the socket (a toast and fresh figures).
 */
export function InvoicesPage() {
  const { user } = useSession();
  const stats = useInvoiceStats(user?.id ?? null);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const invoices = useInvoices({ page, size: PAGE_SIZE });
  const [updating, setUpdating] = useState<Invoice | null>(null);
  const [canceling, setCanceling] = useState<Invoice | null>(null);
  const balancesId = useId();
  const listId = useId();
  useInvoiceToasts();

  const total = invoices.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) {
      query.set('page', String(next));
    } else {
      query.delete('page');
    }
    setParams(query);
  };

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="flex flex-col gap-8">
        <PageHeader title={text.page.title} description={text.page.description} className="pb-0" />

        <section aria-labelledby={balancesId} className="flex flex-col gap-3">
          <h2 id={balancesId} className="sr-only">
            {text.page.balances}
          </h2>
          {stats.isError ? (
            <Alert
              tone="danger"
              title={text.page.balancesFailed}
              action={
                <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
                  {messages.common.retry}
                </Button>
              }
            />
          ) : (
            <BalanceCards stats={stats.data} />
          )}
          {stats.data && stats.data.upcoming > 0 ? (
            <p className="text-sm text-muted-foreground">
              {text.page.upcoming(formatMoney(stats.data.upcoming))}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">{text.processingNote}</p>
        </section>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <EarningsCard stats={stats.data} />
          <WithdrawForm stats={stats.data} />
        </div>

        <section aria-labelledby={listId} className="flex flex-col gap-4">
          <h2 id={listId} className="text-xl font-bold text-foreground">
            {text.list.title}
          </h2>
          {invoices.isLoading ? (
            [0, 1].map((key) => <Skeleton key={key} className="h-40 w-full rounded-2xl" />)
          ) : invoices.isError ? (
            <EmptyState
              icon={<CloudOff />}
              headingLevel="h3"
              title={text.list.loadFailed}
              description={messages.common.networkError}
              action={<Button onClick={() => void invoices.refetch()}>{messages.common.retry}</Button>}
            />
          ) : total === 0 ? (
            <EmptyState
              icon={<Receipt />}
              headingLevel="h3"
              title={text.list.empty}
              description={text.list.emptyText}
            />
          ) : (
            <>
              <ul aria-labelledby={listId} className="flex flex-col gap-3">
                {invoices.data?.list.map((invoice) => (
                  <InvoiceItem
                    key={invoice.id}
                    invoice={invoice}
                    onAskUpdate={setUpdating}
                    onAskCancel={setCanceling}
                  />
                ))}
              </ul>
              {pages > 1 ? (
                <nav className="flex items-center justify-between gap-3" aria-label={text.list.pages}>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    {text.list.previous}
                  </Button>
                  <span className="text-sm text-muted-foreground">{text.list.page(page, pages)}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                    {text.list.next}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </section>
      </div>
      <UpdateInvoiceDialog invoice={updating} onClose={() => setUpdating(null)} />
      <CancelInvoiceDialog invoice={canceling} onClose={() => setCanceling(null)} />
    </PageContainer>
  );
}
