import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { type App, type AppDependencies, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { connectDatabase, type DatabaseHandle } from '../db/client.ts';
import { createLocalFileStore } from '../modules/assets/file-store.ts';
import { createTestDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** Test configuration: local mode, quiet, no static front end unless asked. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  const config = loadConfig({
    APP_SERVER: 'local',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    SEED_DEMO: 'false',
    ...env,
  });
  return { ...config, ...overrides };
}

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  databaseUrl: string;
  /** Where this app's local file store keeps uploads (removed after the file's tests). */
  filesDir: string;
};

/**
 * The real app on its own fresh database, closed and dropped after the file's tests.
 * `setup` runs before the app is built (e.g. to seed rows).
 */
export async function buildTestApp(
  options: { config?: Partial<AppConfig>; deps?: Partial<AppDependencies> } = {},
): Promise<TestApp> {
  const { url, drop } = await createTestDatabase();
  const database = connectDatabase(url, { max: 10 });
  const config = testConfig(options.config);
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-test-files-'));
  const app = await buildApp(config, {
    db: database.db,
    fileStore: createLocalFileStore(filesDir),
    ...options.deps,
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
    rmSync(filesDir, { recursive: true, force: true });
  });
  return { app, database, config, databaseUrl: url, filesDir };
}

/**
 * Two instances of the real app sharing one fresh database and one Redis, as behind a load
 * balancer (each with its own `configs` overrides, such as its roles); closed, disconnected and
 * dropped after the file's tests.
 */
export async function buildScaledOutApps(
  redisUrl: string,
  configs: [Partial<AppConfig>, Partial<AppConfig>] = [{}, {}],
): Promise<[App, App]> {
  const database = await createTestDatabase();
  const instances = await Promise.all(
    configs.map(async (overrides) => {
      const handle = connectDatabase(database.url, { max: 5 });
      const client = new Redis(redisUrl);
      const redis = { client, pub: client.duplicate(), sub: client.duplicate() };
      const app = await buildApp(testConfig({ redisUrl, ...overrides }), { db: handle.db, redis });
      return { app, handle, redis };
    }),
  );
  afterAll(async () => {
    for (const { app, handle, redis } of instances) {
      await app.close();
      await handle.close();
      await Promise.all([redis.client.quit(), redis.pub.quit(), redis.sub.quit()]);
    }
    await database.drop();
  });
  const [one, two] = instances.map((instance) => instance.app);
  return [one!, two!];
}
