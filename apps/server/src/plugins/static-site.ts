import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preferredCoding } from '../core/encoded-body.ts';
import { sendNotFound } from './errors.ts';
import {
  assetCacheControl,
  missingBuildPage,
  type RuntimeConfig,
  registerRuntimeConfig,
} from './static-app.ts';

/**
 * What a prerendered site's build declares about itself (`site-manifest.json` beside its pages,
 * written by apps/landing/scripts/prerender.ts).
 */
export type SiteManifest = {
  /** Each page's path, without a trailing slash (`/` for the home page) → its HTML file. */
  pages: Record<string, string>;
  /** The not-found page's HTML file, answered with status 404. */
  notFound: string;
  /** Other generated documents served at their path: `/sitemap.xml` → `sitemap.xml`. */
  documents: Record<string, string>;
  /** Paths (without a trailing slash) answered with a 302 to an absolute address. */
  redirects: Record<string, string>;
  /**
   * Origins the build did not know and wrote as placeholders → the runtime-config address that
   * replaces them when served, so one build runs in every deployment.
   */
  origins: Record<string, 'landingUrl' | 'webUrl'>;
};

export const SITE_MANIFEST_FILE = 'site-manifest.json';

type Options = {
  /** A prerendered site (`apps/landing/dist`). */
  root: string;
  runtimeConfig: RuntimeConfig;
};

/** One prerendered document, ready in every encoding a browser may ask for. */
type SiteDocument = { type: string; etag: string; identity: Buffer; gzip: Buffer; br: Buffer };

const HTML = 'text/html; charset=utf-8';
const TYPES: Record<string, string> = {
  '.html': HTML,
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves a prerendered site: each page of the manifest at its path with or without a trailing slash
 * (200), the 404 page with status 404 for any other page path, the sitemap and robots.txt, the
 * manifest's redirects (302), and the hashed assets (a year's cache; precompressed `.br`/`.gz` copies
 * when the build wrote them). Pages are read once at start, their placeholder origins replaced with
 * this deployment's, and compressed once.
 */
export const staticSitePlugin = fp<Options>(
  async (app: FastifyInstance, options) => {
    registerRuntimeConfig(app, options.runtimeConfig);
    const manifestFile = path.join(options.root, SITE_MANIFEST_FILE);
    if (!existsSync(manifestFile)) {
      app.setNotFoundHandler((_request, res) =>
        res.status(503).type(HTML).send(missingBuildPage(options.root)),
      );
      return;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteManifest;
    const replacements = Object.entries(manifest.origins).map(
      ([placeholder, key]) => [placeholder, options.runtimeConfig[key].replace(/\/+$/, '')] as const,
    );
    const load = (file: string): SiteDocument => {
      let text = readFileSync(path.join(options.root, file), 'utf8');
      for (const [placeholder, origin] of replacements) {
        text = text.replaceAll(placeholder, origin);
      }
      return compress(text, TYPES[path.extname(file)] ?? 'application/octet-stream');
    };

    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Pages and documents are answered below (with origins replaced); compressed copies are found by
      // `preCompressed`, never asked for by name.
      globIgnore: [
        '**/*.html',
        '**/*.gz',
        '**/*.br',
        SITE_MANIFEST_FILE,
        ...Object.values(manifest.documents),
      ],
      setHeaders: (res, filePath) => {
        // A compressed copy is cached as the file it stands for.
        res.header('cache-control', assetCacheControl(filePath.replace(/\.(br|gz)$/, '')));
      },
    });

    for (const [pagePath, file] of Object.entries(manifest.pages)) {
      const page = load(file);
      for (const url of pagePath === '/' ? ['/'] : [pagePath, `${pagePath}/`]) {
        app.get(url, { schema: { hide: true } }, (request, res) => sendDocument(request, res, page));
      }
    }
    for (const [documentPath, file] of Object.entries(manifest.documents)) {
      const document = load(file);
      app.get(documentPath, { schema: { hide: true } }, (request, res) =>
        sendDocument(request, res, document),
      );
    }
    for (const [from, to] of Object.entries(manifest.redirects)) {
      let target = to;
      for (const [placeholder, origin] of replacements) {
        target = target.replaceAll(placeholder, origin);
      }
      for (const url of [from, `${from}/`]) {
        app.get(url, { schema: { hide: true } }, (_request, res) =>
          res.header('cache-control', 'no-store').redirect(target, 302),
        );
      }
    }

    const notFound = load(manifest.notFound);
    app.setNotFoundHandler((request: FastifyRequest, res: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!wantsPage || path.extname(pathname)) {
        return sendNotFound(request, res);
      }
      return sendDocument(request, res.status(404), notFound);
    });
  },
  { name: 'static-site' },
);

function compress(text: string, type: string): SiteDocument {
  const identity = Buffer.from(text, 'utf8');
  return {
    type,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

/** Pages are revalidated on every visit (`no-cache`), answered 304 while unchanged. */
function sendDocument(request: FastifyRequest, res: FastifyReply, document: SiteDocument) {
  res.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', document.etag);
  if (res.statusCode === 200 && request.headers['if-none-match'] === document.etag) {
    return res.status(304).send();
  }
  const encoding = preferredCoding(request.headers['accept-encoding']);
  res.type(document.type);
  if (!encoding) {
    return res.send(document.identity);
  }
  return res.header('content-encoding', encoding).send(document[encoding]);
}
