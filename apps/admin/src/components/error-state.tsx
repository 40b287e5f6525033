import { lazy, Suspense } from 'react';
import type { ErrorStateProps } from './error-state-view.tsx';

export type { ErrorStateProps } from './error-state-view.tsx';

/**
 * The failed-load state loads on demand, with the error catalogue it words the reason from: a screen
 * that loads fine never fetches them (issue 16: every error's Arabic text was on the back office's
 * first screen for the one state it shows when its statistics fail).
 */
const ErrorStateView = lazy(async () => ({
  default: (await import('./error-state-view.tsx')).ErrorStateView,
}));

/** A failed load in place of the content, with the reason in Arabic and a retry button. */
export function ErrorState(props: ErrorStateProps) {
  return (
    <Suspense fallback={null}>
      <ErrorStateView {...props} />
    </Suspense>
  );
}
