import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../../packages/ui/src/build/precompress.ts';
import { buildTestApp } from '../testing/app.ts';
import { loginAs } from '../testing/factories.ts';
import { type RuntimeConfig, staticAppPlugin } from './static-app.ts';

const runtime: RuntimeConfig = {
  apiUrl: 'http://localhost:4000',
  socketUrl: 'http://localhost:4000',
  appServer: 'local',
  webUrl: 'http://localhost:4000',
  adminUrl: 'http://localhost:4001',
  landingUrl: 'http://localhost:4002',
  googleClientId: null,
  telegramBotUrl: null,
};

/** A built app: an index, a hashed script and stylesheet, precompressed as the build does. */
function builtApp(): { root: string; script: Buffer; css: Buffer } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hiwar-static-'));
  mkdirSync(path.join(root, 'assets'));
  const script = Buffer.from(`console.log(${JSON.stringify('حوار '.repeat(800))});\n`);
  const css = Buffer.from(`.a{color:red}\n`.repeat(300));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="ar-EG" dir="rtl"><body>${'<p>نص</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(path.join(root, 'assets', 'index-AbCdEf12.js'), script);
  writeFileSync(path.join(root, 'assets', 'index-ZyXwVu98.css'), css);
  expect(precompressDirectory(root)).toBe(3);
  return { root, script, css };
}

/** Issue 16: bytes over the wire — precompressed assets by negotiation, long caches on hashed files. */
describe('front-end files over the wire', () => {
  it('sends the brotli or gzip file the browser accepts, equal to the original once decompressed', async () => {
    const { root, script, css } = builtApp();
    const server = Fastify();
    await server.register(staticAppPlugin, { root, runtimeConfig: runtime, spa: true });
    const br = await server.inject({
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated: no validators to send.
    expect(br.headers.etag).toBeUndefined();
    expect(br.headers['last-modified']).toBeUndefined();
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    const gz = await server.inject({
      url: '/assets/index-ZyXwVu98.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(css)).toBe(true);
    const plain = await server.inject({ url: '/assets/index-ZyXwVu98.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(css)).toBe(true);
    const html = await server.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(html.rawPayload).toString()).toBe(
      readFileSync(path.join(root, 'index.html'), 'utf8'),
    );
    const config = await server.inject({ url: '/runtime-config.js' });
    expect(config.headers['cache-control']).toMatch(/no-store|no-cache/);
    await server.close();
  });

  it("writes the deployment's config into a single-page app's pages instead of a script to fetch", async () => {
    const { root } = builtApp();
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><script defer src="/runtime-config.js"></script></head><body><div id="root"></div></body></html>',
    );
    const server = Fastify();
    const config = { ...runtime, googleClientId: '</script><script>alert(1)</script>' };
    await server.register(staticAppPlugin, { root, runtimeConfig: config, spa: true });
    for (const url of ['/', '/s/dashboard', '/login?next=%2Fpayments']) {
      const page = await server.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).not.toContain('src="/runtime-config.js"');
      const block = page.body.match(/<script type="application\/json" id="hiwar-config">(.*?)<\/script>/);
      expect(block, url).not.toBeNull();
      // Nothing in the data can end the block or open a script.
      expect(block?.[1]).not.toContain('<');
      expect(JSON.parse(block?.[1] ?? 'null')).toEqual(config);
    }
    // The script stays for whoever asks for it (the dev server's pages, the landing site).
    const script = await server.inject({ url: '/runtime-config.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('window.__HIWAR_CONFIG__');
    await server.close();
  });

  it('never answers a hostile path with a file outside its folder, nor with a 5xx', async () => {
    const { root } = builtApp();
    // A file beside the app's folder, and one in a sibling folder whose name starts like it.
    writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'SECRET-BESIDE');
    mkdirSync(`${root}-other`, { recursive: true });
    writeFileSync(`${root}-other/secret.txt`, 'SECRET-SIBLING');
    const sibling = path.basename(`${root}-other`);
    const server = Fastify();
    await server.register(staticAppPlugin, { root, runtimeConfig: runtime, spa: true });
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      `/../${sibling}/secret.txt`,
      `/%2e%2e/${sibling}/secret.txt`,
      '//secret.txt',
      '/assets/index-AbCdEf12.js%00.png',
      '/assets/%00',
      '/assets/',
      '/assets/%ff%fe',
      `/${'a/'.repeat(2_000)}x.js`,
    ]) {
      for (const encoding of ['', 'br, gzip']) {
        const res = await server.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toMatch(/SECRET/);
      }
    }
    await server.close();
  });

  it('compresses API JSON above 1 KB only', async () => {
    const { app } = await buildTestApp();
    const admin = await loginAs(app, (await import('@hiwar/domain')).Role.SuperAdmin);
    const big = await app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3/);
    const small = await app.inject({
      url: '/health',
      headers: { 'accept-encoding': 'gzip, br', ...admin.auth },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.any(String) });
  });
});
