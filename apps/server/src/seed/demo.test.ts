import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { loginAs } from '../testing/factories.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';

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

  it('is not added twice', async () => {
    expect((await seedDemoData(app.db, app.files)).seeded).toBe(false);
  });
});
