import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

type OriginConfig = Pick<AppConfig, 'appServer' | 'publicUrls'>;

const LOOPBACK_TWINS: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * The origins this deployment serves the web app on: `PUBLIC_WEB_URL`'s, and in local mode also its
 * loopback twin (`localhost` ↔ `127.0.0.1`, same port), which people open as often and the browser
 * keeps apart (its own storage, so its own signed-in session). Nothing else is ever trusted as the
 * web app's address: a request's headers only choose among these.
 */
export function webOrigins(config: OriginConfig): string[] {
  const configured = new URL(config.publicUrls.web);
  const twin = LOOPBACK_TWINS[configured.hostname];
  if (config.appServer !== 'local' || !twin) {
    return [configured.origin];
  }
  const other = new URL(configured.origin);
  other.hostname = twin;
  return [configured.origin, other.origin];
}

/** An origin from a header, normalised, or null when the header is absent or not an http(s) origin. */
function originFrom(raw: string | undefined): string | null {
  if (!raw || raw.length > 300) {
    return null;
  }
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The web origin the browser behind `request` opened the app on, so the addresses the server builds
 * for it (Fawry's pages, their way back) keep that origin: the request's `Origin` (a call from the
 * SPA), else the address it was sent to (scheme and `Host`, `X-Forwarded-*` behind a trusted proxy).
 * Only one of `webOrigins` is ever answered, the configured one when neither matches: a forged header
 * cannot make the server send anybody elsewhere (no open redirect).
 */
export function requestWebOrigin(request: FastifyRequest, config: OriginConfig): string {
  const allowed = webOrigins(config);
  const header = request.headers.origin;
  const candidates = [
    originFrom(Array.isArray(header) ? header[0] : header),
    originFrom(`${request.protocol}://${request.host}`),
  ];
  return candidates.find((origin) => origin !== null && allowed.includes(origin)) ?? (allowed[0] as string);
}

/**
 * `url` moved onto `origin` when it is an address on one of the deployment's web origins under
 * `pathPrefix` (the Fawry sandbox mounted there, say); any other address (real Fawry's) is left as
 * it is. `origin` must come from `requestWebOrigin`.
 */
export function onWebOrigin(url: string, origin: string, config: OriginConfig, pathPrefix = '/'): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const prefix = pathPrefix.endsWith('/') ? pathPrefix : `${pathPrefix}/`;
  if (!webOrigins(config).includes(parsed.origin) || !parsed.pathname.startsWith(prefix)) {
    return url;
  }
  // The path is set, never resolved against the origin: a `//host` path cannot change the host.
  const moved = new URL(origin);
  moved.pathname = parsed.pathname;
  moved.search = parsed.search;
  moved.hash = parsed.hash;
  return moved.toString();
}
