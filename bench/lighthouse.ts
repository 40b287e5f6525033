/**
 * The web app's and the back office's page speed on a phone (`npm run bench:lighthouse -w @hiwar/bench`,
 * issue 26): builds the web and admin front ends when stale, starts the real product with the demo data,
 * and runs Lighthouse's default mobile preset (a mid-range phone on a slow 4G connection, simulated) in
 * Debian's Chromium on the pages a visitor lands on: web `/`, `/tutors`, `/t/{id}` (the first listed
 * demo tutor) and the back office's `/login`.
 *
 * Each page is measured in `rounds` runs (`LIGHTHOUSE_RUNS`, else the option, else `BENCH_ROUNDS`,
 * else 3), the pages taking turns (A B C D A B C D …) so a machine whose speed drifts weighs on all
 * alike. Per page: the performance score (≥ 90), Total Blocking Time (≤ 200 ms) and Largest Contentful
 * Paint (≤ 2.5 s), each the median of its runs with PASS or FAIL; the detail gives the median run's
 * FCP, Speed Index, CLS, LCP element, script requests, fonts and bytes transferred.
 *
 * Every run is cold: Lighthouse resets the origin's storage and the browser's HTTP cache before each
 * navigation (`disableStorageReset: false`), and here it clears every kind of storage (`all`: also
 * cookies, localStorage and IndexedDB, which it keeps by default), so nothing a run stored (a theme,
 * a cached user, a refresh cookie) reaches the next. A page that does not load, or a run Lighthouse
 * cannot finish, is reported with its error and fails its goals; the other pages are still measured.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { buildFrontEnds } from '../scripts/lib/front-ends.ts';
import { chromiumPath } from '../tests/e2e/chromium.ts';
import { type BenchOptions, type BenchResult, isEntry, runAlone, summarise } from './harness.ts';

const GOALS = { score: 90, tbtMs: 200, lcpS: 2.5 } as const;

/** Lighthouse's settings for every run: the default mobile preset, performance only, cold. */
const FLAGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  disableStorageReset: false,
  clearStorageTypes: ['all'],
  // `LIGHTHOUSE_CPU_SLOWDOWN` (default: the preset's 4): a larger factor plays a slower machine, to see
  // how near a goal a page is on a machine slower than this one (Lighthouse's benchmark index).
  ...(process.env.LIGHTHOUSE_CPU_SLOWDOWN
    ? { throttling: { cpuSlowdownMultiplier: Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) } }
    : {}),
};

type Run = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  lcpElement: string;
  scripts: number;
  fonts: { count: number; bytes: number };
  requests: number;
  transferBytes: number;
  /** Lighthouse's measure of this machine's speed at the run (a busy machine inflates TBT). */
  benchmarkIndex: number;
  /** The main thread's busiest kinds of work (Lighthouse's simulated durations), most first. */
  mainThread: Array<{ group: string; ms: number }>;
  /** The longest tasks (simulated), each with the script Lighthouse charges it to. */
  longTasks: Array<{ url: string; ms: number }>;
  warnings: string[];
};

/** Lighthouse's errors about its own recording rather than the page: worth a second load. */
const RETRIED_ERRORS = /^(NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT)\b/;

type Page = { label: string; url: string | null; error?: string };

type Details = { type?: string; items?: Array<Record<string, unknown>> };
type NetworkRequest = { resourceType?: string; transferSize?: number };

/** The network requests of a run (the `network-requests` audit's table). */
function networkRequests(details: unknown): NetworkRequest[] {
  return ((details as Details | undefined)?.items ?? []) as NetworkRequest[];
}

/** The LCP element's label (its text, or its tag), from the `largest-contentful-paint-element` audit. */
function lcpElementOf(details: unknown): string {
  const list = details as Details | undefined;
  // Lighthouse 12: a list whose first item is a table of one row holding the element's node.
  const table = (list?.type === 'list' ? list.items?.[0] : list) as Details | undefined;
  const node = table?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  const label = (node?.nodeLabel ?? node?.snippet ?? '?').replaceAll(/\s+/g, ' ').trim();
  return label.length > 40 ? `${label.slice(0, 40)}…` : label;
}

async function measure(url: string, port: number): Promise<Run | { error: string }> {
  let answer: Awaited<ReturnType<typeof lighthouse>>;
  try {
    answer = await lighthouse(url, { ...FLAGS, port });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (!answer) {
    return { error: 'Lighthouse returned nothing' };
  }
  const { lhr } = answer;
  // Each run's report and trace, to read what a long task was made of (`LIGHTHOUSE_REPORT_DIR`).
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replaceAll(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    const stamp = Date.now();
    writeFileSync(path.join(reportDir, `${name}-${stamp}.json`), JSON.stringify(lhr));
    const trace = (answer.artifacts as { Trace?: unknown }).Trace;
    if (trace) {
      writeFileSync(path.join(reportDir, `${name}-${stamp}.trace.json`), JSON.stringify(trace));
    }
  }
  if (lhr.runtimeError) {
    return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
  }
  // The runs must be cold: a storage reset turned off would carry one run's cache into the next.
  if (lhr.configSettings.disableStorageReset !== false) {
    throw new Error('Lighthouse ran with disableStorageReset on: runs would not be cold');
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = networkRequests(lhr.audits['network-requests']?.details);
  const fonts = requests.filter((request) => request.resourceType === 'Font');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    siMs: numeric('speed-index'),
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    scripts: requests.filter((request) => request.resourceType === 'Script').length,
    fonts: { count: fonts.length, bytes: fonts.reduce((sum, font) => sum + (font.transferSize ?? 0), 0) },
    requests: requests.length,
    transferBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThread: ((lhr.audits['mainthread-work-breakdown']?.details as Details | undefined)?.items ?? [])
      .map((item) => ({ group: String(item.groupLabel ?? item.group), ms: Number(item.duration) }))
      .slice(0, 4),
    longTasks: ((lhr.audits['long-tasks']?.details as Details | undefined)?.items ?? [])
      .map((item) => ({ url: shortUrl(String(item.url)), ms: Number(item.duration) }))
      .slice(0, 4),
    warnings: lhr.runWarnings.map(String),
  };
}

/** A script's address without its origin (`/assets/index-….js`), or what Lighthouse named instead. */
function shortUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The median run's figures beside the goals', in one line. */
function describe(run: Run): string {
  return [
    `median run: score ${run.score}, FCP ${(run.fcpMs / 1000).toFixed(2)} s`,
    `LCP ${(run.lcpMs / 1000).toFixed(2)} s (${run.lcpElement})`,
    `TBT ${Math.round(run.tbtMs)} ms`,
    `SI ${(run.siMs / 1000).toFixed(2)} s`,
    `CLS ${run.cls.toFixed(3)}`,
    `${run.scripts} script requests`,
    `${run.fonts.count} fonts (${kb(run.fonts.bytes)})`,
    `${run.requests} requests, ${kb(run.transferBytes)} transferred`,
    `benchmark index ${Math.round(run.benchmarkIndex)}`,
    `main thread: ${run.mainThread.map((item) => `${item.group} ${Math.round(item.ms)} ms`).join(', ')}`,
    `long tasks: ${run.longTasks.map((task) => `${Math.round(task.ms)} ms ${task.url}`).join(', ') || 'none'}`,
    ...(run.warnings.length > 0 ? [`warnings: ${run.warnings.join(' / ')}`] : []),
  ].join(', ');
}

/** The id of the first listed tutor (the demo data lists twelve), for `/t/{id}`. */
async function firstTutorId(api: string): Promise<number> {
  const response = await fetch(`${api}/user/tutor/list/onboarded?page=1&size=1`);
  if (!response.ok) {
    throw new Error(`GET /user/tutor/list/onboarded answered ${response.status}`);
  }
  const page = (await response.json()) as { list?: Array<{ id?: number }> };
  const id = page.list?.[0]?.id;
  if (typeof id !== 'number') {
    throw new Error('GET /user/tutor/list/onboarded listed no tutor');
  }
  return id;
}

/** A page's three goals from its finished runs (none: each fails, with the errors). */
function resultsOf(page: Page, finished: Run[], errors: string[]): BenchResult[] {
  const failures = errors.length > 0 ? `runs that did not finish: ${[...new Set(errors)].join('; ')}` : '';
  // The median run by score (the upper middle one for an even count) for the detail line.
  const byScore = [...finished].sort((a, b) => a.score - b.score);
  const middle = byScore[Math.floor(byScore.length / 2)];
  const detail = [middle ? describe(middle) : '', failures].filter(Boolean).join('; ');
  return [
    summarise({
      name: `Lighthouse mobile performance ${page.label}`,
      goal: `≥ ${GOALS.score}`,
      unit: 'score',
      rounds: finished.map((run) => run.score),
      passes: (value) => value >= GOALS.score,
      ...(detail ? { detail } : {}),
    }),
    summarise({
      name: `Total Blocking Time ${page.label}`,
      goal: `≤ ${GOALS.tbtMs} ms`,
      unit: 'ms',
      rounds: finished.map((run) => run.tbtMs),
      passes: (value) => value <= GOALS.tbtMs,
      ...(finished.length === 0 && failures ? { detail: failures } : {}),
    }),
    summarise({
      name: `Largest Contentful Paint ${page.label}`,
      goal: `≤ ${GOALS.lcpS} s`,
      unit: 's',
      digits: 2,
      rounds: finished.map((run) => run.lcpMs / 1000),
      passes: (value) => value <= GOALS.lcpS,
      ...(finished.length === 0 && failures ? { detail: failures } : {}),
    }),
  ];
}

export async function run(options: BenchOptions = {}): Promise<BenchResult[]> {
  const runs = Math.max(
    1,
    Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? options.rounds ?? process.env.BENCH_ROUNDS ?? 3)),
  );
  const chromePath = chromiumPath();
  if (!chromePath) {
    throw new Error('Chromium not found (install the Debian package "chromium"; no browser is downloaded).');
  }
  buildFrontEnds({ apps: ['web', 'admin'] });
  const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
  const hiwar = await startHiwar(
    loadConfig({
      APP_SERVER: 'local',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      LANDING_PORT: String(landingPort),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-bench-lighthouse-')),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
    }),
    { embeddedPersistent: false },
  );
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  } catch (error) {
    await hiwar.close();
    throw error;
  }

  try {
    const { web, api, admin } = hiwar.urls;
    const tutor = await firstTutorId(api).then(
      (id) => ({ url: `${web}/t/${id}` }),
      (error: unknown) => ({ url: null, error: error instanceof Error ? error.message : String(error) }),
    );
    const pages: Page[] = [
      { label: 'web /', url: `${web}/` },
      { label: 'web /tutors', url: `${web}/tutors` },
      { label: 'web /t/{id}', ...tutor },
      admin
        ? { label: 'admin /login', url: `${admin}/login` }
        : { label: 'admin /login', url: null, error: 'the back office is not served' },
    ];
    const finished = new Map<Page, Run[]>(pages.map((page) => [page, []]));
    const errors = new Map<Page, string[]>(pages.map((page) => [page, page.error ? [page.error] : []]));
    for (let round = 0; round < runs; round += 1) {
      for (const page of pages) {
        if (!page.url) {
          continue;
        }
        let result = await measure(page.url, chrome.port);
        // Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP): the page is loaded
        // once more before the run counts as failed.
        if ('error' in result && RETRIED_ERRORS.test(result.error)) {
          console.log(`  ${page.label}, run ${round + 1}/${runs}: ${result.error}; once more`);
          result = await measure(page.url, chrome.port);
        }
        if ('error' in result) {
          errors.get(page)?.push(result.error);
        } else {
          finished.get(page)?.push(result);
        }
        const last = 'error' in result ? `error: ${result.error}` : `score ${result.score}`;
        console.log(`  ${page.label}, run ${round + 1}/${runs}: ${last}`);
      }
    }
    return pages.flatMap((page) => resultsOf(page, finished.get(page) ?? [], errors.get(page) ?? []));
  } finally {
    chrome.kill();
    await hiwar.close();
  }
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
