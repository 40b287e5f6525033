import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type App, buildApp, runtimeConfig } from './app.ts';
import type { AppConfig } from './config.ts';
import { BOOT_LOCKS, withAdvisoryLock } from './db/advisory-lock.ts';
import { connectDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { ensureDatabase, runMigrations } from './db/migrate.ts';
import { createLeadSourcesService } from './modules/lead-sources/lead-sources.service.ts';
import { startJobs } from './plugins/jobs.ts';
import { securityHeadersPlugin, securityOptions } from './plugins/security-headers.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { type DemoLogin, seedDemoData } from './seed/demo.ts';
import { adminRoot, landingRoot } from './static/app-roots.ts';
import { buildLandingServer } from './static/landing-site.ts';

export type RunningHiwar = {
  app: App;
  urls: { web: string; api: string; admin: string | null; landing: string | null; docs: string };
  databaseUrl: string;
  demoLogins: DemoLogin[];
  /** How long each boot step took, in milliseconds (printed by `npm start`, measured by tests). */
  timings: Record<string, number>;
  close(): Promise<void>;
  /**
   * Graceful stop for a load balancer (issue 17): readiness answers 503 at once, requests keep being
   * served for `drainMs` while the balancer notices, then everything closes.
   */
  shutdown(drainMs: number): Promise<void>;
};

type StartOptions = {
  /** Where `startEmbeddedPostgres` keeps its cluster when no DATABASE_URL is set. */
  embeddedPersistent?: boolean;
  log?: (line: string) => void;
};

/**
 * Starts the whole product in this process: database (embedded unless DATABASE_URL), migrations,
 * demo data, the API + realtime + web app, and the admin and landing front ends on their ports.
 * Used by `npm start`, the e2e suite and the benchmarks alike.
 */
export async function startHiwar(config: AppConfig, options: StartOptions = {}): Promise<RunningHiwar> {
  const closers: Array<() => Promise<void>> = [];
  // Once: a second call (shutdown after close, a test's cleanup) waits for the first.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const closer of closers.reverse()) {
        await closer().catch(() => {});
      }
    })());
  const timings: Record<string, number> = {};
  let stepStarted = Date.now();
  const step = (name: string) => {
    const now = Date.now();
    timings[name] = now - stepStarted;
    stepStarted = now;
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        persistent: options.embeddedPersistent ?? true,
        ...(options.log ? { log: options.log } : {}),
      });
      closers.push(() => embedded.stop());
      databaseUrl = await ensureDatabase(embedded.url, 'hiwar');
    }
    step('database');
    await runMigrations(databaseUrl);
    step('migrations');
    const database = connectDatabase(databaseUrl);
    closers.push(() => database.close());

    let redis: { client: Redis; pub: Redis; sub: Redis } | undefined;
    if (config.redisUrl) {
      redis = await connectRedis(config.redisUrl, options.log);
      const { client, pub, sub } = redis;
      closers.push(async () => {
        await Promise.all([client, pub, sub].map(closeRedis));
      });
    }

    const app = await buildApp(config, { db: database.db, redis });
    closers.push(() => app.close());
    step('app');
    // One instance seeds at a time (issue 17); the others find the data there and add nothing.
    const demo = config.seedDemo
      ? await withAdvisoryLock(databaseUrl, BOOT_LOCKS.seed, () => seedDemoData(app.db, app.files))
      : { seeded: false, logins: [] };
    step('seed');
    if (config.roles.includes('worker')) {
      app.readiness.jobs = 'starting';
      const jobs = await startJobs(app, databaseUrl);
      app.readiness.jobs = 'started';
      jobs.boss.on('stopped', () => {
        app.readiness.jobs = 'stopped';
      });
      closers.push(async () => {
        app.readiness.jobs = 'stopped';
        await jobs.stop();
      });
    }
    step('jobs');
    await app.listen({ host: config.host, port: config.port });
    step('listen');
    const webUrl = listeningUrl(app, config.publicUrls.web, config.port);

    let adminUrl: string | null = null;
    let landingUrl: string | null = null;
    if (config.serveStatic) {
      const runtime = runtimeConfig(config);
      const admin = await serveFrontEnd(adminRoot(), true, runtime);
      closers.push(() => admin.close());
      await admin.listen({ host: config.host, port: config.adminPort });
      adminUrl = listeningUrl(admin, config.publicUrls.admin, config.adminPort);
      // Visits to `/url/{name}` links it does not know are counted for staff (issue 27).
      const leadSources = createLeadSourcesService(app);
      const landing = await buildLandingServer(runtime, landingRoot(), {
        recordUnknownLeadSource: (name, address) => leadSources.recordUnknownVisit(name, address),
        trustProxy: config.trustProxy,
      });
      closers.push(() => landing.close());
      await landing.listen({ host: config.host, port: config.landingPort });
      landingUrl = listeningUrl(landing, config.publicUrls.landing, config.landingPort);
      step('front ends');
    }

    return {
      app,
      urls: {
        web: webUrl,
        api: `${webUrl}/api/v1`,
        admin: adminUrl,
        landing: landingUrl,
        docs: `${webUrl}/api/docs`,
      },
      databaseUrl,
      demoLogins: demo.logins,
      timings,
      close,
      async shutdown(drainMs: number) {
        app.readiness.drain();
        if (drainMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The Redis clients (commands, publishing, subscribing). Redis unreachable at boot is not fatal: the
 * instance starts, readiness answers 503 `redis` (a load balancer sends it nothing), and the clients
 * keep reconnecting.
 */
async function connectRedis(
  url: string,
  log: ((line: string) => void) | undefined,
): Promise<{ client: Redis; pub: Redis; sub: Redis }> {
  const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  // socket.io's adapter neither awaits nor catches its publishes and subscriptions: they wait for the
  // connection rather than fail (a rejection nobody handles would end the process). The publishes of
  // one turn of the event loop go out in one write (auto-pipelining): a burst of chat messages costs
  // one system call, not one each.
  const pub = client.duplicate({ maxRetriesPerRequest: null, enableAutoPipelining: true });
  const sub = client.duplicate({ maxRetriesPerRequest: null });
  let reported = false;
  for (const one of [client, pub, sub]) {
    one.on('error', (error: Error) => {
      if (!reported) {
        reported = true;
        (log ?? console.warn)(`Redis: ${error.message} (not ready until it answers; retrying)`);
      }
    });
    one.on('ready', () => {
      reported = false;
    });
  }
  await client.connect().catch(() => {});
  return { client, pub, sub };
}

/**
 * QUIT when connected, but never waits long for it: with Redis gone (even a moment ago) QUIT would
 * wait for a connection that may never come back. The connection is dropped either way.
 */
export async function closeRedis(one: Redis): Promise<void> {
  if (one.status === 'connecting' || one.status === 'connect') {
    // Still connecting (an instance closed right after it started): what was queued meanwhile (the
    // socket.io adapter's subscriptions, which nobody awaits) goes out once it is ready; dropping the
    // connection now would reject those commands with no one to catch them.
    let timer: NodeJS.Timeout | undefined;
    let onReady: (() => void) | undefined;
    await new Promise<void>((resolve) => {
      onReady = resolve;
      one.once('ready', resolve);
      timer = setTimeout(resolve, 1_000);
    });
    clearTimeout(timer);
    if (onReady) {
      one.off('ready', onReady);
    }
  }
  if (one.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      one.quit().catch(() => {}),
      new Promise((resolve) => {
        timer = setTimeout(resolve, 1_000);
      }),
    ]);
    clearTimeout(timer);
  }
  one.disconnect();
}

async function serveFrontEnd(
  root: string,
  spa: boolean,
  runtime: ReturnType<typeof runtimeConfig>,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, return503OnClosing: true });
  await server.register(securityHeadersPlugin, securityOptions('admin', runtime));
  // The back office's sign-in screen is rendered here when its build has a renderer (issue 26).
  await server.register(staticAppPlugin, { root, runtimeConfig: runtime, spa, serverRender: spa });
  return server;
}

/** The configured public URL, unless the port was 0 (tests), then the real one. */
function listeningUrl(server: FastifyInstance, configured: string, port: number): string {
  if (port !== 0) {
    return configured.replace(/\/$/, '');
  }
  const address = server.server.address();
  return typeof address === 'object' && address ? `http://localhost:${address.port}` : configured;
}
