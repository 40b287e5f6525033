/**
 * Props for the button that opens something loaded on demand (a dialog, a menu, a sheet): its chunk
 * is fetched as soon as the button is pointed at or focused, so it is usually there by the press.
 * A failed early fetch is not an error yet: the press loads it again, and that load reports failure.
 */
export function preloadOnIntent(load: () => Promise<unknown>) {
  const preload = () => {
    load().catch(() => undefined);
  };
  return { onPointerEnter: preload, onFocus: preload };
}
