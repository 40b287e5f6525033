import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Executor } from './client.ts';

/**
 * Named statements for the hot paths (the signed-in user of every request, the booking): the text is
 * built once, and each connection has PostgreSQL parse and plan it once, then only binds values. An
 * unnamed statement is parsed and planned on every call, which for the booking's context statement
 * cost PostgreSQL five times what running it did (docs/decisions/0025-bookings-in-two-round-trips.md).
 */
export type PreparedStatement<Values extends Record<string, unknown>> = {
  name: string;
  text: string;
  /** Per parameter: the value's key in `Values`, or a constant fixed when the text was built. */
  params: ReadonlyArray<{ key: keyof Values & string } | { constant: unknown }>;
};

/** What a prepared statement runs on: drizzle's database or transaction, or a pooled connection. */
export type StatementTarget = Executor | pg.ClientBase;

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A named statement from `query`, whose values are `sql.placeholder(key)`s filled from `Values` at
 * each run. `name` must be unique in the app; the text never changes (PostgreSQL keys its plan on it).
 */
export function preparedStatement<Values extends Record<string, unknown>>(
  name: string,
  query: SQL,
): PreparedStatement<Values> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    name,
    text,
    params: params.map((param) =>
      is(param, Placeholder) ? { key: param.name as keyof Values & string } : { constant: param },
    ),
  };
}

/**
 * Values as drizzle's own driver returns them (its node-postgres session): dates and intervals as
 * PostgreSQL's text, so `tableRow` decodes a prepared statement's rows exactly like a select's.
 */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/** The node-postgres client under `target`: the pool, a transaction's connection, or the connection itself. */
function driverOf(target: StatementTarget): pg.Pool | pg.ClientBase {
  if (target instanceof pg.Pool || target instanceof pg.Client) {
    return target;
  }
  if ('$client' in target) {
    return (target as Database).$client;
  }
  // drizzle's node-postgres transaction keeps its connection on its session.
  return (target as unknown as { session: { client: pg.ClientBase } }).session.client;
}

/** Runs `statement` with `values` on `target` and resolves with its rows. */
export async function runPrepared<
  Row extends Record<string, unknown>,
  Values extends Record<string, unknown>,
>(target: StatementTarget, statement: PreparedStatement<Values>, values: Values): Promise<Row[]> {
  const result = await driverOf(target).query<Row>({
    name: statement.name,
    text: statement.text,
    values: statement.params.map((param) => ('key' in param ? values[param.key] : param.constant)),
    types,
  });
  return result.rows;
}

/**
 * Inside a transaction on `target`'s connection: until it ends, every named statement runs its
 * generic plan (planned once per connection) instead of PostgreSQL choosing, per call, whether to plan
 * it for the values at hand. For hot statements whose plan does not depend on the values (lookups by
 * id), which PostgreSQL may otherwise plan afresh on every call when a custom plan looks cheaper to
 * run than the planning costs. Issue it first, in the same write as those statements.
 */
export async function forceGenericPlans(target: StatementTarget): Promise<void> {
  await driverOf(target).query('SET LOCAL plan_cache_mode = force_generic_plan');
}
