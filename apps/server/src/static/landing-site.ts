import Fastify, { type FastifyInstance } from 'fastify';
import { securityHeadersPlugin, securityOptions } from '../plugins/security-headers.ts';
import type { RuntimeConfig } from '../plugins/static-app.ts';
import { staticSitePlugin } from '../plugins/static-site.ts';
import { landingRoot } from './app-roots.ts';

/**
 * The landing site's own server (LANDING_PORT): the prerendered marketing pages, their 404, sitemap,
 * robots.txt and lead-source redirects. Also what the landing site's HTTP tests request.
 */
export async function buildLandingServer(
  runtimeConfig: RuntimeConfig,
  root: string = landingRoot(),
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, return503OnClosing: true });
  await server.register(securityHeadersPlugin, securityOptions('landing', runtimeConfig));
  await server.register(staticSitePlugin, { root, runtimeConfig });
  return server;
}
