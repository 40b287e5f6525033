import { useInstallments, usePayInstallment } from '@hiwar/client';
import { CvvSchema, type Installment } from '@hiwar/domain';
import {
  Alert,
  Button,
  checkoutMessages,
  Dialog,
  DialogContent,
  DialogTrigger,
  errorMessage,
  FormField,
  formatDate,
  formatMoney,
  Input,
} from '@hiwar/ui';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { browser, openedOrigin, threeDsReturnUrl } from '../lib/return-urls.ts';
import { SavedCardPicker } from './saved-cards.tsx';

const text = checkoutMessages.paymentsPage;

/**
 * The installment each card installment purchase may pay next: the first unpaid one after the first,
 * once every earlier one is paid (the server's rule). The list comes by purchase, then by order.
 */
export function nextDueInstallments(list: readonly Installment[]): Installment[] {
  const due: Installment[] = [];
  let earlierPaid = true;
  for (const installment of list) {
    if (installment.index === 1) {
      earlierPaid = true;
    }
    if (installment.paidAt === null && earlierPaid && installment.index > 1) {
      due.push(installment);
    }
    earlierPaid = earlierPaid && installment.paidAt !== null;
  }
  return due;
}

/** "Installments due" on /payments, each with a way to pay it by card (3-D Secure next). */
export function DueInstallments() {
  const installments = useInstallments();
  const due = nextDueInstallments(installments.data ?? []);
  if (due.length === 0) {
    return null;
  }
  return (
    <section aria-labelledby="due-installments" className="flex flex-col gap-3">
      <div>
        <h2 id="due-installments" className="text-lg font-bold text-foreground">
          {text.installmentsTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{text.installmentsText}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {due.map((installment) => (
          <li
            key={installment.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-warning/40 bg-warning-soft/50 p-4"
          >
            <div className="flex items-center gap-3">
              <CalendarClock aria-hidden="true" className="size-5 text-warning" />
              <div>
                <p className="font-semibold text-foreground">
                  {text.installmentDue(
                    installment.index,
                    installment.count,
                    formatDate(installment.dueAt, { dateStyle: 'long' }),
                  )}
                </p>
                <p className="text-sm text-muted-foreground">{formatMoney(installment.amount)}</p>
              </div>
            </div>
            <PayInstallmentDialog installment={installment} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PayInstallmentDialog({ installment }: { installment: Installment }) {
  const { webUrl } = useAppConfig();
  const pay = usePayInstallment();
  const navigate = useNavigate();
  const [cardToken, setCardToken] = useState<string | null>(null);
  const [cvv, setCvv] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = CvvSchema.safeParse(cvv);
    if (!cardToken) {
      setProblem('card');
      return;
    }
    if (!parsed.success) {
      setProblem('invalid-cvv');
      return;
    }
    setProblem(null);
    pay.mutate(
      {
        installmentId: installment.id,
        cardToken,
        cvv: parsed.data,
        returnUrl: threeDsReturnUrl(openedOrigin(webUrl)),
      },
      {
        onSuccess: (answer) => {
          if (answer.redirectUrl) {
            browser.open(answer.redirectUrl);
            return;
          }
          void navigate(`/checkout/result?transaction=${answer.transaction.id}`);
        },
        onError: (error) => {
          const code =
            typeof error === 'object' && error && 'code' in error ? String(error.code) : 'unexpected';
          setProblem(code);
        },
      },
    );
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>{text.payInstallment}</Button>
      </DialogTrigger>
      <DialogContent
        title={text.payInstallmentTitle}
        description={text.payInstallmentText(formatMoney(installment.amount))}
        footer={
          <Button loading={pay.isPending || pay.isSuccess} onClick={submit}>
            {checkoutMessages.checkout.pay(formatMoney(installment.amount))}
          </Button>
        }
      >
        <SavedCardPicker
          value={cardToken}
          onChange={setCardToken}
          returnPath="/payments"
          error={problem === 'card' ? 'required' : null}
        />
        <FormField
          label={checkoutMessages.card.cvv}
          hint={checkoutMessages.card.cvvHint}
          error={problem === 'invalid-cvv' ? problem : undefined}
        >
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            dir="ltr"
            maxLength={4}
            value={cvv}
            onChange={(event) => setCvv(event.target.value.replace(/\D/g, ''))}
            className="max-w-28 text-center tracking-[0.3em]"
          />
        </FormField>
        {problem && problem !== 'card' && problem !== 'invalid-cvv' ? (
          <Alert tone="danger">{errorMessage(problem)}</Alert>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
