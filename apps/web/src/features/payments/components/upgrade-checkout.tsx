import {
  isApiError,
  usePayByCard,
  usePayByReference,
  usePayByWallet,
  useSavedCards,
  useSession,
  useUpgradeQuote,
} from '@hiwar/client';
import {
  CvvSchema,
  PaymentMethod,
  PaymentStatus,
  type PayResponse,
  PhoneSchema,
  type Plan,
  type PlanPeriod,
  type UpgradeQuote,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  checkoutMessages,
  EmptyState,
  errorMessage,
  FormField,
  formatDate,
  formatMoney,
  Input,
  nouns,
  plural,
  type RadioCardOption,
  RadioCards,
  Skeleton,
  subscriptionManageMessages,
} from '@hiwar/ui';
import { ArrowUpCircle, CreditCard, Lock, ShieldCheck, Smartphone, Store } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { errorCodeOf } from '../../account/lib/form-errors.ts';
import { checkoutPath } from '../lib/periods.ts';
import { browser, openedOrigin, threeDsReturnUrl } from '../lib/return-urls.ts';
import { FawryReferenceDetails, WalletRequestDetails } from './pay-instructions.tsx';
import { PaymentStatusPanel } from './payment-status-panel.tsx';
import { SavedCardPicker } from './saved-cards.tsx';

const text = subscriptionManageMessages.checkout;
const checkoutText = checkoutMessages.checkout;

/** An upgrade is paid at once: a card without installments, a wallet, or cash at Fawry. */
type Method = 'card' | 'wallet' | 'fawry';

export interface UpgradeCheckoutProps {
  plan: Plan;
  period: PlanPeriod;
  /** The subscription in force to upgrade (`?upgrade=`). */
  subscriptionId: number;
}

/**
 * The checkout in upgrade mode (decision 0042, `/checkout/{planId}/{period}?upgrade={subscriptionId}`):
 * the server's quote (unused credit, the new plan's cost for the time left, what is paid now), no
 * coupon and no installments; paid with `upgradeOf`, then the usual live payment status.
 */
export function UpgradeCheckout({ plan, period, subscriptionId }: UpgradeCheckoutProps) {
  const quote = useUpgradeQuote(plan.id);

  if (quote.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <Skeleton className="h-80 w-full rounded-2xl" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  }
  if (quote.isError) {
    const code = isApiError(quote.error) ? quote.error.code : 'unexpected';
    return (
      <EmptyState
        icon={<ArrowUpCircle />}
        title={text.quoteFailed}
        description={errorMessage(code)}
        action={
          <Button asChild>
            <Link to="/subscription">{text.back}</Link>
          </Button>
        }
      />
    );
  }
  if (quote.data.subscriptionId !== subscriptionId || quote.data.period !== period) {
    return (
      <Alert
        tone="warning"
        action={
          <Button asChild size="sm">
            <Link to={checkoutPath(plan.id, quote.data.period, { upgrade: quote.data.subscriptionId })}>
              {text.title}
            </Link>
          </Button>
        }
      >
        {text.wrongPeriod}
      </Alert>
    );
  }
  return <UpgradeForm plan={plan} quote={quote.data} />;
}

function UpgradeSummary({ plan, quote }: { plan: Plan; quote: UpgradeQuote }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{text.summaryTitle}</h2>
      <dl className="flex flex-col gap-2.5 text-sm">
        <Line label={text.plan}>{plan.alias}</Line>
        <Line label={text.minutes}>
          {plural(quote.weeklyMinutes, nouns.minutes)} {checkoutMessages.plan.perWeek}
        </Line>
        <Line label={text.cost}>{formatMoney(quote.cost)}</Line>
        <Line label={text.credit}>
          <span className="text-success">{formatMoney(-quote.credit)}</span>
        </Line>
        <div className="my-1 border-t border-border" />
        <Line label={text.amount} strong>
          <span data-testid="upgrade-amount">{formatMoney(quote.amount)}</span>
        </Line>
      </dl>
      <p className="text-sm text-foreground/90">
        {text.effect(formatDate(quote.end, { dateStyle: 'long' }))}
      </p>
      <p className="text-xs text-muted-foreground">{text.noCoupon}</p>
    </Card>
  );
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-bold text-foreground' : 'text-muted-foreground'}>{label}</dt>
      <dd className={strong ? 'text-2xl font-bold text-foreground' : 'font-semibold text-foreground'}>
        {children}
      </dd>
    </div>
  );
}

interface FieldErrors {
  card?: string;
  cvv?: string;
  phone?: string;
}

function UpgradeForm({ plan, quote }: { plan: Plan; quote: UpgradeQuote }) {
  const { user } = useSession();
  const { webUrl } = useAppConfig();
  const [method, setMethod] = useState<Method>('card');
  const [cardToken, setCardToken] = useState<string | null>(null);
  const [cvv, setCvv] = useState('');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [attempt, setAttempt] = useState<{ answer: PayResponse; phone: string | null } | null>(null);
  const savedCards = useSavedCards({ enabled: method === 'card' });
  const hasCards = (savedCards.data?.length ?? 0) > 0;
  const byCard = usePayByCard();
  const byReference = usePayByReference();
  const byWallet = usePayByWallet();
  const paying = byCard.isPending || byReference.isPending || byWallet.isPending;
  const free = quote.amount === 0;
  const summary = <UpgradeSummary plan={plan} quote={quote} />;

  if (attempt) {
    const { answer } = attempt;
    const transaction = answer.transaction;
    const pending =
      transaction.method === PaymentMethod.Fawry && answer.referenceNumber ? (
        <FawryReferenceDetails
          referenceNumber={answer.referenceNumber}
          amount={transaction.amount}
          expiresAt={answer.expiresAt ?? transaction.expiresAt}
        />
      ) : transaction.method === PaymentMethod.EWallet ? (
        <WalletRequestDetails
          phone={attempt.phone}
          referenceNumber={answer.referenceNumber}
          walletQr={answer.walletQr}
          amount={transaction.amount}
          expiresAt={answer.expiresAt ?? transaction.expiresAt}
        />
      ) : null;
    return (
      <Columns summary={summary}>
        <PaymentStatusPanel
          transactionId={transaction.id}
          pending={pending}
          paidText={text.paid(formatDate(quote.end, { dateStyle: 'long' }))}
        />
      </Columns>
    );
  }

  const onPaid = (answer: PayResponse, sentPhone: string | null) => {
    if (answer.redirectUrl) {
      setRedirecting(true);
      browser.open(answer.redirectUrl);
      return;
    }
    if (answer.transaction.status === PaymentStatus.Failed) {
      setDeclined(true);
      setCvv('');
      return;
    }
    setAttempt({ answer, phone: sentPhone });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const onPayError = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'invalid-cvv') {
      setErrors({ cvv: code });
      return;
    }
    if (code === 'invalid-phone') {
      setErrors({ phone: code });
      return;
    }
    setFormError(code ?? (error instanceof TypeError ? 'network' : 'unexpected'));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (paying || redirecting) {
      return;
    }
    setFormError(null);
    setDeclined(false);
    const next: FieldErrors = {};
    const needsPhone = !free && (method !== 'card' || !user?.phone);
    const parsedPhone = needsPhone ? PhoneSchema.safeParse(phone) : null;
    if (parsedPhone && !parsedPhone.success) {
      next.phone = 'invalid-phone';
    }
    const usesCard = method === 'card' && !free;
    if (usesCard && !cardToken) {
      next.card = 'required';
    }
    const parsedCvv = CvvSchema.safeParse(cvv);
    if (usesCard && !parsedCvv.success) {
      next.cvv = 'invalid-cvv';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      return;
    }
    const sentPhone = parsedPhone?.success ? parsedPhone.data : null;
    const base = {
      planId: plan.id,
      period: quote.period,
      upgradeOf: quote.subscriptionId,
      ...(sentPhone ? { phone: sentPhone } : {}),
    };
    const handlers = (shownPhone: string | null) => ({
      onSuccess: (answer: PayResponse) => onPaid(answer, shownPhone),
      onError: onPayError,
    });
    if (free || method === 'fawry') {
      byReference.mutate(base, handlers(null));
    } else if (method === 'wallet') {
      byWallet.mutate(base, handlers(sentPhone));
    } else {
      byCard.mutate(
        {
          ...base,
          cardToken: cardToken as string,
          cvv: parsedCvv.data as string,
          returnUrl: threeDsReturnUrl(openedOrigin(webUrl)),
          installments: 1,
        },
        handlers(null),
      );
    }
  };

  const methodOptions: RadioCardOption<Method>[] = [
    {
      value: 'card',
      label: checkoutText.method.labels.card,
      description: checkoutMessages.card.payInFull,
      icon: <CreditCard />,
    },
    {
      value: 'wallet',
      label: checkoutText.method.labels.wallet,
      description: checkoutText.method.descriptions.wallet,
      icon: <Smartphone />,
    },
    {
      value: 'fawry',
      label: checkoutText.method.labels.fawry,
      description: checkoutText.method.descriptions.fawry,
      icon: <Store />,
    },
  ];
  const phoneField = (label: string, hint: string) => (
    <FormField label={label} hint={hint} error={errors.phone}>
      <Input
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        placeholder="01012345678"
        className="max-w-xs text-start"
      />
    </FormField>
  );
  const payLabel = free
    ? text.free
    : method === 'fawry'
      ? checkoutText.getReference
      : method === 'wallet'
        ? checkoutText.sendWalletRequest
        : text.pay(formatMoney(quote.amount));

  return (
    <Columns summary={summary}>
      <form noValidate onSubmit={submit} className="min-w-0">
        <Card className="flex flex-col gap-6 p-5 sm:p-6">
          {free ? (
            <Alert tone="success">{text.freeNote}</Alert>
          ) : (
            <>
              <RadioCards
                legend={<span className="text-lg font-bold">{checkoutText.method.legend}</span>}
                name="payment-method"
                options={methodOptions}
                value={method}
                onValueChange={(value) => {
                  setMethod(value);
                  setErrors({});
                  setFormError(null);
                  setDeclined(false);
                }}
              />
              {method === 'card' ? (
                <div className="flex flex-col gap-5">
                  <SavedCardPicker
                    value={cardToken}
                    onChange={setCardToken}
                    returnPath={checkoutPath(plan.id, quote.period, {
                      method: 'card',
                      upgrade: quote.subscriptionId,
                    })}
                    error={errors.card ?? null}
                  />
                  {hasCards ? (
                    <FormField
                      label={checkoutMessages.card.cvv}
                      hint={checkoutMessages.card.cvvHint}
                      error={errors.cvv}
                    >
                      <Input
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        dir="ltr"
                        maxLength={4}
                        value={cvv}
                        onChange={(event) => setCvv(event.target.value.replace(/\D/g, ''))}
                        placeholder="•••"
                        className="max-w-28 text-center tracking-[0.3em]"
                      />
                    </FormField>
                  ) : null}
                  {user?.phone ? null : phoneField(checkoutText.phone, checkoutText.phoneHint)}
                  <p className="flex items-start gap-2 text-sm text-muted-foreground">
                    <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                    {checkoutMessages.card.threeDs}
                  </p>
                </div>
              ) : method === 'wallet' ? (
                phoneField(checkoutMessages.wallet.phone, checkoutMessages.wallet.phoneHint)
              ) : (
                phoneField(checkoutMessages.fawry.phone, checkoutMessages.fawry.phoneHint)
              )}
            </>
          )}

          {declined ? <Alert tone="danger">{checkoutMessages.card.declined}</Alert> : null}
          {formError ? (
            <Alert tone="danger">
              {formError === 'network' ? checkoutText.network : errorMessage(formError)}
            </Alert>
          ) : null}

          <div className="flex flex-col gap-3 border-t border-border pt-5">
            <Button type="submit" size="lg" className="w-full" loading={paying || redirecting}>
              {redirecting ? checkoutText.redirecting : payLabel}
            </Button>
            <p className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="size-4 shrink-0" />
              {checkoutText.secureNote}
            </p>
          </div>
        </Card>
      </form>
    </Columns>
  );
}

function Columns({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
      <div className="lg:sticky lg:top-24 lg:order-2">{summary}</div>
      <div className="min-w-0 lg:order-1">{children}</div>
    </div>
  );
}
