import { knownLeadSource } from '@hiwar/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeadersPlugin, securityOptions } from '../plugins/security-headers.ts';
import type { RuntimeConfig } from '../plugins/static-app.ts';
import { staticSitePlugin } from '../plugins/static-site.ts';
import { landingRoot } from './app-roots.ts';

export type LandingServerOptions = {
  /**
   * Counts a visit to a `/url/{name}` link the site does not know (`name` as it came, the visitor's
   * address); the lead-sources service's `recordUnknownVisit`, which bounds what it keeps. Without it
   * (the landing site's own tests, `npm run preview`) nothing is counted.
   */
  recordUnknownLeadSource?: (name: string, address: string) => Promise<unknown>;
  /** Behind a load balancer (`TRUST_PROXY`): the visitor's address from `X-Forwarded-For`. */
  trustProxy?: boolean;
};

/** How long a redirect waits for its visit to be counted before it goes anyway. */
const RECORD_WAIT_MS = 1_000;

/**
 * The landing site's own server (LANDING_PORT): the prerendered marketing pages, their 404, sitemap,
 * robots.txt and lead-source redirects. Also what the landing site's HTTP tests request.
 */
export async function buildLandingServer(
  runtimeConfig: RuntimeConfig,
  root: string = landingRoot(),
  options: LandingServerOptions = {},
): Promise<FastifyInstance> {
  const server = Fastify({
    logger: false,
    return503OnClosing: true,
    trustProxy: options.trustProxy ?? false,
  });
  await server.register(securityHeadersPlugin, securityOptions('landing', runtimeConfig));
  await server.register(staticSitePlugin, { root, runtimeConfig });
  const web = runtimeConfig.webUrl.replace(/\/+$/, '');

  // The six known `/url/{name}` links are the build's redirects (apps/landing/src/site/pages.tsx),
  // matched first. Any other name, a shared link with a typo or a campaign nobody told the site about,
  // still brings the visitor to the web app's home page rather than a 404, and is counted for staff.
  // A known name in other letters (`/url/SFB`) goes where the known link goes.
  server.get('/url/*', { schema: { hide: true } }, async (request, res) => {
    const raw = (request.params as { '*'?: string })['*']?.replace(/\/+$/, '') ?? '';
    const known = knownLeadSource(raw);
    // A HEAD (a link checker) is answered the same and not counted.
    if (!known && request.method === 'GET' && options.recordUnknownLeadSource) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        options.recordUnknownLeadSource(raw, request.ip).catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, RECORD_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    const target = known ? `${web}/register/student?source=${known}` : `${web}/`;
    return res.header('cache-control', 'no-store').redirect(target, 302);
  });
  return server;
}
