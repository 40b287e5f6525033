import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { useDisabledKeepingFocus } from '../lib/use-disabled-keeping-focus.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

/**
 * The base classes set `display: inline-flex`. To hide a button responsively, use a max-width variant
 * (`max-sm:hidden`) or a variant that comes later in the cascade (`lg:hidden`); plain `hidden` loses.
 */
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and makes the button unavailable (keeping its focus) until the action settles. */
  loading?: boolean;
  /** Renders the single child (a link) with the button's look, e.g. `<Button asChild><Link/></Button>`. */
  asChild?: boolean;
}

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold transition-[background-color,border-color,color,box-shadow] duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:pointer-events-none [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-foreground shadow-card hover:bg-brand-strong',
  secondary:
    'border border-border bg-surface text-foreground shadow-card hover:border-input hover:bg-surface-muted',
  ghost: 'text-foreground hover:bg-surface-muted',
  danger: 'bg-danger text-danger-foreground shadow-card hover:bg-danger-strong',
  link: 'h-auto px-0 text-brand underline-offset-4 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm [&_svg]:size-4',
  md: 'h-10 px-4 text-sm [&_svg]:size-[1.125rem]',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 [&_svg]:size-5',
  'icon-sm': 'size-8 [&_svg]:size-4',
};

/** Class names of a button, for elements that cannot be a `Button` (e.g. a router `NavLink`). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cn(base, variants[variant], variant === 'link' ? null : sizes[size], className);
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  disabled,
  className,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  // Loading, or disabled by what its press did, a focused button keeps the focus (a disabled one
  // drops it to the page): it says it is unavailable and ignores presses, Enter in a field of its
  // form included (implicit submission clicks the form's default button, and the press is cancelled).
  const focus = useDisabledKeepingFocus<HTMLButtonElement>(disabled, props);
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  const unavailable = loading || focus.unavailable;
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={focus.disabled}
      aria-disabled={unavailable || undefined}
      aria-busy={loading || undefined}
      {...props}
      {...focus.focusHandlers}
      onClick={unavailable ? (event) => event.preventDefault() : props.onClick}
    >
      {loading ? (
        <span
          data-spinner=""
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-e-transparent"
        />
      ) : null}
      {children}
    </button>
  );
}
