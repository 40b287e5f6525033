import { toLatinDigits } from '@hiwar/domain';
import { type ComponentProps, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export interface CodeInputProps
  extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength'> {
  /** Number of digits: 4 for e-mail verification, 5 for password reset and phone codes. */
  length: number;
  value: string;
  /** Always Latin digits only, at most `length` of them. */
  onChange: (value: string) => void;
  /** Called once all digits are typed or pasted, e.g. to submit at once. */
  onComplete?: (value: string) => void;
}

/** Latin digits only: Arabic-Indic and Persian digits become 0–9, anything else (spaces, dashes) goes. */
export function normalizeCode(raw: string, length: number): string {
  return toLatinDigits(raw).replace(/\D/g, '').slice(0, length);
}

/**
 * A one-time-code field drawn as one box per digit. Underneath it is a single input (one label, one
 * value, paste and SMS/e-mail autofill work), so assistive technology reads one field. Arabic keyboards
 * type ٠–٩: they are accepted and stored as 0–9. Props (`id`, `aria-*`, `name`, `ref`) go to the input.
 */
export function CodeInput({
  length,
  value,
  onChange,
  onComplete,
  className,
  disabled,
  onFocus,
  onBlur,
  ...props
}: CodeInputProps) {
  const [focused, setFocused] = useState(false);
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  const digits = normalizeCode(value, length);
  const activeIndex = Math.min(digits.length, length - 1);

  return (
    <div dir="ltr" className={cn('relative flex w-fit max-w-full gap-2 sm:gap-3', className)}>
      {Array.from({ length }, (_, index) => {
        const digit = digits[index] ?? '';
        const active = focused && index === activeIndex;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
            key={index}
            aria-hidden="true"
            data-active={active || undefined}
            data-filled={digit !== '' || undefined}
            className={cn(
              'flex h-14 w-12 items-center justify-center rounded-xl border border-input bg-surface text-2xl font-bold text-foreground shadow-card transition-[border-color,box-shadow] sm:w-14',
              'data-[filled]:border-muted-foreground/40',
              'data-[active]:border-brand data-[active]:ring-4 data-[active]:ring-brand/15',
              invalid &&
                'border-danger data-[filled]:border-danger data-[active]:border-danger data-[active]:ring-danger/15',
              disabled && 'bg-surface-muted opacity-70',
            )}
          >
            {digit}
            {active && digit === '' ? (
              <span className="h-7 w-0.5 animate-pulse rounded-full bg-brand motion-reduce:animate-none" />
            ) : null}
          </div>
        );
      })}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        aria-description={messages.controls.codeDigits(length)}
        {...props}
        disabled={disabled}
        value={digits}
        onChange={(event) => {
          const next = normalizeCode(event.target.value, length);
          onChange(next);
          if (next.length === length && digits.length !== length) {
            onComplete?.(next);
          }
        }}
        onFocus={(event) => {
          setFocused(true);
          // Typing always continues at the end, like the boxes suggest.
          const end = event.target.value.length;
          event.target.setSelectionRange(end, end);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
        className="absolute inset-0 size-full cursor-text rounded-xl bg-transparent text-base text-transparent caret-transparent outline-none selection:bg-transparent disabled:cursor-not-allowed"
      />
    </div>
  );
}
