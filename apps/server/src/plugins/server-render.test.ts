import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodePage, imagePreloads, jsonScript, screenPreload } from './server-render.ts';
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

const INDEX = `<!doctype html><html lang="ar-EG" dir="rtl"><head><title>حوار</title>
<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Css12345.css"></head>
<body><div id="root"></div></body></html>`;

/**
 * A built web app with a renderer beside it, as `vite build --ssr` leaves it: the renderer answers
 * `/tutors` from the API (through the fetch it is given), fails on `/boom`, and renders nothing else.
 */
function builtAppWithRenderer(withState = true): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-render-'));
  const root = path.join(dir, 'dist');
  mkdirSync(path.join(root, '.vite'), { recursive: true });
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(dir, 'dist-ssr'));
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'assets', 'index-AbCdEf12.js'), 'export {};');
  writeFileSync(
    path.join(root, 'assets', 'index-Css12345.css'),
    '.a{color:red}.b::after{content:"</style>"}',
  );
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbCdEf12.js', isEntry: true },
      'src/routes/tutors/tutors-page.tsx': { file: 'assets/tutors-page-11111111.js', imports: ['_shared'] },
      _shared: { file: 'assets/shared-22222222.js', imports: ['index.html'] },
    }),
  );
  writeFileSync(
    path.join(dir, 'dist-ssr', 'entry-server.js'),
    `${withState ? "export const stateElementId = 'hiwar-state';" : ''}
    export async function render({ url, fetch }) {
      const pathname = new URL(url, 'http://x').pathname;
      if (pathname === '/boom') throw new Error('render failed');
      if (pathname !== '/tutors' && pathname !== '/') return null;
      const answer = await fetch('http://localhost:4000/api/v1/names', { method: 'GET', headers: {} });
      const names = await answer.json();
      return {
        status: 200,
        html: '<ul>' + names.map((name) => '<li>' + name + '</li>').join('') + '</ul>',
        state: { queries: [{ queryKey: ['names'], state: { data: names } }] },
        module: pathname === '/tutors' ? 'src/routes/tutors/tutors-page.tsx' : null,
      };
    }`,
  );
  return root;
}

async function serverWith(root: string, serverRender = true) {
  const server = Fastify();
  let calls = 0;
  server.get('/api/v1/names', async (request) => {
    calls += 1;
    return ['منى', "$& $' </script><!--", request.ip];
  });
  await server.register(staticAppPlugin, {
    root,
    runtimeConfig: runtime,
    spa: true,
    apiPrefixes: ['/api/'],
    serverRender,
  });
  return { server, calls: () => calls };
}

describe('server-rendered pages (issue 26)', () => {
  it('sends the page rendered from the API in process, its data and its chunks preloaded', async () => {
    const { server, calls } = await serverWith(builtAppWithRenderer());
    const page = await server.inject({ url: '/tutors?topic=1', headers: { 'accept-encoding': 'identity' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(calls()).toBe(1);
    const html = page.body;
    // The markup in #root, with the page's text as the API gave it: no `$` pattern was expanded.
    expect(html).toContain('<div id="root"><ul><li>منى</li><li>$& $\' </script><!--</li>');
    // The data cannot end its script element: every `<` is escaped.
    const state = html.slice(html.indexOf('<script type="application/json" id="hiwar-state">'));
    expect(state.slice(0, state.indexOf('</script>'))).not.toMatch(/<(?!script type)/);
    const json = state.slice(state.indexOf('>') + 1, state.indexOf('</script>'));
    expect(JSON.parse(json)).toEqual({
      queries: [{ queryKey: ['names'], state: { data: ['منى', "$& $' </script><!--", '127.0.0.1'] } }],
    });
    // The screen's chunk is preloaded (not what it imports); the entry, in the document, is not repeated.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/tutors-page-11111111.js">');
    expect(html).not.toContain('shared-22222222.js');
    expect(html.match(/index-AbCdEf12\.js/g)).toHaveLength(1);
    // Its stylesheet is in the document: the page paints without another request first.
    expect(html).toContain('<style>.a{color:red}.b::after{content:"<\\/style>"}</style>');
    expect(html).not.toContain('index-Css12345.css');
  });

  it('writes no data block for a renderer whose pages hydrate from none', async () => {
    const { server } = await serverWith(builtAppWithRenderer(false));
    const page = await server.inject({ url: '/tutors' });
    expect(page.body).toContain('<li>منى</li>');
    expect(page.body).not.toContain('application/json');
  });

  it('renders `/` too instead of sending the static index', async () => {
    const { server } = await serverWith(builtAppWithRenderer());
    const page = await server.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<li>منى</li>');
  });

  it('compresses a rendered page as the browser accepts', async () => {
    const { server } = await serverWith(builtAppWithRenderer());
    const br = await server.inject({ url: '/tutors', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<li>منى</li>');
    const gz = await server.inject({ url: '/tutors', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<li>منى</li>');
  });

  it('sends the plain document for other pages, a failed render, HEAD, and without the option', async () => {
    const root = builtAppWithRenderer();
    const { server, calls } = await serverWith(root);
    for (const url of ['/login', '/boom', '/t/settings']) {
      const page = await server.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
    }
    const head = await server.inject({ method: 'HEAD', url: '/tutors' });
    expect(head.statusCode).toBe(200);
    expect(calls()).toBe(0);
    const plain = await serverWith(root, false);
    expect((await plain.server.inject({ url: '/tutors' })).body).toBe(INDEX);
    expect((await plain.server.inject({ url: '/' })).body).toBe(INDEX);
    expect(plain.calls()).toBe(0);
  });
});

describe('rendering helpers', () => {
  it('writes JSON that no `<` can end', () => {
    expect(jsonScript('s', { a: '</script><script>alert(1)</script>' })).toBe(
      '<script type="application/json" id="s">{"a":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
  });

  it("preloads the screen's own chunk unless the document loads it", () => {
    const manifest = { a: { file: 'assets/a.js' }, entry: { file: 'assets/entry.js' } };
    expect(screenPreload(manifest, 'a', '<script src="/assets/entry.js"></script>')).toBe('assets/a.js');
    expect(screenPreload(manifest, 'entry', '<script src="/assets/entry.js"></script>')).toBeNull();
    expect(screenPreload(manifest, 'missing', '')).toBeNull();
  });

  it('preloads each image the markup marks as high priority, once, and no other', () => {
    const markup =
      '<img alt="" src="/a.jpg?x=1&amp;y=2" fetchpriority="high">' +
      '<img fetchpriority="high" decoding="async" src="/b.jpg"><img src="/low.jpg">' +
      '<img src="/a.jpg?x=1&amp;y=2" fetchpriority="high"><video poster="/v.jpg" fetchpriority="high">';
    expect(imagePreloads(markup)).toBe(
      '<link rel="preload" as="image" href="/a.jpg?x=1&amp;y=2" fetchpriority="high">' +
        '<link rel="preload" as="image" href="/b.jpg" fetchpriority="high">',
    );
    expect(imagePreloads('<p>fetchpriority="high"</p><img src="/c.jpg">')).toBe('');
    expect(
      imagePreloads(
        '<img src="/p.jpg" srcset="/p.jpg?w=640 640w, /p.jpg 1280w" sizes="100vw" fetchpriority="high">',
      ),
    ).toBe(
      '<link rel="preload" as="image" href="/p.jpg" imagesrcset="/p.jpg?w=640 640w, /p.jpg 1280w" imagesizes="100vw" fetchpriority="high">',
    );
  });

  it('negotiates brotli, gzip or nothing, honouring q=0', () => {
    expect(encodePage('x', 'gzip, deflate, br').encoding).toBe('br');
    expect(encodePage('x', 'br;q=0, gzip').encoding).toBe('gzip');
    expect(encodePage('x', 'identity').encoding).toBeNull();
    expect(encodePage('x', undefined)).toEqual({ body: 'x', encoding: null });
  });
});
