import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowBack } from './direction-icons.tsx';

/** The quiet link above a detail page back to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 self-start rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground"
    >
      <ArrowBack className="size-4" />
      {children}
    </Link>
  );
}
