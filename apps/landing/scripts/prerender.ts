/**
 * Writes each landing route as static HTML (SEO): loads the SSR bundle built by
 * `vite build --ssr src/entry-server.tsx --outDir .tmp/ssr`, renders every route into the client build's
 * template, and writes `dist/<route>/index.html` (`/` → `dist/index.html`). The client bundle then
 * hydrates that markup. `HIWAR_LANDING_URL`, when set, adds canonical and og:url tags.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ServerEntry {
  render(url: string, options?: { siteUrl?: string }): { html: string; head: string };
  PRERENDER_ROUTES: readonly string[];
}

const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appRoot, 'dist');
const ssrDir = join(appRoot, '.tmp', 'ssr');

const template = readFileSync(join(distDir, 'index.html'), 'utf8');
for (const marker of ['<!--app-head-->', '<!--app-html-->']) {
  if (!template.includes(marker)) {
    throw new Error(`dist/index.html lacks ${marker}; was index.html changed?`);
  }
}

const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
const siteUrl = process.env.HIWAR_LANDING_URL || undefined;

for (const route of entry.PRERENDER_ROUTES) {
  const { html, head } = entry.render(route, { siteUrl });
  const page = template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html);
  const file =
    route === '/' ? join(distDir, 'index.html') : join(distDir, route.replace(/^\/+/, ''), 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
  console.log(`prerendered ${route} → ${file.slice(appRoot.length + 1)}`);
}

// The renderer is a build tool, not something to deploy.
rmSync(ssrDir, { recursive: true, force: true });
