import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../messages/messages.ts';
import { Button } from './button.tsx';

export interface NotFoundPageProps {
  /** Where the button leads; the app's home. */
  homeHref: string;
  /**
   * Replaces the default `<a>` so an SPA can navigate without reloading, e.g.
   * `renderLink={(children) => <Link to="/">{children}</Link>}`.
   */
  renderLink?: (children: ReactNode, href: string) => ReactNode;
}

/** The 404-style page every app shows for unknown routes and routing errors (spec §2). */
export function NotFoundPage({ homeHref, renderLink }: NotFoundPageProps) {
  const label = messages.notFound.action;
  return (
    <section className="flex min-h-[60vh] w-full flex-col items-center justify-center px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-brand-soft text-brand-soft-foreground ring-8 ring-brand-soft/40"
      >
        <Compass className="size-8" />
      </span>
      <p className="mb-2 text-sm font-bold text-brand">{messages.notFound.code}</p>
      <h1 className="text-2xl font-bold text-foreground sm:text-3xl">{messages.notFound.title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{messages.notFound.subtitle}</p>
      <Button asChild size="lg" className="mt-8">
        {renderLink ? renderLink(label, homeHref) : <a href={homeHref}>{label}</a>}
      </Button>
    </section>
  );
}
