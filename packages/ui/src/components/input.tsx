import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * Shared look of text controls; `aria-invalid` (set by FormField) turns the border red. The focus ring follows `:focus-within`, not `:focus-visible`: a date field's
 * calendar button is a focus stop of its own inside the field, where the field itself matches neither
 * `:focus` nor `:focus-visible` (a text field always shows its focus, so nothing else changes).
 */
export const fieldControlClassName =
  'w-full rounded-xl border border-input bg-surface px-3 text-sm text-foreground shadow-card transition-[border-color,box-shadow] placeholder:text-muted-foreground hover:border-muted-foreground/50 focus-within:border-brand focus-within:outline-none focus-within:ring-4 focus-within:ring-brand/15 disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 aria-invalid:border-danger aria-invalid:focus-within:ring-danger/15';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(fieldControlClassName, 'h-11', className)} {...props} />;
}
