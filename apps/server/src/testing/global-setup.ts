import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations, withDatabase } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance connection to the test PostgreSQL server. */
    pgAdminUrl: string;
    /** A migrated database each test file clones (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    /** Set when TEST_REDIS_URL is: the scale-out tests run against it. */
    redisUrl: string;
  }
}

/**
 * Once per run: a PostgreSQL server (embedded, or TEST_DATABASE_URL's) with one migrated template
 * database. Each test file then gets its own fresh copy in milliseconds.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `hiwar_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  await runMigrations(withDatabase(adminUrl, template));
  await adminQuery(adminUrl, `ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('redisUrl', process.env.TEST_REDIS_URL ?? '');

  return async () => {
    await adminQuery(adminUrl, `ALTER DATABASE ${template} WITH IS_TEMPLATE false`).catch(() => {});
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await stopEmbedded?.();
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
