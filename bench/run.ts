/**
 * Benchmarks with the figures they must reach. Run on demand (`npm run bench`), never in `npm test`.
 * Starts the real product (embedded PostgreSQL in a throw-away directory, production-like logging
 * off) and loads it over loopback. Prints one line per benchmark: figure, target, PASS/FAIL.
 */
import autocannon from 'autocannon';
import { createUser } from '../apps/server/src/testing/factories.ts';
import { quantile, type Result, runBenchmarks, runWorker, startProduct } from './harness.ts';

const { hiwar, base } = await startProduct({ seedDemo: true });
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

/**
 * Realtime round trip: 200 connected users each sending acknowledged pings, all at once, 10 rounds.
 * The clients run in a worker thread (`ping-client.mjs`), so the figure is the server's, not the
 * clients' share of the same event loop.
 */
async function socketAckLatency(): Promise<void> {
  // The handshake checks the token's user exists (and was not revoked): real accounts, one each.
  const tokens: string[] = [];
  for (let i = 0; i < 200; i++) {
    tokens.push(await hiwar.app.sessions.issue(await createUser(hiwar.app.db)));
  }
  const latencies = await runWorker<number[]>(new URL('./ping-client.mjs', import.meta.url), {
    url: base,
    tokens,
    rounds: 10,
  });
  latencies.sort((a, b) => a - b);
  const p95 = quantile(latencies, 0.95);
  results.push({
    name: 'socket ping ack (200 clients × 10 rounds, clients in a worker thread)',
    figure: `p95 ${p95.toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`,
    target: 'p95 ≤ 50 ms',
    pass: p95 <= 50,
  });
}

await runBenchmarks(
  results,
  async () => {
    await healthThroughput();
    await socketAckLatency();
  },
  () => hiwar.close(),
);
