import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { freePort } from './db/embedded.ts';
import { TEST_JWT_SECRET } from './testing/app.ts';
import { createTestDatabase } from './testing/database.ts';

type Running = {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

/**
 * The real process, as `npm start` runs it (through tsx, on embedded PostgreSQL), leading a process
 * group of its own as a terminal's foreground job does, so a test can press Ctrl-C: SIGINT to the
 * whole group, PostgreSQL included unless it keeps out of it.
 */
async function startProcess(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  let stdout = '';
  let stderr = '';
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      env: { ...process.env, APP_SERVER: 'local', PORT: String(port), SERVE_STATIC: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  children.push(child);
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, stdout: () => stdout, stderr: () => stderr, exited };
}

async function readyStatus(port: number): Promise<number | undefined> {
  const res = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null);
  return res?.status;
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-main-'));
  dataDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }
  for (const dir of dataDirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The real process, as `npm start` runs it: boots on embedded PostgreSQL and stops on SIGTERM. */
describe('the server process', () => {
  it('serves /health after boot and exits 0 on SIGTERM', async () => {
    const running = await startProcess({ DATA_DIR: newDataDir() });
    await expect.poll(() => readyStatus(running.port), { timeout: 45_000, interval: 250 }).toBe(200);
    expect(running.stdout()).toContain(`http://localhost:${running.port}`);
    // Every address the banner prints answers (issue 28: `API: …/api/v1` was a 404). The web app's
    // is left out: SERVE_STATIC=false leaves the front ends to another server.
    const banner = running.stdout().slice(running.stdout().indexOf('Hiwar is running'));
    const addresses = banner
      .split('\n')
      .filter((line) => !line.includes('Web (students and tutors)'))
      .flatMap((line) => line.match(/https?:\/\/\S+/g) ?? []);
    expect(addresses).toEqual([
      `http://localhost:${running.port}/api/docs`,
      `http://localhost:${running.port}/health/ready`,
    ]);
    for (const address of addresses) {
      expect((await fetch(address)).status, address).toBe(200);
    }

    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  }, 60_000);

  // Issue 28: `start:prod` printed its plain-text banner into the JSON log stream.
  it('outside local mode and without a terminal, writes only JSON log lines, the addresses among them', async () => {
    const database = await createTestDatabase();
    try {
      const running = await startProcess({
        APP_SERVER: 'staging',
        DATABASE_URL: database.url,
        JWT_SECRET: TEST_JWT_SECRET,
        SHUTDOWN_DRAIN_MS: '0',
      });
      await expect.poll(() => readyStatus(running.port), { timeout: 45_000, interval: 250 }).toBe(200);
      await expect.poll(() => running.stdout(), { timeout: 5_000 }).toContain('"msg":"serving"');
      running.child.kill('SIGTERM');
      expect((await running.exited).code, running.stderr()).toBe(0);
      const records = running
        .stdout()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          try {
            return JSON.parse(line) as { msg?: string; urls?: Record<string, string | null> };
          } catch {
            throw new Error(`Not a JSON log line: ${line}`);
          }
        });
      const serving = records.find((record) => record.msg === 'serving');
      expect(serving?.urls).toEqual({
        web: `http://localhost:${running.port}`,
        admin: null,
        landing: null,
        apiDocs: `http://localhost:${running.port}/api/docs`,
        health: `http://localhost:${running.port}/health/ready`,
      });
    } finally {
      await database.drop();
    }
  }, 60_000);

  // Issue 28: Ctrl-C reached the embedded PostgreSQL too, which ended every session at once, and
  // pg-boss logged ~11 kB of "terminating connection due to administrator command"; on SIGTERM the
  // database stopped while pg's just-closed pools still held their sockets. Jobs and the server
  // stop first, then the database, which lets its sessions end: nothing but a clean exit 0.
  it('stops jobs and the server before the database on Ctrl-C and on SIGTERM: exit 0, no error output', async () => {
    const dataDir = newDataDir();
    for (const [signal, toGroup] of [
      ['SIGINT', true], // Ctrl-C in a terminal: the whole foreground process group
      ['SIGTERM', false], // a process manager, or `kill <pid>`
    ] as const) {
      const running = await startProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
      await expect.poll(() => readyStatus(running.port), { timeout: 45_000, interval: 250 }).toBe(200);
      // pg-boss has been polling for a moment: its pool holds open sessions.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (toGroup) {
        process.kill(-running.child.pid!, signal);
      } else {
        running.child.kill(signal);
      }
      const output = `${running.stdout()}\n${running.stderr()}`;
      expect(await running.exited, `${signal}: ${output}`).toEqual({ code: 0, signal: null });
      expect(running.stderr(), signal).toBe('');
      expect(running.stdout(), signal).not.toMatch(/pg-boss error|terminating connection|"level":(50|60)/);
    }
  }, 120_000);
});
