import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/lib/server-build.ts';
import { REPO_ROOT } from './config.ts';

/**
 * Decision 0018: `npm run build` compiles the server to JavaScript and `npm run start:prod` only runs
 * it. The whole path (scratch copy, `npm ci --omit=dev`, migrate, first SuperAdmin, start, readiness)
 * is `npm run test:prod`, in CI's second pass; these are its quick parts.
 */
describe('the production build', () => {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'hiwar-build-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('compiles main, migrate and admin into one folder, importing production dependencies only', async () => {
    const outdir = path.join(temp, 'dist');
    const { files, ms } = await buildServer({ outdir, quiet: true });
    expect(files).toEqual(expect.arrayContaining(['main.js', 'migrate.js', 'admin.js', 'main.js.map']));
    // REPO_ROOT and MIGRATIONS_DIR are found from the bundle's own folder: nothing may sit deeper.
    expect(files.filter((file) => file.includes('/'))).toEqual([]);
    expect(ms).toBeLessThan(30_000);
  });

  it('refuses to start, in one sentence, when there is no build (and never builds)', () => {
    const release = path.join(temp, 'release');
    mkdirSync(path.join(release, 'scripts'), { recursive: true });
    cpSync(
      path.join(REPO_ROOT, 'scripts/server-command.mjs'),
      path.join(release, 'scripts/server-command.mjs'),
    );
    const run = (command: string, env: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, [path.join(release, 'scripts/server-command.mjs'), command], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });

    const start = run('start');
    expect(start.status).toBe(1);
    expect(start.stderr.trim().split('\n')).toEqual([
      'There is no production build (apps/server/dist/main.js, apps/web/dist/index.html, apps/admin/dist/index.html, apps/landing/dist/index.html missing): run `npm run build` first; `npm run start:prod` never builds.',
    ]);
    expect(run('start', { SERVE_STATIC: 'false' }).stderr).toContain('(apps/server/dist/main.js missing)');
    // Without tsx (production dependencies only), migrate and admin run the build too.
    const migrate = run('migrate');
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toContain('`npm run migrate` never builds.');
  });
});
