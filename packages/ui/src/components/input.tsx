import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** Shared look of text controls; `aria-invalid` (set by FormField) turns the border red. */
export const fieldControlClassName =
  'w-full rounded-xl border border-input bg-surface px-3 text-sm text-foreground shadow-card transition-[border-color,box-shadow] placeholder:text-muted-foreground hover:border-muted-foreground/50 focus-visible:border-brand focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand/15 disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/15';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(fieldControlClassName, 'h-11', className)} {...props} />;
}
