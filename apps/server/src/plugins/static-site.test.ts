import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from './static-app.ts';
import { SITE_MANIFEST_FILE, type SiteManifest, staticSitePlugin } from './static-site.ts';

const SITE = 'https://site.placeholder.invalid';
const WEB = 'https://web.placeholder.invalid';
const runtime: RuntimeConfig = {
  apiUrl: 'https://app.hiwar.example',
  socketUrl: 'https://app.hiwar.example',
  appServer: 'production',
  webUrl: 'https://app.hiwar.example/',
  adminUrl: 'https://admin.hiwar.example',
  landingUrl: 'https://hiwar.example',
  googleClientId: null,
  telegramBotUrl: null,
};

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) {
    rmSync(root, { recursive: true, force: true });
  }
});

/** A built site in a temporary folder: two pages, a 404, a sitemap, one asset and its manifest. */
function writeSite(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hiwar-site-'));
  roots.push(root);
  const page = (title: string) =>
    `<!doctype html><title>${title}</title><link rel="canonical" href="${SITE}/x" /><a href="${WEB}/login">دخول</a>`;
  mkdirSync(path.join(root, 'pricing'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), page('home'));
  writeFileSync(path.join(root, 'pricing', 'index.html'), page('pricing'));
  writeFileSync(path.join(root, '404.html'), page('missing'));
  writeFileSync(path.join(root, 'sitemap.xml'), `<urlset><url><loc>${SITE}/</loc></url></urlset>`);
  writeFileSync(path.join(root, 'assets', 'site-AbCdEf12.js'), 'console.log(1)');
  const manifest: SiteManifest = {
    pages: { '/': 'index.html', '/pricing': 'pricing/index.html' },
    notFound: '404.html',
    documents: { '/sitemap.xml': 'sitemap.xml' },
    redirects: { '/url/sfb': `${WEB}/register/student?source=sfb` },
    origins: { [SITE]: 'landingUrl', [WEB]: 'webUrl' },
  };
  writeFileSync(path.join(root, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return root;
}

async function serve(root: string) {
  const app = Fastify({ logger: false });
  await app.register(staticSitePlugin, { root, runtimeConfig: runtime });
  return app;
}

describe('the static site plugin', async () => {
  const app = await serve(writeSite());

  it('answers each page with and without its trailing slash, with the deployment origins', async () => {
    for (const url of ['/', '/pricing', '/pricing/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="canonical" href="https://hiwar.example/x" />');
      expect(res.body).toContain('href="https://app.hiwar.example/login"');
      expect(res.body).not.toContain('placeholder.invalid');
    }
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('<loc>https://hiwar.example/</loc>');
  });

  it('answers other page paths with the 404 page and status 404, files with a plain 404', async () => {
    for (const url of ['/nope', '/pricing/more', '/index.html', '/404.html', `/${SITE_MANIFEST_FILE}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/nope' })).body).toContain('<title>missing</title>');
    expect((await app.inject({ method: 'POST', url: '/pricing' })).statusCode).toBe(404);
  });

  it('redirects the manifest paths to the deployment addresses', async () => {
    const res = await app.inject({ method: 'GET', url: '/url/sfb/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://app.hiwar.example/register/student?source=sfb');
  });

  it('serves hashed assets for a year and pages revalidated, compressed as asked', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/site-AbCdEf12.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    const unchanged = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': page.headers.etag },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('never answers a hostile path with a file outside its folder, nor with a 5xx', async () => {
    const root = writeSite();
    writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'SECRET-BESIDE');
    const site = await serve(root);
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '//secret.txt',
      '/pricing/..%2f..%2fsecret.txt',
      '/assets/site-AbCdEf12.js%00.png',
      '/assets/%ff%fe',
      `/${'a/'.repeat(2_000)}x`,
    ]) {
      const res = await site.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/SECRET/);
    }
    await site.close();
  });

  it('says the site is not built yet when there is no manifest', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'hiwar-site-'));
    roots.push(empty);
    const bare = await serve(empty);
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect((await bare.inject({ method: 'GET', url: '/runtime-config.js' })).statusCode).toBe(200);
  });
});
