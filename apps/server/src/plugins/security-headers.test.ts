import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildLandingServer } from '../static/landing-site.ts';
import { buildTestApp } from '../testing/app.ts';
import { contentSecurityPolicy, securityHeadersPlugin, securityOptions } from './security-headers.ts';

const runtime = {
  webUrl: 'http://localhost:4000',
  adminUrl: 'http://localhost:4001',
  landingUrl: 'http://localhost:4002',
  googleClientId: null,
  apiUrl: 'http://localhost:4000',
  socketUrl: 'http://localhost:4000',
  appServer: 'local',
  telegramBotUrl: null,
};

/** Every answer's headers; a page's (`app`) also its permissions, a file's or JSON's a policy of none. */
function expectHardened(headers: Record<string, unknown>, app: 'web' | 'admin' | 'landing' | 'not a page') {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  if (app === 'not a page') {
    expect(String(headers['content-security-policy'])).toMatch(/^default-src 'none'/);
    // Document-only headers: a script, a picture or a JSON answer has no use for them (issue 26).
    expect(headers['permissions-policy']).toBeUndefined();
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
    return;
  }
  const permissions = String(headers['permissions-policy']);
  expect(permissions).toContain(app === 'web' ? 'camera=(self)' : 'camera=()');
  expect(permissions).toContain(app === 'web' ? 'microphone=(self)' : 'microphone=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

/** Issue 14: security headers on every kind of answer of the three apps' servers. */
describe('security headers', () => {
  it('pages get a CSP without inline script, the camera only in the web app, both local origins', () => {
    const policy = contentSecurityPolicy(securityOptions('web', runtime));
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain('connect-src');
    expect(policy).toContain('ws://localhost:4000');
    expect(policy).toContain('http://127.0.0.1:4000');
    const withGoogle = contentSecurityPolicy(securityOptions('admin', { ...runtime, googleClientId: 'x' }));
    expect(withGoogle).toContain('https://accounts.google.com/gsi/client');
  });

  it('the API: JSON answers, errors and 404s, the runtime config, with HSTS only over HTTPS', async () => {
    const { app } = await buildTestApp();
    for (const url of ['/health', '/api/v1/user/current', '/api/v1/nowhere', '/runtime-config.js']) {
      const res = await app.inject({ method: 'GET', url });
      expectHardened(res.headers, 'not a page');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const json = await app.inject({ method: 'GET', url: '/health' });
    expect(json.headers['content-security-policy']).toContain("default-src 'none'");
    const https = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // Only trusted behind a proxy (TRUST_PROXY); a direct HTTPS listener sets it from the socket.
    expect(https.statusCode).toBe(200);
  });

  it('HSTS over HTTPS', async () => {
    const server = Fastify({ trustProxy: true });
    await server.register(securityHeadersPlugin, securityOptions('admin', runtime));
    server.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>x</p>'));
    const res = await server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expectHardened(res.headers, 'admin');
    await server.close();
  });

  it('the landing site: pages and its 404', async () => {
    const server = await buildLandingServer(runtime);
    for (const url of ['/', '/no-such-page']) {
      const res = await server.inject({ method: 'GET', url });
      expectHardened(res.headers, 'landing');
    }
    await server.close();
  });

  it('keeps a route’s own CSP, and relaxes the sandbox’s pages only', async () => {
    const server = Fastify();
    await server.register(securityHeadersPlugin, securityOptions('web', runtime, ['/fawry-sandbox']));
    server.get('/own', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'self'").send('x'),
    );
    server.get('/fawry-sandbox/pay', async (_request, reply) => reply.type('text/html').send('<p>pay</p>'));
    server.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    expect((await server.inject({ url: '/own' })).headers['content-security-policy']).toBe(
      "default-src 'self'",
    );
    const sandbox = (await server.inject({ url: '/fawry-sandbox/pay' })).headers['content-security-policy'];
    expect(sandbox).not.toContain('script-src');
    expect(sandbox).toContain("frame-ancestors 'none'");
    expect((await server.inject({ url: '/page' })).headers['content-security-policy']).toContain(
      "script-src 'self'",
    );
    await server.close();
  });

  it('files a page loads (scripts, stylesheets, fonts, pictures) get a policy of none and no page headers', async () => {
    const server = Fastify();
    await server.register(securityHeadersPlugin, securityOptions('web', runtime));
    const files = {
      '/app.js': 'text/javascript; charset=utf-8',
      '/app.css': 'text/css; charset=utf-8',
      '/font.woff2': 'font/woff2',
      '/picture.jpg': 'image/jpeg',
      '/icon.svg': 'image/svg+xml',
      '/notes.txt': 'text/plain; charset=utf-8',
    };
    for (const [url, type] of Object.entries(files)) {
      server.get(url, async (_request, reply) => reply.type(type).send('x'));
    }
    for (const url of Object.keys(files)) {
      const res = await server.inject({ url });
      expectHardened(res.headers, 'not a page');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    await server.close();
  });
});
