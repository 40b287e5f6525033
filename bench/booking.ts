/**
 * The booking benchmark (`npm run bench:booking -w @hiwar/bench`), on the real product over
 * loopback: 1,000 listed tutors with windows, 200 subscribed students; in each round the students
 * book 2,000 distinct free times (a day of their own per round), 50 requests in flight from a worker
 * thread. Goal: ≥ 500 bookings/s (the median round), every request booked, and no two live lessons
 * of one tutor or one student overlapping afterwards. One unmeasured warm-up round of 200 bookings
 * comes first. `BENCH_PROFILE=<directory>` records the server thread's CPU profile of the measured
 * rounds (`profile-top.ts` prints its top frames).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { availabilitySlots } from '../apps/server/src/db/schema.ts';
import {
  type BenchOptions,
  type BenchResult,
  cpuMeter,
  isEntry,
  median,
  profiled,
  quantile,
  roundsOf,
  runAlone,
  runWorker,
  startProduct,
  summarise,
} from './harness.ts';
import { seedSubscribedStudents, seedTutors, WINDOW_DAYS } from './seed.ts';

const TUTORS = 1_000;
const STUDENTS = 200;
const BOOKINGS = 2_000;
const CONCURRENCY = 50;
const GOAL = 500;
/** The platform's ceiling on a student's upcoming lessons: 1 warm-up + 10 a round, so 9 rounds at most. */
const MAX_UPCOMING = 100;
const MAX_ROUNDS = Math.min(WINDOW_DAYS - 1, Math.floor((MAX_UPCOMING - 1) / (BOOKINGS / STUDENTS)));

type Request = { token: string; body: string };
type RoundFigures = {
  perSecond: number;
  booked: number;
  codes: Record<string, number>;
  p99: number;
  threadBusy: number;
  threadMsPerBooking: number;
  /** CPU ms per booking: the server's thread, and PostgreSQL's processes (null when unknown). */
  threadCpuMs: number;
  databaseCpuMs: number | null;
};

/** Each tutor's windows, one a day, earliest first. */
async function windowsByTutor(db: Database): Promise<Map<number, Date[]>> {
  const byTutor = new Map<number, Date[]>();
  for (const window of await db.select().from(availabilitySlots)) {
    const list = byTutor.get(window.tutorId) ?? [];
    list.push(window.startsAt);
    byTutor.set(window.tutorId, list);
  }
  for (const list of byTutor.values()) {
    list.sort((a, b) => a.getTime() - b.getTime());
  }
  return byTutor;
}

/**
 * `count` bookings on day `day` of the windows: request i books tutor i mod 1,000 for student
 * i mod 200, k half hours into the window for the k-th time that pair of indices comes round.
 */
function bookingRequests(
  tutorIds: number[],
  tokens: string[],
  windows: Map<number, Date[]>,
  day: number,
  count: number,
): Request[] {
  return Array.from({ length: count }, (_, i) => {
    const tutorId = tutorIds[i % tutorIds.length]!;
    const slot = Math.floor(i / tokens.length);
    const opens = windows.get(tutorId)![day]!;
    return {
      token: tokens[i % tokens.length]!,
      body: JSON.stringify({
        tutorId,
        start: new Date(opens.getTime() + slot * 30 * 60_000).toISOString(),
        duration: 30,
      }),
    };
  });
}

/** Sends `requests` from the worker thread; the server thread's busy share and time per booking beside. */
async function bookRound(db: Database, url: string, requests: Request[]): Promise<RoundFigures> {
  const cpu = await cpuMeter(db);
  const loopBefore = performance.eventLoopUtilization();
  const { codes, latencies, elapsedMs } = await runWorker<{
    codes: Record<string, number>;
    latencies: number[];
    elapsedMs: number;
  }>(new URL('./booking-client.mjs', import.meta.url), { url, requests, concurrency: CONCURRENCY });
  const loop = performance.eventLoopUtilization(loopBefore);
  const used = cpu.read();
  const booked = codes.ok ?? 0;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: booked / (elapsedMs / 1000),
    booked,
    codes,
    p99: quantile(latencies, 0.99),
    threadBusy: loop.utilization,
    threadMsPerBooking: loop.active / Math.max(1, booked),
    threadCpuMs: used.threadMs / Math.max(1, booked),
    databaseCpuMs: used.databaseMs === null ? null : used.databaseMs / Math.max(1, booked),
  };
}

/**
 * Pairs of live lessons of one tutor or one student that overlap: zero, or a double booking. Two
 * joins on an equal member (a hash join each) rather than one on either: a join condition with OR
 * compares every lesson with every other, which took PostgreSQL tens of seconds after 16,000 bookings.
 */
async function overlappingPairs(db: Database): Promise<number> {
  const result = await db.execute<{ pairs: number }>(sql`
    WITH live AS (SELECT id, tutor_id, student_id, starts_at, ends_at FROM lessons WHERE canceled_at IS NULL)
    SELECT count(*)::int AS pairs FROM (
      SELECT a.id, b.id FROM live a JOIN live b ON a.tutor_id = b.tutor_id
       WHERE a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
      UNION
      SELECT a.id, b.id FROM live a JOIN live b ON a.student_id = b.student_id
       WHERE a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
    ) AS pairs`);
  return result.rows[0]!.pairs;
}

function databaseCpu(figures: RoundFigures[]): string {
  const known = figures.flatMap((round) => (round.databaseCpuMs === null ? [] : [round.databaseCpuMs]));
  return known.length > 0 ? `${median(known).toFixed(2)} ms` : 'unknown';
}

export async function run(options: BenchOptions = {}): Promise<BenchResult[]> {
  const rounds = Math.min(roundsOf(options), MAX_ROUNDS);
  const { hiwar, base } = await startProduct();
  try {
    const { db } = hiwar.app;
    const tutorIds = await seedTutors(db, TUTORS);
    const students = await seedSubscribedStudents(db, STUDENTS, MAX_UPCOMING);
    const tokens = await Promise.all(students.map((student) => hiwar.app.sessions.issue(student)));
    const windows = await windowsByTutor(db);
    const url = `${base}/api/v1/lesson/`;

    const warmUp = await bookRound(db, url, bookingRequests(tutorIds, tokens, windows, 0, STUDENTS));
    const figures = await profiled('booking', async () => {
      const measured: RoundFigures[] = [];
      for (let day = 1; day <= rounds; day++) {
        measured.push(await bookRound(db, url, bookingRequests(tutorIds, tokens, windows, day, BOOKINGS)));
      }
      return measured;
    });
    const overlaps = await overlappingPairs(db);
    const allBooked = warmUp.booked === STUDENTS && figures.every((round) => round.booked === BOOKINGS);
    const codes: Record<string, number> = {};
    for (const round of figures) {
      for (const [code, n] of Object.entries(round.codes)) {
        codes[code] = (codes[code] ?? 0) + n;
      }
    }
    return [
      summarise({
        name: `POST /lesson/: ${BOOKINGS} bookings of distinct free times a round, ${CONCURRENCY} in flight`,
        goal: `≥ ${GOAL} bookings/s, every one booked, no overlapping lessons`,
        unit: 'bookings/s',
        rounds: figures.map((round) => round.perSecond),
        passes: (value) => value >= GOAL && allBooked && overlaps === 0,
        detail:
          `answers ${JSON.stringify(codes)}, ${overlaps} overlapping pairs; ` +
          `p99 ${median(figures.map((round) => round.p99)).toFixed(0)} ms; server thread ` +
          `${(median(figures.map((round) => round.threadBusy)) * 100).toFixed(0)} % busy, ` +
          `${median(figures.map((round) => round.threadMsPerBooking)).toFixed(2)} ms per booking; CPU per booking ` +
          `${median(figures.map((round) => round.threadCpuMs)).toFixed(2)} ms server thread, ` +
          `${databaseCpu(figures)} PostgreSQL (medians)`,
      }),
    ];
  } finally {
    await hiwar.close();
  }
}

if (isEntry(import.meta.url)) {
  await runAlone(run);
}
