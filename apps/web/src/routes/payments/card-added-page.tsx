import { paymentKeys } from '@hiwar/client';
import { Button, Card, checkoutMessages, PageContainer } from '@hiwar/ui';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clearCardReturn, readCardReturn } from '../../features/payments/lib/return-urls.ts';

const text = checkoutMessages.cardAdded;

/** How long the confirmation stays before going back to the checkout it came from. */
export const CARD_ADDED_REDIRECT_MS = 1500;

/**
 * `/card-added` (students): where Fawry's add-card page returns (`statusCode=200` and the card's last
 * digits, unsigned, so only a hint: the card list is re-read from the API). Back to the checkout given
 * in `?return=` (only our own /checkout paths), else to the plans.
 */
export function CardAddedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [returnPath] = useState(() => readCardReturn(params));
  const saved = params.get('statusCode') === '200';
  const lastFour = params.get('lastFourDigits');
  const digits = lastFour && /^\d{4}$/.test(lastFour) ? lastFour : null;

  useEffect(() => {
    clearCardReturn();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.savedCards });
  }, [queryClient]);

  useEffect(() => {
    if (!saved || !returnPath) {
      return;
    }
    const timer = setTimeout(() => void navigate(returnPath, { replace: true }), CARD_ADDED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, returnPath, navigate]);

  return (
    <PageContainer className="py-10 sm:py-16">
      <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 p-6 text-center sm:p-10">
        <span
          aria-hidden="true"
          className={`inline-flex size-16 items-center justify-center rounded-full ${saved ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}
        >
          {saved ? <CheckCircle2 className="size-8" /> : <XCircle className="size-8" />}
        </span>
        <h1 className="text-2xl font-bold text-foreground">{saved ? text.title : text.failedTitle}</h1>
        <p role="status" className="text-muted-foreground">
          {saved
            ? digits
              ? text.text(checkoutMessages.card.masked(digits))
              : text.textNoDigits
            : text.failedText}
        </p>
        {saved && returnPath ? <p className="text-sm text-muted-foreground">{text.redirecting}</p> : null}
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {returnPath ? (
            <Button asChild size="lg">
              <Link to={returnPath} replace>
                {text.backToCheckout}
              </Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant={returnPath ? 'secondary' : 'primary'}>
            <Link to="/subscription">{text.toSubscription}</Link>
          </Button>
        </div>
      </Card>
    </PageContainer>
  );
}
