import { cn } from '@hiwar/ui';
import type { ComponentProps } from 'react';

/** A grey placeholder block that pulses while data loads; decorative, the container announces loading. */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-surface-muted', className)}
      {...props}
    />
  );
}
