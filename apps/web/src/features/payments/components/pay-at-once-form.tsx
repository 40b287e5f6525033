import { usePayByCard, usePayByReference, usePayByWallet, useSavedCards, useSession } from '@hiwar/client';
import { CvvSchema, PaymentStatus, type PayResponse, PhoneSchema, type PlanPeriod } from '@hiwar/domain';
import { Alert, Card, checkoutMessages, formatMoney, type RadioCardOption, RadioCards } from '@hiwar/ui';
import { CreditCard, ShieldCheck, Smartphone, Store } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { browser, openedOrigin, threeDsReturnUrl } from '../lib/return-urls.ts';
import {
  CheckoutColumns,
  CvvField,
  PayButton,
  PaymentProblems,
  PhoneField,
  payErrorPlace,
  pendingPaymentDetails,
} from './checkout-parts.tsx';
import { PaymentStatusPanel } from './payment-status-panel.tsx';
import { SavedCardPicker } from './saved-cards.tsx';

const checkoutText = checkoutMessages.checkout;

/** Paid at once: a card without installments, a wallet, or cash at Fawry. */
type Method = 'card' | 'wallet' | 'fawry';

interface FieldErrors {
  card?: string;
  cvv?: string;
  phone?: string;
}

/** What a payment at once buys: a plan's upgrade (decision 0042) or the trial lesson (decision 0048). */
export type AtOnceOrder =
  | { planId: number; period: PlanPeriod; upgradeOf: number }
  | { trial: true; period: PlanPeriod };

export interface PayAtOnceFormProps {
  order: AtOnceOrder;
  /** Piasters; 0 is paid at once without Fawry. */
  amount: number;
  /** The order's summary beside the form. */
  summary: ReactNode;
  /** Where adding a card at Fawry comes back to (this checkout, card chosen). */
  cardReturnPath: string;
  /** `fawryLastStep`: the last step at a Fawry outlet, when the payment starts no subscription. */
  labels: { pay: (amount: string) => string; free: string; freeNote: string; fawryLastStep?: string };
  /** What "paid" means and where it leads (the payment status panel). */
  paidText: string;
  paidAction?: { to: string; label: string };
  /** Told once an order is placed (its status shown, or the card's 3-D Secure page opened). */
  onOrdered?: () => void;
}

/**
 * A payment at once — a saved card without installments, a wallet, or cash at Fawry — then the live
 * payment status: the upgrade and the trial lesson's checkouts. A free order (0) is confirmed at once.
 */
export function PayAtOnceForm({
  order,
  amount,
  summary,
  cardReturnPath,
  labels,
  paidText,
  paidAction,
  onOrdered,
}: PayAtOnceFormProps) {
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
  const free = amount === 0;

  if (attempt) {
    return (
      <CheckoutColumns summary={summary}>
        <PaymentStatusPanel
          transactionId={attempt.answer.transaction.id}
          pending={pendingPaymentDetails(attempt.answer, attempt.phone, labels.fawryLastStep)}
          paidText={paidText}
          {...(paidAction ? { paidAction } : {})}
        />
      </CheckoutColumns>
    );
  }

  const onPaid = (answer: PayResponse, sentPhone: string | null) => {
    if (answer.redirectUrl) {
      setRedirecting(true);
      onOrdered?.();
      browser.open(answer.redirectUrl);
      return;
    }
    if (answer.transaction.status === PaymentStatus.Failed) {
      setDeclined(true);
      setCvv('');
      return;
    }
    onOrdered?.();
    setAttempt({ answer, phone: sentPhone });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const onPayError = (error: unknown) => {
    const place = payErrorPlace(error);
    if ('field' in place) {
      setErrors({ [place.field]: place.code });
      return;
    }
    setFormError(place.form);
  };

  const submit = () => {
    // Enter in a field submits the form too: never a second order while one is on its way.
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
    const base = { ...order, ...(sentPhone ? { phone: sentPhone } : {}) };
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
    <PhoneField label={label} hint={hint} error={errors.phone} value={phone} onChange={setPhone} />
  );
  const payLabel = free
    ? labels.free
    : method === 'fawry'
      ? checkoutText.getReference
      : method === 'wallet'
        ? checkoutText.sendWalletRequest
        : labels.pay(formatMoney(amount));

  return (
    <CheckoutColumns summary={summary} onSubmit={submit}>
      <Card className="flex flex-col gap-6 p-5 sm:p-6">
        {free ? (
          <Alert tone="success">{labels.freeNote}</Alert>
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
                  returnPath={cardReturnPath}
                  error={errors.card ?? null}
                />
                {hasCards ? <CvvField error={errors.cvv} value={cvv} onChange={setCvv} /> : null}
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

        <PaymentProblems declined={declined} formError={formError} />
        <PayButton label={payLabel} loading={paying} redirecting={redirecting} />
      </Card>
    </CheckoutColumns>
  );
}
