import { isApiError } from '@hiwar/client';
import { type CouponCheckResponse, CouponCodeSchema, CouponState } from '@hiwar/domain';
import { Alert, Button, checkoutMessages, errorMessage, Input, messages } from '@hiwar/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { TicketPercent, X } from 'lucide-react';
import { useId, useState } from 'react';

const text = checkoutMessages.coupon;

export interface CouponFieldProps {
  /** The code being checked or applied; null when none. */
  applied: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** `useCouponCheck(applied)`. */
  check: UseQueryResult<CouponCheckResponse>;
}

/** The catalogue code for a checked coupon the buyer cannot use, or for a failed check. */
export function couponProblem(check: UseQueryResult<CouponCheckResponse>): string | null {
  if (check.data?.state === CouponState.Expired) {
    return 'coupon-already-expired';
  }
  if (check.data?.state === CouponState.UsedUp) {
    return 'coupon-used-up';
  }
  if (check.error) {
    return isApiError(check.error) ? check.error.code : 'unexpected';
  }
  return null;
}

/**
 * The coupon box of the order summary: type a code, apply, and see at once the discount or why it
 * cannot be used (unknown, expired, used up) in Arabic, checked live with `GET /coupon/code/{code}`.
 */
export function CouponField({ applied, onApply, onRemove, check }: CouponFieldProps) {
  const [draft, setDraft] = useState(applied ?? '');
  const [localError, setLocalError] = useState<string | null>(null);
  const valid = check.data?.state === CouponState.Valid ? check.data : null;
  // A problem belongs to the code it was found for: typing another one hides it until applied.
  const showsApplied = applied !== null && draft.trim().toUpperCase() === applied;
  const problem = showsApplied && !check.isFetching ? couponProblem(check) : null;
  const error = localError ?? problem;
  const inputId = useId();
  const errorId = `${inputId}-error`;

  if (applied && valid) {
    return (
      <Alert
        tone="success"
        action={
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={text.remove}
            onClick={() => {
              setDraft('');
              onRemove();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        }
      >
        {text.applied(valid.code, valid.discount / 100)}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = CouponCodeSchema.safeParse(draft);
        if (!parsed.success) {
          setLocalError(parsed.error.issues[0]?.message ?? 'coupon-code-invalid');
          return;
        }
        setLocalError(null);
        setDraft(parsed.data);
        onApply(parsed.data);
      }}
    >
      <label htmlFor={inputId} className="text-sm font-semibold text-foreground">
        {text.label}
        <span className="ms-1 font-normal text-muted-foreground">({messages.common.optional})</span>
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setLocalError(null);
          }}
          placeholder={text.placeholder}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="uppercase placeholder:normal-case"
        />
        <Button
          type="submit"
          variant="secondary"
          className="h-11"
          loading={Boolean(applied) && check.isFetching}
        >
          <TicketPercent aria-hidden="true" />
          {text.apply}
        </Button>
      </div>
      {applied && check.isFetching ? (
        <p role="status" className="text-sm text-muted-foreground">
          {text.checking}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {errorMessage(error)}
        </p>
      ) : null}
    </form>
  );
}
