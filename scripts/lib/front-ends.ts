/**
 * Building the front ends (`npm start`, `npm run build`, the tests and benchmarks that need them):
 * every stale one at once, each by its own `npm run build -w @hiwar/<app>`, and a build reused when
 * the inputs it was built from have not changed (by content, so a fresh clone or a `git checkout`
 * back and forth reuses what was built).
 *
 * This file imports Node's modules only and uses erasable TypeScript only: `buildFrontEnds`, which
 * must stay synchronous, runs it as a script with plain Node (which strips the types) to wait for the
 * concurrent builds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const THIS_FILE = fileURLToPath(import.meta.url);
export const ROOT = path.resolve(path.dirname(THIS_FILE), '../..');
export const FRONT_ENDS = ['web', 'admin', 'landing'] as const;
export type FrontEnd = (typeof FRONT_ENDS)[number];

export type BuildOptions = {
  /** Build even what is fresh (`npm run build`). */
  force?: boolean;
  /** Print only errors. */
  quiet?: boolean;
  /** One line per front end with its time, and a build's own output only when it fails. */
  progress?: boolean;
  /** Each build's own output too (with `progress`). */
  verbose?: boolean;
  /** Only these (the landing site's tests and benchmark build only the landing site). */
  apps?: readonly FrontEnd[];
};

/** Written into `dist/` after a successful build: what it was built from (`BuildStamp`). */
const STAMP_FILE = '.build-inputs';
/** Bump to rebuild every front end once (when what a stamp means changes). */
const STAMP_VERSION = 1;
type BuildStamp = { version: number; inputs: string; outputs: string[] };

/** Everything a front end's build reads: its own sources and the shared packages. */
function inputsOf(app: FrontEnd): string[] {
  const dir = path.join(ROOT, 'apps', app);
  return [
    path.join(dir, 'src'),
    path.join(dir, 'public'),
    path.join(dir, 'scripts'),
    path.join(dir, 'index.html'),
    path.join(dir, 'vite.config.ts'),
    path.join(dir, 'package.json'),
    path.join(dir, 'tsconfig.json'),
    path.join(ROOT, 'tsconfig.base.json'),
    path.join(ROOT, 'packages/ui/src'),
    path.join(ROOT, 'packages/client/src'),
    path.join(ROOT, 'packages/domain/src'),
    path.join(ROOT, 'package-lock.json'),
  ];
}

/** Never read by a build: installed packages, build outputs, and tests (no build imports one). */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.tmp']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** The stat of a file, or null when it is gone (an editor's temporary file, renamed meanwhile). */
function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

function inputFiles(target: string, into: string[]): void {
  const stat = statOrNull(target);
  if (!stat) {
    return;
  }
  if (!stat.isDirectory()) {
    into.push(target);
    return;
  }
  let entries: string[];
  try {
    entries = readdirSync(target).sort();
  } catch {
    return; // removed since
  }
  for (const entry of entries) {
    const file = path.join(target, entry);
    if (SKIPPED_DIRECTORIES.has(entry) || TEST_FILE.test(entry)) {
      continue;
    }
    inputFiles(file, into);
  }
}

/**
 * The hash of a front end's inputs: each file's path (from the repository's root) and contents. The
 * shared packages' files are read once per `digests` (one call builds all front ends' hashes).
 */
export function inputsHash(app: FrontEnd, digests = new Map<string, string>()): string {
  const files: string[] = [];
  for (const input of inputsOf(app)) {
    inputFiles(input, files);
  }
  const hash = createHash('sha256');
  for (const file of files) {
    let digest = digests.get(file);
    if (digest === undefined) {
      try {
        digest = createHash('sha256').update(readFileSync(file)).digest('hex');
      } catch {
        digest = 'gone'; // listed, then removed before it was read
      }
      digests.set(file, digest);
    }
    hash.update(`${path.relative(ROOT, file).split(path.sep).join('/')}\0${digest}\n`);
  }
  return hash.digest('hex');
}

const appDir = (app: FrontEnd) => path.join(ROOT, 'apps', app);
const stampFile = (app: FrontEnd) => path.join(appDir(app), 'dist', STAMP_FILE);

/** The app's output folders (`dist`, and any `dist-*` a build step writes, the web app's `dist-ssr`). */
function outputsOf(app: FrontEnd): string[] {
  return readdirSync(appDir(app)).filter((entry) => entry === 'dist' || entry.startsWith('dist-'));
}

function readStamp(app: FrontEnd): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(stampFile(app), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

/**
 * Whether the app's build was made from these inputs and is still all there. The build empties
 * `dist/` first, so a build that failed, or one run by hand since, leaves no stamp.
 */
function builtFrom(app: FrontEnd, inputs: string): boolean {
  const stamp = readStamp(app);
  return (
    stamp?.version === STAMP_VERSION &&
    stamp.inputs === inputs &&
    existsSync(path.join(appDir(app), 'dist', 'index.html')) &&
    stamp.outputs.every((output) => existsSync(path.join(appDir(app), output)))
  );
}

/** A build is stale when it is missing or was built from other inputs than the current ones. */
export function isStale(app: FrontEnd): boolean {
  return !builtFrom(app, inputsHash(app));
}

type Planned = { app: FrontEnd; inputs: string };

/** The front ends to build, each with the hash of the inputs it is about to be built from. */
function plan(options: BuildOptions): Planned[] {
  const digests = new Map<string, string>();
  return (options.apps ?? FRONT_ENDS)
    .map((app) => ({ app, inputs: inputsHash(app, digests) }))
    .filter(({ app, inputs }) => options.force || !builtFrom(app, inputs));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function listed(apps: readonly string[]): string {
  return apps.length === 1 ? (apps[0] ?? '') : `${apps.slice(0, -1).join(', ')} and ${apps.at(-1)}`;
}

type Finished = { app: FrontEnd; ms: number; status: number | null; output: string };

/** One `npm run build -w @hiwar/<app>`, its output (stdout and stderr as they came) kept. */
function runBuild(app: FrontEnd): Promise<Finished> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', `@hiwar/${app}`], {
      cwd: ROOT,
      // Vite keeps an inherited NODE_ENV: a build started from vitest (`test`) would ship React's
      // development build, three times heavier, and the first-load budget would measure that.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (status: number | null, error?: Error) =>
      resolve({
        app,
        ms: Date.now() - started,
        status,
        output: `${Buffer.concat(chunks).toString('utf8')}${error ? `${error.message}\n` : ''}`,
      });
    child.on('error', (error) => finish(null, error));
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : null)));
  });
}

/**
 * Builds the planned front ends all at once (each build has long single-threaded stretches: together
 * they keep every core busy), prints as each ends, and stamps each successful build with its inputs. A failed build does not stop the others (they stay valid for the next run); its output is
 * printed whatever the options, and the error names it once all have ended.
 */
async function runBuilds(planned: Planned[], options: BuildOptions): Promise<void> {
  if (planned.length === 0) {
    return;
  }
  const apps = planned.map(({ app }) => app);
  const showOutput = Boolean(options.verbose || (!options.progress && !options.quiet));
  const width = Math.max(...apps.map((app) => app.length));
  if (options.progress) {
    console.log(`  Building the ${listed(apps)} app${apps.length > 1 ? 's, at once' : ''}…`);
  } else if (!options.quiet) {
    console.log(`Building ${listed(apps)}…`);
  }
  const failed: Finished[] = [];
  await Promise.all(
    planned.map(async ({ app, inputs }) => {
      const build = await runBuild(app);
      if (build.status !== 0) {
        failed.push(build);
        const what = options.progress
          ? `    ${app.padEnd(width)}  failed after`
          : `Building ${app} failed after`;
        console.error(`${what} ${seconds(build.ms)}: its output follows.\n${build.output.trimEnd()}\n`);
        return;
      }
      const stamp: BuildStamp = { version: STAMP_VERSION, inputs, outputs: outputsOf(app) };
      writeFileSync(stampFile(app), `${JSON.stringify(stamp)}\n`);
      if (options.progress) {
        console.log(`    ${app.padEnd(width)}  done in ${seconds(build.ms)}`);
      } else if (!options.quiet) {
        console.log(`Built ${app} in ${seconds(build.ms)}.`);
      }
      if (showOutput) {
        console.log(build.output.trimEnd());
      }
    }),
  );
  if (failed.length > 0) {
    const exits =
      failed.length === 1
        ? `exit ${failed[0]?.status}`
        : failed.map((build) => `${build.app}: exit ${build.status}`).join(', ');
    throw new Error(`Building ${listed(failed.map((build) => build.app))} failed (${exits})`);
  }
}

/**
 * Builds the front ends that need it (all of them with `force`), all at once; `npm start` awaits it.
 * `apps` limits it to some of them; see `BuildOptions` for what it prints. The builds have started
 * when it returns (the caller can do its own work meanwhile).
 */
export async function buildFrontEndsConcurrently(options: BuildOptions = {}): Promise<void> {
  await runBuilds(plan(options), options);
}

/** File descriptor the script form reports its error on (`buildFrontEnds` reads it). */
const ERROR_FD = 3;

/**
 * `buildFrontEndsConcurrently` for synchronous callers: what is stale is found here, and the builds
 * run (at once) in a child Node process running this file, which this one waits for.
 */
export function buildFrontEnds(options: BuildOptions = {}): void {
  const planned = plan(options);
  if (planned.length === 0) {
    return;
  }
  const result = spawnSync(process.execPath, [THIS_FILE, JSON.stringify({ planned, options })], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const reported = String(result.output?.[ERROR_FD] ?? '').trim();
    throw new Error(
      reported || `Building the front ends failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  const { planned, options } = JSON.parse(process.argv[2] ?? '{}') as {
    planned: Planned[];
    options: BuildOptions;
  };
  // No top-level await: a CommonJS importer (tsx compiles a script outside a module package so)
  // could not load this file.
  runBuilds(planned, options).catch((error: unknown) => {
    writeSync(ERROR_FD, (error as Error).message);
    process.exitCode = 1;
  });
}
