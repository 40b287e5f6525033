import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn.ts';
import { errorMessage } from '../messages/error-messages.ts';
import { invalidValueMessage } from './form-field.tsx';

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: ReactNode;
  description?: ReactNode;
  /** A decorative lucide icon element. */
  icon?: ReactNode;
  disabled?: boolean;
}

export interface RadioCardsProps<Value extends string> {
  /** The question, read as the group's name. */
  legend: ReactNode;
  /** Hides the legend visually (kept for screen readers). */
  hideLegend?: boolean;
  name: string;
  options: readonly RadioCardOption<Value>[];
  value: Value | null | undefined;
  onValueChange: (value: Value) => void;
  /** An error code from the catalogue (as FormField takes it). */
  error?: string | undefined;
  disabled?: boolean;
  /** Grid columns from `sm` up; one column on phones. */
  columns?: 2 | 3;
  className?: string;
}

/**
 * A single choice among a few options, shown as selectable cards: native radio inputs in a fieldset, so
 * arrow keys, labels and form semantics come from the browser.
 */
export function RadioCards<Value extends string>({
  legend,
  hideLegend = false,
  name,
  options,
  value,
  onValueChange,
  error,
  disabled,
  columns = 2,
  className,
}: RadioCardsProps<Value>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={cn('flex min-w-0 flex-col gap-2', className)}
      aria-describedby={errorId}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className={cn('mb-1.5 text-sm font-semibold text-foreground', hideLegend && 'sr-only')}>
        {legend}
      </legend>
      <div className={cn('grid gap-2', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-xl border border-input bg-surface p-3.5 shadow-card transition-[border-color,background-color,box-shadow]',
                'hover:border-muted-foreground/50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand/15',
                checked && 'border-brand bg-brand-soft/50 hover:border-brand',
                error && 'border-danger',
                (option.disabled || disabled) && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onValueChange(option.value)}
                className="mt-1 size-4 shrink-0 accent-brand"
              />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex items-center gap-2 font-semibold text-foreground [&_svg]:size-4 [&_svg]:text-brand">
                  {option.icon}
                  {option.label}
                </span>
                {option.description ? (
                  <span className="text-xs text-muted-foreground">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {errorMessage(error, invalidValueMessage)}
        </p>
      ) : null}
    </fieldset>
  );
}
