import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { freePort } from './db/embedded.ts';

/** The real process, as `npm start` runs it: boots on embedded PostgreSQL and stops on SIGTERM. */
describe('the server process', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('serves /health after boot and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const output: string[] = [];
    child = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
      {
        env: {
          ...process.env,
          APP_SERVER: 'local',
          PORT: String(port),
          SERVE_STATIC: 'false',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-main-')),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));

    await expect
      .poll(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
          return res?.status;
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(200);
    expect(output.join('')).toContain(`http://localhost:${port}`);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
