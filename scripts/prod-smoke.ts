/**
 * `npm run test:prod`: the README's Deploy recipe for one machine, run for real from a scratch copy
 * (issue 17, decision 0018). Needs `npm run build` done and a PostgreSQL server (TEST_DATABASE_URL,
 * by default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created on it and
 * dropped); uses Redis when TEST_REDIS_URL is set. CI runs it in its second pass.
 *
 * 1. `npm run release -- <tmp>` and `npm ci --omit=dev` there: only what the compiled server imports
 *    and the Node runtime (decision 0044): nothing no production dependency of the server's
 *    workspaces leads to, none of the test, build or front-end packages, at most 120 MB without the
 *    `node` package;
 * 2. `npm run migrate`, `npm run admin -- create …` (twice: idempotent);
 * 3. `npm run start:prod` with APP_SERVER=production: /health/ready 200, the three apps answer, the
 *    new SuperAdmin signs in;
 * 4. SIGTERM: readiness 503 first, exit 0 after the drain;
 * 5. without the build, `npm run start:prod` refuses in one sentence.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './lib/front-ends.ts';
import { inspectInstall, PRODUCTION_INSTALL_LIMIT_BYTES } from './lib/release.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL;
const keep = process.argv.includes('--keep');

const timings: Array<[string, number]> = [];
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  process.stdout.write(`- ${label}… `);
  const result = await work();
  const ms = Date.now() - started;
  timings.push([label, ms]);
  process.stdout.write(`${(ms / 1000).toFixed(1)} s\n`);
  return result;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new Error(message);
  }
}

type Run = { code: number | null; out: string };
/** Runs a command to its end (stdin from `input`), collecting stdout and stderr. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...cleanEnv(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      out += String(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(options.input ?? '');
  });
}

/** The environment without what this checkout's npm run put there (its node_modules/.bin on PATH). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  env.PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(ROOT))
    .join(path.delimiter);
  for (const key of Object.keys(env)) {
    if (key.startsWith('npm_')) {
      delete env[key];
    }
  }
  return env;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function status(url: string, init?: RequestInit): Promise<{ status: number; body: string } | null> {
  try {
    const res = await fetch(url, init);
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

async function waitFor(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hiwar-release-'));
rmSync(dir, { recursive: true });
const database = `hiwar_prod_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
let server: ChildProcess | undefined;
let failed = false;

try {
  check(existsSync(path.join(ROOT, 'apps/server/dist/main.js')), 'No build: run `npm run build` first.');

  await timed('npm run release (copy the built checkout)', async () => {
    const copied = await run('npm', ['run', '--silent', 'release', '--', dir], { cwd: ROOT });
    check(copied.code === 0, `npm run release failed:\n${copied.out}`);
  });
  await timed('npm ci --omit=dev', async () => {
    const installed = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir });
    check(installed.code === 0, `npm ci --omit=dev failed:\n${installed.out}`);
  });
  for (const devOnly of ['tsx', 'tsc', 'vite', 'vitest', 'biome']) {
    check(
      !existsSync(path.join(dir, 'node_modules/.bin', devOnly)),
      `${devOnly} is installed: dev dependencies leaked`,
    );
  }
  const install = inspectInstall(dir);
  const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  console.log(
    `  ${install.packages.length} packages, ${megabytes(install.bytes)} without the Node runtime (${megabytes(install.bytesWithRuntime)} with it)`,
  );
  check(
    install.forbidden.length === 0,
    `the production install holds ${install.forbidden.join(', ')}: a test, build or front-end package (make it a devDependency)`,
  );
  check(
    install.unexpected.length === 0,
    `the production install holds ${install.unexpected.join(', ')}, which no production dependency of the server's workspaces needs: whatever workspace lists it, make it a devDependency there`,
  );
  check(
    install.bytes <= PRODUCTION_INSTALL_LIMIT_BYTES,
    `the production install weighs ${megabytes(install.bytes)} without the Node runtime, above ${megabytes(PRODUCTION_INSTALL_LIMIT_BYTES)}`,
  );
  const node = await run('npm', ['exec', '--', 'node', '-v'], { cwd: dir });
  check(/^v24\./.test(node.out.trim()), `npm scripts should run on Node 24, got ${node.out}`);

  await adminQuery(`CREATE DATABASE ${database}`);
  const deployEnv = {
    APP_SERVER: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // Redis means several instances, which need shared files (S3); here one machine's disk is all there is.
    ...(redisUrl ? { REDIS_URL: redisUrl, FILES_SHARED_DISK: 'true' } : {}),
  };

  await timed('npm run migrate (empty database)', async () => {
    const migrated = await run('npm', ['run', '--silent', 'migrate'], { cwd: dir, env: deployEnv });
    check(
      migrated.code === 0 && /Applied \d+ migrations/.test(migrated.out),
      `migrate failed:\n${migrated.out}`,
    );
  });
  const again = await run('npm', ['run', '--silent', 'migrate'], { cwd: dir, env: deployEnv });
  check(again.code === 0 && /up to date/.test(again.out), `second migrate should do nothing:\n${again.out}`);

  const email = 'first.admin@hiwar.test';
  const password = `Deploy-${randomBytes(6).toString('hex')}-1`;
  const createAdmin = () =>
    run(
      'npm',
      [
        'run',
        '--silent',
        'admin',
        '--',
        'create',
        '--email',
        email,
        '--name',
        'Nour Admin',
        '--password-stdin',
      ],
      { cwd: dir, env: deployEnv, input: `${password}\n` },
    );
  await timed('npm run admin -- create', async () => {
    const created = await createAdmin();
    check(
      created.code === 0 && /Created SuperAdmin/.test(created.out),
      `admin create failed:\n${created.out}`,
    );
  });
  const recreated = await createAdmin();
  check(
    recreated.code === 0 && /nothing changed/.test(recreated.out),
    `admin create is not idempotent:\n${recreated.out}`,
  );
  const weak = await run(
    'npm',
    ['run', '--silent', 'admin', '--', 'reset-password', '--email', email, '--password-stdin'],
    { cwd: dir, env: deployEnv, input: 'password\n' },
  );
  check(weak.code === 1 && /^Weak password/m.test(weak.out), `a weak password was not refused:\n${weak.out}`);

  const [port, adminPort, landingPort] = [await freePort(), await freePort(), await freePort()];
  const web = `http://127.0.0.1:${port}`;
  const drainMs = 1_000;
  const output: string[] = [];
  const startedAt = Date.now();
  server = spawn('npm', ['run', '--silent', 'start:prod'], {
    cwd: dir,
    env: {
      ...cleanEnv(),
      ...deployEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      LANDING_PORT: String(landingPort),
      PUBLIC_WEB_URL: web,
      PUBLIC_ADMIN_URL: `http://127.0.0.1:${adminPort}`,
      PUBLIC_LANDING_URL: `http://127.0.0.1:${landingPort}`,
      SHUTDOWN_DRAIN_MS: String(drainMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => output.push(String(chunk)));
  server.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
  await timed('npm run start:prod until /health/ready is 200', () =>
    waitFor('readiness', 60_000, async () => {
      check(server?.exitCode === null, `start:prod exited:\n${output.join('')}`);
      return (await status(`${web}/health/ready`))?.status === 200;
    }),
  );
  timings.push(['  (process start to ready)', Date.now() - startedAt]);
  const ready = JSON.parse((await status(`${web}/health/ready`))?.body ?? '{}') as {
    checks?: Record<string, string>;
  };
  check(ready.checks?.jobs === 'started', `pg-boss not started: ${JSON.stringify(ready)}`);
  check(ready.checks?.redis === (redisUrl ? 'up' : 'off'), `redis check: ${JSON.stringify(ready)}`);
  check((await status(`${web}/health/live`))?.status === 200, 'liveness');
  for (const [name, url] of [
    ['web', `${web}/`],
    ['admin', `http://127.0.0.1:${adminPort}/`],
    ['landing', `http://127.0.0.1:${landingPort}/`],
  ] as const) {
    const page = await status(url);
    check(page?.status === 200 && page.body.includes('<html'), `${name} app did not answer with its page`);
  }
  const signIn = await status(`${web}/api/v1/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  check(
    signIn?.status === 200 && JSON.parse(signIn.body).user.role === 1,
    `SuperAdmin sign-in: ${signIn?.body}`,
  );

  const termAt = Date.now();
  server.kill('SIGTERM');
  await waitFor(
    'readiness 503 after SIGTERM',
    drainMs,
    async () => (await status(`${web}/health/ready`))?.status === 503,
  );
  const notReadyMs = Date.now() - termAt;
  const code = await exited;
  const exitMs = Date.now() - termAt;
  check(code === 0, `start:prod exited ${code} on SIGTERM:\n${output.join('')}`);
  check(exitMs >= drainMs, `closed before the drain (${exitMs} ms)`);
  timings.push(['SIGTERM → readiness 503', notReadyMs], ['SIGTERM → exit 0', exitMs]);
  server = undefined;

  renameSync(path.join(dir, 'apps/server/dist'), path.join(dir, 'apps/server/dist.moved'));
  const refused = await run('npm', ['run', '--silent', 'start:prod'], { cwd: dir, env: deployEnv });
  check(
    refused.code === 1 &&
      /^There is no production build \(.*\): run `npm run build` first/m.test(refused.out),
    `start:prod without a build should refuse in one sentence:\n${refused.out}`,
  );

  console.log('\nProduction path: all checks passed.');
} catch (error) {
  failed = true;
  console.error(`\nProduction path FAILED: ${(error as Error).message}`);
} finally {
  server?.kill('SIGKILL');
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  if (!keep) {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nTimings:');
  for (const [label, ms] of timings) {
    console.log(`  ${label.padEnd(48)} ${(ms / 1000).toFixed(1)} s`);
  }
}
// CI adds this to the closing "N passed, N failed" line (.ci/run), as one test.
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
writeFileSync(
  path.join(ROOT, '.tmp/summary-prod.json'),
  JSON.stringify({ passed: failed ? 0 : 1, failed: failed ? 1 : 0, skipped: 0 }),
);
process.exit(failed ? 1 : 0);
