import { Role } from '@hiwar/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from './core/jobs.ts';
import {
  INSTALLMENT_REMINDERS_QUEUE,
  LESSON_REMINDERS_QUEUE,
  RECONCILE_PAYMENTS_QUEUE,
} from './plugins/jobs.ts';
import { DEMO_PLANS } from './seed/demo.ts';
import { type RunningHiwar, startHiwar } from './server.ts';
import { createEmptyDatabase } from './testing/database.ts';
import { testConfig } from './testing/index.ts';

/** How many instances boot at once on one empty database (issue 17: two crashed 6 times in 6). */
const INSTANCES = 3;

/** One row count per query, on the database at `url`. */
async function counts(url: string, queries: Record<string, string>): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, number> = {};
    for (const [name, query] of Object.entries(queries)) {
      result[name] = Number((await client.query<{ n: string }>(query)).rows[0]?.n);
    }
    return result;
  } finally {
    await client.end();
  }
}

/** Every table of the public schema with its row count: what one demo dataset looks like. */
async function tableSizes(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const sizes: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const rows = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${pg.escapeIdentifier(name)}`,
      );
      sizes[name] = Number(rows.rows[0]?.n);
    }
    return sizes;
  } finally {
    await client.end();
  }
}

/** Boots `n` whole instances together (every role, port 0) on the database at `url`. */
async function bootTogether(url: string, n: number, seedDemo: boolean): Promise<RunningHiwar[]> {
  const config = testConfig({ databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo });
  const started = Date.now();
  const results = await Promise.allSettled(Array.from({ length: n }, () => startHiwar(config)));
  const running = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0) {
    await Promise.all(running.map((instance) => instance.close()));
    throw new AggregateError(failures, `${failures.length} of ${n} instances failed to boot`);
  }
  console.log(
    `${n} instances booted together (seed ${seedDemo ? 'on' : 'off'}) in ${Date.now() - started} ms`,
  );
  return running;
}

async function closeAll(instances: RunningHiwar[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.close()));
}

/** Every instance answers ready on its own port. */
async function expectAllReady(instances: RunningHiwar[]): Promise<void> {
  for (const instance of instances) {
    const res = await fetch(`${instance.urls.web}/health/ready`);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  }
}

const QUEUES = [RECONCILE_PAYMENTS_QUEUE, INSTALLMENT_REMINDERS_QUEUE, LESSON_REMINDERS_QUEUE];

/**
 * Issue 17: any number of instances may boot at once on an empty or an old database. Migrations,
 * pg-boss's schema and queues, and the demo data are each done once, under an advisory lock, and the
 * others find them done.
 */
describe('instances booting together', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) {
      await drop();
    }
  });

  it(`boots ${INSTANCES} instances on one empty database with demo data on: one dataset, each queue once`, async () => {
    const database = await createEmptyDatabase();
    drops.push(database.drop);
    const instances = await bootTogether(database.url, INSTANCES, true);
    try {
      await expectAllReady(instances);
      const found = await counts(database.url, {
        superAdmins: `SELECT count(*) AS n FROM users WHERE email = 'superadmin@hiwar.test' AND role = ${Role.SuperAdmin}`,
        plans: 'SELECT count(*) AS n FROM plans',
        coupons: 'SELECT count(*) AS n FROM coupons',
        subscriptionsOfDemoStudent:
          "SELECT count(*) AS n FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = 'student@hiwar.test'",
        migrationsRunTwice: 'SELECT count(*) - count(DISTINCT hash) AS n FROM drizzle.__drizzle_migrations',
        queues: `SELECT count(*) AS n FROM ${JOBS_SCHEMA}.queue WHERE name IN (${QUEUES.map((q) => `'${q}'`).join(',')})`,
        schedules: `SELECT count(*) AS n FROM ${JOBS_SCHEMA}.schedule WHERE name IN (${QUEUES.map((q) => `'${q}'`).join(',')})`,
      });
      expect(found).toEqual({
        superAdmins: 1,
        plans: DEMO_PLANS.length,
        coupons: 1,
        subscriptionsOfDemoStudent: 1,
        migrationsRunTwice: 0,
        queues: QUEUES.length,
        schedules: QUEUES.length,
      });
      // The whole dataset is what one instance seeding alone writes.
      const together = await tableSizes(database.url);
      await closeAll(instances.splice(0));
      const alone = await createEmptyDatabase();
      drops.push(alone.drop);
      await closeAll(await bootTogether(alone.url, 1, true));
      expect(together).toEqual(await tableSizes(alone.url));

      // Restarting them all at once on that (now old) database changes nothing.
      instances.push(...(await bootTogether(database.url, INSTANCES, true)));
      await expectAllReady(instances);
      expect(await tableSizes(database.url)).toEqual(together);
    } finally {
      await closeAll(instances);
    }
  }, 180_000);

  it(`boots ${INSTANCES} instances on one empty database with demo data off: no user, each queue once`, async () => {
    const database = await createEmptyDatabase();
    drops.push(database.drop);
    const instances = await bootTogether(database.url, INSTANCES, false);
    try {
      await expectAllReady(instances);
      expect(
        await counts(database.url, {
          users: 'SELECT count(*) AS n FROM users',
          queues: `SELECT count(*) AS n FROM ${JOBS_SCHEMA}.queue WHERE name IN (${QUEUES.map((q) => `'${q}'`).join(',')})`,
        }),
      ).toEqual({ users: 0, queues: QUEUES.length });
    } finally {
      await closeAll(instances);
    }
  }, 120_000);
});
