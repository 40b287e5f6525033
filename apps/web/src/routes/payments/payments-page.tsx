import { usePlans, useTransactions } from '@hiwar/client';
import {
  Button,
  checkoutMessages,
  EmptyState,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  webMessages,
} from '@hiwar/ui';
import { CloudOff, Receipt } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DueInstallments } from '../../features/payments/components/due-installments.tsx';
import { TransactionItem } from '../../features/payments/components/transaction-item.tsx';

const text = checkoutMessages.paymentsPage;
const PAGE_SIZE = 10;

/**
 * `/payments` (students): every purchase, newest first, with its status; unpaid Fawry orders show their
 * reference number and deadline and can be cancelled; card installments that are due can be paid.
 */
export function PaymentsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const transactions = useTransactions({ page, size: PAGE_SIZE });
  const plans = usePlans({ size: 100 });
  const planName = (id: number | null) =>
    id === null
      ? text.trialPayment
      : (plans.data?.list.find((plan) => plan.id === id)?.alias ?? text.unknownPlan(id));
  const total = transactions.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    query.set('page', String(next));
    setParams(query);
  };

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-4xl flex-col gap-8">
        <PageHeader
          title={text.title}
          description={text.subtitle}
          actions={
            <Button asChild variant="secondary">
              <Link to="/subscription">{webMessages.nav.subscription}</Link>
            </Button>
          }
          className="pb-0"
        />
        <DueInstallments />
        <section aria-label={text.tableLabel} className="flex flex-col gap-3">
          {transactions.isLoading ? (
            [0, 1, 2].map((key) => <Skeleton key={key} className="h-28 w-full rounded-2xl" />)
          ) : transactions.isError ? (
            <EmptyState
              icon={<CloudOff />}
              title={text.loadFailed}
              description={messages.common.networkError}
              action={<Button onClick={() => void transactions.refetch()}>{messages.common.retry}</Button>}
            />
          ) : total === 0 ? (
            <EmptyState
              icon={<Receipt />}
              title={text.empty}
              description={text.emptyText}
              action={
                <Button asChild>
                  <Link to="/subscription">{checkoutMessages.checkout.choosePlan}</Link>
                </Button>
              }
            />
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {transactions.data?.list.map((transaction) => (
                  <TransactionItem
                    key={transaction.id}
                    transaction={transaction}
                    planName={planName(transaction.planId)}
                  />
                ))}
              </ul>
              {pages > 1 ? (
                <nav className="flex items-center justify-between gap-3 pt-2" aria-label={text.tableLabel}>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    {text.previous}
                  </Button>
                  <span className="text-sm text-muted-foreground">{text.page(page, pages)}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                    {text.next}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
