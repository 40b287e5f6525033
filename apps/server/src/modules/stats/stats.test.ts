import {
  DashboardStatsSchema,
  InterviewStatus,
  PaymentStatus,
  PlanPeriod,
  Role,
  ServerStatsFrameSchema,
} from '@hiwar/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, interviews, invoices, reports } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, createPlan, createUser, loginAs } from '../../testing/factories.ts';
import { at, DAY, HOUR, MINUTE } from '../../testing/time.ts';
import { insertTransaction } from '../payments/transactions.repository.ts';
import { dashboardSpans } from './dashboard.service.ts';

const LONG_AGO = at(-400 * DAY);
const DASHBOARD = '/api/v1/stats/dashboard';
const SERVER = '/api/v1/stats/server';

/**
 * The clock is T0: Monday 1 March 2027, 10:00 in Cairo. This week runs from Saturday 27 February
 * 00:00; this month from 1 March. The charted weeks are the eight ending with this one, oldest first.
 */
describe('GET /api/v1/stats/dashboard', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => at(0) } });
  const old = { createdAt: LONG_AGO };

  // People (created long ago: they are not "new users").
  const student = await createUser(app.db, { ...old, role: Role.Student });
  const tutor = await createUser(app.db, { ...old, role: Role.Tutor });
  const managerA = await loginAs(app, Role.TutorManager, old);
  const managerB = await createUser(app.db, { ...old, role: Role.TutorManager });
  const applicants = await Promise.all(
    [1, 2, 3, 4].map(() => createUser(app.db, { ...old, role: Role.Tutor })),
  );
  const studio = await loginAs(app, Role.Studio, old);
  const finished = await createUser(app.db, {
    ...old,
    role: Role.Tutor,
    image: `${'a'.repeat(32)}.jpg`,
    tutor: { studioId: studio.user.id, video: `${'b'.repeat(32)}.mp4`, thumbnail: `${'c'.repeat(32)}.jpg` },
  });
  const unfinished = await createUser(app.db, {
    ...old,
    role: Role.Tutor,
    tutor: { studioId: studio.user.id },
  });
  const superAdmin = await loginAs(app, Role.SuperAdmin, old);
  const regularAdmin = await loginAs(app, Role.RegularAdmin, old);

  // Lessons: two today (one the TutorManager's), one later this week, one cancelled today, one last week.
  const lesson = (tutorId: number, start: Date, extra = {}) =>
    createLesson(app.db, { tutorId, studentId: student.id, start, ...extra });
  await lesson(tutor.id, at(2 * HOUR));
  await lesson(managerA.user.id, at(4 * HOUR), { intro: true, price: 0 });
  await lesson(tutor.id, at(DAY));
  await lesson(tutor.id, at(6 * HOUR), {
    canceledAt: at(-HOUR),
    canceledBy: 'student',
    minutesReturned: true,
  });
  await lesson(tutor.id, at(-7 * DAY));
  await lesson(tutor.id, at(-70 * DAY));

  // New users: a student and a tutor today, a student on Saturday (this week), one last week; staff never.
  await createUser(app.db, { role: Role.Student, createdAt: at(-HOUR) });
  const newTutor = await createUser(app.db, { role: Role.Tutor, createdAt: at(-3 * HOUR) });
  await createUser(app.db, { role: Role.Student, createdAt: at(-2 * DAY) });
  await createUser(app.db, { role: Role.Student, createdAt: at(-9 * DAY) });
  await createUser(app.db, { role: Role.RegularAdmin, createdAt: at(-HOUR) });

  // Payments: paid now, partly refunded on Saturday (February), fully refunded, unpaid, paid last week.
  const plan = await createPlan(app.db);
  const payment = (status: PaymentStatus, amount: number, refundedAmount: number, paidAt: Date | null) =>
    insertTransaction(app.db, {
      userId: student.id,
      planId: plan.id,
      period: PlanPeriod.Month,
      amount,
      refundedAmount,
      weeklyMinutes: 60,
      method: 0,
      status,
      paidAt,
    });
  await payment(PaymentStatus.Paid, 100_000, 0, at(-HOUR));
  await payment(PaymentStatus.PartialRefunded, 50_000, 20_000, at(-2 * DAY));
  await payment(PaymentStatus.Refunded, 30_000, 30_000, at(-HOUR));
  await payment(PaymentStatus.New, 99_999, 0, null);
  await payment(PaymentStatus.Paid, 10_000, 0, at(-8 * DAY));

  // Withdrawal requests: three wait for staff, one is done, one deleted.
  const wallet = {
    userId: tutor.id,
    method: 'wallet',
    phone: '01012345678',
    amount: 10_000,
    createdAt: at(-HOUR),
  };
  await app.db.insert(invoices).values([
    { ...wallet, status: 'pending' },
    { ...wallet, status: 'updated-by-receiver', requestedMethod: 'wallet', requestedPhone: '01112345678' },
    { ...wallet, status: 'canceled-by-receiver' },
    { ...wallet, status: 'rejected', note: 'رقم غير صحيح' },
    { ...wallet, status: 'pending', deletedAt: at(-MINUTE) },
  ]);

  // Interviews: A holds one pending and one passed unsigned; B one passed and signed, one pending.
  const [one, two, three, four] = applicants as [typeof tutor, typeof tutor, typeof tutor, typeof tutor];
  const interview = (interviewerId: number, intervieweeId: number, start: Date, extra = {}) => ({
    interviewerId,
    intervieweeId,
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * MINUTE),
    createdAt: at(-HOUR),
    ...extra,
  });
  await app.db.insert(interviews).values([
    interview(managerA.user.id, one.id, at(DAY + 2 * HOUR)),
    interview(managerA.user.id, two.id, at(-DAY), { status: InterviewStatus.Passed, decidedAt: at(-DAY) }),
    interview(managerB.id, three.id, at(-2 * DAY), {
      status: InterviewStatus.Passed,
      decidedAt: at(-2 * DAY),
      signedAt: at(-HOUR),
      signedById: superAdmin.user.id,
    }),
    interview(managerB.id, four.id, at(2 * DAY)),
  ]);

  // Reports: two open, one resolved.
  const report = {
    userId: student.id,
    title: 'مشكلة في الدرس',
    description: 'انقطع الصوت أثناء الدرس',
    createdAt: at(-HOUR),
  };
  await app.db.insert(reports).values([report, report, { ...report, resolvedAt: at(-MINUTE) }]);

  // An upload of the studio's unfinished tutor this week.
  await app.db.insert(files).values({
    name: `${'d'.repeat(32)}.jpg`,
    kind: 'upload',
    ownerId: unfinished.id,
    mime: 'image/jpeg',
    size: 1000,
    createdAt: at(-HOUR),
  });

  const get = async (auth: Record<string, string>, query = '') => {
    const res = await app.inject({ method: 'GET', url: `${DASHBOARD}${query}`, headers: auth });
    return { res, body: res.json() };
  };
  const week = (current: number, previous = 0) => [0, 0, 0, 0, 0, 0, previous, current];

  it('gives admins every card: today, this week and month, with eight weekly values', async () => {
    const { res, body } = await get(regularAdmin.auth);
    expect(res.statusCode).toBe(200);
    expect(DashboardStatsSchema.parse(body)).toBeTruthy();
    expect(body.generatedAt).toBe(at(0).toISOString());
    expect(body.weeks).toHaveLength(8);
    expect(body.weeks.at(-1)).toBe('2027-02-26T22:00:00.000Z');
    expect(body.weeks[0]).toBe('2027-01-08T22:00:00.000Z');
    const { cards } = body;
    expect(cards.lessons).toEqual({ today: 2, week: 3, series: week(3, 1) });
    expect(cards.newUsers).toEqual({ today: 2, week: 3, series: week(3, 1) });
    expect(cards.revenue).toEqual({ week: 130_000, month: 100_000, series: week(130_000, 10_000) });
    expect(cards.pendingInvoices).toEqual({ count: 3, series: week(4) });
    expect(cards.pendingInterviews).toEqual({ count: 2, series: week(4) });
    expect(cards.unsignedInterviews).toEqual({ count: 1, series: week(2) });
    expect(cards.openReports).toEqual({ count: 2, series: week(3) });
    // Every role-Tutor account lacking media: tutor, four applicants, the unfinished one, the new one.
    expect(cards.photoSessions).toEqual({ count: 7, series: week(1) });
    expect(newTutor.role).toBe(Role.Tutor);
  });

  it('gives a SuperAdmin the same cards', async () => {
    const { body } = await get(superAdmin.auth);
    expect(Object.keys(body.cards).sort()).toEqual(
      [
        'lessons',
        'newUsers',
        'openReports',
        'pendingInterviews',
        'pendingInvoices',
        'photoSessions',
        'revenue',
        'unsignedInterviews',
      ].sort(),
    );
  });

  it('gives a TutorManager only their own lessons and interviews', async () => {
    const { res, body } = await get(managerA.auth);
    expect(res.statusCode).toBe(200);
    expect(body.cards).toEqual({
      lessons: { today: 1, week: 1, series: week(1) },
      pendingInterviews: { count: 1, series: week(2) },
      unsignedInterviews: { count: 1, series: week(1) },
    });
  });

  it('gives a Studio member only the photo sessions of their tutors', async () => {
    const { res, body } = await get(studio.auth);
    expect(res.statusCode).toBe(200);
    expect(body.cards).toEqual({ photoSessions: { count: 1, series: week(1) } });
    expect(finished.tutorRow?.studioId).toBe(studio.user.id);
  });

  it('charts as many weeks as asked', async () => {
    const { body } = await get(regularAdmin.auth, '?weeks=12');
    expect(body.weeks).toHaveLength(12);
    expect(body.cards.lessons.series).toHaveLength(12);
    expect(body.cards.lessons.series.at(-1)).toBe(3);
  });

  it.each(['?weeks=1', '?weeks=27', '?weeks=abc', '?weeks=2.5'])(
    'answers %s with bad-request',
    async (query) => {
      const { res, body } = await get(regularAdmin.auth, query);
      expect(res.statusCode).toBe(400);
      expect(body.code).toBe('bad-request');
    },
  );

  it('refuses students and tutors (403) and strangers (401)', async () => {
    const someone = await loginAs(app, Role.Student, old);
    expect((await get(someone.auth)).res.statusCode).toBe(403);
    expect((await get(someone.auth)).body.code).toBe('forbidden');
    const anonymous = await get({});
    expect(anonymous.res.statusCode).toBe(401);
    expect(anonymous.body.code).toBe('unauthenticated');
  });
});

describe('dashboard spans', () => {
  it('counts weeks from Saturday on Cairo’s wall clock, across the change to summer time', () => {
    // Friday 30 April 2027 is after Egypt moves its clocks forward (last Friday of April).
    const spans = dashboardSpans(new Date('2027-05-03T09:00:00Z'), 3);
    expect(spans.week.start.toISOString()).toBe('2027-04-30T21:00:00.000Z');
    expect(spans.weekBounds.map((bound) => bound.toISOString())).toEqual([
      '2027-04-16T22:00:00.000Z',
      '2027-04-23T22:00:00.000Z',
      '2027-04-30T21:00:00.000Z',
      '2027-05-07T21:00:00.000Z',
    ]);
    expect(spans.month.start.toISOString()).toBe('2027-04-30T21:00:00.000Z');
    expect(spans.month.end.toISOString()).toBe('2027-05-31T21:00:00.000Z');
    expect(spans.today.start.toISOString()).toBe('2027-05-02T21:00:00.000Z');
  });
});

describe('GET /api/v1/stats/server', async () => {
  const { app } = await buildTestApp();
  const superAdmin = await loginAs(app, Role.SuperAdmin);

  it('answers a SuperAdmin this instance’s figures', async () => {
    const res = await app.inject({ method: 'GET', url: SERVER, headers: superAdmin.auth });
    expect(res.statusCode).toBe(200);
    const frame = ServerStatsFrameSchema.parse(res.json());
    expect(frame.instanceId).toBe(app.serverStats.instanceId);
    expect(frame.roles).toContain('realtime');
    expect(frame.memory.rss).toBeGreaterThan(0);
    expect(frame.pool.max).toBe(10);
    expect(frame.pool.total).toBeGreaterThanOrEqual(frame.pool.idle);
    // No Redis: this instance alone; no worker has run on this database, so no pg-boss schema.
    expect(frame.sockets.all).toBeNull();
    expect(frame.queues).toBeNull();
  });

  it('refuses RegularAdmins and other staff (403), strangers (401) and any query (400)', async () => {
    for (const role of [Role.RegularAdmin, Role.TutorManager, Role.Studio, Role.Student]) {
      const caller = await loginAs(app, role);
      const res = await app.inject({ method: 'GET', url: SERVER, headers: caller.auth });
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
    const anonymous = await app.inject({ method: 'GET', url: SERVER });
    expect(anonymous.statusCode).toBe(401);
    const query = await app.inject({ method: 'GET', url: `${SERVER}?verbose=1`, headers: superAdmin.auth });
    expect(query.statusCode).toBe(400);
    expect(query.json().code).toBe('bad-request');
  });

  it('reports queue depth once pg-boss has its schema', async () => {
    await app.db.execute(
      // The two tables the figures read, as pg-boss 10 creates them (only what is read).
      sql.raw(`
        CREATE SCHEMA pgboss;
        CREATE TYPE pgboss.job_state AS ENUM ('created', 'retry', 'active', 'completed', 'cancelled', 'failed');
        CREATE TABLE pgboss.queue (name text PRIMARY KEY);
        CREATE TABLE pgboss.job (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, state pgboss.job_state NOT NULL);
        INSERT INTO pgboss.queue VALUES ('lesson-reminders'), ('payments-reconcile');
        INSERT INTO pgboss.job (name, state) VALUES
          ('lesson-reminders', 'created'), ('lesson-reminders', 'retry'), ('lesson-reminders', 'active'),
          ('lesson-reminders', 'completed'), ('payments-reconcile', 'failed');`),
    );
    const res = await app.inject({ method: 'GET', url: SERVER, headers: superAdmin.auth });
    expect(res.json().queues).toEqual([
      { name: 'lesson-reminders', queued: 2, active: 1 },
      { name: 'payments-reconcile', queued: 0, active: 0 },
    ]);
  });
});
