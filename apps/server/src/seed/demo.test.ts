import { addLocalDays, localDateTimeToInstant, Role, toLocalDate, weekDates } from '@hiwar/domain';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { availabilitySlots, ratings, tutors, users } from '../db/schema.ts';
import { buildTestApp } from '../testing/app.ts';
import { loginAs } from '../testing/factories.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';
import { demoTutorSchedules, topUpDemoAvailability } from './demo-tutors.ts';

describe('the demo marketplace', async () => {
  const { app } = await buildTestApp();
  const first = await seedDemoData(app.db, app.files);

  it('lists at least twelve tutors with topics, pictures, ratings and times to book in the next two weeks', async () => {
    expect(first.seeded).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/api/v1/user/tutor/list/onboarded?size=100' });
    const { list, total } = res.json();
    expect(total).toBeGreaterThanOrEqual(12);
    for (const card of list) {
      expect(card.topics.length).toBeGreaterThan(0);
      expect(card.image).toMatch(/\/assets\/uploads\//);
      expect(card.thumbnail).toMatch(/\/assets\/uploads\//);
    }
    expect(
      list.filter((card: { nextAvailableAt: string | null }) => card.nextAvailableAt).length,
    ).toBeGreaterThanOrEqual(12);
    expect(
      list.filter((card: { ratingCount: number }) => card.ratingCount > 0).length,
    ).toBeGreaterThanOrEqual(8);
    expect(
      list.filter((card: { lessonCount: number }) => card.lessonCount > 0).length,
    ).toBeGreaterThanOrEqual(10);
    const picture = await app.inject({ method: 'GET', url: new URL(list[0].image).pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/image\/jpeg/);
  });

  it('gives the demo students subscriptions, lessons given and one to come', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'student1@hiwar.test', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${signIn.json().token}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/sub/current', headers: auth })).json(),
    ).not.toBeNull();
    const stats = (
      await app.inject({ method: 'GET', url: '/api/v1/user/student/stats/personalized', headers: auth })
    ).json();
    expect(stats.lessonCount).toBeGreaterThan(0);
    const admin = await loginAs(app, Role.RegularAdmin);
    const upcoming = await app.inject({
      method: 'GET',
      url: '/api/v1/lesson/list/?status=pending&size=100',
      headers: admin.auth,
    });
    expect(upcoming.json().total).toBeGreaterThanOrEqual(5);
  });

  it('gives the demo student a conversation with the demo tutor, two messages unread', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'student@hiwar.test', password: DEMO_PASSWORD },
    });
    const { token, user } = signIn.json();
    const rooms = await app.inject({
      method: 'GET',
      url: `/api/v1/chat/list/rooms/${user.id}/?search=منى عادل`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rooms.json().list[0]).toMatchObject({ other: { name: 'منى عادل' }, unread: 2 });
    expect(rooms.json().list[0].lastMessage.text).toContain('British Council');
  });

  it('lists the demo student’s live conversation above the rooms their bookings made, where nobody wrote yet', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'student@hiwar.test', password: DEMO_PASSWORD },
    });
    const { token, user } = signIn.json();
    const rooms = await app.inject({
      method: 'GET',
      url: `/api/v1/chat/list/rooms/${user.id}/`,
      headers: { authorization: `Bearer ${token}` },
    });
    const list = rooms.json().list as { other: { name: string }; lastMessage: unknown }[];
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ other: { name: 'منى عادل' }, lastMessage: expect.any(Object) });
    const firstEmpty = list.findIndex((room) => room.lastMessage === null);
    expect(firstEmpty).toBeGreaterThan(0);
    expect(list.slice(firstEmpty).every((room) => room.lastMessage === null)).toBe(true);
    expect(rooms.json().unreadTotal).toBe(2);
  });

  it('has tutors at every onboarding stage, a manager with interview hours and a studio with its tutors', async () => {
    const signIn = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        payload: { email, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${res.json().token}` };
    };
    const get = async (url: string, headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url, headers })).json();
    const manager = await signIn('manager@hiwar.test');
    const uncontacted = await get('/api/v1/user/tutor/list/uncontacted?size=100', manager);
    expect(uncontacted.list.map((row: { email: string }) => row.email)).toContain('applicant1@hiwar.test');
    const upcoming = await get('/api/v1/interview/list/?upcoming=true', manager);
    expect(upcoming.total).toBeGreaterThanOrEqual(1);
    const admin = await signIn('superadmin@hiwar.test');
    const unsigned = await get('/api/v1/interview/list/?status=2&signed=false', admin);
    expect(unsigned.total).toBeGreaterThanOrEqual(1);
    const studio = await get(
      '/api/v1/user/tutor/all/for/studio?missing=true',
      await signIn('studio@hiwar.test'),
    );
    expect(studio.total).toBeGreaterThanOrEqual(1);
    const applicant = await signIn('applicant3@hiwar.test');
    const me = await get('/api/v1/user/current', applicant);
    const onboarding = await get(`/api/v1/user/tutor/onboarding/${me.id ?? me.user?.id}`, applicant);
    expect(onboarding.interview).toMatchObject({ standing: 'pending' });
    const select = await get('/api/v1/user/interviewer/select', await signIn('applicant1@hiwar.test'));
    expect(select.list[0].times.length).toBeGreaterThan(0);
    const listed = await get('/api/v1/interview/list/?signed=true&size=100', admin);
    expect(listed.total).toBeGreaterThanOrEqual(12);
  });

  it('gives the demo tutor weeks of earnings and withdrawal requests in several statuses', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { email: 'tutor@hiwar.test', password: DEMO_PASSWORD },
    });
    const { token, user } = signIn.json();
    const auth = { authorization: `Bearer ${token}` };
    const stats = (
      await app.inject({ method: 'GET', url: `/api/v1/invoice/stats/${user.id}`, headers: auth })
    ).json();
    expect(stats.withdrawable).toBeGreaterThan(0);
    expect(stats.weekly.filter((week: { earned: number }) => week.earned > 0).length).toBeGreaterThanOrEqual(
      8,
    );
    const list = (await app.inject({ method: 'GET', url: '/api/v1/invoice/list', headers: auth })).json();
    const statuses = list.list.map((invoice: { status: string }) => invoice.status);
    expect(statuses).toEqual(
      expect.arrayContaining(['pending', 'updated-by-receiver', 'fulfilled', 'rejected']),
    );
    const fulfilled = list.list.find((invoice: { status: string }) => invoice.status === 'fulfilled');
    const receipt = await app.inject({
      method: 'GET',
      url: new URL(fulfilled.receipt).pathname,
      headers: auth,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toMatch(/image\/jpeg/);
  });

  it('gives staff reports (answered, resolved, new with a screenshot) and contact requests to handle', async () => {
    const signIn = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        payload: { email, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${res.json().token}` };
    };
    const get = async (url: string, headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    type Listed = {
      id: number;
      resolved: boolean;
      hasStaffReply: boolean;
      replyCount: number;
      screenshot: string | null;
      lessonStart: string | null;
      reporter: { email: string };
    };
    const admin = await signIn('admin@hiwar.test');
    const all = await get('/api/v1/report/list?size=100', admin);
    const list = all.list as Listed[];
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.unresolved).toBeGreaterThanOrEqual(3);
    expect(list.some((report) => report.resolved && report.hasStaffReply)).toBe(true);
    const reporters = new Set(list.map((report) => report.reporter.email));
    expect(reporters).toContain('tutor@hiwar.test');
    expect(reporters).toContain('student1@hiwar.test');
    const fresh = list.find((report) => report.screenshot !== null);
    expect(fresh).toMatchObject({ resolved: false, replyCount: 0 });
    const picture = await app.inject({
      method: 'GET',
      url: new URL(fresh!.screenshot!).pathname,
      headers: admin,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);

    // The demo student's "my reports": one about a lesson, answered by staff and still open.
    const student = await signIn('student@hiwar.test');
    const mine = (await get('/api/v1/report/list', student)).list as Listed[];
    const answered = mine.find((report) => report.hasStaffReply);
    expect(answered).toMatchObject({ resolved: false, lessonStart: expect.any(String) });
    const conversation = await get(`/api/v1/report/reply/report/${answered!.id}`, student);
    expect(conversation.list.length).toBeGreaterThanOrEqual(2);
    expect(conversation.list.at(-1)).toMatchObject({ fromStaff: true });

    const requests = await get('/api/v1/contact-request/list?size=100', admin);
    expect(requests.total).toBeGreaterThanOrEqual(3);
    expect(requests.unhandled).toBeGreaterThanOrEqual(2);
    expect(requests.list.find((request: { handled: boolean }) => request.handled)?.handledBy?.name).toEqual(
      expect.any(String),
    );
  });

  it('gives every demo tutor their own portrait, poster and intro video', async () => {
    const rows = await app.db
      .select({ email: users.email, image: users.image, thumbnail: tutors.thumbnail, video: tutors.video })
      .from(tutors)
      .innerJoin(users, eq(users.id, tutors.userId))
      .where(
        inArray(
          users.email,
          demoTutorSchedules().map(([email]) => email),
        ),
      );
    expect(rows).toHaveLength(14);
    const read = async (name: string | null) => {
      const res = await app.inject({ method: 'GET', url: `/assets/uploads/${name}` });
      expect(res.statusCode).toBe(200);
      return res.rawPayload.toString('base64');
    };
    for (const column of ['image', 'thumbnail', 'video'] as const) {
      const contents = await Promise.all(rows.map((row) => read(row[column])));
      expect(new Set(contents).size, `${column}s differ`).toBe(rows.length);
    }
    // A valid MP4 header (an `ftyp` box first) for each, naming whose it is.
    const video = Buffer.from(await read(rows[0]!.video), 'base64');
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(video.toString('utf8')).toContain(rows[0]!.email);
  });

  it('dates the reviews after their lessons, across the past weeks', async () => {
    const rows = await app.db.select({ createdAt: ratings.createdAt }).from(ratings);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const now = Date.now();
    const weeksAgo = new Set(
      rows.map((row) => Math.floor((now - row.createdAt.getTime()) / (7 * 86_400_000))),
    );
    expect(rows.every((row) => row.createdAt.getTime() < now)).toBe(true);
    expect(weeksAgo.size).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((row) => toLocalDate(row.createdAt))).size).toBeGreaterThanOrEqual(7);
  });

  it('tops up availability at every start, so a database seeded weeks ago has times this and next week', async () => {
    const demoIds = (
      await app.db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.email,
            demoTutorSchedules().map(([email]) => email),
          ),
        )
    ).map((row) => row.id);
    const windowsBetween = async (from: Date, to: Date) =>
      app.db
        .select({ tutorId: availabilitySlots.tutorId })
        .from(availabilitySlots)
        .where(
          and(
            inArray(availabilitySlots.tutorId, demoIds),
            gt(availabilitySlots.startsAt, from),
            lt(availabilitySlots.startsAt, to),
          ),
        );
    /** The end of the week after the one holding `at` (Saturday 00:00, Cairo). */
    const endOfNextWeek = (at: Date) =>
      localDateTimeToInstant(addLocalDays(weekDates(addLocalDays(toLocalDate(at), 7)).at(-1)!, 1), '00:00');
    // Freshly seeded: every demo tutor has times this or next week, and a start adds nothing.
    const now = new Date();
    const seeded = await windowsBetween(now, endOfNextWeek(now));
    expect(new Set(seeded.map((row) => row.tutorId)).size).toBe(demoIds.length);
    expect(await topUpDemoAvailability(app.db, now)).toBe(0);

    // Three weeks on: the seeded windows are all in the past.
    const later = new Date(now.getTime() + 21 * 86_400_000);
    const weekEnd = endOfNextWeek(later);
    expect(await windowsBetween(later, weekEnd)).toHaveLength(0);

    const added = await topUpDemoAvailability(app.db, later);
    expect(added).toBeGreaterThan(0);
    const upcoming = await windowsBetween(later, weekEnd);
    expect(new Set(upcoming.map((row) => row.tutorId)).size).toBe(demoIds.length);
    // Idempotent: the next start adds nothing.
    expect(await topUpDemoAvailability(app.db, later)).toBe(0);
    expect(await windowsBetween(later, weekEnd)).toHaveLength(upcoming.length);
  });

  it('is not added twice', async () => {
    expect((await seedDemoData(app.db, app.files)).seeded).toBe(false);
  });
});
