import { Role } from '@hiwar/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { findUserById } from '../modules/users/users.repository.ts';
import { createTestDatabase } from '../testing/database.ts';
import { recordQueries } from '../testing/round-trips.ts';
import { connectDatabase, pgErrorCode, pipelinedTransaction } from './client.ts';
import { forceGenericPlans, preparedStatement, runPrepared } from './prepared.ts';
import { platformSettings, users } from './schema.ts';

/**
 * The hot paths' two savings on round trips to PostgreSQL (decision 0025): prepared statements, and
 * transactions whose statements travel pipelined. One connection in the pool, so every test sees what
 * the previous one left on it.
 */
describe('prepared statements and pipelined transactions', async () => {
  const database = await createTestDatabase();
  const handle = connectDatabase(database.url, { max: 1 });
  const { db } = handle;
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });
  const [user] = await db
    .insert(users)
    .values({ email: 'round.trips@hiwar.test', role: Role.Student, name: null, verifiedEmail: true })
    .returning();

  const settingsNamed = (key: string) =>
    db.select().from(platformSettings).where(eq(platformSettings.key, key));
  const insertSetting = preparedStatement<{ key: string; value: number }>(
    'test-insert-setting',
    sql`INSERT INTO ${platformSettings} (key, value) VALUES (${sql.placeholder('key')}, to_jsonb(${sql.placeholder('value')}::int))`,
  );

  describe('a prepared statement', () => {
    it('is parsed once by each connection, then run by its name', async () => {
      await findUserById(db, user!.id);
      await findUserById(db, user!.id);
      const prepared = await db.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements`);
      expect(prepared.rows.map((row) => row.name)).toContain('user-by-id');
    });

    it('decodes its rows like drizzle’s select, on the pool, in a transaction and on a connection', async () => {
      const [expected] = await db.select().from(users).where(eq(users.id, user!.id));
      expect(await findUserById(db, user!.id)).toEqual(expected);
      expect(await db.transaction((tx) => findUserById(tx, user!.id))).toEqual(expected);
      expect(await pipelinedTransaction(db, (connection) => findUserById(connection, user!.id))).toEqual(
        expected,
      );
    });
  });

  describe('generic plans', () => {
    it('are forced only until the transaction ends: the pooled connection chooses again afterwards', async () => {
      const setting = async (target: { query: (text: string) => Promise<{ rows: unknown[] }> }) =>
        ((await target.query('SHOW plan_cache_mode')).rows[0] as { plan_cache_mode: string }).plan_cache_mode;
      const inside = await pipelinedTransaction(db, async (connection) => {
        await forceGenericPlans(connection);
        return setting(connection);
      });
      expect(inside).toBe('force_generic_plan');
      // One connection in the pool: the same one.
      expect(await setting(db.$client)).toBe('auto');
      await expect(
        pipelinedTransaction(db, async (connection) => {
          await forceGenericPlans(connection);
          await connection.query('SELECT 1/0');
        }),
      ).rejects.toThrow();
      expect(await setting(db.$client)).toBe('auto');
    });
  });

  describe('a pipelined transaction', () => {
    it('sends BEGIN with the first statements and COMMIT with the last: two round trips, two writes', async () => {
      const recording = recordQueries(db.$client);
      await pipelinedTransaction(db, async (connection, commit) => {
        await Promise.all([
          runPrepared(connection, insertSetting, { key: 'pipelined.first', value: 1 }),
          runPrepared(connection, insertSetting, { key: 'pipelined.second', value: 2 }),
        ]);
        await commit(() => runPrepared(connection, insertSetting, { key: 'pipelined.third', value: 3 }));
      });
      recording.stop();
      expect(db.$client.options).toMatchObject({ pipeline: true });
      // A query sent with none unanswered starts a round trip: BEGIN and two inserts, then one with
      // COMMIT; each round trip's messages leave in one write.
      expect(recording.checkouts).toEqual([
        {
          queries: [
            { statement: 'BEGIN', unanswered: 0 },
            { statement: 'test-insert-setting', unanswered: 1 },
            { statement: 'test-insert-setting', unanswered: 2 },
            { statement: 'test-insert-setting', unanswered: 0 },
            { statement: 'COMMIT', unanswered: 1 },
          ],
          writes: 2,
        },
      ]);
      expect(await settingsNamed('pipelined.first')).toHaveLength(1);
      expect(await settingsNamed('pipelined.third')).toHaveLength(1);
    });

    it('commits after the work when it did not send COMMIT itself', async () => {
      await pipelinedTransaction(db, (connection) =>
        runPrepared(connection, insertSetting, { key: 'pipelined.implicit', value: 4 }),
      );
      expect(await settingsNamed('pipelined.implicit')).toHaveLength(1);
    });

    it('keeps nothing when the statement sent with COMMIT fails, and leaves the connection clean', async () => {
      const failing = pipelinedTransaction(db, async (connection, commit) => {
        await runPrepared(connection, insertSetting, { key: 'pipelined.kept', value: 5 });
        // The key exists: the unique violation aborts the transaction, and COMMIT behind it rolls back.
        await commit(() => runPrepared(connection, insertSetting, { key: 'pipelined.first', value: 6 }));
      });
      await expect(failing).rejects.toSatisfy((error) => pgErrorCode(error) === '23505');
      expect(await settingsNamed('pipelined.kept')).toEqual([]);
      // The one connection is back in the pool outside any transaction: this statement starts its own.
      const state = await db.execute<{ fresh: boolean }>(sql`SELECT now() = statement_timestamp() AS fresh`);
      expect(state.rows[0]!.fresh).toBe(true);
    });

    it('rolls back what was sent when the work throws between statements', async () => {
      const refused = new Error('a rule was broken');
      const failing = pipelinedTransaction(db, async (connection) => {
        await runPrepared(connection, insertSetting, { key: 'pipelined.refused', value: 7 });
        throw refused;
      });
      await expect(failing).rejects.toBe(refused);
      expect(await settingsNamed('pipelined.refused')).toEqual([]);
      expect(await db.$client.query('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
    });
  });
});
