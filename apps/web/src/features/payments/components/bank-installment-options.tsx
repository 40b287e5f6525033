import { useInstallmentPlans } from '@hiwar/client';
import { type BankInstallmentProgramme, programmeAcceptsCard, type SavedCard } from '@hiwar/domain';
import { Alert, Button, checkoutMessages, formatMoney, RadioCards, Skeleton } from '@hiwar/ui';
import { useEffect } from 'react';

const text = checkoutMessages.checkout.bank;

/** Whether the programme takes the chosen card (none chosen yet: every programme is open). */
function takesCard(programme: BankInstallmentProgramme, card: SavedCard | null): boolean {
  return !card || programmeAcceptsCard(programme.bins, card.firstSixDigits);
}

export interface BankInstallmentOptionsProps {
  /** The price to spread, after the coupon (piasters). */
  amount: number;
  /** The saved card chosen above: programmes of other banks are shown but cannot be picked. */
  card: SavedCard | null;
  /** The chosen programme's Fawry id. */
  value: number | null;
  onChange: (programmeId: number | null) => void;
  /** An error code from the catalogue (nothing chosen: `required`). */
  error?: string | undefined;
}

/**
 * The bank installment programmes Fawry offers for the price, as the server lists them: bank, months,
 * the monthly estimate, and the bank's interest with the total. The cheapest one that takes the chosen
 * card is picked until the student picks another.
 */
export function BankInstallmentOptions({
  amount,
  card,
  value,
  onChange,
  error,
}: BankInstallmentOptionsProps) {
  const plans = useInstallmentPlans(amount);
  const list = plans.data ?? [];
  const usable = list.filter((programme) => takesCard(programme, card));
  const firstUsable = usable[0]?.id ?? null;
  const chosenUsable = usable.some((programme) => programme.id === value);

  // Keep a usable programme chosen: the cheapest at first, and again when the card or the price changes.
  useEffect(() => {
    if (plans.isSuccess && !chosenUsable && value !== firstUsable) {
      onChange(firstUsable);
    }
  }, [plans.isSuccess, chosenUsable, value, firstUsable, onChange]);

  if (plans.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">{text.loading}</span>
        <Skeleton className="h-4 w-28" />
        <div className="grid gap-2 sm:grid-cols-2">
          <Skeleton className="h-20 w-full rounded-xl" />
          <Skeleton className="h-20 w-full rounded-xl" />
        </div>
      </div>
    );
  }
  if (plans.isError) {
    return (
      <Alert
        tone="danger"
        action={
          <Button
            variant="secondary"
            size="sm"
            loading={plans.isFetching}
            onClick={() => void plans.refetch()}
          >
            {text.retry}
          </Button>
        }
      >
        {text.unavailable}
      </Alert>
    );
  }
  if (list.length === 0) {
    return <Alert tone="warning">{text.none}</Alert>;
  }
  return (
    <div className="flex flex-col gap-3">
      <RadioCards
        legend={text.programmes}
        name="bank-programme"
        value={value === null ? null : String(value)}
        onValueChange={(picked) => onChange(Number(picked))}
        error={error}
        options={list.map((programme) => {
          const accepted = takesCard(programme, card);
          return {
            value: String(programme.id),
            label: text.programme(programme.bankName, programme.months),
            disabled: !accepted,
            description: (
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold text-foreground tabular-nums">
                  {text.monthly(formatMoney(programme.monthlyAmount))}
                </span>
                <span>
                  {programme.interest === 0
                    ? text.noInterest
                    : text.interest(
                        programme.rate,
                        formatMoney(programme.interest),
                        formatMoney(programme.total),
                      )}
                </span>
                {accepted ? null : <span className="text-warning">{text.otherCard}</span>}
              </span>
            ),
          };
        })}
      />
      {usable.length === 0 ? <Alert tone="warning">{text.noneForCard}</Alert> : null}
    </div>
  );
}
