import type { RuntimeConfig } from '@hiwar/client/runtime-config';

/**
 * The two addresses islands need from `/runtime-config.js` (written by the server per deployment).
 * Read by hand rather than with @hiwar/client's reader, whose validation would bring zod along.
 * Missing values fall back to this page's origin, as the shared reader does.
 */
export function readIslandConfig(): Pick<RuntimeConfig, 'apiUrl' | 'webUrl'> {
  const source = window.__HIWAR_CONFIG__ ?? {};
  const address = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() !== '' ? value.replace(/\/+$/, '') : fallback;
  return { apiUrl: address(source.apiUrl, ''), webUrl: address(source.webUrl, window.location.origin) };
}
