import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

declare module 'pg' {
  interface ClientConfig {
    /**
     * node-postgres 8.23 sends a query issued while another is in flight at once instead of queueing
     * it (https://node-postgres.com/features/pipelining); PostgreSQL still runs them in order.
     */
    pipeline?: boolean;
  }
}

/**
 * drizzle without the relational query API (`db.query.*`, unused here): with a schema, every
 * transaction would build a query builder per table before its first statement.
 */
export type Database = NodePgDatabase & { $client: pg.Pool };

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
};

/**
 * One pool per process; every repository goes through the drizzle instance built on it. Its
 * connections pipeline (`pipelinedTransaction`); code that awaits each statement, as drizzle does,
 * sends them one at a time exactly as without.
 */
export function connectDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { casing: 'snake_case' }) as Database;
  return { db, pool, close: () => pool.end() };
}

/** PostgreSQL's SQLSTATE for an error thrown by drizzle (which wraps the driver error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What repositories run on: the database, or a transaction the service opened. */
export type Executor = Database | Transaction;

/** The name of the constraint a PostgreSQL error violated, if it names one. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') {
      return constraint;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for PostgreSQL's unique violation (SQLSTATE 23505), optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return pgErrorCode(error) === '23505' && (!constraint || violatedConstraint(error) === constraint);
}

/** True for a CHECK (23514) or EXCLUDE (23P01) violation of the named constraint. */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  const code = pgErrorCode(error);
  return (code === '23514' || code === '23P01') && violatedConstraint(error) === constraint;
}

/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE/ILIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** SQLSTATEs after which a whole transaction may simply be run again: deadlock, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `work` (one transaction) again when PostgreSQL aborted it as a deadlock victim or for a
 * serialization failure, up to `attempts` times in all. The work must be safe to repeat: it is, when
 * everything it did was in the aborted transaction.
 */
export async function retryTransaction<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(pgErrorCode(error) ?? '')) {
        throw error;
      }
    }
  }
}

/** Ends a pipelined transaction with the statement `last` sends: COMMIT goes out in the same write. */
export type Commit = <T>(last: () => Promise<T>) => Promise<T>;

/**
 * Sends what `issue` queries on `connection` in one write: the socket holds the messages of every
 * query issued synchronously inside, then writes them with one system call when it returns.
 */
function inOneWrite<T>(connection: pg.PoolClient, issue: () => T): T {
  const stream = connection instanceof pg.Client ? connection.connection.stream : undefined;
  stream?.cork();
  try {
    return issue();
  } finally {
    stream?.uncork();
  }
}

/**
 * Runs `work` in a transaction on one pooled connection whose statements travel pipelined: BEGIN goes
 * out in one write with the statements the work issues before it first waits, and `commit(last)` sends
 * the last statement with COMMIT right behind it, so a short transaction costs two round trips (and
 * two writes) instead of one per statement. PostgreSQL still runs them one after another, each READ
 * COMMITTED statement with the snapshot of its own start. Without `commit`, COMMIT follows the work's
 * result. On any error the transaction is rolled back (when COMMIT followed a failed statement,
 * PostgreSQL already ended it, and the ROLLBACK only warns).
 */
export async function pipelinedTransaction<T>(
  db: Database,
  work: (connection: pg.PoolClient, commit: Commit) => Promise<T>,
): Promise<T> {
  const connection = await db.$client.connect();
  let committed = false;
  const commit: Commit = async (last) => {
    const [result] = await inOneWrite(connection, () => Promise.all([last(), connection.query('COMMIT')]));
    committed = true;
    return result;
  };
  let broken: Error | undefined;
  try {
    const [, result] = await inOneWrite(connection, () =>
      Promise.all([connection.query('BEGIN'), work(connection, commit)]),
    );
    if (!committed) {
      await connection.query('COMMIT');
    }
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that could not roll back is closed rather than handed to the next caller.
    connection.release(broken);
  }
}
