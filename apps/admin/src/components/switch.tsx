import { cn, useDisabledKeepingFocus } from '@hiwar/ui';
import type { ComponentProps } from 'react';

export interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * An on/off control (`role="switch"`). The thumb sits at the inline start when off and moves to the
 * inline end when on, so it reads the Arabic way; label it with `aria-labelledby` or a `<label>`.
 * Disabled while it has the focus (its change being saved), it keeps the focus and ignores presses.
 */
export function Switch({ checked, onCheckedChange, disabled, className, ...props }: SwitchProps) {
  const focus = useDisabledKeepingFocus<HTMLButtonElement>(disabled, props);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={focus.disabled}
      aria-disabled={focus.unavailable || undefined}
      onClick={() => (focus.unavailable ? undefined : onCheckedChange(!checked))}
      className={cn(
        'group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-55 aria-disabled:cursor-not-allowed aria-disabled:opacity-55',
        checked ? 'bg-brand' : 'bg-input',
        className,
      )}
      {...props}
      {...focus.focusHandlers}
    >
      <span
        aria-hidden="true"
        className={cn(
          'block size-5 rounded-full bg-surface shadow-card transition-transform duration-150',
          checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
