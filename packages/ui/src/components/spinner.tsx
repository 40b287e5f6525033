import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';
import { messages } from '../messages/messages.ts';

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; defaults to "جارٍ التحميل". */
  label?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A loading indicator announced politely to assistive technology. */
export function Spinner({ size = 'md', label = messages.common.loading, className, ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)} {...props}>
      <span
        data-spinner=""
        aria-hidden="true"
        className={cn(
          'inline-block animate-spin rounded-full border-current border-e-transparent opacity-80 [animation-duration:700ms]',
          sizes[size],
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
