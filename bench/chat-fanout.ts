/**
 * The chat fan-out benchmark (`npm run bench:chat -w @hiwar/bench`, issue 16), on the real product
 * over loopback: `CHAT_BENCH_ROOMS` student–tutor pairs (default 5,000: 10,000 sockets), each pair in
 * its room, measured in two modes (`CHAT_BENCH_MODES`, default `single,redis`):
 *
 * - `single`: every socket on one instance;
 * - `redis`: two instances on one database sharing Redis (`CHAT_BENCH_REDIS_URL`, default
 *   redis://127.0.0.1:6379) through the socket.io Redis adapter, as the product scales out: A in
 *   this process, B in a process of its own (`chat-instance.ts`), as two instances run; each room's
 *   student connects to instance A and its tutor to instance B, so every message crosses Redis.
 *
 * In each of `ROUNDS` rounds every room's student sends one message over `chat:send`, spread evenly
 * over the round (`CHAT_BENCH_RATE` messages a second overall, default 1,000), and the tutor's socket
 * times its `chat:message`. Goal: delivery p99 < 50 ms (the median of the rounds' p99), no message
 * lost, every send acknowledged `ok`. A second figure per mode is the server's memory per socket:
 * the server process's heap and RSS after a full GC before the clients connect and once they are all
 * connected, the difference divided by the sockets (in the `redis` mode the two instances'
 * processes together, over all sockets).
 *
 * The clients run in a child process (`chat-client.mjs`), not a worker thread: apart from the
 * server's event loop, and outside its memory figures and its file descriptors (10,000 sockets over
 * loopback are 20,000 descriptors, one per end: split over two processes each stays under a
 * 20,000 `ulimit -n`). Its rounds are those rounds of messages (10), whatever `BENCH_ROUNDS` says:
 * one connected crowd, measured ten times.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Role } from '@hiwar/domain';
import { roomMembers, rooms, users } from '../apps/server/src/db/schema.ts';
import type { RunningHiwar } from '../apps/server/src/server.ts';
import {
  type BenchResult,
  isEntry,
  profiled,
  quantile,
  runAlone,
  startProduct,
  summarise,
} from './harness.ts';

const ROOMS = Number(process.env.CHAT_BENCH_ROOMS ?? 5_000);
const ROUNDS = 10;
/** Messages a second overall: each room sends once per round, so a round lasts ROOMS / RATE s. */
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 1_000);
const INTERVAL_MS = (ROOMS / RATE) * 1000;
const MODES = (process.env.CHAT_BENCH_MODES ?? 'single,redis').split(',').map((mode) => mode.trim());
const REDIS_URL = process.env.CHAT_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const GOAL_MS = 50;

type Mode = 'single' | 'redis';
type Memory = { rss: number; heapUsed: number };
type Instances = {
  a: RunningHiwar;
  aBase: string;
  bBase: string;
  /** The server side's memory after a full collection: this process's, plus the second instance's. */
  memory(): Promise<Memory>;
  close(): Promise<void>;
};

type ClientReport = {
  latencies: number[];
  roundLatencies: number[][];
  pingLatencies: number[];
  ackLatencies: number[];
  failedAcks: Record<string, number>;
  lost: number;
  connectMs: number;
  elapsedMs: number;
  sockets: number;
  /** With CHAT_BENCH_TRACE: the client process's collections and its slow deliveries ([epoch ms, ms]). */
  gcs: Array<[number, number]>;
  slow: Array<[number, number]>;
  /** Its event loop's stalls over 20 ms ([epoch ms, ms]). */
  stalls: Array<[number, number]>;
};

const TRACE = Boolean(process.env.CHAT_BENCH_TRACE);

/**
 * CHAT_BENCH_TRACE=1: when the slow deliveries (≥ 25 ms) happened, in bursts, beside the garbage
 * collections of the server's process and the clients' that overlapped each (≥ 5 ms), to see what
 * stalls a slow round.
 */
function printTrace(
  report: ClientReport,
  server: { gcs: Array<[number, number]>; stalls: Array<[number, number]> },
  startedAt: number,
) {
  const serverGcs = server.gcs;
  const bursts: Array<{ from: number; to: number; count: number; max: number }> = [];
  for (const [at, ms] of [...report.slow].sort((x, y) => x[0] - y[0])) {
    const last = bursts.at(-1);
    if (last && at - last.to < 200) {
      last.to = Math.max(last.to, at);
      last.count++;
      last.max = Math.max(last.max, ms);
    } else {
      bursts.push({ from: at, to: at, count: 1, max: ms });
    }
  }
  const overlapping = (gcs: Array<[number, number]>, from: number, to: number) =>
    gcs
      .filter(([at, ms]) => ms >= 5 && at + ms >= from - 50 && at <= to)
      .map(([at, ms]) => `${((at - startedAt) / 1000).toFixed(2)}s+${ms.toFixed(0)}ms`)
      .join(' ');
  const big = (gcs: Array<[number, number]>) => gcs.filter(([, ms]) => ms >= 5);
  console.log(
    `trace: ${report.slow.length} deliveries ≥ 25 ms in ${bursts.length} bursts; collections ≥ 5 ms: server ${big(serverGcs).length} (longest ${Math.max(0, ...serverGcs.map(([, ms]) => ms)).toFixed(0)} ms), clients ${big(report.gcs).length} (longest ${Math.max(0, ...report.gcs.map(([, ms]) => ms)).toFixed(0)} ms)`,
  );
  for (const burst of bursts.filter((b) => b.count >= 5)) {
    const from = burst.from;
    const to = burst.to + burst.max;
    console.log(
      `  at ${((from - startedAt) / 1000).toFixed(2)}–${((burst.to - startedAt) / 1000).toFixed(2)} s: ${burst.count} slow, max ${burst.max.toFixed(0)} ms; server GC [${overlapping(serverGcs, from, to)}] client GC [${overlapping(report.gcs, from, to)}] server stalls [${overlapping(server.stalls, from, to)}] client stalls [${overlapping(report.stalls, from, to)}]`,
    );
  }
}

/** A full garbage collection, so the memory read after it is what stays alive. */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function serverMemory(): Memory {
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** Fails fast when Redis does not answer PING: the product would boot without it and keep retrying. */
async function pingRedis() {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  try {
    await Promise.race([
      (async () => {
        await once(socket, 'connect');
        socket.write('PING\r\n');
        const [reply] = (await once(socket, 'data')) as [Buffer];
        if (!reply.toString().startsWith('+PONG')) {
          throw new Error(`Redis at ${REDIS_URL} answered ${reply.toString().trim()}`);
        }
      })(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`Redis at ${REDIS_URL} did not answer`)), 2_000).unref(),
      ),
    ]);
  } finally {
    socket.destroy();
  }
}

/** One instance over a throw-away embedded PostgreSQL (the harness's product). */
async function startSingle(): Promise<Instances> {
  const { hiwar, base } = await startProduct();
  return {
    a: hiwar,
    aBase: base,
    bBase: base,
    memory: async () => serverMemory(),
    close: () => hiwar.close(),
  };
}

/**
 * Two instances on one database sharing Redis, as behind a load balancer: A in this process on its
 * embedded PostgreSQL, B in a process of its own (`chat-instance.ts`), as a second instance runs.
 */
async function startScaledOut(): Promise<Instances> {
  const jwtSecret = randomBytes(32).toString('hex');
  await pingRedis();
  // One secret for both, as in a real deployment: local mode would invent one per data dir.
  const { hiwar: a, base: aBase } = await startProduct({ env: { REDIS_URL, JWT_SECRET: jwtSecret } });
  const b = fork(new URL('./chat-instance.ts', import.meta.url), [], {
    stdio: 'inherit',
    execArgv: ['--import', 'tsx'],
  });
  try {
    const ready = nextMessage<{ base: string }>(b);
    b.send({ databaseUrl: a.databaseUrl, redisUrl: REDIS_URL, jwtSecret });
    const { base: bBase } = await ready;
    return {
      a,
      aBase,
      bBase,
      async memory() {
        const own = serverMemory();
        const answer = nextMessage<Memory>(b);
        b.send({ memory: true });
        const other = await answer;
        return { rss: own.rss + other.rss, heapUsed: own.heapUsed + other.heapUsed };
      },
      async close() {
        // B first: A owns the database.
        const closed = nextMessage(b).catch(() => null);
        b.send({ close: true });
        await closed;
        if (b.exitCode === null) {
          b.kill();
        }
        await a.close();
      },
    };
  } catch (error) {
    b.kill();
    await a.close();
    throw error;
  }
}

/** ROOMS students and ROOMS tutors (verified e-mails), each pair in its room; the student sends. */
async function seedRooms(hiwar: RunningHiwar) {
  const { db } = hiwar.app;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: ROOMS * 2 }, (_, i) => ({
        email: `bench.chat.${i}@hiwar.test`,
        role: i % 2 === 0 ? Role.Student : Role.Tutor,
        name: `مستخدم رقم ${i}`,
        verifiedEmail: true,
      })),
    )
    .returning({ id: users.id, role: users.role });
  const pairs = Array.from({ length: ROOMS }, (_, i) => {
    const [first, second] = [people[2 * i]!, people[2 * i + 1]!];
    return first.role === Role.Student
      ? { student: first.id, tutor: second.id }
      : { student: second.id, tutor: first.id };
  });
  const created = await db
    .insert(rooms)
    .values(
      pairs.map(({ student, tutor }) => ({
        memberLow: Math.min(student, tutor),
        memberHigh: Math.max(student, tutor),
      })),
    )
    .returning({ id: rooms.id, memberLow: rooms.memberLow, memberHigh: rooms.memberHigh });
  await db.insert(roomMembers).values(
    created.flatMap((room) => [
      { roomId: room.id, userId: room.memberLow },
      { roomId: room.id, userId: room.memberHigh },
    ]),
  );
  const studentOf = new Map(pairs.map(({ student, tutor }) => [Math.min(student, tutor), student]));
  return Promise.all(
    created.map(async (room) => {
      const student = studentOf.get(room.memberLow)!;
      const tutor = student === room.memberLow ? room.memberHigh : room.memberLow;
      return {
        roomId: room.id,
        senderToken: await hiwar.app.tokens.sign(student),
        receiverToken: await hiwar.app.tokens.sign(tutor),
      };
    }),
  );
}

async function walPosition(hiwar: RunningHiwar): Promise<string> {
  const { rows } = await hiwar.app.db.$client.query<{ lsn: string }>('SELECT pg_current_wal_lsn() AS lsn');
  return rows[0]!.lsn;
}

/** The next IPC message of `child`, or its failure when it exits or errs first. */
function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`chat-client.mjs exited with ${code} early`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (message) => {
      child.off('exit', onExit);
      child.off('error', reject);
      resolve(message as T);
    });
  });
}

/** Connects the clients, reads the server's memory once they are all on, then measures delivery. */
async function measure(mode: Mode, instances: Instances, roomTokens: Awaited<ReturnType<typeof seedRooms>>) {
  const before = await instances.memory();
  const child = fork(new URL('./chat-client.mjs', import.meta.url), [], { stdio: 'inherit' });
  try {
    const connected = nextMessage<{ connected: number }>(child);
    child.send({
      senderUrl: instances.aBase,
      receiverUrl: instances.bBase,
      rooms: roomTokens,
      rounds: ROUNDS,
      intervalMs: INTERVAL_MS,
      trace: TRACE,
    });
    const { connected: sockets } = await connected;
    const after = await instances.memory();
    const serverGcs: Array<[number, number]> = [];
    const serverStalls: Array<[number, number]> = [];
    const gcKinds = new Map<number, { count: number; ms: number; max: number }>();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        serverGcs.push([performance.timeOrigin + entry.startTime, entry.duration]);
        const kind = (entry.detail as { kind?: number } | undefined)?.kind ?? 0;
        const known = gcKinds.get(kind) ?? { count: 0, ms: 0, max: 0 };
        gcKinds.set(kind, {
          count: known.count + 1,
          ms: known.ms + entry.duration,
          max: Math.max(known.max, entry.duration),
        });
      }
    });
    let last = performance.now();
    const sampler = setInterval(() => {
      const now = performance.now();
      if (now - last > 20) {
        serverStalls.push([performance.timeOrigin + last, now - last]);
      }
      last = now;
    }, 5);
    if (TRACE) {
      observer.observe({ entryTypes: ['gc'] });
    } else {
      clearInterval(sampler);
    }
    const report = nextMessage<ClientReport>(child);
    const walBefore = TRACE ? await walPosition(instances.a) : null;
    const startedAt = Date.now();
    // BENCH_PROFILE: the server's thread (instance A) while the messages flow, not while connecting.
    const answer = await profiled(`chat-${mode}`, () => {
      child.send({ go: true });
      return report;
    });
    observer.disconnect();
    clearInterval(sampler);
    if (TRACE) {
      printTrace(answer, { gcs: serverGcs, stalls: serverStalls }, startedAt);
      console.log(
        `trace: server collections by kind (1 minor, 2 major, 4 incremental, 8 weak callbacks): ${JSON.stringify(Object.fromEntries([...gcKinds].map(([kind, v]) => [kind, { count: v.count, ms: Math.round(v.ms), max: Math.round(v.max) }])))}`,
      );
      const { rows } = await instances.a.app.db.$client.query<{ bytes: string }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes',
        [walBefore],
      );
      console.log(
        `trace: PostgreSQL wrote ${(Number(rows[0]!.bytes) / 2 ** 20).toFixed(0)} MiB of WAL, ${(Number(rows[0]!.bytes) / (ROOMS * ROUNDS) / 1024).toFixed(1)} KiB a message`,
      );
    }
    return { report: answer, sockets, before, after };
  } finally {
    if (child.exitCode === null) {
      child.kill();
      await once(child, 'exit');
    }
  }
}

async function runMode(mode: Mode): Promise<BenchResult[]> {
  const instances = mode === 'single' ? await startSingle() : await startScaledOut();
  try {
    const roomTokens = await seedRooms(instances.a);
    const { report, sockets, before, after } = await measure(mode, instances, roomTokens);
    const { latencies, ackLatencies, pingLatencies, roundLatencies } = report;
    for (const list of [latencies, ackLatencies, pingLatencies, ...roundLatencies]) {
      list.sort((x, y) => x - y);
    }
    const p99 = (list: number[]) => quantile(list, 0.99).toFixed(1);
    const sent = ROOMS * ROUNDS;
    const failed = Object.values(report.failedAcks).reduce((sum, n) => sum + n, 0);
    const where =
      mode === 'single' ? 'one instance' : 'two instances through Redis (student on A, tutor on B)';
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    const perSocket = {
      heap: (after.heapUsed - before.heapUsed) / sockets,
      rss: (after.rss - before.rss) / sockets,
    };
    return [
      summarise({
        name:
          `chat fan-out on ${where}: ${sockets} sockets in ${ROOMS} rooms, ${sent} messages at ` +
          `${Math.round(sent / (report.elapsedMs / 1000))} msg/s, delivery p99 of each round`,
        goal: `p99 < ${GOAL_MS} ms, none lost, every ack ok`,
        unit: 'ms',
        digits: 1,
        rounds: roundLatencies.map((round) => quantile(round, 0.99)),
        passes: (value) => value < GOAL_MS && report.lost === 0 && failed === 0 && latencies.length === sent,
        detail:
          `all deliveries p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99(latencies)} ms, ` +
          `max ${quantile(latencies, 1).toFixed(1)} ms; acks p99 ${p99(ackLatencies)} ms; baseline ping ack ` +
          `without the database p99 ${p99(pingLatencies)} ms; ${latencies.length} delivered, ${report.lost} lost, ` +
          `failed acks ${JSON.stringify(report.failedAcks)}; connected in ${(report.connectMs / 1000).toFixed(1)} s`,
      }),
      {
        name: `chat memory per socket on ${where}: server heap after a full GC, ${sockets} sockets connected`,
        goal: 'reported',
        value: Number(kib(perSocket.heap)),
        unit: 'KiB',
        pass: sockets === ROOMS * 2,
        rounds: [Number(kib(perSocket.heap))],
        spread: `${kib(perSocket.heap)}–${kib(perSocket.heap)}`,
        detail:
          `server process RSS ${kib(perSocket.rss)} KiB per socket; heap used ${(before.heapUsed / 2 ** 20).toFixed(0)} → ` +
          `${(after.heapUsed / 2 ** 20).toFixed(0)} MiB, RSS ${(before.rss / 2 ** 20).toFixed(0)} → ` +
          `${(after.rss / 2 ** 20).toFixed(0)} MiB before and after connecting (clients in their own process)`,
      },
    ];
  } finally {
    await instances.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const mode of MODES) {
    if (mode !== 'single' && mode !== 'redis') {
      throw new Error(`CHAT_BENCH_MODES: unknown mode ${mode} (single, redis)`);
    }
    results.push(...(await runMode(mode)));
  }
  return results;
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
