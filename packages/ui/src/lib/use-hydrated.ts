import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * `false` while React renders on the server and hydrates that HTML, `true` afterwards (and from the
 * start with `createRoot`). Markup that must match the server's (the theme's icon) or controls that
 * must wait for the app (a form the server sent, issue 26) read it: React re-renders with `true` once
 * hydration is done.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
