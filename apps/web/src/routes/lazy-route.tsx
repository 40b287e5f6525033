import type { Role } from '@hiwar/domain';
import { CenteredState, Spinner } from '@hiwar/ui';
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * A code-split screen: React Router loads its module when the route first matches, so a visitor
 * downloads the lesson room, checkout or schedule editor only when they open them. While the first
 * screen of a visit loads, the root route's `hydrateFallbackElement` shows; on later navigations the
 * current screen stays until the next one is ready.
 */
export function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A private branch of the route tree, behind `RequireAuth` (any signed-in user, or only `roles`). The
 * guard is code-split like the screens: a visitor's first screen never shows it, so it stays out of
 * that download (issue 16), and it loads together with the screen it guards.
 */
export function guarded(roles?: readonly Role[]): LazyRouteFunction<RouteObject> {
  return async () => {
    const { RequireAuth } = await import('../features/account/components/require-auth.tsx');
    return { Component: () => <RequireAuth roles={roles} /> };
  };
}

/** Shown while the first screen's code loads; the test id lets e2e tests observe it. */
export function RouteSpinner() {
  return (
    <CenteredState data-testid="route-spinner" className="min-h-dvh">
      <Spinner size="lg" className="text-brand" />
    </CenteredState>
  );
}
