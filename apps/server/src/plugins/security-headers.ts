import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Which front end a server carries: the web app's server also carries the API and its tools. */
export type SecuredApp = 'web' | 'admin' | 'landing';

export type SecurityHeadersOptions = {
  app: SecuredApp;
  /** The public origins of the three apps (the admin and landing call the web origin's API). */
  origins: { web: string; admin: string; landing: string };
  /** Google Identity Services is configured: its script, styles and frames are allowed. */
  google: boolean;
  /** Pages that are not ours to lock down this tight (the Fawry sandbox, local dev pages). */
  relaxedPrefixes?: readonly string[];
};

const GOOGLE = 'https://accounts.google.com';
const origin = (url: string) => new URL(url).origin;
const socketOrigin = (url: string) => origin(url).replace(/^http/, 'ws');

/** An origin and, on this machine, its twin (`localhost` ↔ `127.0.0.1`): local mode opens either. */
function withLoopbackTwin(value: string): string[] {
  const url = new URL(value);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!twin) {
    return [url.origin];
  }
  const other = new URL(value);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/** The options for one app's server, from the runtime config every front end is given. */
export function securityOptions(
  app: SecuredApp,
  runtime: { webUrl: string; adminUrl: string; landingUrl: string; googleClientId: string | null },
  relaxedPrefixes: readonly string[] = [],
): SecurityHeadersOptions {
  return {
    app,
    origins: { web: runtime.webUrl, admin: runtime.adminUrl, landing: runtime.landingUrl },
    google: runtime.googleClientId !== null,
    relaxedPrefixes,
  };
}

/**
 * The Content-Security-Policy of a front end (issue 14): scripts only from our own origin (no inline
 * script anywhere: the runtime config is a file), styles from our origin plus inline style
 * attributes (the design system sets a few), pictures and videos from our origin and the web
 * origin that serves uploads (plus `blob:` for previews and private receipts, `data:` for tiny
 * icons), API and socket calls to the web origin, and never framed by anyone.
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions): string {
  const web = withLoopbackTwin(options.origins.web);
  const sockets = web.map(socketOrigin);
  const google = options.google ? [GOOGLE] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...google.map((host) => `${host}/gsi/client`)],
    'style-src': ["'self'", "'unsafe-inline'", ...google.map((host) => `${host}/gsi/style`)],
    'img-src': [
      "'self'",
      ...web,
      'data:',
      'blob:',
      ...(options.google ? ['https://*.googleusercontent.com'] : []),
    ],
    'media-src': ["'self'", ...web, 'blob:', 'mediastream:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...web, ...sockets, ...google],
    'frame-src': options.google ? [GOOGLE] : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** JSON answers load nothing and are never framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Scripts, stylesheets, fonts, pictures and every other file that is not a page: a CSP applies to a
 * document (and a worker), never to a file loaded by a page, so the page's long policy on each of
 * them was some 600 bytes per request for nothing (issue 26: a phone's first load makes ten of
 * them). Such a file opened on its own, as a document, loads and runs nothing and is never framed.
 */
const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Answers a browser shows as a page: they get the page's policy and the document-only headers. */
const isPage = (type: string) => /^(text\/html|application\/xhtml\+xml)\b/.test(type);

/** Camera, microphone and screen sharing only where the lesson room is (the web app), nothing else. */
export function permissionsPolicy(app: SecuredApp): string {
  const media = app === 'web' ? '(self)' : '()';
  return [
    `camera=${media}`,
    `microphone=${media}`,
    `display-capture=${media}`,
    'geolocation=()',
    'payment=()',
    'usb=()',
    'interest-cohort=()',
  ].join(', ');
}

/**
 * Security headers on every answer of a server (issue 14): a CSP (`contentSecurityPolicy` for pages,
 * a none-policy for JSON and for every other file), `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy`, no framing (`frame-ancestors` and `X-Frame-Options: DENY`), and HSTS when the
 * request came over HTTPS; pages also get a `Permissions-Policy` that gives the camera and microphone
 * to the web app alone, and their opener policy. A route that set its own CSP (the API docs) keeps it.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const pagePolicy = contentSecurityPolicy(options);
    const permissions = permissionsPolicy(options.app);
    const relaxed = options.relaxedPrefixes ?? [];
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      if (isPage(type)) {
        // What a document's features may use; a script or a picture has no say in it.
        reply.header('permissions-policy', permissions);
        // Google's sign-in may open a popup that must talk back to us.
        reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      }
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      if (reply.hasHeader('content-security-policy')) {
        return;
      }
      const pathname = request.url.split('?')[0] ?? '/';
      if (relaxed.some((prefix) => pathname.startsWith(prefix))) {
        // A stand-in for a third party's pages (inline scripts and forms posting back to us).
        reply.header('content-security-policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
        return;
      }
      reply.header(
        'content-security-policy',
        type.startsWith('application/json') ? API_POLICY : isPage(type) ? pagePolicy : FILE_POLICY,
      );
    });
  },
  { name: 'security-headers' },
);
