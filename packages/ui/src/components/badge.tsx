import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone;
}

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-muted-foreground',
  brand: 'bg-brand-soft text-brand-soft-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
  info: 'bg-info-soft text-info',
  accent: 'bg-accent-soft text-accent-foreground',
};

/** A small rounded label: a status, a saving, "invite only". Icons inside are sized for it. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
