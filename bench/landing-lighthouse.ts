/**
 * The landing site's page-speed and accessibility benchmark (`npm run bench:landing -w @hiwar/bench`):
 * builds the landing site, starts the real product (API with the demo plans, the landing server),
 * and runs Lighthouse's default mobile preset (a mid-range phone on a slow 4G connection, simulated)
 * in Debian's Chromium on `/` and `/pricing`. Prints each score with PASS or FAIL against 95, the
 * metrics behind the performance score, and the first-load JS + CSS of `/` against its 50 KB gzip
 * budget. Each page is measured `LIGHTHOUSE_RUNS` times (default 3) and the median run reported.
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
import { type Result, runBenchmarks } from './harness.ts';

const PAGES = ['/', '/pricing'];
const TARGET_SCORE = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

const chromePath = chromiumPath();
if (!chromePath) {
  console.error('Chromium not found (install the Debian package "chromium"; no browser is downloaded).');
  process.exit(1);
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
const landing = hiwar.urls.landing ?? '';
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const results: Result[] = [];

type Run = { performance: number; accessibility: number; metrics: string; failedAudits: string[] };
/** A run Lighthouse could not finish (it then scores 0): its error, reported rather than counted. */
type FailedRun = { error: string };

async function measure(url: string): Promise<Run | FailedRun> {
  const answer = await lighthouse(url, {
    port: chrome.port,
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

await runBenchmarks(
  results,
  async () => {
    for (const page of PAGES) {
      const runs: Run[] = [];
      const errors: string[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await measure(`${landing}${page}`);
        if ('error' in result) {
          errors.push(result.error);
        } else {
          runs.push(result);
        }
      }
      for (const error of errors) {
        console.warn(`Lighthouse could not finish a run of ${page}: ${error}`);
      }
      if (runs.length === 0) {
        results.push({
          name: `Lighthouse ${page}`,
          figure: 'no run finished',
          target: 'a score',
          pass: false,
        });
        continue;
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)] as Run;
      results.push({
        name: `Lighthouse mobile performance ${page}`,
        figure: `${median.performance} (${median.metrics}; runs ${runs.map((run) => run.performance).join('/')})`,
        target: `≥ ${TARGET_SCORE}`,
        pass: median.performance >= TARGET_SCORE,
      });
      results.push({
        name: `Lighthouse accessibility ${page}`,
        figure: `${median.accessibility}${median.failedAudits.length > 0 ? ` (failing: ${median.failedAudits.join(', ')})` : ''}`,
        target: `≥ ${TARGET_SCORE}`,
        pass: median.accessibility >= TARGET_SCORE,
      });
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
    results.push({
      name: 'first-load JS + CSS on / (gzip)',
      figure: `${(bytes / 1024).toFixed(1)} KB (${parts.join(', ')})`,
      target: `≤ ${FIRST_LOAD_BUDGET_BYTES / 1024} KB`,
      pass: bytes <= FIRST_LOAD_BUDGET_BYTES,
    });
  },
  async () => {
    chrome.kill();
    await hiwar.close();
  },
);
