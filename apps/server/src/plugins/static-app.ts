import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.ts';
import { createPageRendering, encodePage, inlineRuntimeConfig, loadPageRenderer } from './server-render.ts';

export type RuntimeConfig = {
  apiUrl: string;
  socketUrl: string;
  appServer: string;
  webUrl: string;
  adminUrl: string;
  landingUrl: string;
  /** Google Identity Services client id; null hides the Google button. */
  googleClientId: string | null;
  /** The Telegram bot's t.me address (users open it to link their number); null without a bot. */
  telegramBotUrl: string | null;
};

type Options = {
  /** A built Vite app (`apps/<name>/dist`). */
  root: string;
  runtimeConfig: RuntimeConfig;
  /** Single-page app: unknown GET paths answer index.html; otherwise they answer the 404 page. */
  spa: boolean;
  /** Paths that must never fall back to the SPA (the API's own namespaces). */
  apiPrefixes?: string[];
  /**
   * Render the pages the app's server renderer knows (`dist-ssr` beside `root`, the web app's public
   * pages) instead of sending the bare document; only where the API answers in this process.
   */
  serverRender?: boolean;
};

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build assets never change under their name; everything else is revalidated. */
export function assetCacheControl(filePath: string): string {
  // A precompressed twin (`.br`, `.gz`) is cached like the file it encodes.
  const original = filePath.replace(/\.(br|gz)$/, '');
  return HASHED_ASSET.test(original) ? IMMUTABLE : 'no-cache';
}

/** `/runtime-config.js`: where a browser app finds the API and the other apps (one build runs anywhere). */
export function registerRuntimeConfig(app: FastifyInstance, runtimeConfig: RuntimeConfig): void {
  const script = `window.__HIWAR_CONFIG__ = ${JSON.stringify(runtimeConfig)};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, (_request, res) =>
    res.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script),
  );
}

/**
 * Serves a built front end: hashed assets cached for a year, HTML never cached, and the deployment's
 * config telling the app where the API lives (so one build runs anywhere): written into a single-page
 * app's pages, and as `/runtime-config.js` for the rest (the dev server's pages, the landing site).
 */
export const staticAppPlugin = fp<Options>(
  async (app: FastifyInstance, options) => {
    const hasBuild = existsSync(path.join(options.root, 'index.html'));
    registerRuntimeConfig(app, options.runtimeConfig);
    const renderer = hasBuild && options.serverRender ? await loadPageRenderer(options.root, app.log) : null;
    const renderPage = renderer
      ? createPageRendering({ app, renderer, root: options.root, runtimeConfig: options.runtimeConfig })
      : null;
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        // A single-page app's `/` is a page like the others (the config written in, maybe rendered):
        // it reaches the handler below.
        index: options.spa ? false : ['index.html'],
        // The build wrote `.br` and `.gz` beside each text file: sent by the browser's Accept-Encoding.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          res.header('cache-control', assetCacheControl(filePath));
        },
      });
      // A file cached for good is never revalidated: its validators would only add bytes to each of
      // the first load's requests (issue 26).
      app.addHook('onSend', async (_request, reply) => {
        if (reply.getHeader('cache-control') === IMMUTABLE) {
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        }
      });
    }
    const indexHtml = () =>
      hasBuild ? readFileSync(path.join(options.root, 'index.html'), 'utf8') : missingBuildPage(options.root);
    const notFoundHtml = () => {
      const file = path.join(options.root, '404', 'index.html');
      return existsSync(file) ? readFileSync(file, 'utf8') : indexHtml();
    };
    const apiPrefixes = options.apiPrefixes ?? [];
    const sendPage = async (request: FastifyRequest, res: FastifyReply) => {
      const rendered = request.method === 'GET' && renderPage ? await renderPage(request) : null;
      res
        .status(rendered?.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache');
      const html = rendered?.html ?? inlineRuntimeConfig(indexHtml(), options.runtimeConfig);
      const encoded = encodePage(html, request.headers['accept-encoding']);
      if (encoded.encoding) {
        res.header('content-encoding', encoded.encoding);
      }
      return res.header('vary', 'Accept-Encoding').send(encoded.body);
    };
    app.setNotFoundHandler((request: FastifyRequest, res: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!wantsPage || apiPrefixes.some((prefix) => pathname.startsWith(prefix)) || path.extname(pathname)) {
        return sendNotFound(request, res);
      }
      if (options.spa) {
        return sendPage(request, res);
      }
      return res.status(404).type('text/html; charset=utf-8').send(notFoundHtml());
    });
  },
  { name: 'static-app' },
);

export function missingBuildPage(root: string): string {
  return `<!doctype html><html lang="ar-EG" dir="rtl"><meta charset="utf-8"><title>حوار</title>
<body><p>لم يتم بناء الواجهة بعد (${root}). شغّل <code>npm run build</code>.</p></body></html>`;
}
