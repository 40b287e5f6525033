import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type App, buildApp, runtimeConfig } from './app.ts';
import type { AppConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { ensureDatabase, runMigrations } from './db/migrate.ts';
import { startJobs } from './plugins/jobs.ts';
import { securityHeadersPlugin, securityOptions } from './plugins/security-headers.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { type DemoLogin, seedDemoData } from './seed/demo.ts';
import { adminRoot } from './static/app-roots.ts';
import { buildLandingServer } from './static/landing-site.ts';

export type RunningHiwar = {
  app: App;
  urls: { web: string; api: string; admin: string | null; landing: string | null; docs: string };
  databaseUrl: string;
  demoLogins: DemoLogin[];
  close(): Promise<void>;
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
  const close = async () => {
    for (const closer of closers.reverse()) {
      await closer().catch(() => {});
    }
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
    await runMigrations(databaseUrl);
    const database = connectDatabase(databaseUrl);
    closers.push(() => database.close());

    let redis: { client: Redis; pub: Redis; sub: Redis } | undefined;
    if (config.redisUrl) {
      const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
      await client.connect();
      const pub = client.duplicate();
      const sub = client.duplicate();
      redis = { client, pub, sub };
      closers.push(async () => {
        await Promise.all([client.quit(), pub.quit(), sub.quit()]);
      });
    }

    const app = await buildApp(config, { db: database.db, redis });
    closers.push(() => app.close());
    const demo = config.seedDemo ? await seedDemoData(app.db, app.files) : { seeded: false, logins: [] };
    if (config.roles.includes('worker')) {
      const jobs = await startJobs(app, databaseUrl);
      closers.push(() => jobs.stop());
    }
    await app.listen({ host: config.host, port: config.port });
    const webUrl = listeningUrl(app, config.publicUrls.web, config.port);

    let adminUrl: string | null = null;
    let landingUrl: string | null = null;
    if (config.serveStatic) {
      const runtime = runtimeConfig(config);
      const admin = await serveFrontEnd(adminRoot(), true, runtime);
      closers.push(() => admin.close());
      await admin.listen({ host: config.host, port: config.adminPort });
      adminUrl = listeningUrl(admin, config.publicUrls.admin, config.adminPort);
      const landing = await buildLandingServer(runtime);
      closers.push(() => landing.close());
      await landing.listen({ host: config.host, port: config.landingPort });
      landingUrl = listeningUrl(landing, config.publicUrls.landing, config.landingPort);
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
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function serveFrontEnd(
  root: string,
  spa: boolean,
  runtime: ReturnType<typeof runtimeConfig>,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false, return503OnClosing: true });
  await server.register(securityHeadersPlugin, securityOptions('admin', runtime));
  await server.register(staticAppPlugin, { root, runtimeConfig: runtime, spa });
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
