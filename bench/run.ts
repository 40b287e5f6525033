/**
 * Benchmarks with the figures they must reach. Run on demand (`npm run bench`), never in `npm test`.
 * Starts the real product (embedded PostgreSQL in a throw-away directory, production-like logging
 * off) and loads it over loopback. Prints one line per benchmark: figure, target, PASS/FAIL.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { loadConfig } from '../apps/server/src/config.ts';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { startHiwar } from '../apps/server/src/server.ts';
import { createUser } from '../apps/server/src/testing/factories.ts';

type Result = { name: string; figure: string; target: string; pass: boolean };

const port = await freePort();
const hiwar = await startHiwar(
  loadConfig({
    APP_SERVER: 'local',
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hiwar-bench-')),
    LOG_LEVEL: 'silent',
    SERVE_STATIC: 'false',
    SEED_DEMO: 'true',
  }),
  { embeddedPersistent: false },
);
const base = `http://127.0.0.1:${port}`;
const results: Result[] = [];

/** GET /health touches the database on every call: the floor for any API route. */
async function healthThroughput(): Promise<void> {
  const run = await autocannon({ url: `${base}/health`, connections: 50, duration: 10 });
  const rps = run.requests.average;
  const p99 = run.latency.p99;
  results.push({
    name: 'GET /health (50 connections, 10 s)',
    figure: `${Math.round(rps)} req/s, p99 ${p99} ms, ${run.non2xx} non-2xx`,
    target: '≥ 2000 req/s, p99 ≤ 100 ms, 0 non-2xx',
    pass: rps >= 2000 && p99 <= 100 && run.non2xx === 0,
  });
}

/** Realtime round trip: 200 connected users each sending acknowledged pings. */
async function socketAckLatency(): Promise<void> {
  // The handshake checks the token's user exists (and was not revoked): real accounts, one each.
  const users = [];
  for (let i = 0; i < 200; i++) {
    users.push(await createUser(hiwar.app.db));
  }
  const clients = await Promise.all(
    users.map(async (user) => {
      const socket = io(base, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: await hiwar.app.sessions.issue(user) },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    }),
  );
  const latencies: number[] = [];
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      clients.map(async (socket) => {
        const started = performance.now();
        await socket.emitWithAck('ping', { sentAt: Date.now() });
        latencies.push(performance.now() - started);
      }),
    );
  }
  for (const socket of clients) {
    socket.disconnect();
  }
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? Number.NaN;
  results.push({
    name: 'socket ping ack (200 clients × 10 rounds)',
    figure: `p95 ${p95.toFixed(1)} ms`,
    target: 'p95 ≤ 50 ms',
    pass: p95 <= 50,
  });
}

try {
  await healthThroughput();
  await socketAckLatency();
} finally {
  await hiwar.close();
}
for (const result of results) {
  console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${result.name}: ${result.figure} (target ${result.target})`);
}
process.exit(results.every((result) => result.pass) ? 0 : 1);
