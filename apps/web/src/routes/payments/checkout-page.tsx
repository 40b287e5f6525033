import {
  isApiError,
  useCouponCheck,
  usePayByBankInstallments,
  usePayByCard,
  usePayByReference,
  usePayByWallet,
  usePlan,
  useSavedCards,
  useSession,
} from '@hiwar/client';
import {
  CvvSchema,
  PaymentStatus,
  type PayResponse,
  PhoneSchema,
  type Plan,
  type PlanPeriod,
  periodAllowsInstallments,
  planPeriodFromParam,
} from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  checkoutMessages,
  EmptyState,
  formatMoney,
  PageContainer,
  PageHeader,
  planQuote,
  type RadioCardOption,
  RadioCards,
  Skeleton,
  subscriptionManageMessages,
} from '@hiwar/ui';
import { ArrowRight, CreditCard, Landmark, PackageX, ShieldCheck, Smartphone, Store } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { BankInstallmentOptions } from '../../features/payments/components/bank-installment-options.tsx';
import {
  CheckoutColumns,
  CvvField,
  PayButton,
  PaymentProblems,
  PhoneField,
  payErrorPlace,
  pendingPaymentDetails,
} from '../../features/payments/components/checkout-parts.tsx';
import { CouponField } from '../../features/payments/components/coupon-field.tsx';
import { OrderSummary } from '../../features/payments/components/order-summary.tsx';
import { PaymentStatusPanel } from '../../features/payments/components/payment-status-panel.tsx';
import { SavedCardPicker } from '../../features/payments/components/saved-cards.tsx';
import { UpgradeCheckout } from '../../features/payments/components/upgrade-checkout.tsx';
import { useNewSubscriptionStart } from '../../features/payments/hooks/use-new-subscription-start.ts';
import { cardInstallmentPlan, orderTotals, usableCoupon } from '../../features/payments/lib/order.ts';
import { checkoutPath, subscriptionPath } from '../../features/payments/lib/periods.ts';
import { browser, openedOrigin, threeDsReturnUrl } from '../../features/payments/lib/return-urls.ts';
import { useAppConfig } from '../../lib/app-config.tsx';

const text = checkoutMessages.checkout;
const upgradeText = subscriptionManageMessages.checkout;

/** The payment methods of the checkout, as they appear in `?method=`. */
const METHODS = ['card', 'wallet', 'fawry', 'bank'] as const;
type Method = (typeof METHODS)[number];

function methodFrom(raw: string | null, period: PlanPeriod): Method {
  const method = METHODS.find((candidate) => candidate === raw) ?? 'card';
  return method === 'bank' && !periodAllowsInstallments(period) ? 'card' : method;
}

/**
 * `/checkout/{planId}/{period}` (students), the period as a slug (`quarter`) or as the API's number
 * (`1`). A navigation to the same address starts a fresh checkout.
 */
export function CheckoutPage() {
  const location = useLocation();
  return <CheckoutScreen key={location.key} />;
}

function CheckoutScreen() {
  const params = useParams();
  const planId = /^\d{1,9}$/.test(params.planId ?? '') ? Number(params.planId) : null;
  // The slug (`quarter`) or the API's numeric period (`1`); anything else is the unavailable page.
  const period = planPeriodFromParam(params.period ?? '');
  const plan = usePlan(planId && planId > 0 && period !== null ? planId : null);
  const [search] = useSearchParams();
  // `?upgrade={subscriptionId}`: pay the difference to move the subscription in force to this plan.
  const upgradeRaw = search.get('upgrade');
  const upgradeOf =
    upgradeRaw && /^\d{1,9}$/.test(upgradeRaw) && Number(upgradeRaw) > 0 ? Number(upgradeRaw) : null;

  // A plan that is not on sale will not appear on a retry: say so at once.
  const notOnSale = isApiError(plan.failureReason) && plan.failureReason.code === 'plan-not-found';
  if (!planId || period === null || plan.isError || notOnSale) {
    return <UnavailablePlan />;
  }
  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-5xl">
        <Button asChild variant="link" className="mb-3">
          <Link to={upgradeOf ? '/subscription' : subscriptionPath(period)}>
            <ArrowRight aria-hidden="true" />
            {upgradeOf ? upgradeText.back : text.back}
          </Link>
        </Button>
        <PageHeader
          title={upgradeOf ? upgradeText.title : text.title}
          description={upgradeOf ? upgradeText.subtitle : text.subtitle}
        />
        {plan.data && upgradeOf ? (
          <UpgradeCheckout plan={plan.data} period={period} subscriptionId={upgradeOf} />
        ) : plan.data ? (
          <CheckoutForm plan={plan.data} period={period} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <Skeleton className="h-96 w-full rounded-2xl" />
            <Skeleton className="h-72 w-full rounded-2xl" />
          </div>
        )}
      </div>
    </PageContainer>
  );
}

function UnavailablePlan() {
  return (
    <PageContainer className="py-8 sm:py-12">
      <EmptyState
        icon={<PackageX />}
        headingLevel="h1"
        title={text.invalidTitle}
        description={text.invalidText}
        className="min-h-[50vh] justify-center"
        action={
          <Button asChild>
            <Link to="/subscription">{text.choosePlan}</Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

interface FieldErrors {
  card?: string;
  cvv?: string;
  phone?: string;
  programme?: string;
}

function CheckoutForm({ plan, period }: { plan: Plan; period: PlanPeriod }) {
  const { user } = useSession();
  const { webUrl } = useAppConfig();
  const [search] = useSearchParams();
  const startsOn = useNewSubscriptionStart();

  const [method, setMethod] = useState<Method>(() => methodFrom(search.get('method'), period));
  const [couponCode, setCouponCode] = useState<string | null>(
    () => search.get('coupon')?.toUpperCase() || null,
  );
  const [cardToken, setCardToken] = useState<string | null>(null);
  const [cvv, setCvv] = useState('');
  const [installments, setInstallments] = useState('1');
  /** Fawry's id of the bank programme chosen from the server's list. */
  const [bankPlanId, setBankPlanId] = useState<number | null>(null);
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [attempt, setAttempt] = useState<{
    answer: PayResponse;
    phone: string | null;
    /** When the subscription starts, as it stood when the order was placed. */
    startsOn: string | null;
  } | null>(null);

  const couponCheck = useCouponCheck(couponCode);
  // The same cache as the card picker: the CVV is asked only once there is a card to pay with.
  const savedCards = useSavedCards({ enabled: method === 'card' || method === 'bank' });
  const hasCards = (savedCards.data?.length ?? 0) > 0;
  const chosenCard = savedCards.data?.find((card) => card.token === cardToken) ?? null;
  const coupon = usableCoupon(couponCheck.data);
  const totals = orderTotals(plan, period, coupon);
  const installmentsAllowed = periodAllowsInstallments(period);
  const installmentCount = method === 'card' && installmentsAllowed ? Number(installments) : 1;
  const schedule = installmentCount > 1 ? cardInstallmentPlan(totals.total, installmentCount, period) : null;
  const payNow = schedule?.[0]?.amount ?? totals.total;

  const byCard = usePayByCard();
  const byReference = usePayByReference();
  const byWallet = usePayByWallet();
  const byBank = usePayByBankInstallments();
  const paying = byCard.isPending || byReference.isPending || byWallet.isPending || byBank.isPending;

  const summary = (withCoupon: boolean) => (
    <OrderSummary
      plan={plan}
      period={period}
      totals={totals}
      coupon={coupon}
      startsOn={attempt ? attempt.startsOn : startsOn}
      schedule={schedule}
      couponSlot={
        withCoupon ? (
          <CouponField
            applied={couponCode}
            onApply={setCouponCode}
            onRemove={() => setCouponCode(null)}
            check={couponCheck}
          />
        ) : null
      }
    />
  );

  if (attempt) {
    return (
      <CheckoutColumns summary={summary(false)} summaryFirstOnPhones={false}>
        <PaymentStatusPanel
          transactionId={attempt.answer.transaction.id}
          pending={pendingPaymentDetails(attempt.answer, attempt.phone)}
          queued={Boolean(attempt.startsOn)}
        />
      </CheckoutColumns>
    );
  }

  const checkPhone = (): string | null => {
    const parsed = PhoneSchema.safeParse(phone);
    return parsed.success ? parsed.data : null;
  };

  const onPayError = (error: unknown) => {
    const place = payErrorPlace(error);
    if ('field' in place) {
      setErrors({ [place.field]: place.code });
      return;
    }
    if (place.form.startsWith('coupon-')) {
      void couponCheck.refetch();
    }
    setFormError(place.form);
  };

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
    setAttempt({ answer, phone: sentPhone, startsOn });
    // The form gives way to a shorter panel: bring its top into view.
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const submit = () => {
    // Enter in a field submits the form too: never a second order while one is on its way.
    if (paying || redirecting) {
      return;
    }
    setFormError(null);
    setDeclined(false);
    const next: FieldErrors = {};
    const needsPhone = method === 'wallet' || method === 'fawry' || !user?.phone;
    const parsedPhone = needsPhone ? checkPhone() : null;
    if (needsPhone && !parsedPhone && totals.total > 0) {
      next.phone = 'invalid-phone';
    }
    const usesCard = (method === 'card' || method === 'bank') && totals.total > 0;
    if (usesCard && !cardToken) {
      next.card = 'required';
    }
    const parsedCvv = CvvSchema.safeParse(cvv);
    if (usesCard && !parsedCvv.success) {
      next.cvv = 'invalid-cvv';
    }
    if (method === 'bank' && totals.total > 0 && bankPlanId === null) {
      next.programme = 'required';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      return;
    }
    const base = {
      planId: plan.id,
      period,
      ...(coupon ? { couponCode: coupon.code } : {}),
      ...(parsedPhone ? { phone: parsedPhone } : {}),
    };
    const handlers = (sentPhone: string | null) => ({
      onSuccess: (answer: PayResponse) => onPaid(answer, sentPhone),
      onError: onPayError,
    });
    if (totals.total === 0 || method === 'fawry') {
      byReference.mutate(base, handlers(null));
      return;
    }
    if (method === 'wallet') {
      byWallet.mutate(base, handlers(parsedPhone));
      return;
    }
    const card = {
      cardToken: cardToken as string,
      cvv: parsedCvv.data as string,
      returnUrl: threeDsReturnUrl(openedOrigin(webUrl)),
    };
    if (method === 'bank') {
      byBank.mutate({ ...base, ...card, installmentPlanId: bankPlanId as number }, handlers(null));
      return;
    }
    byCard.mutate({ ...base, ...card, installments: installmentCount }, handlers(null));
  };

  const quote = planQuote(plan, period);
  const methodOptions: RadioCardOption<Method>[] = [
    {
      value: 'card',
      label: text.method.labels.card,
      description: text.method.descriptions.card,
      icon: <CreditCard />,
    },
    {
      value: 'wallet',
      label: text.method.labels.wallet,
      description: text.method.descriptions.wallet,
      icon: <Smartphone />,
    },
    {
      value: 'fawry',
      label: text.method.labels.fawry,
      description: text.method.descriptions.fawry,
      icon: <Store />,
    },
    {
      value: 'bank',
      label: text.method.labels.bank,
      description: installmentsAllowed ? text.method.descriptions.bank : text.method.bankMonthOnly,
      icon: <Landmark />,
      disabled: !installmentsAllowed,
    },
  ];
  const returnPath = checkoutPath(plan.id, period, { method, coupon: coupon?.code ?? couponCode });
  const phoneField = (label: string, hint: string) => (
    <PhoneField label={label} hint={hint} error={errors.phone} value={phone} onChange={setPhone} />
  );
  const cvvField = <CvvField error={errors.cvv} value={cvv} onChange={setCvv} />;

  const payLabel =
    totals.total === 0
      ? text.free
      : method === 'fawry'
        ? text.getReference
        : method === 'wallet'
          ? text.sendWalletRequest
          : installmentCount > 1
            ? text.payNow(formatMoney(payNow))
            : text.pay(formatMoney(totals.total));

  return (
    <CheckoutColumns summary={summary(true)} onSubmit={submit}>
      <Card className="flex flex-col gap-6 p-5 sm:p-6">
        {totals.total === 0 ? (
          <Alert tone="success">{text.freeNote}</Alert>
        ) : (
          <>
            <RadioCards
              legend={<span className="text-lg font-bold">{text.method.legend}</span>}
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

            {method === 'card' || method === 'bank' ? (
              <div className="flex flex-col gap-5">
                <SavedCardPicker
                  value={cardToken}
                  onChange={setCardToken}
                  returnPath={returnPath}
                  error={errors.card ?? null}
                />
                {hasCards ? cvvField : null}
                {method === 'card' ? (
                  installmentsAllowed ? (
                    <RadioCards
                      legend={checkoutMessages.card.installments}
                      name="installments"
                      columns={3}
                      value={installments}
                      onValueChange={setInstallments}
                      options={[
                        {
                          value: '1',
                          label: checkoutMessages.card.payInFull,
                          description: checkoutMessages.card.payInFullHint(formatMoney(totals.total)),
                        },
                        ...quote.cardInstallments.map(({ count }) => ({
                          value: String(count),
                          label: checkoutMessages.card.payIn(count),
                          description: checkoutMessages.card.payInHint(
                            formatMoney(cardInstallmentPlan(totals.total, count, period)[0]?.amount ?? 0),
                          ),
                        })),
                      ]}
                    />
                  ) : (
                    <p className="text-sm text-muted-foreground">
                      {checkoutMessages.card.installmentsMonthOnly}
                    </p>
                  )
                ) : (
                  <>
                    <BankInstallmentOptions
                      amount={totals.total}
                      card={chosenCard}
                      value={bankPlanId}
                      onChange={setBankPlanId}
                      error={errors.programme}
                    />
                    <Alert tone="info">{text.bank.note}</Alert>
                  </>
                )}
                {user?.phone ? null : phoneField(text.phone, text.phoneHint)}
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

        <PaymentProblems declined={declined} formError={formError} />
        <PayButton label={payLabel} loading={paying} redirecting={redirecting} footnote={text.terms} />
      </Card>
    </CheckoutColumns>
  );
}
