import { readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ROOT } from './front-ends.ts';

/** Where the compiled server lands; `scripts/server-command.mjs` runs it (decision 0018). */
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');

/** The programs the build makes: `start:prod`, `migrate` and `admin` run these. */
const ENTRIES = {
  main: 'apps/server/src/main.ts',
  migrate: 'apps/server/src/cli/migrate-main.ts',
  admin: 'apps/server/src/cli/admin-main.ts',
};

/** The workspace packages the server imports as TypeScript: bundled. Everything else stays in node_modules. */
const BUNDLED_PREFIX = '@hiwar/';

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');

/** npm packages stay external: `npm ci --omit=dev` installs them next to the bundle. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path) || args.path.startsWith(BUNDLED_PREFIX) || path.isAbsolute(args.path)) {
        return undefined;
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * The workspaces whose code the bundle holds (the server and the packages it imports as TypeScript):
 * their `dependencies`, with the root's (`node`, the runtime), are all a production install has
 * (`npm ci --omit=dev`, decision 0044). Every other workspace lists what it uses as devDependencies.
 */
export const SERVER_WORKSPACES = ['apps/server', 'packages/domain', 'packages/fawry'] as const;

type Manifest = { name: string; dependencies?: Record<string, string> };
const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;

/**
 * The production dependencies the bundle may import: the server's and those of the workspace
 * packages bundled into it. A package outside them (a dev dependency) would be missing after
 * `npm ci --omit=dev`, so the build fails on it instead of the deploy.
 */
function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const dir of SERVER_WORKSPACES) {
    for (const name of Object.keys(manifest(dir).dependencies ?? {})) {
      names.add(name);
    }
  }
  return names;
}

/**
 * Compiles `apps/server` (and the workspace packages it imports) to JavaScript with esbuild: one
 * ES module per program in `apps/server/dist`, shared code in chunks beside them, source maps, npm
 * packages external. The TypeScript sources stay the truth; this is only their shipped form.
 */
export async function buildServer(
  options: { quiet?: boolean; outdir?: string } = {},
): Promise<{ ms: number; bytes: number; files: string[] }> {
  const started = Date.now();
  const outdir = options.outdir ?? SERVER_DIST;
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    // Code that reads its own location (REPO_ROOT, MIGRATIONS_DIR) finds the repository from here:
    // every file stays directly in apps/server/dist.
    chunkNames: 'chunk-[hash]',
    plugins: [externalPackages],
    metafile: true,
    logLevel: options.quiet ? 'error' : 'warning',
    legalComments: 'none',
  });
  const allowed = productionDependencies();
  const imported = new Set<string>();
  let bytes = 0;
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) {
      bytes += statSync(path.join(ROOT, file)).size;
    }
    for (const entry of output.imports) {
      if (entry.external && !isBuiltin(entry.path)) {
        imported.add(packageName(entry.path));
      }
    }
  }
  const undeclared = [...imported].filter((name) => !allowed.has(name)).sort();
  if (undeclared.length > 0) {
    throw new Error(
      `The server imports ${undeclared.join(', ')}, which ${undeclared.length === 1 ? 'is' : 'are'} not a production dependency of apps/server or the packages it bundles: add ${undeclared.length === 1 ? 'it' : 'them'} to "dependencies".`,
    );
  }
  const files = Object.keys(result.metafile.outputs).map((file) =>
    path.relative(outdir, path.join(ROOT, file)),
  );
  return { ms: Date.now() - started, bytes, files };
}
