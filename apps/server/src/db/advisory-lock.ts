import pg from 'pg';

/**
 * Arbitrary, fixed keys: every instance takes the same one for the same step of its boot, so when
 * several start together on one database each step runs once at a time and the later ones find it
 * done (issue 17). Migrations keep the key they always had.
 */
export const BOOT_LOCKS = {
  migrations: 727_274_001,
  jobs: 727_274_002,
  seed: 727_274_003,
} as const;

/**
 * Runs `work` while holding PostgreSQL's session-level advisory lock `key` on its own connection to
 * `url` (handed to `work`, which may use it): other sessions asking for the same key wait until it is
 * released. The lock also goes when the connection does, so an instance killed mid-step never leaves
 * it taken.
 */
export async function withAdvisoryLock<T>(
  url: string,
  key: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // An error on the idle lock connection (the server going away) must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
    await client.end().catch(() => {});
  }
}
