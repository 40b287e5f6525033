/**
 * The landing site's page-speed and accessibility benchmark (`npm run bench:landing -w @hiwar/bench`):
 * builds the landing site, starts the real product (API with the demo plans, the landing server),
 * and runs Lighthouse's default mobile preset (a mid-range phone on a slow 4G connection, simulated)
 * in Debian's Chromium on `/` and `/pricing`. Prints each score with PASS or FAIL against 95, the
 * metrics behind the performance score, and the first-load JS + CSS of `/` against its 50 KB gzip
 * budget. Each page is measured in `rounds` runs (`LIGHTHOUSE_RUNS`, else `BENCH_ROUNDS`, else 3)
 * and the median run reported.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_LOAD_BUDGET_BYTES, firstLoadAssets, gzipSize } from '../apps/landing/scripts/first-load.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { buildFrontEnds } from '../scripts/lib/front-ends.ts';
import { chromiumPath } from '../tests/e2e/chromium.ts';
import { type BenchOptions, type BenchResult, isEntry, runAlone, summarise } from './harness.ts';

const PAGES = ['/', '/pricing'];
const TARGET_SCORE = 95;
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

type Run = { performance: number; accessibility: number; metrics: string; failedAudits: string[] };
/** A run Lighthouse could not finish (it then scores 0): its error, reported rather than counted. */
type FailedRun = { error: string };

async function measure(url: string, port: number): Promise<Run | FailedRun> {
  const answer = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!answer) {
    return { error: 'Lighthouse returned nothing' };
  }
  if (answer.lhr.runtimeError) {
    return { error: `${answer.lhr.runtimeError.code}: ${answer.lhr.runtimeError.message}` };
  }
  const { categories, audits } = answer.lhr;
  const metrics = Object.entries(METRICS)
    .map(([id, label]) => `${label} ${audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  const failedAudits = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    metrics,
    failedAudits,
  };
}

export async function run(options: BenchOptions = {}): Promise<BenchResult[]> {
  const runs = Math.max(
    1,
    Number(process.env.LIGHTHOUSE_RUNS ?? options.rounds ?? process.env.BENCH_ROUNDS ?? 3),
  );
  const chromePath = chromiumPath();
  if (!chromePath) {
    throw new Error('Chromium not found (install the Debian package "chromium"; no browser is downloaded).');
  }
  buildFrontEnds({ apps: ['landing'] });
  const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
  const hiwar = await startHiwar(
    loadConfig({
      APP_SERVER: 'local',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      LANDING_PORT: String(landingPort),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-bench-landing-')),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
    }),
    { embeddedPersistent: false },
  );
  const chrome = await chromeLauncher
    .launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    .catch(async (error: unknown) => {
      await hiwar.close();
      throw error;
    });
  const landing = hiwar.urls.landing ?? '';
  const results: BenchResult[] = [];
  try {
    for (const page of PAGES) {
      const finished: Run[] = [];
      const errors: string[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await measure(`${landing}${page}`, chrome.port);
        if ('error' in result) {
          errors.push(result.error);
        } else {
          finished.push(result);
        }
      }
      const failures = errors.length > 0 ? `; runs Lighthouse could not finish: ${errors.join('; ')}` : '';
      if (finished.length === 0) {
        results.push({
          name: `Lighthouse ${page}`,
          goal: `≥ ${TARGET_SCORE}`,
          value: 0,
          unit: 'score',
          pass: false,
          rounds: [],
          spread: 'no run finished',
          detail: failures,
        });
        continue;
      }
      finished.sort((a, b) => a.performance - b.performance);
      const middle = finished[Math.floor(finished.length / 2)] as Run;
      results.push(
        summarise({
          name: `Lighthouse mobile performance ${page}`,
          goal: `≥ ${TARGET_SCORE}`,
          unit: 'score',
          rounds: finished.map((run) => run.performance),
          passes: (value) => value >= TARGET_SCORE,
          detail: `median run: ${middle.metrics}${failures}`,
        }),
        summarise({
          name: `Lighthouse accessibility ${page}`,
          goal: `≥ ${TARGET_SCORE}`,
          unit: 'score',
          rounds: finished.map((run) => run.accessibility),
          passes: (value) => value >= TARGET_SCORE,
          ...(middle.failedAudits.length > 0 ? { detail: `failing: ${middle.failedAudits.join(', ')}` } : {}),
        }),
      );
    }

    const html = await (await fetch(landing)).text();
    let bytes = 0;
    const parts: string[] = [];
    for (const asset of firstLoadAssets(html)) {
      const content = new Uint8Array(await (await fetch(new URL(asset, landing))).arrayBuffer());
      const size = gzipSize(content);
      bytes += size;
      parts.push(`${path.basename(asset)} ${(size / 1024).toFixed(1)} KB`);
    }
    results.push(
      summarise({
        name: 'first-load JS + CSS on / (gzip)',
        goal: `≤ ${FIRST_LOAD_BUDGET_BYTES / 1024} KB`,
        unit: 'KB',
        digits: 1,
        rounds: [bytes / 1024],
        passes: (value) => value * 1024 <= FIRST_LOAD_BUDGET_BYTES,
        detail: parts.join(', '),
      }),
    );
    return results;
  } finally {
    chrome.kill();
    await hiwar.close();
  }
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
