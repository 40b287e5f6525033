import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FRONT_ENDS = ['web', 'admin', 'landing'] as const;
export type FrontEnd = (typeof FRONT_ENDS)[number];

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
    path.join(ROOT, 'packages/ui/src'),
    path.join(ROOT, 'packages/client/src'),
    path.join(ROOT, 'packages/domain/src'),
    path.join(ROOT, 'package-lock.json'),
  ];
}

function newestMtime(target: string): number {
  if (!existsSync(target)) {
    return 0;
  }
  const stat = statSync(target);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') {
      continue;
    }
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** A build is stale when it is missing or any input changed after it was written. */
export function isStale(app: FrontEnd): boolean {
  const built = path.join(ROOT, 'apps', app, 'dist', 'index.html');
  if (!existsSync(built)) {
    return true;
  }
  const builtAt = statSync(built).mtimeMs;
  return inputsOf(app).some((input) => newestMtime(input) > builtAt);
}

/**
 * Builds the front ends that need it (all of them with `force`), one after another; `apps` limits it
 * to some of them (the landing site's tests and benchmark build only the landing site). `quiet`
 * prints only errors; `progress` prints one line per front end with its time, and the build's own
 * output only when it fails (or with `verbose`).
 */
export function buildFrontEnds(
  options: {
    force?: boolean;
    quiet?: boolean;
    progress?: boolean;
    verbose?: boolean;
    apps?: readonly FrontEnd[];
  } = {},
): void {
  for (const app of options.apps ?? FRONT_ENDS) {
    if (!options.force && !isStale(app)) {
      continue;
    }
    const started = Date.now();
    const captured = Boolean(options.progress && !options.verbose);
    if (options.progress) {
      process.stdout.write(`  Building the ${app} app… `);
    } else if (!options.quiet) {
      console.log(`Building ${app}…`);
    }
    const result = spawnSync('npm', ['run', 'build', '-w', `@hiwar/${app}`], {
      cwd: ROOT,
      // Vite keeps an inherited NODE_ENV: a build started from vitest (`test`) would ship React's
      // development build, three times heavier, and the first-load budget would measure that.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: captured ? 'pipe' : options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      if (captured) {
        process.stdout.write('failed\n');
        console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      }
      throw new Error(`Building ${app} failed (exit ${result.status})`);
    }
    if (options.progress) {
      process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  }
}
