import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@hiwar/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';

/** What the web app's `dist-ssr/entry-server.js` exports (apps/web/src/entry-server.tsx). */
export interface PageRenderer {
  /**
   * The id of the `<script type="application/json">` the browser reads the page's data from; a
   * renderer whose pages hydrate from no data (the back office's sign-in) exports none.
   */
  stateElementId?: string;
  render(input: {
    url: string;
    /** What `/runtime-config.js` tells the browser (static-app.ts's RuntimeConfig), passed through. */
    runtimeConfig: object;
    fetch: (input: string, init: RequestInit) => Promise<Response>;
    dataTimeoutMs?: number;
  }): Promise<{ status: number; html: string; state?: unknown; module: string | null } | null>;
}

/** A rendered page: the document to send and its status. */
export type RenderedPage = { status: number; html: string };

export type RenderPage = (request: FastifyRequest) => Promise<RenderedPage | null>;

type ManifestChunk = { file: string };

/** Where the web build leaves its server renderer, beside the browser build (`dist`). */
export function rendererFile(root: string): string {
  return path.join(root, '..', 'dist-ssr', 'entry-server.js');
}

/** Loads the renderer built beside `root`, or null when there is none (a build without it, or tests). */
export async function loadPageRenderer(root: string, log: FastifyBaseLogger): Promise<PageRenderer | null> {
  const file = rendererFile(root);
  if (!existsSync(file)) {
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
    return typeof module.render === 'function' ? (module as PageRenderer) : null;
  } catch (error) {
    log.warn(
      { err: error, file },
      'the web pages renderer could not be loaded: pages are rendered in the browser',
    );
    return null;
  }
}

/**
 * JSON inside `<script type="application/json">`: never executed (the Content-Security-Policy allows no
 * inline script, and needs none for data), and no `<` so that no `</script>` or comment can end it.
 */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** How the build's `index.html` loads the deployment's config (the apps' `index.html`). */
const RUNTIME_CONFIG_SCRIPT = '<script defer src="/runtime-config.js"></script>';

/**
 * A page with the deployment's config written into it as a JSON data block
 * (`RUNTIME_CONFIG_ELEMENT_ID`, read by the client's `readRuntimeConfig`) instead of the script that
 * fetches `/runtime-config.js`: one request fewer before the app can start (issue 26). A page without
 * that script is returned as it is.
 */
export function inlineRuntimeConfig(html: string, runtimeConfig: object): string {
  return html.replace(RUNTIME_CONFIG_SCRIPT, () => jsonScript(RUNTIME_CONFIG_ELEMENT_ID, runtimeConfig));
}

/**
 * The chunk of the screen's module (a key of Vite's manifest), preloaded so that it arrives with the
 * entry; null when there is none or the document loads it already. Only that chunk: preloading every
 * chunk it imports as well (tens on the directory) took the bandwidth of a slow connection from the
 * stylesheet's fonts and delayed the first paint by about a second in Lighthouse's mobile run. They are
 * fetched when the browser reads the screen's chunk, while the page already shows.
 */
export function screenPreload(
  manifest: Record<string, ManifestChunk>,
  module: string,
  html: string,
): string | null {
  const file = manifest[module]?.file;
  return file && !html.includes(`/${file}"`) ? file : null;
}

/** An `<img>` tag the screen marked as its largest paint (`fetchpriority="high"`). */
const HIGH_PRIORITY_IMAGE = /<img\b(?=[^>]*\sfetchpriority="high")[^>]*>/g;

/** An attribute's value in a tag of React's markup (already escaped, in double quotes). */
const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Head links that start the download of each image the rendered markup marks `fetchpriority="high"`
 * (the profile's video poster: its largest paint) before the document's scripts, instead of when the
 * parser reaches the image at the end of the body. An image with a `srcset` is preloaded by the same
 * `srcset` and `sizes`, so the browser fetches the very copy the `<img>` then uses.
 */
export function imagePreloads(markup: string): string {
  const links = new Set<string>();
  for (const [tag] of markup.matchAll(HIGH_PRIORITY_IMAGE)) {
    const src = attribute(tag, 'src');
    if (!src) {
      continue;
    }
    const srcset = attribute(tag, 'srcset');
    const sizes = attribute(tag, 'sizes');
    links.add(
      `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${
        sizes ? ` imagesizes="${sizes}"` : ''
      } fetchpriority="high">`,
    );
  }
  return Array.from(links).join('');
}

/**
 * An in-process `fetch` for the renderer: the API answers through `app.inject`, as the visitor's own
 * request (their address, for the rate limits), signed out.
 */
function fetchInProcess(app: FastifyInstance, request: FastifyRequest) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://in-process.invalid');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const options: InjectOptions = {
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, 'user-agent': request.headers['user-agent'] ?? 'hiwar-render' },
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    };
    const answer = await app.inject(options);
    const answerHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined) {
        answerHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: answerHeaders,
    });
  };
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The document's own stylesheets written into it (`<style>`): a rendered page paints from the HTML
 * alone, without waiting for another request first (the Content-Security-Policy allows inline styles).
 * A stylesheet that cannot be read keeps its link.
 */
export function inlineStylesheets(html: string, root: string): string {
  return html.replace(STYLESHEET, (link, file: string) => {
    const css = path.join(root, file);
    if (!existsSync(css)) {
      return link;
    }
    return `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * Renders the web app's public pages on the server (issue 26): the built document with the page's
 * markup in `#root`, its data for hydration and preloads for its screen's chunks. Null when the page is
 * not one the renderer renders, or when rendering failed (logged): the plain document is sent instead.
 */
export function createPageRendering(options: {
  app: FastifyInstance;
  renderer: PageRenderer;
  root: string;
  runtimeConfig: object;
}): RenderPage {
  const template = inlineRuntimeConfig(
    inlineStylesheets(readFileSync(path.join(options.root, 'index.html'), 'utf8'), options.root),
    options.runtimeConfig,
  );
  const manifestFile = path.join(options.root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const preloads = new Map<string, string>();
  const preloadTags = (module: string | null): string => {
    if (!module) {
      return '';
    }
    let tags = preloads.get(module);
    if (tags === undefined) {
      const file = screenPreload(manifest, module, template);
      tags = file ? `<link rel="modulepreload" crossorigin href="/${file}">` : '';
      preloads.set(module, tags);
    }
    return tags;
  };

  return async (request) => {
    try {
      const page = await options.renderer.render({
        url: request.url,
        runtimeConfig: options.runtimeConfig,
        fetch: fetchInProcess(options.app, request),
      });
      if (!page) {
        return null;
      }
      const html = template
        // Replacer functions: a `$` in the page's text must not be read as a replacement pattern.
        .replace('<meta charset="UTF-8" />', (charset) => `${charset}${imagePreloads(page.html)}`)
        .replace('</head>', () => `${preloadTags(page.module)}</head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${page.html}</div>${
              options.renderer.stateElementId
                ? jsonScript(options.renderer.stateElementId, page.state ?? null)
                : ''
            }`,
        );
      return { status: page.status, html };
    } catch (error) {
      request.log.warn(
        { err: error, url: request.url },
        'server rendering failed: the plain document is sent',
      );
      return null;
    }
  };
}

/** Whether `accept` (an Accept-Encoding header) takes `coding` (listed without `q=0`). */
function accepts(accept: string, coding: string): boolean {
  return accept.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return name === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A rendered page, compressed for the browser: brotli at a quick quality, else gzip, else as is. The
 * app's compression plugin serves routes only, and pages are sent by the not-found handler.
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding: 'br' | 'gzip' | null } {
  const accept = acceptEncoding ?? '';
  if (accepts(accept, 'br')) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' };
  }
  if (accepts(accept, 'gzip')) {
    return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  }
  return { body: html, encoding: null };
}
