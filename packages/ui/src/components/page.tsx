import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** Centred content column with the product's gutters. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}

export interface PageHeaderProps extends Omit<ComponentProps<'div'>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown at the end of the header row (wrapping under the title on small screens). */
  actions?: ReactNode;
  /** `center` for single-card screens such as login. */
  align?: 'start' | 'center';
}

/** A page's `h1` with optional description and actions. */
export function PageHeader({
  title,
  description,
  actions,
  align = 'start',
  className,
  ...props
}: PageHeaderProps) {
  const centered = align === 'center';
  return (
    <div
      className={cn(
        'flex flex-col gap-4 pb-6',
        centered ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between',
        className,
      )}
      {...props}
    >
      <div className={cn('flex min-w-0 flex-col gap-1', centered && 'items-center')}>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** Centres its child in the available space, e.g. a route's loading spinner. */
export function CenteredState({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex min-h-[50vh] w-full items-center justify-center p-6', className)} {...props} />
  );
}
