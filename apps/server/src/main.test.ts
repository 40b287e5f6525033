import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { freePort } from './db/embedded.ts';

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

    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
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
