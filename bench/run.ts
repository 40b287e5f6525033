/**
 * Every benchmark with the goal it must reach (`npm run bench`), run on demand, never in `npm test`.
 * Each starts the real product on a throw-away embedded PostgreSQL and loads it over loopback, in
 * rounds (`BENCH_ROUNDS`, default 3); one after another, so they never share the machine. Prints one
 * line per figure with PASS or FAIL, writes the table to `bench/results.md` (benchmark, goal, median,
 * spread, result, date, cores) and exits 1 when any missed its goal.
 *
 * `BENCH_ONLY=booking,tutors-list` runs some of them (the names below).
 */
import { existsSync, writeFileSync } from 'node:fs';
import {
  type Benchmark,
  type BenchOptions,
  type BenchResult,
  formatResult,
  machine,
  resultsTable,
  roundsOf,
} from './harness.ts';

/** The benchmarks in the order they run: each module exports `run` (and runs alone as `bench:<name>`). */
const BENCHMARKS: Array<{ name: string; file: string }> = [
  { name: 'baseline', file: './baseline.ts' },
  { name: 'tutors-list', file: './tutors-list.ts' },
  { name: 'booking', file: './booking.ts' },
  { name: 'directory', file: './directory.ts' },
  { name: 'chat-fanout', file: './chat-fanout.ts' },
  { name: 'landing-lighthouse', file: './landing-lighthouse.ts' },
  { name: 'lighthouse', file: './lighthouse.ts' },
];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const options: BenchOptions = { rounds: roundsOf() };
const started = new Date();
const results: BenchResult[] = [];

for (const benchmark of BENCHMARKS) {
  if (only && !only.includes(benchmark.name)) {
    continue;
  }
  const url = new URL(benchmark.file, import.meta.url);
  if (!existsSync(url)) {
    console.log(`(no ${benchmark.file}: skipped)`);
    continue;
  }
  console.log(`— ${benchmark.name}`);
  try {
    const { run } = (await import(url.href)) as { run: Benchmark };
    const measured = await run(options);
    for (const result of measured) {
      console.log(formatResult(result));
    }
    results.push(...measured);
  } catch (error) {
    console.error(error);
    const failed: BenchResult = {
      name: `${benchmark.name} (did not finish)`,
      goal: 'finishes',
      value: Number.NaN,
      unit: '',
      pass: false,
      rounds: [],
      spread: '',
      detail: error instanceof Error ? error.message : String(error),
    };
    console.log(formatResult(failed));
    results.push(failed);
  }
}

const report = [
  `# Benchmark results`,
  '',
  `\`npm run bench\` on ${started.toISOString()}: ${machine()}; ${options.rounds} rounds.`,
  '',
  resultsTable(results, started),
  '',
  ...results.flatMap((result) => (result.detail ? [`- ${result.name}: ${result.detail}`] : [])),
  '',
].join('\n');
writeFileSync(new URL('./results.md', import.meta.url), report);
console.log(`\n${report}`);
process.exit(results.length > 0 && results.every((result) => result.pass) ? 0 : 1);
