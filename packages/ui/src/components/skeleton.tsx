import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** A grey placeholder block shown while content loads; size it with classes. Hidden from assistive tech. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-surface-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
