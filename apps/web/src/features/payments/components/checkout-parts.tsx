import { PaymentMethod, type PayResponse } from '@hiwar/domain';
import { Alert, Button, checkoutMessages, errorMessage, FormField, Input } from '@hiwar/ui';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorCodeOf } from '../../account/lib/form-errors.ts';
import { FawryReferenceDetails, WalletRequestDetails } from './pay-instructions.tsx';

/**
 * The pieces every checkout shares (the plan's, the upgrade's and the trial's): the two columns, the
 * phone and CVV fields, what to do while a payment is awaited, the refusals and the pay button.
 */

const text = checkoutMessages.checkout;

/**
 * Payment on the start side, the order summary on the end side (sticky on desktop). On phones the
 * summary comes first while choosing, and after the status once an order is placed.
 */
export function CheckoutColumns({
  summary,
  children,
  summaryFirstOnPhones = true,
  onSubmit,
}: {
  summary: ReactNode;
  children: ReactNode;
  summaryFirstOnPhones?: boolean;
  /** Makes the payment side a form: Enter in its fields pays as the button does (keyboard, issue 15). */
  onSubmit?: () => void;
}) {
  const side = <div className="lg:sticky lg:top-24 lg:order-2">{summary}</div>;
  const main = onSubmit ? (
    <form
      noValidate
      className="min-w-0 lg:order-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  ) : (
    <div className="min-w-0 lg:order-1">{children}</div>
  );
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
      {summaryFirstOnPhones ? side : main}
      {summaryFirstOnPhones ? main : side}
    </div>
  );
}

/** The mobile number Fawry needs (the wallet's, the one a reference number is texted to, or the buyer's). */
export function PhoneField(props: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={props.label} hint={props.hint} error={props.error}>
      <Input
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder="01012345678"
        className="max-w-xs text-start"
      />
    </FormField>
  );
}

/** The saved card's CVV as typed: digits only, sent once and never kept. */
export function CvvField(props: {
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={checkoutMessages.card.cvv} hint={checkoutMessages.card.cvvHint} error={props.error}>
      <Input
        inputMode="numeric"
        autoComplete="cc-csc"
        dir="ltr"
        maxLength={4}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
        placeholder="•••"
        className="max-w-28 text-center tracking-[0.3em]"
      />
    </FormField>
  );
}

/** What the buyer does while the payment is awaited: the reference number to pay, the wallet request. */
export function pendingPaymentDetails(
  answer: PayResponse,
  phone: string | null,
  fawryLastStep?: string,
): ReactNode {
  const transaction = answer.transaction;
  if (transaction.method === PaymentMethod.Fawry && answer.referenceNumber) {
    return (
      <FawryReferenceDetails
        referenceNumber={answer.referenceNumber}
        amount={transaction.amount}
        expiresAt={answer.expiresAt ?? transaction.expiresAt}
        {...(fawryLastStep ? { lastStep: fawryLastStep } : {})}
      />
    );
  }
  if (transaction.method === PaymentMethod.EWallet) {
    return (
      <WalletRequestDetails
        phone={phone}
        referenceNumber={answer.referenceNumber}
        walletQr={answer.walletQr}
        amount={transaction.amount}
        expiresAt={answer.expiresAt ?? transaction.expiresAt}
      />
    );
  }
  return null;
}

/**
 * Where a refused pay call's code belongs: beside the CVV or the phone field, or above the button
 * (`network` when the request never reached the server).
 */
export function payErrorPlace(error: unknown): { field: 'cvv' | 'phone'; code: string } | { form: string } {
  const code = errorCodeOf(error);
  if (code === 'invalid-cvv' || code === 'invalid-phone') {
    return { field: code === 'invalid-cvv' ? 'cvv' : 'phone', code };
  }
  return { form: code ?? (error instanceof TypeError ? 'network' : 'unexpected') };
}

/** A card the bank declined, and a refusal of the whole order, in Arabic. */
export function PaymentProblems({ declined, formError }: { declined: boolean; formError: string | null }) {
  return (
    <>
      {declined ? <Alert tone="danger">{checkoutMessages.card.declined}</Alert> : null}
      {formError ? (
        <Alert tone="danger">{formError === 'network' ? text.network : errorMessage(formError)}</Alert>
      ) : null}
    </>
  );
}

/** The pay button (it says when the bank's page is opening) and the secure-payment note. */
export function PayButton({
  label,
  loading,
  redirecting,
  footnote,
}: {
  label: string;
  loading: boolean;
  redirecting: boolean;
  footnote?: string;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-5">
      <Button type="submit" size="lg" className="w-full" loading={loading || redirecting}>
        {redirecting ? text.redirecting : label}
      </Button>
      <p className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {text.secureNote}
      </p>
      {footnote ? <p className="text-center text-xs text-muted-foreground">{footnote}</p> : null}
    </div>
  );
}
