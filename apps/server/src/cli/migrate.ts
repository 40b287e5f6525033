import pg from 'pg';
import { runMigrations } from '../db/migrate.ts';
import { latestMigrationMillis } from '../modules/health/readiness.ts';

/** How many committed migrations the database at `url` has applied (0 before the first). */
async function appliedCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
    );
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/**
 * `npm run migrate`: applies the committed migrations to DATABASE_URL under the same advisory lock as
 * the boot (a deploy may call it before starting instances; each instance also does it at boot and
 * then finds nothing left). Returns how many it applied and the newest one's timestamp.
 */
export async function migrateDatabase(
  url: string,
): Promise<{ applied: number; total: number; latest: number }> {
  const before = await appliedCount(url);
  await runMigrations(url);
  const total = await appliedCount(url);
  return { applied: total - before, total, latest: latestMigrationMillis() };
}
