import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { REPO_ROOT } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { freePort } from '../../db/embedded.ts';
import { startHiwar } from '../../server.ts';
import { buildTestApp, TEST_JWT_SECRET, testConfig } from '../../testing/app.ts';
import { createEmptyDatabase, createTestDatabase } from '../../testing/database.ts';

/** Debian's redis-server, when installed (CI installs it): Redis coming back is tested with it. */
const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));

const READY = {
  database: 'up',
  migrations: 'done',
  redis: 'off',
  jobs: 'off',
  shutdown: 'no',
};

/** GET on a running instance; null when nothing answers (the server has closed). */
async function get(url: string): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch {
    return null;
  }
}

describe('liveness and readiness', async () => {
  const { app } = await buildTestApp();

  it('answers /health/live 200 while the process serves', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /health/ready 200 with every check when the database answers and is migrated', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', checks: READY });
  });

  it('keeps /health as readiness, with the fields it always had', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      checks: READY,
    });
  });

  it('documents the three routes with their 503', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/health/live'].get.responses).toHaveProperty('200');
    for (const route of ['/health/ready', '/health']) {
      expect(doc.paths[route].get.responses).toHaveProperty('503');
    }
  });

  it('turns readiness 503 `shutdown` once draining, while liveness stays 200', async () => {
    const { app: draining } = await buildTestApp();
    draining.readiness.drain();
    const ready = await draining.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'unavailable',
      code: 'service-unavailable',
      failed: ['shutdown'],
      checks: { ...READY, shutdown: 'draining' },
    });
    expect((await draining.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
    expect((await draining.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

describe('readiness when something is missing', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('says `migrations` on a database no migration has touched', async () => {
    const empty = await createEmptyDatabase();
    const handle = connectDatabase(empty.url, { max: 2 });
    const app = await buildApp(testConfig(), { db: handle.db });
    cleanups.push(
      empty.drop,
      () => handle.close(),
      () => app.close(),
    );
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      failed: ['migrations'],
      checks: { database: 'up', migrations: 'pending' },
    });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('says `database` when the database does not answer', async () => {
    const closed = await freePort();
    const handle = connectDatabase(`postgres://postgres:postgres@127.0.0.1:${closed}/nowhere`, { max: 2 });
    const app = await buildApp(testConfig(), { db: handle.db });
    cleanups.push(
      () => handle.close(),
      () => app.close(),
    );
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Not ready: database, migrations',
      failed: ['database', 'migrations'],
      checks: { database: 'down' },
    });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('starts with REDIS_URL on a closed port, says `redis` until Redis answers, then turns ready', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const closed = await freePort();
    const hiwar = await startHiwar(
      testConfig({ databaseUrl: database.url, port: 0, redisUrl: `redis://127.0.0.1:${closed}` }),
      { log: () => {} },
    );
    cleanups.push(() => hiwar.close());
    const ready = await get(`${hiwar.urls.web}/health/ready`);
    expect(ready?.status).toBe(503);
    expect(ready?.body).toMatchObject({
      failed: ['redis'],
      checks: { database: 'up', migrations: 'done', redis: 'down', jobs: 'started' },
    });
    expect((await get(`${hiwar.urls.web}/health/live`))?.status).toBe(200);

    // Redis comes up on that port: the clients reconnect and the instance turns ready by itself.
    if (!redisServer) {
      return;
    }
    const redis = spawn(
      redisServer,
      ['--port', String(closed), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    try {
      await expect
        .poll(async () => (await get(`${hiwar.urls.web}/health/ready`))?.body, {
          timeout: 15_000,
          interval: 200,
        })
        .toMatchObject({ status: 'ok', checks: { redis: 'up' } });
      // Closed while its Redis still answers (the cleanups run after this Redis is gone).
      await hiwar.close();
    } finally {
      redis.kill('SIGKILL');
    }
  });

  it.runIf(inject('redisUrl'))('says redis `up` when Redis answers', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const hiwar = await startHiwar(
      testConfig({ databaseUrl: database.url, port: 0, redisUrl: inject('redisUrl') }),
    );
    cleanups.push(() => hiwar.close());
    const ready = await get(`${hiwar.urls.web}/health/ready`);
    expect(ready).toMatchObject({ status: 200, body: { checks: { redis: 'up', jobs: 'started' } } });
  });
});

describe('shutdown', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('turns readiness 503 first, keeps serving through the drain, then closes', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const hiwar = await startHiwar(testConfig({ databaseUrl: database.url, port: 0 }));
    const base = hiwar.urls.web;
    expect((await get(`${base}/health/ready`))?.body).toMatchObject({ checks: { jobs: 'started' } });

    const drainMs = 1_500;
    const began = Date.now();
    const stopped = hiwar.shutdown(drainMs).then(() => Date.now() - began);

    const ready = await get(`${base}/health/ready`);
    expect(ready?.status).toBe(503);
    expect(ready?.body).toMatchObject({ failed: ['shutdown'], checks: { shutdown: 'draining' } });
    // Still serving while the load balancer notices: liveness and the API answer.
    expect((await get(`${base}/health/live`))?.status).toBe(200);
    expect((await get(`${base}/api/v1/plan/list`))?.status).toBe(200);
    expect(Date.now() - began).toBeLessThan(drainMs);

    const tookMs = await stopped;
    expect(tookMs).toBeGreaterThanOrEqual(drainMs);
    expect(await get(`${base}/health/live`)).toBeNull();
  });

  it('does the same for SIGTERM to the real process, which then exits 0', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const port = await freePort();
    const drainMs = 1_500;
    const output: string[] = [];
    child = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
      {
        env: {
          ...process.env,
          APP_SERVER: 'local',
          PORT: String(port),
          SERVE_STATIC: 'false',
          SEED_DEMO: 'false',
          DATABASE_URL: database.url,
          JWT_SECRET: TEST_JWT_SECRET,
          SHUTDOWN_DRAIN_MS: String(drainMs),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await get(`${base}/health/ready`))?.status, { timeout: 45_000, interval: 200 })
      .toBe(200);

    let exitedAt = 0;
    void exited.then(() => {
      exitedAt = Date.now();
    });
    const sentAt = Date.now();
    child.kill('SIGTERM');
    // Readiness goes first, while the process still serves (liveness 200)…
    let notReady: { status: number; body: Record<string, unknown> } | null = null;
    let liveWhileDraining: number | undefined;
    while (!exitedAt && !notReady) {
      const ready = await get(`${base}/health/ready`);
      if (ready?.status === 503) {
        notReady = ready;
        liveWhileDraining = (await get(`${base}/health/live`))?.status;
      }
    }
    expect(notReady?.body, output.join('')).toMatchObject({ failed: ['shutdown'] });
    expect(liveWhileDraining).toBe(200);
    // …and the process exits cleanly once the drain is over.
    expect(await exited, output.join('')).toBe(0);
    expect(exitedAt - sentAt).toBeGreaterThanOrEqual(drainMs);
  }, 60_000);
});
