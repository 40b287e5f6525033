/**
 * What every benchmark shares: the real product started on a throw-away embedded PostgreSQL,
 * load generators in worker threads, quantiles, and the one line per figure with PASS or FAIL.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';

/** One figure measured against its target. */
export type Result = { name: string; figure: string; target: string; pass: boolean };

/**
 * The real product on a free local port, production-like logging off, over an embedded PostgreSQL
 * in a throw-away directory (seeded with the demo data when `seedDemo`).
 */
export async function startProduct(options: { seedDemo?: boolean } = {}) {
  const port = await freePort();
  const hiwar = await startHiwar(
    loadConfig({
      APP_SERVER: 'local',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-bench-')),
      LOG_LEVEL: 'silent',
      SERVE_STATIC: 'false',
      SEED_DEMO: String(options.seedDemo ?? false),
    }),
    { embeddedPersistent: false },
  );
  return { hiwar, base: `http://127.0.0.1:${port}` };
}

/** Runs the load generator `script` in a worker thread (apart from the server's loop) and resolves with what it posts back. */
export function runWorker<T>(script: URL, workerData: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(script, { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The value at quantile `q` (0–1) of `sorted`, ascending; NaN when it is empty. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

/**
 * Runs `benchmarks`, then `close` whatever happened; prints one line per result with PASS or FAIL
 * and exits 1 when any missed its target.
 */
export async function runBenchmarks(
  results: Result[],
  benchmarks: () => Promise<void>,
  close: () => Promise<void>,
): Promise<never> {
  try {
    await benchmarks();
  } finally {
    await close();
  }
  for (const result of results) {
    console.log(
      `${result.pass ? 'PASS' : 'FAIL'}  ${result.name}: ${result.figure} (target ${result.target})`,
    );
  }
  process.exit(results.every((result) => result.pass) ? 0 : 1);
}
