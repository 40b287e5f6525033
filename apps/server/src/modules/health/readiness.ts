import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { pgErrorCode } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';

/** One answer per check; `off`: not part of this instance (no Redis configured, no jobs run here). */
export type ReadinessReport = {
  ready: boolean;
  /** The checks that failed, in a fixed order: database, migrations, redis, jobs, shutdown. */
  failed: string[];
  checks: {
    database: 'up' | 'down';
    migrations: 'done' | 'pending' | 'unknown';
    redis: 'up' | 'down' | 'off';
    jobs: 'started' | 'starting' | 'stopped' | 'off';
    shutdown: 'no' | 'draining';
  };
};

/** pg-boss on a worker instance: `off` where this app runs no jobs (tests building the app alone). */
export type JobsState = 'off' | 'starting' | 'started' | 'stopped';

/**
 * The instance's readiness (issue 17): whether a load balancer should send it traffic. Liveness is
 * only "the process serves HTTP"; readiness asks the database, Redis when configured, whether every
 * committed migration is applied, whether pg-boss runs on a worker instance, and whether shutdown
 * has begun (`drain()`: readiness turns 503 first, the server closes after a short drain).
 */
export type Readiness = {
  /** pg-boss's state on this instance; `startHiwar` moves it (off → starting → started → stopped). */
  jobs: JobsState;
  readonly draining: boolean;
  /** From now on readiness answers 503 `shutdown`; liveness and every other route keep serving. */
  drain(): void;
  check(): Promise<ReadinessReport>;
};

/** How long one check may take before it counts as down (a hung server must not hang the probe). */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The newest committed migration (drizzle records each applied one with its journal `when`). */
export function latestMigrationMillis(dir: string = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export function createReadiness(deps: { db: Database; redis?: Redis | undefined }): Readiness {
  const latest = latestMigrationMillis();
  // Migrations never un-apply: once seen done, only the database's answer is asked again.
  let migrationsDone = false;
  let draining = false;

  async function database(): Promise<Pick<ReadinessReport['checks'], 'database' | 'migrations'>> {
    if (migrationsDone) {
      try {
        await withTimeout(deps.db.execute(sql`SELECT 1`), CHECK_TIMEOUT_MS);
        return { database: 'up', migrations: 'done' };
      } catch {
        return { database: 'down', migrations: 'done' };
      }
    }
    try {
      const result = await withTimeout(
        deps.db.execute<{ last: string | null }>(
          sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
        ),
        CHECK_TIMEOUT_MS,
      );
      migrationsDone = Number(result.rows[0]?.last ?? 0) >= latest;
      return { database: 'up', migrations: migrationsDone ? 'done' : 'pending' };
    } catch (error) {
      // 42P01/3F000: the database answers, but no migration has run yet.
      const code = pgErrorCode(error);
      if (code === '42P01' || code === '3F000') {
        return { database: 'up', migrations: 'pending' };
      }
      return { database: 'down', migrations: 'unknown' };
    }
  }

  async function redis(): Promise<ReadinessReport['checks']['redis']> {
    if (!deps.redis) {
      return 'off';
    }
    // Not connected: fail at once rather than queue a command behind the reconnection.
    if (deps.redis.status !== 'ready') {
      return 'down';
    }
    try {
      return (await withTimeout(deps.redis.ping(), CHECK_TIMEOUT_MS)) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  const readiness: Readiness = {
    jobs: 'off',
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      const [db, redisState] = await Promise.all([database(), redis()]);
      const checks: ReadinessReport['checks'] = {
        ...db,
        redis: redisState,
        jobs: readiness.jobs,
        shutdown: draining ? 'draining' : 'no',
      };
      const failed = [
        checks.database === 'down' ? 'database' : null,
        checks.migrations !== 'done' ? 'migrations' : null,
        checks.redis === 'down' ? 'redis' : null,
        checks.jobs === 'starting' || checks.jobs === 'stopped' ? 'jobs' : null,
        draining ? 'shutdown' : null,
      ].filter((name): name is string => name !== null);
      return { ready: failed.length === 0, failed, checks };
    },
  };
  return readiness;
}
