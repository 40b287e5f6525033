import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { fillTemplate, islandsIn, isPageIsland, PAGE_ISLANDS } from './page-document.ts';

type ServerEntry = typeof import('../src/entry-server.tsx');

/**
 * `vite` (npm run dev): renders each page on request from the sources, as the prerender does at build
 * time, with its islands loaded as modules; `/runtime-config.js` comes from public/.
 */
export function landingDevPlugin(): Plugin {
  return {
    name: 'hiwar-landing-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const pathname = (request.url ?? '/').split('?')[0] ?? '/';
        if (
          request.method !== 'GET' ||
          path.extname(pathname) ||
          /^\/(@|src\/|node_modules\/)/.test(pathname)
        ) {
          next();
          return;
        }
        try {
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
          const origin = `http://${request.headers.host ?? 'localhost:5175'}`;
          const webUrl = 'http://localhost:5173';
          // Unknown `/url/{name}` links go home too (counted only by the real landing server).
          const redirect = entry.leadSourceRedirect(webUrl, pathname);
          if (redirect) {
            response.writeHead(302, { location: redirect }).end();
            return;
          }
          const page = entry.pageAt(pathname);
          const { html, head } = entry.renderPage(page, { siteUrl: origin, webUrl });
          const islands = islandsIn(html).filter(isPageIsland);
          const scripts = [
            ...(islands.some((island) => PAGE_ISLANDS[island].config)
              ? ['<script defer src="/runtime-config.js"></script>']
              : []),
            ...islands.map(
              (island) => `<script type="module" src="/${PAGE_ISLANDS[island].source}"></script>`,
            ),
          ].join('\n    ');
          const template = await server.transformIndexHtml(
            pathname,
            readFileSync(path.join(server.config.root, 'index.html'), 'utf8'),
          );
          response.statusCode = page === entry.NOT_FOUND_PAGE ? 404 : 200;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(fillTemplate(template, { head, html, scripts }));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
