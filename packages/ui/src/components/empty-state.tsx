import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** A lucide icon element, e.g. `<CalendarX />`; decorative. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Usually one Button pointing to the next step. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel: Heading = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      className={cn('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center', className)}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-5 inline-flex size-16 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-8"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-xl font-bold text-foreground">{title}</Heading>
      {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
