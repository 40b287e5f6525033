import { cn, PageContainer } from '@hiwar/ui';
import type { ReactNode } from 'react';

/** A page's opening: eyebrow, the `h1`, a lead paragraph and optional actions, on the brand glow. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  align = 'center',
}: {
  eyebrow: string;
  title: string;
  subtitle: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  const centered = align === 'center';
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 dark:opacity-70 bg-[radial-gradient(50rem_24rem_at_50%_-10%,var(--brand-soft),transparent_70%)]"
      />
      <PageContainer
        className={cn('flex flex-col py-14 sm:py-20', centered ? 'items-center text-center' : 'items-start')}
      >
        <p className="inline-flex items-center rounded-full border border-brand/20 bg-brand-soft px-3.5 py-1 text-sm font-semibold text-brand-soft-foreground">
          {eyebrow}
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-bold leading-[1.2] tracking-tight text-foreground sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{subtitle}</p>
        {children}
      </PageContainer>
    </section>
  );
}

/** A section's `h2` and its one-line lead, centred. */
export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-4 text-lg text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
