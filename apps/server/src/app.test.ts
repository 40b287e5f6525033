import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './testing/app.ts';

describe('the API foundation', async () => {
  const { app } = await buildTestApp();

  it('answers /health with the version when the database is reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', version: expect.any(String) });
  });

  it('answers an unknown API route with 404 not-found', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found' });
  });

  it('answers a malformed JSON body with 400 bad-request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad-request' });
  });

  it('answers an empty JSON body with 400 empty-request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'empty-request' });
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Hiwar API' },
    });
    expect(json.json().paths).toHaveProperty('/health');
    for (const path of [
      '/api/v1/plan/list',
      '/api/v1/fawry/pay/card',
      '/api/v1/sub/current',
      '/api/v1/transaction/list',
    ]) {
      expect(json.json().paths).toHaveProperty([path]);
    }
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('allows the admin origin through CORS with credentials', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/health',
      headers: { origin: 'http://localhost:4001', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:4001');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('lets the admin origin send every method the API uses', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user/1',
      headers: { origin: 'http://localhost:4001', 'access-control-request-method': 'PUT' },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['PUT', 'PATCH', 'DELETE']),
    );
  });

  it('lets the landing site call the API from 127.0.0.1 as well as localhost in local mode', async () => {
    for (const origin of ['http://localhost:4002', 'http://127.0.0.1:4002']) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/plan/list',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('does not allow an unknown origin', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('runs on a migrated database with the trigram, gist and citext extensions', async () => {
    const rows = await app.db.execute<{ extname: string }>(
      sql`select extname from pg_extension order by extname`,
    );
    expect(rows.rows.map((row) => row.extname)).toEqual(
      expect.arrayContaining(['btree_gist', 'citext', 'pg_trgm']),
    );
  });
});

describe('the web app served by the API', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hiwar-web-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="ar-EG" dir="rtl"><div id="root"></div></html>',
  );
  const { app } = await buildTestApp({ config: { serveStatic: true }, deps: { webRoot: root } });

  it('falls back to index.html for client-side routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/s/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('dir="rtl"');
  });

  it('keeps JSON 404s for API paths and missing files', async () => {
    for (const url of ['/api/v1/nope', '/assets/uploads/missing.png', '/missing.js', '/dev/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toMatch(/^(not-found|asset-not-found)$/);
    }
  });

  it('tells the browser where the API lives through /runtime-config.js', async () => {
    const res = await app.inject({ method: 'GET', url: '/runtime-config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('window.__HIWAR_CONFIG__');
    expect(res.body).toContain('"appServer":"local"');
    expect(res.body).not.toMatch(/secret/i);
  });
});
