/**
 * The tutors list and booking benchmarks (`npm run bench:tutors`), on the real product over loopback:
 * - 1,000 listed tutors; the cached list (page of 10, 50 connections, 10 s) against a bare Fastify
 *   route answering the same JSON text in the same run: at least half its throughput, p99 < 50 ms;
 * - bookings on distinct free times by 200 subscribed students, 50 in flight: ≥ 200 bookings/s.
 * Prints one line per figure with PASS or FAIL; exits 1 when any misses. `TUTORS_BENCH=list` or
 * `TUTORS_BENCH=booking` runs only that part (say, under a profiler).
 */

import { performance as nodePerformance } from 'node:perf_hooks';
import {
  addLocalDays,
  localDateTimeToInstant,
  PaymentStatus,
  PlanPeriod,
  Role,
  subscriptionEnd,
  toLocalDate,
} from '@hiwar/domain';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort } from '../apps/server/src/db/embedded.ts';
import {
  availabilitySlots,
  plans,
  platformSettings,
  subscriptions,
  topics,
  transactions,
  tutors,
  users,
  userTopics,
} from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { quantile, type Result, runBenchmarks, runWorker, startProduct } from './harness.ts';

const results: Result[] = [];

const TUTORS = 1_000;
const STUDENTS = 200;
const BOOKINGS = 2_000;
const DURATION_S = 10;

const { hiwar, base } = await startProduct();
const { db } = hiwar.app;
const bare = Fastify({ logger: false });

/** Inserts in chunks (a statement holds at most 65,535 parameters). */
async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
  }
}

/** 1,000 listed tutors with three topics each, a rating, and a window on each of the next 14 days. */
async function seedTutors(): Promise<number[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const topicRows = await db
    .insert(topics)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        nameAr: `موضوع المقارنة ${i + 1}`,
        nameEn: `Benchmark topic ${i + 1}`,
      })),
    )
    .returning({ id: topics.id });
  const created: number[] = [];
  await insertAll(
    Array.from({ length: TUTORS }, (_, i) => i),
    async (chunk) => {
      const rows = await db
        .insert(users)
        .values(
          chunk.map((i) => ({
            email: `bench.tutor.${i}@hiwar.test`,
            passwordHash,
            role: i % 25 === 0 ? Role.TutorManager : Role.Tutor,
            name: i % 2 === 0 ? `مدرس رقم ${i}` : `Tutor Number ${i}`,
            gender: i % 2 === 0 ? 'male' : 'female',
            birthYear: 1980 + (i % 20),
            city: 1 + (i % 30),
            phone: `011${String(10_000_000 + i)}`,
            verifiedEmail: true,
            verifiedPhone: true,
            image: `bench-avatar-${i}.jpg`,
          })),
        )
        .returning({ id: users.id });
      created.push(...rows.map((row) => row.id));
    },
  );
  await insertAll(created, (chunk) =>
    db.insert(tutors).values(
      chunk.map((userId, i) => ({
        userId,
        activated: true,
        bio: 'مدرس إنجليزي للمحادثة والقواعد بخبرة طويلة',
        about: 'أدرّس الإنجليزية منذ سنوات طويلة للكبار والصغار، وأجهّز كل درس حسب مستواك وأهدافك.',
        video: `bench-video-${userId}.mp4`,
        thumbnail: `bench-thumbnail-${userId}.jpg`,
        interviewSignedAt: new Date(),
        ratingCount: 1 + (i % 40),
        ratingSum: (1 + (i % 40)) * (1 + (i % 5)),
      })),
    ),
  );
  await insertAll(
    created.flatMap((userId, i) =>
      [0, 1, 2].map((k) => ({ userId, topicId: topicRows[(i + k * 7) % 20]!.id })),
    ),
    (chunk) => db.insert(userTopics).values(chunk),
  );
  const today = toLocalDate(new Date());
  await insertAll(
    created.flatMap((tutorId, i) =>
      Array.from({ length: 14 }, (_, day) => {
        const date = addLocalDays(today, day + 1);
        const from = 8 + (i % 4);
        return {
          tutorId,
          startsAt: localDateTimeToInstant(date, `${String(from).padStart(2, '0')}:00`),
          endsAt: localDateTimeToInstant(date, `${String(from + 12).padStart(2, '0')}:00`),
        };
      }),
    ),
    (chunk) => db.insert(availabilitySlots).values(chunk),
  );
  hiwar.app.tutorsCache.invalidate('flush');
  return created;
}

async function load(url: string) {
  return autocannon({ url, connections: 50, duration: DURATION_S, workers: 1 });
}

async function listThroughput(): Promise<void> {
  const url = `${base}/api/v1/user/tutor/list/onboarded?page=1&size=10`;
  const first = await fetch(url);
  const text = await first.text();
  const page = JSON.parse(text) as { total: number; list: unknown[] };
  if (page.total < TUTORS || page.list.length !== 10) {
    throw new Error(
      `Expected ${TUTORS} listed tutors and a page of 10, got ${page.total} / ${page.list.length}`,
    );
  }
  bare.get('/static', (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
  const barePort = await freePort();
  await bare.listen({ host: '127.0.0.1', port: barePort });

  const baseline = await load(`http://127.0.0.1:${barePort}/static`);
  const cached = await load(url);
  const ratio = cached.requests.average / baseline.requests.average;
  results.push({
    name: `bare Fastify route, the same ${text.length}-byte JSON (50 connections, ${DURATION_S} s)`,
    figure: `${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms`,
    target: 'reference',
    pass: baseline.non2xx === 0,
  });
  results.push({
    name: `GET /user/tutor/list/onboarded, ${page.total} listed tutors, page of 10, cached`,
    figure: `${Math.round(cached.requests.average)} req/s (${(ratio * 100).toFixed(0)} % of bare), p99 ${cached.latency.p99} ms, ${cached.non2xx} non-2xx`,
    target: '≥ 50 % of bare, p99 < 50 ms, 0 non-2xx',
    pass: ratio >= 0.5 && cached.latency.p99 < 50 && cached.non2xx === 0,
  });

  // A cold page: every filter and sort computed from the listing snapshot once the cache is flushed.
  hiwar.app.tutorsCache.invalidate('flush');
  const started = performance.now();
  const cold = await fetch(`${base}/api/v1/user/tutor/list/onboarded?sort=lessons&time=evening&size=10`);
  const coldMs = performance.now() - started;
  results.push({
    name: 'the same list after a flush (snapshot of 1,000 tutors rebuilt, evening filter)',
    figure: `${coldMs.toFixed(0)} ms`,
    target: '≤ 1000 ms',
    pass: cold.ok && coldMs <= 1_000,
  });
}

/** 200 students (subscribed, up to 100 upcoming lessons each) book 2,000 distinct free times. */
async function bookingThroughput(tutorIds: number[]): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: 'maxUpcomingLessonsPerStudent', value: 100 })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: 100 } });
  const [plan] = await db
    .insert(plans)
    .values({
      alias: 'خطة المقارنة',
      weeklyMinutes: 10_080,
      fullMonthPrice: 100_00,
      fullQuarterPrice: 300_00,
      halfYearPrice: 600_00,
      fullYearPrice: 1200_00,
    })
    .returning();
  const passwordHash = await hashPassword('bench-password-1');
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        email: `bench.student.${i}@hiwar.test`,
        passwordHash,
        role: Role.Student,
        name: `طالب ${i}`,
        verifiedEmail: true,
      })),
    )
    .returning();
  const start = new Date(Date.now() - 24 * 3_600_000);
  for (const student of students) {
    const [grant] = await db
      .insert(transactions)
      .values({
        userId: student.id,
        planId: plan!.id,
        period: PlanPeriod.Month,
        amount: 0,
        weeklyMinutes: plan!.weeklyMinutes,
        status: PaymentStatus.Paid,
        paidAt: start,
      })
      .returning();
    await db.insert(subscriptions).values({
      userId: student.id,
      planId: plan!.id,
      transactionId: grant!.id,
      period: PlanPeriod.Month,
      weeklyMinutes: plan!.weeklyMinutes,
      startsAt: start,
      endsAt: subscriptionEnd(start, PlanPeriod.Month),
    });
  }
  const tokens = await Promise.all(students.map((student) => hiwar.app.sessions.issue(student)));
  // Tomorrow's windows open at 08:00–11:00 Cairo: lesson k of a student starts k half hours later.
  const windows = await db.select().from(availabilitySlots);
  const firstWindow = new Map<number, Date>();
  for (const window of windows) {
    const known = firstWindow.get(window.tutorId);
    if (!known || window.startsAt < known) {
      firstWindow.set(window.tutorId, window.startsAt);
    }
  }
  const requests = Array.from({ length: BOOKINGS }, (_, i) => {
    const tutorId = tutorIds[i % TUTORS]!;
    const slot = Math.floor(i / STUDENTS);
    return {
      token: tokens[i % STUDENTS]!,
      body: JSON.stringify({
        tutorId,
        start: new Date(firstWindow.get(tutorId)!.getTime() + slot * 30 * 60_000).toISOString(),
        duration: 30,
      }),
    };
  });
  // The server's thread: how busy it was, and its time per booking (steadier than bookings/s on a
  // machine whose speed swings).
  const loopBefore = nodePerformance.eventLoopUtilization();
  const { codes, latencies, elapsedMs } = await runWorker<{
    codes: Record<string, number>;
    latencies: number[];
    elapsedMs: number;
  }>(new URL('./booking-client.mjs', import.meta.url), {
    url: `${base}/api/v1/lesson/`,
    requests,
    concurrency: 50,
  });
  const loop = nodePerformance.eventLoopUtilization(loopBefore);
  const seconds = elapsedMs / 1000;
  const booked = codes.ok ?? 0;
  const threadMsPerBooking = loop.active / Math.max(1, booked);
  latencies.sort((a, b) => a - b);
  const p99 = quantile(latencies, 0.99);
  results.push({
    name: `POST /lesson/: ${BOOKINGS} bookings of distinct free times, 50 in flight`,
    figure:
      `${Math.round(booked / seconds)} bookings/s, p99 ${p99.toFixed(0)} ms, ${JSON.stringify(codes)}; ` +
      `server thread ${(loop.utilization * 100).toFixed(0)} % busy, ${threadMsPerBooking.toFixed(2)} ms per booking`,
    target: '≥ 200 bookings/s, all booked',
    pass: booked === BOOKINGS && booked / seconds >= 200,
  });
}

await runBenchmarks(
  results,
  async () => {
    const only = process.env.TUTORS_BENCH;
    const tutorIds = await seedTutors();
    if (only !== 'booking') {
      await listThroughput();
    }
    if (only !== 'list') {
      await bookingThroughput(tutorIds);
    }
  },
  async () => {
    await bare.close();
    await hiwar.close();
  },
);
