/**
 * Writes the landing site as static files, after `vite build` (the browser's stylesheet and scripts)
 * and `vite build --ssr src/entry-server.tsx --outDir .tmp/ssr` (the renderer):
 * - every page as HTML (`/pricing` → `dist/pricing/index.html`, the 404 page → `dist/404.html`), each
 *   with its head tags and only the scripts of the islands it holds (the template, index.html as Vite
 *   built it, already preloads the fonts the first paint needs: packages/ui/src/build/vite-plugin.ts);
 * - `sitemap.xml`, `robots.txt`, and `site-manifest.json` (pages, redirects, placeholder origins) for
 *   the server (apps/server/src/plugins/static-site.ts);
 * - `.br` and `.gz` copies of every text file.
 *
 * `HIWAR_LANDING_URL` and `HIWAR_WEB_URL`, when set, are written into the pages; otherwise placeholders
 * are, and the server replaces them with the deployment's addresses (one build runs anywhere).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { precompressDirectory } from '../../../packages/ui/src/build/precompress.ts';
import { assertTemplate, fillTemplate, islandsIn, PAGE_ISLANDS, type PageIsland } from './page-document.ts';

type ServerEntry = typeof import('../src/entry-server.tsx');
type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appRoot, 'dist');
const ssrDir = join(appRoot, '.tmp', 'ssr');

const template = readFileSync(join(distDir, 'index.html'), 'utf8');
assertTemplate(template);
const viteManifest = JSON.parse(
  readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
) as ViteManifest;
const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;

const siteUrl = (process.env.HIWAR_LANDING_URL || entry.SITE_ORIGIN_PLACEHOLDER).replace(/\/+$/, '');
const webUrl = (process.env.HIWAR_WEB_URL || entry.WEB_ORIGIN_PLACEHOLDER).replace(/\/+$/, '');

/** An island's script and the chunks it imports (preloaded, so they do not wait for it). */
function islandTags(island: string): { preload: string[]; script: string; config: boolean } {
  const known = Object.hasOwn(PAGE_ISLANDS, island) ? PAGE_ISLANDS[island as PageIsland] : undefined;
  const chunk = known ? viteManifest[known.source] : undefined;
  if (!known || !chunk) {
    throw new Error(`A page holds island "${island}", which scripts/page-document.ts PAGE_ISLANDS lacks`);
  }
  const preload = (chunk.imports ?? []).map((key) => {
    const imported = viteManifest[key];
    if (!imported) {
      throw new Error(`Vite's manifest has no chunk ${key}`);
    }
    return `<link rel="modulepreload" href="/${imported.file}" />`;
  });
  return { preload, script: `<script type="module" src="/${chunk.file}"></script>`, config: known.config };
}

function fileOf(path: string): string {
  if (path === '/') {
    return 'index.html';
  }
  return path === entry.NOT_FOUND_PAGE.path ? '404.html' : `${path.replace(/^\/+/, '')}/index.html`;
}

const pages: Record<string, string> = {};
for (const page of [...entry.SITE_PAGES, entry.NOT_FOUND_PAGE]) {
  const { html, head } = entry.renderPage(page, { siteUrl, webUrl });
  const islands = islandsIn(html).map(islandTags);
  const needsConfig = islands.some((island) => island.config);
  const headTags = [head, ...new Set(islands.flatMap((island) => island.preload))];
  const scripts = [
    // Deferred: it runs before the module scripts, in document order, without holding up the parser.
    ...(needsConfig ? ['<script defer src="/runtime-config.js"></script>'] : []),
    ...islands.map((island) => island.script),
  ];
  const file = fileOf(page.path);
  mkdirSync(dirname(join(distDir, file)), { recursive: true });
  writeFileSync(
    join(distDir, file),
    fillTemplate(template, { head: headTags.join('\n    '), html, scripts: scripts.join('\n    ') }),
  );
  if (page !== entry.NOT_FOUND_PAGE) {
    pages[page.path] = file;
  }
  console.log(`prerendered ${page.path} → dist/${file}`);
}

const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...entry.SITE_PAGES.map((page) => `  <url><loc>${entry.canonicalUrl(siteUrl, page.path)}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
writeFileSync(join(distDir, 'sitemap.xml'), sitemap);
writeFileSync(
  join(distDir, 'robots.txt'),
  ['User-agent: *', 'Allow: /', 'Disallow: /url/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'),
);

/** Read by apps/server/src/plugins/static-site.ts (its `SiteManifest` type). */
const siteManifest = {
  pages,
  notFound: fileOf(entry.NOT_FOUND_PAGE.path),
  documents: { '/sitemap.xml': 'sitemap.xml', '/robots.txt': 'robots.txt' },
  redirects: entry.leadSourceRedirects(webUrl),
  origins: {
    ...(siteUrl === entry.SITE_ORIGIN_PLACEHOLDER ? { [siteUrl]: 'landingUrl' } : {}),
    ...(webUrl === entry.WEB_ORIGIN_PLACEHOLDER ? { [webUrl]: 'webUrl' } : {}),
  },
};
writeFileSync(join(distDir, 'site-manifest.json'), `${JSON.stringify(siteManifest, null, 2)}\n`);

// The pages changed after Vite's build compressed its output: compress again (for a CDN serving the
// files as they are; the landing server compresses the pages it has given their origins).
precompressDirectory(distDir);

// Build tools, not something to deploy.
rmSync(join(distDir, '.vite'), { recursive: true, force: true });
rmSync(ssrDir, { recursive: true, force: true });
