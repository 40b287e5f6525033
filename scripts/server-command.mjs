/**
 * `npm run start:prod`, `npm run migrate` and `npm run admin`: plain JavaScript, so it runs where only
 * production dependencies are installed (`npm ci --omit=dev`: no tsx, no TypeScript). Decision 0018.
 *
 * - `start` runs the compiled server (`apps/server/dist/main.js`, made by `npm run build`) and never
 *   builds: without a build it refuses in one sentence.
 * - `migrate` and `admin` run from the TypeScript sources when tsx is installed (a development
 *   checkout, always current), otherwise from the build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = {
  start: { built: 'main.js', source: 'main.ts', fromSource: false },
  migrate: { built: 'migrate.js', source: 'cli/migrate-main.ts', fromSource: true },
  admin: { built: 'admin.js', source: 'cli/admin-main.ts', fromSource: true },
};

const [name, ...args] = process.argv.slice(2);
const command = COMMANDS[name ?? ''];
if (!command) {
  console.error(`Usage: node scripts/server-command.mjs <${Object.keys(COMMANDS).join('|')}> [arguments]`);
  process.exit(2);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
if (command.fromSource && existsSync(tsx)) {
  const source = path.join(root, 'apps/server/src', command.source);
  const result = spawnSync(tsx, [source, ...args], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const built = path.join(root, 'apps/server/dist', command.built);
const serveStatic = !/^(false|0|no)$/.test(process.env.SERVE_STATIC ?? '');
const required = [
  built,
  ...(name === 'start' && serveStatic
    ? ['web', 'admin', 'landing'].map((app) => path.join(root, 'apps', app, 'dist/index.html'))
    : []),
];
const missing = required.filter((file) => !existsSync(file)).map((file) => path.relative(root, file));
if (missing.length > 0) {
  console.error(
    `There is no production build (${missing.join(', ')} missing): run \`npm run build\` first; \`npm run ${name === 'start' ? 'start:prod' : name}\` never builds.`,
  );
  process.exit(1);
}
// Stack traces point into the TypeScript sources (the bundle ships its source map).
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], built, ...args];
await import(pathToFileURL(built).href);
