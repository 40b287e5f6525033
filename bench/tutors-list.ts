/**
 * The tutors list benchmark (`npm run bench:tutors -w @hiwar/bench`), on the real product over
 * loopback with 1,000 listed tutors:
 * - the cached list (page of 10, 50 connections) against a bare Fastify route in the same process
 *   answering the same JSON text, measured alternately (bare, list, bare, list …, `rounds` of each
 *   after a warm-up of each): the median of the per-round ratios ≥ 50 %, and the list's p99 < 50 ms;
 * - the same list right after a flush (the directory of 1,000 tutors rebuilt), once a round: ≤ 1 s.
 * The bookings benchmark is `booking.ts`.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort } from '../apps/server/src/db/embedded.ts';
import {
  alternate,
  type BenchOptions,
  type BenchResult,
  isEntry,
  median,
  roundsOf,
  runAlone,
  startProduct,
  summarise,
} from './harness.ts';
import { seedTutors } from './seed.ts';

const TUTORS = 1_000;
const CONNECTIONS = 50;
/** Seconds of load per side and round (`BENCH_DURATION_S`). */
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARM_UP_S = 2;

type Side = { perSecond: number; p99: number; errors: number };

async function load(url: string, seconds = DURATION_S): Promise<Side> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const spreadOf = (values: number[]) =>
  `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

export async function run(options: BenchOptions = {}): Promise<BenchResult[]> {
  const rounds = roundsOf(options);
  const { hiwar, base } = await startProduct();
  const bare = Fastify({ logger: false });
  try {
    await seedTutors(hiwar.app.db, TUTORS);
    await hiwar.app.tutorsCache.invalidate('flush');
    const url = `${base}/api/v1/user/tutor/list/onboarded?page=1&size=10`;
    const text = await (await fetch(url)).text();
    const page = JSON.parse(text) as { total: number; list: unknown[] };
    if (page.total < TUTORS || page.list.length !== 10) {
      throw new Error(
        `Expected ${TUTORS} listed tutors and a page of 10, got ${page.total} / ${page.list.length}`,
      );
    }
    bare.get('/static', (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
    const barePort = await freePort();
    await bare.listen({ host: '127.0.0.1', port: barePort });
    const bareUrl = `http://127.0.0.1:${barePort}/static`;

    await load(bareUrl, WARM_UP_S);
    await load(url, WARM_UP_S);
    const { first: bareSides, second: listSides } = await alternate(
      rounds,
      () => load(bareUrl),
      () => load(url),
      { warmUp: false },
    );
    const ratios = listSides.map((side, i) => (side.perSecond / bareSides[i]!.perSecond) * 100);
    const errors = [...bareSides, ...listSides].reduce((sum, side) => sum + side.errors, 0);

    // A cold page each round: every filter and sort computed afresh once the cache is flushed.
    const coldMs: number[] = [];
    let coldFailures = 0;
    for (let i = 0; i < rounds; i++) {
      await hiwar.app.tutorsCache.invalidate('flush');
      const started = performance.now();
      const cold = await fetch(`${base}/api/v1/user/tutor/list/onboarded?sort=lessons&time=evening&size=10`);
      await cold.arrayBuffer();
      coldMs.push(performance.now() - started);
      coldFailures += cold.ok ? 0 : 1;
    }

    const listPerSecond = listSides.map((side) => side.perSecond);
    const barePerSecond = bareSides.map((side) => side.perSecond);
    return [
      summarise({
        name:
          `GET /user/tutor/list/onboarded (${page.total} listed tutors, page of 10, cached) ÷ a bare Fastify ` +
          `route answering the same ${text.length}-byte JSON, ${CONNECTIONS} connections, ${DURATION_S} s a side, alternating`,
        goal: '≥ 50 % (median of per-round ratios), no errors',
        unit: '%',
        rounds: ratios,
        passes: (value) => value >= 50 && errors === 0,
        detail:
          `list ${Math.round(median(listPerSecond))} req/s (${spreadOf(listPerSecond)}), ` +
          `bare ${Math.round(median(barePerSecond))} req/s (${spreadOf(barePerSecond)}); ${errors} errors`,
      }),
      summarise({
        name: 'the same cached list: p99 latency under that load',
        goal: '< 50 ms',
        unit: 'ms',
        rounds: listSides.map((side) => side.p99),
        passes: (value) => value < 50,
        detail: `bare route p99 ${median(bareSides.map((side) => side.p99))} ms`,
      }),
      summarise({
        name: `the list right after a flush (directory of ${page.total} tutors rebuilt, evening filter)`,
        goal: '≤ 1000 ms, answered',
        unit: 'ms',
        rounds: coldMs,
        passes: (value) => value <= 1_000 && coldFailures === 0,
      }),
    ];
  } finally {
    await bare.close();
    await hiwar.close();
  }
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
