import { useCardTokenUrl, useDeleteSavedCard, useSavedCards } from '@hiwar/client';
import type { SavedCard } from '@hiwar/domain';
import {
  Alert,
  Badge,
  Button,
  checkoutMessages,
  cn,
  Dialog,
  DialogClose,
  DialogContent,
  messages,
  Skeleton,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { browser, withCardReturn } from '../lib/return-urls.ts';

const text = checkoutMessages.card;

/** `•••• 4242`, with the brand when Fawry names it. */
export function maskedCard(card: SavedCard): string {
  return text.masked(card.lastFourDigits || '····');
}

/** The card to preselect: the newest (just added), else the default one, else the first. */
export function preferredCard(cards: readonly SavedCard[]): SavedCard | null {
  const newest = [...cards]
    .filter((card) => card.createdAt)
    .sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''))[0];
  return newest ?? cards.find((card) => card.isDefault) ?? cards[0] ?? null;
}

export interface SavedCardPickerProps {
  /** The chosen card's token. */
  value: string | null;
  onChange: (token: string | null) => void;
  /** Where /card-added brings the buyer back after adding a card. */
  returnPath: string;
  /** An error code shown under the list (no card chosen). */
  error?: string | null;
}

/**
 * The saved cards as a radio list, each removable, with "add a card": Fawry's add-card page (the
 * address comes from the API), which returns to /card-added and from there to this checkout.
 */
export function SavedCardPicker({ value, onChange, returnPath, error }: SavedCardPickerProps) {
  const cards = useSavedCards();
  const addCard = useCardTokenUrl();
  const showError = useErrorToast();
  const list = cards.data ?? [];
  const name = useId();

  // Keep a valid choice: preselect when cards arrive, drop a card that disappeared.
  useEffect(() => {
    if (!cards.data) {
      return;
    }
    if (!value || !cards.data.some((card) => card.token === value)) {
      onChange(preferredCard(cards.data)?.token ?? null);
    }
  }, [cards.data, value, onChange]);

  return (
    <div className="flex flex-col gap-3">
      {cards.isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : cards.isError ? (
        <Alert
          tone="danger"
          action={
            <Button variant="secondary" size="sm" onClick={() => void cards.refetch()}>
              {messages.common.retry}
            </Button>
          }
        >
          {text.loadFailed}
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-input p-4 text-sm text-muted-foreground">
          {text.none}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2" aria-invalid={error ? true : undefined}>
          <legend className="mb-1.5 text-sm font-semibold text-foreground">{text.savedLegend}</legend>
          {list.map((card) => (
            <SavedCardRow
              key={card.token}
              card={card}
              name={name}
              checked={card.token === value}
              onSelect={() => onChange(card.token)}
            />
          ))}
        </fieldset>
      )}
      {error ? <p className="text-sm font-medium text-danger">{checkoutMessages.checkout.needCard}</p> : null}
      <div className="flex flex-col gap-1.5">
        <Button
          variant="secondary"
          className="self-start"
          loading={addCard.isPending || addCard.isSuccess}
          onClick={() => {
            addCard.mutate(undefined, {
              onSuccess: (url) => browser.open(withCardReturn(url, returnPath)),
              onError: showError,
            });
          }}
        >
          <Plus aria-hidden="true" />
          {addCard.isPending || addCard.isSuccess ? text.adding : text.add}
        </Button>
        <p className="text-xs text-muted-foreground">{text.addHint}</p>
      </div>
    </div>
  );
}

function SavedCardRow({
  card,
  name,
  checked,
  onSelect,
}: {
  card: SavedCard;
  name: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSavedCard();
  const showError = useErrorToast();
  const { toast } = useToast();
  const masked = maskedCard(card);
  const brand = card.brand || text.brandFallback;

  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-xl border border-input bg-surface pe-2 shadow-card transition-[border-color,background-color]',
        'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand/15',
        checked && 'border-brand bg-brand-soft/50',
      )}
    >
      <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 p-3.5">
        <input
          type="radio"
          name={name}
          value={card.token}
          checked={checked}
          onChange={onSelect}
          className="size-4 shrink-0 accent-brand"
        />
        <span
          aria-hidden="true"
          className="inline-flex h-9 w-12 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-muted-foreground"
        >
          <CreditCard className="size-5" />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-semibold text-foreground">
            <span>{brand}</span>
            <span dir="ltr" className="tabular-nums">
              {masked}
            </span>
            {card.isDefault ? <Badge tone="neutral">{text.default}</Badge> : null}
          </span>
          {card.cardHolderName ? (
            <span dir="ltr" className="truncate text-start text-xs text-muted-foreground">
              {card.cardHolderName}
            </span>
          ) : null}
        </span>
      </label>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${text.delete} ${masked}`}
          onClick={() => setConfirming(true)}
          className="text-muted-foreground hover:text-danger"
        >
          <Trash2 aria-hidden="true" />
        </Button>
        <DialogContent
          title={text.deleteTitle}
          description={text.deleteText(`${brand} ${masked}`)}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">{messages.common.cancel}</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(card.token, {
                    onSuccess: () => {
                      setConfirming(false);
                      toast({ type: 'success', title: text.deleted });
                    },
                    onError: showError,
                  })
                }
              >
                {text.deleteConfirm}
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
