// @vitest-environment node
/**
 * The built site through the real landing server: every public page with and without a trailing
 * slash, the 404 page, sitemap, robots.txt, the lead-source redirects, every link on every page, and
 * the first-load byte budget. Builds the landing site first when its build is missing or stale (the
 * e2e setup's build serves when it is fresh).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontEnds } from '../../../scripts/lib/front-ends.ts';
import type { RuntimeConfig } from '../../server/src/plugins/static-app.ts';
import { buildLandingServer } from '../../server/src/static/landing-site.ts';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadAssets, gzipSize } from '../scripts/first-load.ts';

const DIST = path.resolve(import.meta.dirname, '../dist');
const LANDING = 'https://hiwar.example';
const WEB = 'https://app.hiwar.example';
const RUNTIME: RuntimeConfig = {
  apiUrl: WEB,
  socketUrl: WEB,
  appServer: 'production',
  webUrl: WEB,
  adminUrl: 'https://admin.hiwar.example',
  landingUrl: LANDING,
  googleClientId: null,
  telegramBotUrl: null,
};

/** Spec §1's public marketing paths (`/faq/{role}` for both roles); `/url/{name}` is tested apart. */
const PUBLIC_PATHS = [
  '/',
  '/tutor',
  '/pricing',
  '/method',
  '/faq',
  '/faq/student',
  '/faq/tutor',
  '/contact',
  '/terms',
  '/privacy',
];

let server: FastifyInstance;

beforeAll(async () => {
  buildFrontEnds({ apps: ['landing'], quiet: true });
  server = await buildLandingServer(RUNTIME);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.inject({ method: 'GET', url, headers });
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];

describe('the landing site, as served', () => {
  it.each(PUBLIC_PATHS.flatMap((page) => (page === '/' ? [page] : [page, `${page}/`])))(
    '%s answers 200 with a right-to-left Arabic page of its own',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/<html lang="ar-EG" dir="rtl">/);
      expect(titleOf(res.body)).toMatch(/[\u0600-\u06FF]/);
      expect(metaOf(res.body, 'name', 'description')).toMatch(/[\u0600-\u06FF]{3}/);
      const canonical = `${LANDING}${url === '/' ? '/' : url.replace(/\/$/, '')}`;
      expect(res.body).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(metaOf(res.body, 'property', 'og:url')).toBe(canonical);
      expect(metaOf(res.body, 'property', 'og:title')).toBe(titleOf(res.body));
      expect(metaOf(res.body, 'property', 'og:locale')).toBe('ar_EG');
      expect(res.body).toMatch(/<h1[^>]*>[^<]*[\u0600-\u06FF]/);
      expect(res.body).not.toContain('hiwar.invalid');
    },
  );

  it('gives every page its own title and description', async () => {
    const pages = await Promise.all(PUBLIC_PATHS.map((page) => get(page)));
    expect(new Set(pages.map((res) => titleOf(res.body))).size).toBe(PUBLIC_PATHS.length);
    expect(new Set(pages.map((res) => metaOf(res.body, 'name', 'description'))).size).toBe(
      PUBLIC_PATHS.length,
    );
  });

  it.each(['/no-such-page', '/pricing/old', '/faq/admin', '/404', '/urls/sfb', '/faq/student/extra'])(
    '%s answers the 404 page with status 404, kept out of search results',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toMatch(/<html lang="ar-EG" dir="rtl">/);
      expect(res.body).toContain('الصفحة غير موجودة');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('rel="canonical"');
    },
  );

  it('answers a missing asset with a plain 404, not a page', async () => {
    const res = await get('/assets/missing-12345678.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['wa', 'sfb', 'syt', 'sig', 'stt', 'sx'])(
    '/url/%s leads to the student sign-up with the source kept',
    async (source) => {
      for (const url of [`/url/${source}`, `/url/${source}/`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(`${WEB}/register/student?source=${source}`);
      }
    },
  );

  it.each(['/url/unknown', '/url/promo-2027/', '/url/a/b', '/url/%3Cscript%3E'])(
    '%s, a link the site does not know, leads to the web app’s home page, not the 404 page',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${WEB}/`);
    },
  );

  it('lists every page in the sitemap, and robots.txt names the sitemap', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed).toEqual(PUBLIC_PATHS.map((page) => `${LANDING}${page}`));
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${LANDING}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /url/');
  });

  it('has no link on any page that leads nowhere: site links resolve, app links go to the web app', async () => {
    for (const page of [...PUBLIC_PATHS, '/missing']) {
      const html = (await get(page)).body;
      const links = [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((match) => match[1] as string);
      expect(links.length).toBeGreaterThan(10);
      for (const href of links) {
        if (href.startsWith('#')) {
          expect(html, `${page}: ${href}`).toContain(`id="${href.slice(1)}"`);
        } else if (href.startsWith('/')) {
          expect((await get(href)).statusCode, `${page}: ${href}`).toBe(200);
        } else {
          expect(href, `${page}: ${href}`).toMatch(
            new RegExp(`^${WEB}/(login|register/(student|tutor)|subscription(\\?period=\\w+)?)$`),
          );
        }
      }
    }
  });

  it('compresses pages and assets, and caches hashed assets for a year', async () => {
    const page = await get('/pricing', { 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get('/pricing', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    const [css] = firstLoadAssets((await get('/')).body).filter((asset) => asset.endsWith('.css'));
    const asset = await get(css as string, { 'accept-encoding': 'gzip' });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('what a first visit downloads', () => {
  const builtPage = (page: string) =>
    readFileSync(path.join(DIST, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`), 'utf8');

  it(`keeps the JS and CSS of / within ${FIRST_LOAD_BUDGET_BYTES / 1024} KB gzip`, () => {
    const assets = firstLoadAssets(builtPage('/'));
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    const bytes = assets.reduce((sum, asset) => sum + gzipSize(readFileSync(path.join(DIST, asset))), 0);
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });

  it('loads no island on pages without one, and each island only where it is used', () => {
    // Every page: the theme boot script (the theme before the first paint) and site.js.
    const scripts = (page: string) =>
      firstLoadAssets(builtPage(page))
        .filter((asset) => asset.endsWith('.js') && asset !== '/theme-boot.js')
        .map((asset) => path.basename(asset).replace(/-[\w-]{8}\.js$/, ''));
    for (const page of ['/', '/tutor', '/method', '/terms', '/privacy']) {
      expect(scripts(page), page).toEqual(['site']);
    }
    expect(scripts('/faq')).toEqual(expect.arrayContaining(['site', 'faq']));
    expect(scripts('/contact')).toEqual(expect.arrayContaining(['site', 'contact']));
    expect(scripts('/pricing')).toEqual(expect.arrayContaining(['site', 'pricing']));
    expect(builtPage('/')).not.toContain('runtime-config.js');
    expect(builtPage('/pricing')).toContain('<script defer src="/runtime-config.js"></script>');
  });

  it('ships neither React nor zod to the browser', () => {
    const chunks = readdirSync(path.join(DIST, 'assets')).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      const code = readFileSync(path.join(DIST, 'assets', chunk), 'utf8');
      expect(code, chunk).not.toMatch(/_zod|react\.(element|transitional)|__reactFiber|ZodError/);
    }
  });
});
