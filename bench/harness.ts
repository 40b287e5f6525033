/**
 * What every benchmark shares: the real product started on a throw-away embedded PostgreSQL, load
 * generators in worker threads, quantiles and medians over rounds, compared sides measured in
 * alternation, an optional CPU profile of the measured part, and the one line per figure with PASS
 * or FAIL.
 *
 * Every benchmark module exports `run(options?: BenchOptions): Promise<BenchResult[]>` (`run.ts`
 * runs them all) and runs alone as `bench:<name>` through `runAlone` when it is the entry point.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';

/** One figure measured over rounds against its goal. */
export type BenchResult = {
  /** What was measured, e.g. 'POST /lesson/: 2000 bookings of distinct free times, 50 in flight'. */
  name: string;
  /** The goal in words, e.g. '≥ 500 bookings/s'. */
  goal: string;
  /** The median over rounds. */
  value: number;
  unit: string;
  /** Whether `value` (and any condition the goal names, such as no errors) met the goal. */
  pass: boolean;
  /** The figure of each round, in the order measured. */
  rounds: number[];
  /** The rounds' range, 'min–max'. */
  spread: string;
  /** Anything else worth a line: the compared side's figure, latencies, errors. */
  detail?: string;
};

export type BenchOptions = {
  /** Measured rounds (compared sides: rounds of each); `BENCH_ROUNDS`, else 3. */
  rounds?: number;
};

/** A benchmark module's entry. */
export type Benchmark = (options?: BenchOptions) => Promise<BenchResult[]>;

/** The rounds to measure: the option, else `BENCH_ROUNDS`, else 3 (never fewer than 1). */
export function roundsOf(options: BenchOptions = {}): number {
  return Math.max(1, Math.floor(options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3)));
}

/**
 * The real product on a free local port, production-like logging off, over an embedded PostgreSQL
 * in a throw-away directory (seeded with the demo data when `seedDemo`); `env` adds to its
 * configuration (another instance's `DATABASE_URL`, a shared `REDIS_URL` and `JWT_SECRET`).
 */
export async function startProduct(options: { seedDemo?: boolean; env?: Record<string, string> } = {}) {
  const port = await freePort();
  const hiwar = await startHiwar(
    loadConfig({
      APP_SERVER: 'local',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-bench-')),
      LOG_LEVEL: 'silent',
      SERVE_STATIC: 'false',
      SEED_DEMO: String(options.seedDemo ?? false),
      ...options.env,
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

/** Whether the module at `moduleUrl` (its `import.meta.url`) is the script node was started with. */
export function isEntry(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(script).href === moduleUrl;
}

/** CPU time in ms used by this thread (Node ≥ 23.9; the types of Node 20 do not know it). */
function threadCpuMs(): number {
  const usage = (
    process as unknown as { threadCpuUsage(): { user: number; system: number } }
  ).threadCpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU time in ms used by PostgreSQL's processes (its postmaster and every child); null off Linux. */
function databaseCpuMs(postmasterPid: number | null): number | null {
  if (postmasterPid === null) {
    return null;
  }
  const ticks = 100; // USER_HZ, 100 on every Linux this runs on
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name in parentheses: state, ppid, … utime (14th), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === postmasterPid || Number(fields[1]) === postmasterPid) {
        total += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return (total / ticks) * 1000;
}

/**
 * Starts counting CPU time: the server's thread (this one) and PostgreSQL's processes. Steadier than
 * throughput on a busy machine, where waiting for a core inflates wall-clock figures but not these.
 */
export async function cpuMeter(db: Database) {
  let postmasterPid: number | null = null;
  try {
    const { rows } = await db.execute<{ dir: string }>(sql`SELECT current_setting('data_directory') AS dir`);
    postmasterPid = Number(readFileSync(path.join(rows[0]!.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    // Not a local cluster this process may read: the database's share is left out.
  }
  const thread = threadCpuMs();
  const database = databaseCpuMs(postmasterPid);
  return {
    /** CPU ms since the start: this thread's, and PostgreSQL's (null when unknown). */
    read(): { threadMs: number; databaseMs: number | null } {
      const now = databaseCpuMs(postmasterPid);
      return {
        threadMs: threadCpuMs() - thread,
        databaseMs: now === null || database === null ? null : now - database,
      };
    },
  };
}

/** The value at quantile `q` (0–1) of `sorted`, ascending; NaN when it is empty. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

/** The median of `values` (the mean of the middle two when their count is even); NaN when empty. */
export function median(values: readonly number[]): number {
  // A round that measured nothing (NaN) must not decide the figure: it is left out.
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) {
    return Number.NaN;
  }
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounds `value` to `digits` decimals (0: an integer). */
export function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * A result from per-round figures: the median as its value, 'min–max' as its spread, and `passes`
 * judging the median (it may also check what the figures leave out, such as errors).
 */
export function summarise(input: {
  name: string;
  goal: string;
  unit: string;
  rounds: number[];
  passes: (value: number) => boolean;
  digits?: number;
  detail?: string;
}): BenchResult {
  const digits = input.digits ?? 0;
  const rounds = input.rounds.map((figure) => round(figure, digits));
  const value = round(median(input.rounds), digits);
  return {
    name: input.name,
    goal: input.goal,
    value,
    unit: input.unit,
    pass: rounds.length > 0 && input.passes(value),
    rounds,
    spread: rounds.length > 0 ? `${Math.min(...rounds)}–${Math.max(...rounds)}` : 'no round',
    ...(input.detail ? { detail: input.detail } : {}),
  };
}

/**
 * Measures two sides in alternation, A B A B …, `rounds` times each after one unmeasured warm-up of
 * each (the JIT and the caches settle): a machine whose speed drifts during the run then weighs on
 * both sides alike. Resolves with each side's per-round measurements, in order.
 */
export async function alternate<A, B>(
  rounds: number,
  first: () => Promise<A>,
  second: () => Promise<B>,
  options: { warmUp?: boolean } = {},
): Promise<{ first: A[]; second: B[] }> {
  if (options.warmUp ?? true) {
    await first();
    await second();
  }
  const measured = { first: [] as A[], second: [] as B[] };
  for (let i = 0; i < rounds; i++) {
    measured.first.push(await first());
    measured.second.push(await second());
  }
  return measured;
}

/**
 * Runs `work`; with `BENCH_PROFILE=<directory>`, records a CPU profile of this thread while it runs
 * into `<directory>/<label>.cpuprofile` (the server's thread only: the load generators run in
 * workers). `profile-top.ts` prints its top frames.
 */
export async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const directory = process.env.BENCH_PROFILE;
  if (!directory) {
    return work();
  }
  // BENCH_PROFILE_HEAP=1: where the thread allocates (sampled), instead of where it spends its time.
  const heap = Boolean(process.env.BENCH_PROFILE_HEAP);
  const session = new Session();
  session.connect();
  if (heap) {
    await session.post('HeapProfiler.enable');
    // Every allocated object sampled, also those a scavenge collects.
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: process.env.BENCH_PROFILE_HEAP !== 'survivors',
    });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  try {
    return await work();
  } finally {
    const { profile } = heap
      ? await session.post('HeapProfiler.stopSampling')
      : await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `${label}.${heap ? 'heapprofile' : 'cpuprofile'}`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`${heap ? 'Allocation' : 'CPU'} profile of ${label}: ${file}`);
  }
}

/** One line for a result: PASS or FAIL, the median and rounds, the goal, the detail. */
export function formatResult(result: BenchResult): string {
  const detail = result.detail ? `\n      ${result.detail}` : '';
  return (
    `${result.pass ? 'PASS' : 'FAIL'}  ${result.name}: ${result.value} ${result.unit} ` +
    `(median of ${result.rounds.join(' / ')}; goal ${result.goal})${detail}`
  );
}

/** The machine the figures come from: core count and model, and how loaded it was. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg()[0]!.toFixed(1);
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), load ${load} at the end, Node ${process.version}`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The results as a markdown table: benchmark, goal, median, spread, PASS/FAIL, with date and machine. */
export function resultsTable(results: readonly BenchResult[], date = new Date()): string {
  const cores = os.cpus().length;
  return [
    '| benchmark | goal | median | spread (rounds) | result | date | cores |',
    '|---|---|---:|---|---|---|---:|',
    ...results.map(
      (result) =>
        `| ${cell(result.name)} | ${cell(result.goal)} | ${result.value} ${cell(result.unit)} | ` +
        `${result.spread} (${result.rounds.length}) | ${result.pass ? 'PASS' : 'FAIL'} | ` +
        `${date.toISOString().slice(0, 10)} | ${cores} |`,
    ),
  ].join('\n');
}

/**
 * A benchmark run as the entry point (`bench:<name>`): runs it, prints one line per result and exits
 * 1 when any missed its goal (or the run threw).
 */
export async function runAlone(benchmark: Benchmark): Promise<never> {
  let results: BenchResult[];
  try {
    results = await benchmark();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
  for (const result of results) {
    console.log(formatResult(result));
  }
  console.log(machine());
  process.exit(results.every((result) => result.pass) ? 0 : 1);
}
