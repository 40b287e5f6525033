import { useCurrentSubscription } from '@hiwar/client';
import { Button, checkoutMessages, EmptyState, PageContainer, PageHeader } from '@hiwar/ui';
import { SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PaymentStatusPanel } from '../../features/payments/components/payment-status-panel.tsx';
import { transactionIdFrom } from '../../features/payments/lib/return-urls.ts';

const text = checkoutMessages.status;

/**
 * `/checkout/result` (students): where the bank's 3-D Secure page returns (`?merchantRefNumber=` is our
 * transaction id) and where any payment can be followed (`?transaction=`). Fawry's query is only a
 * hint; the status shown is the server's, kept live by the socket event and a poll.
 */
export function CheckoutResultPage() {
  const [params] = useSearchParams();
  const id = transactionIdFrom(params);
  const current = useCurrentSubscription();

  if (!id) {
    return (
      <PageContainer className="py-8 sm:py-12">
        <EmptyState
          icon={<SearchX />}
          headingLevel="h1"
          title={text.notFoundTitle}
          description={text.notFoundText}
          className="min-h-[50vh] justify-center"
          action={
            <Button asChild>
              <Link to="/payments">{text.toPayments}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <PageHeader title={checkoutMessages.checkout.title} />
        <PaymentStatusPanel transactionId={id} waiting="confirmation" queued={Boolean(current.data?.next)} />
      </div>
    </PageContainer>
  );
}
