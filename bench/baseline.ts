/**
 * The floor every route and socket event stands on (`npm run bench:baseline -w @hiwar/bench`), on the
 * real product with the demo data over loopback, in `rounds` rounds each:
 * - `GET /health` (a database round trip per request), 50 connections for 10 s: ≥ 2000 req/s,
 *   p99 ≤ 100 ms, no errors;
 * - socket.io acknowledged ping, 200 connected users × 10 pings, all 200 at once (clients in a worker
 *   thread: `ping-client.mjs`): p95 ≤ 50 ms.
 */
import autocannon from 'autocannon';
import { createUser } from '../apps/server/src/testing/factories.ts';
import {
  type BenchOptions,
  type BenchResult,
  isEntry,
  median,
  quantile,
  roundsOf,
  runAlone,
  runWorker,
  startProduct,
  summarise,
} from './harness.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SOCKETS = 200;
const PINGS = 10;

export async function run(options: BenchOptions = {}): Promise<BenchResult[]> {
  const rounds = roundsOf(options);
  const { hiwar, base } = await startProduct({ seedDemo: true });
  try {
    const health: Array<{ perSecond: number; p99: number; errors: number }> = [];
    for (let i = 0; i < rounds; i++) {
      const result = await autocannon({ url: `${base}/health`, connections: 50, duration: DURATION_S });
      health.push({
        perSecond: result.requests.average,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors + result.timeouts,
      });
    }
    const errors = health.reduce((sum, side) => sum + side.errors, 0);
    const p99 = median(health.map((side) => side.p99));

    // The handshake checks the token's user exists (and was not revoked): real accounts, one each.
    const tokens: string[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      tokens.push(await hiwar.app.sessions.issue(await createUser(hiwar.app.db)));
    }
    const pings: Array<{ p95: number; p99: number }> = [];
    for (let i = 0; i < rounds; i++) {
      const latencies = await runWorker<number[]>(new URL('./ping-client.mjs', import.meta.url), {
        url: base,
        tokens,
        rounds: PINGS,
      });
      latencies.sort((a, b) => a - b);
      pings.push({ p95: quantile(latencies, 0.95), p99: quantile(latencies, 0.99) });
    }

    return [
      summarise({
        name: `GET /health (a database round trip each), 50 connections, ${DURATION_S} s a round`,
        goal: '≥ 2000 req/s, p99 ≤ 100 ms, no errors',
        unit: 'req/s',
        rounds: health.map((side) => side.perSecond),
        passes: (value) => value >= 2_000 && p99 <= 100 && errors === 0,
        detail: `p99 ${p99} ms (median of ${health.map((side) => side.p99).join(' / ')}); ${errors} errors`,
      }),
      summarise({
        name: `socket ping ack, ${SOCKETS} clients × ${PINGS} pings all at once (clients in a worker thread)`,
        goal: 'p95 ≤ 50 ms',
        unit: 'ms',
        digits: 1,
        rounds: pings.map((round) => round.p95),
        passes: (value) => value <= 50,
        detail: `p99 ${median(pings.map((round) => round.p99)).toFixed(1)} ms (median)`,
      }),
    ];
  } finally {
    await hiwar.close();
  }
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
