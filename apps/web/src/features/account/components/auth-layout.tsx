import { cn, PageContainer } from '@hiwar/ui';
import type { ReactNode } from 'react';

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative lucide icon shown above the title. */
  icon?: ReactNode;
  children: ReactNode;
  /** Links under the card ("no account yet?"). */
  footer?: ReactNode;
  /** Wider card for longer forms (complete profile). */
  size?: 'md' | 'lg';
}

/**
 * The single-card screens of signing in and up: a centred card on a soft brand wash, the page's `h1`
 * inside it, secondary links underneath.
 */
export function AuthLayout({ title, description, icon, children, footer, size = 'md' }: AuthLayoutProps) {
  return (
    <div className="relative flex flex-1 flex-col">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(40rem_18rem_at_50%_-4rem,var(--brand-soft),transparent_75%)]"
      />
      <PageContainer className="flex flex-1 flex-col items-center py-8 sm:py-14">
        <div className={cn('w-full', size === 'lg' ? 'max-w-2xl' : 'max-w-md')}>
          <div className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-8">
            <div className="mb-6 flex flex-col items-center gap-2 text-center">
              {icon ? (
                <span
                  aria-hidden="true"
                  className="mb-2 inline-flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-6"
                >
                  {icon}
                </span>
              ) : null}
              <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
              {description ? (
                <p className="text-sm leading-relaxed text-muted-foreground text-pretty">{description}</p>
              ) : null}
            </div>
            {children}
          </div>
          {footer ? (
            <div className="mt-5 flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
              {footer}
            </div>
          ) : null}
        </div>
      </PageContainer>
    </div>
  );
}

/** "نص <رابط>" line under an auth card. */
export function AuthFooterLine({ children }: { children: ReactNode }) {
  return <p className="flex flex-wrap items-center justify-center gap-x-1.5">{children}</p>;
}
