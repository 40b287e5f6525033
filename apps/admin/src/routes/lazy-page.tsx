import { CenteredState, Spinner } from '@hiwar/ui';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import type { AdminSection } from '../lib/staff-access.ts';

/** The centred spinner shown while a screen's code loads; the test id lets e2e tests observe it. */
export function RouteSpinner({ className }: { className?: string }) {
  return (
    <CenteredState data-testid="route-spinner" className={className}>
      <Spinner size="lg" className="text-brand" />
    </CenteredState>
  );
}

/**
 * A route element whose screen is code-split (spec §2: admin screens load on demand with a spinner).
 * Each route gets its own Suspense boundary, so the spinner shows in the content area while the
 * sidebar stays put. The boundary is keyed by screen: navigations run in a transition, and React
 * would otherwise keep showing the previous screen in a reused boundary instead of the spinner.
 *
 * A screen of one back-office `section` shows only to the roles of that area (others see a "no
 * access" state, RequireSection). The check loads with the screen, so the staff guard's code is not
 * part of the sign-in screen's download (issue 16).
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  section?: AdminSection,
): ReactElement {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => {
    if (!section) {
      return { default: (await load())[name] };
    }
    const [screens, { RequireSection }] = await Promise.all([
      load(),
      import('../components/require-section.tsx'),
    ]);
    const Screen: ComponentType = screens[name];
    return {
      default: () => (
        <RequireSection section={section}>
          <Screen />
        </RequireSection>
      ),
    };
  });
  return (
    <Suspense key={name} fallback={<RouteSpinner />}>
      <Page />
    </Suspense>
  );
}
