import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@hiwar/ui';
import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shown at the end of the header row (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One titled card of a settings tab: its title is an `h2`, the page's `h1` being the screen's. */
export function SettingsSection({ title, description, aside, children, className }: SettingsSectionProps) {
  return (
    <Card className={cn('overflow-hidden', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle as="h2" className="text-base sm:text-lg">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {aside}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A small "verified / not verified" pill. */
export function StatusBadge({
  tone,
  children,
}: {
  tone: 'success' | 'warning' | 'neutral';
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3.5',
        tone === 'success' && 'bg-success-soft text-success',
        tone === 'warning' && 'bg-warning-soft text-warning',
        tone === 'neutral' && 'bg-surface-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}
