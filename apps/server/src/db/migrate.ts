import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { BOOT_LOCKS, withAdvisoryLock } from './advisory-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `apps/server/drizzle`: two levels up from this file's folder (`src/db`) when run from source, one
 * up from the compiled bundle's (`dist`, decision 0018).
 */
export const MIGRATIONS_DIR =
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) =>
    existsSync(path.join(dir, 'meta/_journal.json')),
  ) ?? path.resolve(here, '../../drizzle');

/**
 * Applies the committed SQL migrations. Several instances may start together: a session-level
 * advisory lock makes the others wait, then find nothing left to do.
 */
export async function runMigrations(url: string): Promise<void> {
  await withAdvisoryLock(url, BOOT_LOCKS.migrations, (client) =>
    migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR }),
  );
}

/** Creates `name` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

/** The same connection string pointing at another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
