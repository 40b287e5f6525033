import { CenteredState, Spinner } from '@hiwar/ui';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';

/** The centred spinner shown while a screen's code loads; the test id lets e2e tests observe it. */
export function RouteSpinner() {
  return (
    <CenteredState data-testid="route-spinner">
      <Spinner size="lg" className="text-brand" />
    </CenteredState>
  );
}

/**
 * A route element whose screen is code-split (spec §2: admin screens load on demand with a spinner).
 * Each route gets its own Suspense boundary, so the spinner shows in the content area while the
 * sidebar stays put. The boundary is keyed by screen: navigations run in a transition, and React
 * would otherwise keep showing the previous screen in a reused boundary instead of the spinner.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ReactElement {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return (
    <Suspense key={name} fallback={<RouteSpinner />}>
      <Page />
    </Suspense>
  );
}
