import { useTrialStatus } from '@hiwar/client';
import { PlanPeriod, type TrialStatusResponse } from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  checkoutMessages,
  EmptyState,
  formatMoney,
  nouns,
  PageContainer,
  PageHeader,
  plural,
  Skeleton,
} from '@hiwar/ui';
import { ArrowRight, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PayAtOnceForm } from '../../features/payments/components/pay-at-once-form.tsx';
import { trialCheckoutPath } from '../../features/payments/lib/periods.ts';

const text = checkoutMessages.trial;

/** Where the paid trial is booked: the tutor's profile (at the picked time), or the directory. */
function bookingPath(tutorId: number | null, at: string | null): string {
  if (!tutorId) {
    return '/tutors';
  }
  return at ? `/t/${tutorId}?at=${encodeURIComponent(at)}` : `/t/${tutorId}`;
}

/**
 * `/checkout/trial?tutor={id}&at={iso}` (students): pays the trial lesson's price (platform setting
 * `trialLessonPrice`, decision 0048) at once, then leads back to the tutor's profile, at the time the
 * student picked, to book it. A free trial, one already paid or used, or trials switched off say so.
 */
export function TrialCheckoutPage() {
  const [search] = useSearchParams();
  const tutorRaw = search.get('tutor');
  const tutorId = tutorRaw && /^\d{1,9}$/.test(tutorRaw) && Number(tutorRaw) > 0 ? Number(tutorRaw) : null;
  const atRaw = search.get('at');
  const at = atRaw && !Number.isNaN(Date.parse(atRaw)) ? atRaw : null;
  const trial = useTrialStatus();
  const back = tutorId ? `/t/${tutorId}` : '/tutors';

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-5xl">
        <Button asChild variant="link" className="mb-3">
          <Link to={back}>
            <ArrowRight aria-hidden="true" />
            {text.back}
          </Link>
        </Button>
        <PageHeader title={text.title} description={text.subtitle} />
        {trial.isPending ? (
          <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
            <Skeleton className="h-80 w-full rounded-2xl" />
            <Skeleton className="h-64 w-full rounded-2xl" />
          </div>
        ) : trial.isError ? (
          <Alert tone="danger">{checkoutMessages.checkout.network}</Alert>
        ) : (
          <TrialCheckout status={trial.data} tutorId={tutorId} at={at} />
        )}
      </div>
    </PageContainer>
  );
}

function TrialCheckout({
  status,
  tutorId,
  at,
}: {
  status: TrialStatusResponse;
  tutorId: number | null;
  at: string | null;
}) {
  const price = status.price ?? 0;
  const booking = bookingPath(tutorId, at);
  // Once ordered, the payment's own status stays on screen: the trial's state read again (the paid
  // event, the window's focus) then says "open" or "paid", which would replace it.
  const [ordered, setOrdered] = useState(false);
  if (!ordered && !status.available) {
    return (
      <EmptyState
        icon={<GraduationCap />}
        title={text.unavailable}
        description={status.reason === 'trial-already-used' ? text.usedText : text.offText}
        action={
          <Button asChild>
            <Link to="/subscription">{text.toPlans}</Link>
          </Button>
        }
      />
    );
  }
  if (!ordered && (price === 0 || status.paid)) {
    return (
      <Alert
        tone="success"
        action={
          <Button asChild size="sm">
            <Link to={booking}>{at ? text.bookAtTime : checkoutMessages.status.bookTrial}</Link>
          </Button>
        }
      >
        {price === 0 ? text.freeNote : text.alreadyPaid}
      </Alert>
    );
  }
  if (!ordered && status.openTransactionId) {
    return (
      <Alert
        tone="warning"
        action={
          <Button asChild size="sm">
            <Link to="/payments">{text.toPayments}</Link>
          </Button>
        }
      >
        {text.openPayment}
      </Alert>
    );
  }
  const summary = (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{text.summaryTitle}</h2>
      <dl className="flex flex-col gap-2.5 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{text.item}</dt>
          <dd className="font-semibold text-foreground">{formatMoney(price)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted-foreground">{text.length}</dt>
          <dd className="font-semibold text-foreground">{plural(status.minutes, nouns.minutes)}</dd>
        </div>
        <div className="my-1 border-t border-border" />
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-bold text-foreground">{text.total}</dt>
          <dd className="text-2xl font-bold text-foreground" data-testid="trial-amount">
            {formatMoney(price)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">{text.note}</p>
    </Card>
  );
  return (
    <PayAtOnceForm
      order={{ trial: true, period: PlanPeriod.Month }}
      amount={price}
      summary={summary}
      cardReturnPath={`${trialCheckoutPath({ tutorId, at })}${tutorId || at ? '&' : '?'}method=card`}
      labels={{ pay: text.pay, free: text.free, freeNote: text.freeNote, fawryLastStep: text.fawryLastStep }}
      paidText={text.paid}
      paidAction={{ to: booking, label: at ? text.bookAtTime : checkoutMessages.status.bookTrial }}
      onOrdered={() => setOrdered(true)}
    />
  );
}
