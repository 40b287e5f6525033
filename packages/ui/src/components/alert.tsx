import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone;
  title?: ReactNode;
  /** A trailing button or link (e.g. "resend"). */
  action?: ReactNode;
}

const tones: Record<AlertTone, { box: string; icon: typeof Info }> = {
  info: { box: 'border-info/30 bg-info-soft [&>svg]:text-info', icon: Info },
  success: { box: 'border-success/30 bg-success-soft [&>svg]:text-success', icon: CheckCircle2 },
  warning: { box: 'border-warning/40 bg-warning-soft [&>svg]:text-warning', icon: AlertTriangle },
  danger: { box: 'border-danger/30 bg-danger-soft [&>svg]:text-danger', icon: XCircle },
};

/**
 * An inline message inside a form or card: a failed sign-in, a sent code, a missing step. `danger` is
 * announced at once (`role="alert"`); the other tones politely (`role="status"`).
 */
export function Alert({ tone = 'info', title, action, className, children, ...props }: AlertProps) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border p-3.5 text-sm text-foreground', box, className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-foreground/90">{children}</div> : null}
      </div>
      {action ? <div className="shrink-0 self-center">{action}</div> : null}
    </div>
  );
}
