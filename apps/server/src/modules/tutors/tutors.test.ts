import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { InterviewStatus, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews, ratings, tutors, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createListedTutor,
  createSlot,
  createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { listenForSockets } from '../../testing/sockets.ts';
import { at, DAY, HOUR, T0 } from '../../testing/time.ts';

type Auth = { authorization: string };
type Card = {
  id: number;
  name: string;
  rating: number | null;
  lessonCount: number;
  nextAvailableAt: string | null;
};

describe('tutors', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);
  const sockets = await listenForSockets(app);

  let topicSequence = 0;
  /** A topic of its own, so each test filters down to the tutors it made. */
  async function newTopic(nameEn = `Topic ${++topicSequence}`, nameAr = `موضوع رقم ${topicSequence}`) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/topic/',
      headers: admin.auth,
      payload: { nameAr, nameEn },
    });
    return res.json() as { id: number; nameAr: string; nameEn: string };
  }
  async function giveTopic(userId: number, topicId: number) {
    const user = await app.db.select().from(users).where(eq(users.id, userId));
    const token = await app.sessions.issue(user[0]!);
    await app.inject({
      method: 'POST',
      url: '/api/v1/topic/of/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { topicId },
    });
  }
  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/list/onboarded?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { list: Card[]; total: number };
  };
  const ids = (page: { list: Card[] }) => page.list.map((card) => card.id);
  const flush = () => app.inject({ method: 'DELETE', url: '/api/v1/cache/flush', headers: admin.auth });

  describe('GET /api/v1/user/tutor/list/onboarded', () => {
    it('lists only listed tutors (and TutorManagers with a complete profile)', async () => {
      const topic = await newTopic();
      const listed = await createListedTutor(app.db);
      const manager = await createListedTutor(app.db, { role: Role.TutorManager, verifiedPhone: false });
      const noVideo = await createListedTutor(app.db, { tutor: { video: null } });
      const inactive = await createListedTutor(app.db, { tutor: { activated: false } });
      const unsigned = await createListedTutor(app.db, { tutor: { interviewSignedAt: null } });
      const unverified = await createListedTutor(app.db, { verifiedPhone: false });
      for (const tutor of [listed, manager, noVideo, inactive, unsigned, unverified]) {
        await giveTopic(tutor.id, topic.id);
      }
      const page = await list(`topics=${topic.id}`);
      expect(ids(page).sort()).toEqual([listed.id, manager.id].sort());
      expect(page.total).toBe(2);
      expect(page.list.find((card) => card.id === listed.id)).toMatchObject({
        role: Role.Tutor,
        name: 'منى عادل',
        gender: 'female',
        image: expect.stringContaining('tutor-avatar.webp'),
        video: expect.stringContaining('tutor-video.mp4'),
        thumbnail: expect.stringContaining('tutor-thumbnail.webp'),
        topics: [topic],
        rating: null,
        ratingCount: 0,
        lessonCount: 0,
        studentCount: 0,
        notice: 14,
        nextAvailableAt: null,
      });
    });

    it('answers a kept page compressed as the client accepts, the same JSON once decompressed', async () => {
      const topic = await newTopic();
      for (let i = 0; i < 4; i++) {
        await giveTopic((await createListedTutor(app.db)).id, topic.id);
      }
      const url = `/api/v1/user/tutor/list/onboarded?topics=${topic.id}`;
      const plain = await app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.json()).toMatchObject({ total: 4 });
      // The second answer of each comes from the kept page (the hot path), compressed once.
      for (let round = 0; round < 2; round++) {
        const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
        const identity = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.body).toBe(plain.body);
      }
    });

    it('searches names, bios and topic names in Arabic and English, tolerating a typo', async () => {
      const topic = await newTopic('Business English', 'إنجليزي الأعمال');
      const marker = await newTopic();
      const karim = await createListedTutor(app.db, { name: 'Karim Hassan' });
      const salma = await createListedTutor(app.db, { name: 'سلمى إبراهيم' });
      const bio = await createListedTutor(app.db, {
        name: 'Other Tutor',
        tutor: { bio: 'مدرس نطق أمريكي للأطفال والكبار بخبرة طويلة' },
      });
      for (const tutor of [karim, salma, bio]) {
        await giveTopic(tutor.id, marker.id);
      }
      await giveTopic(salma.id, topic.id);
      await flush();
      const search = async (term: string) =>
        ids(await list(`topics=${marker.id}&search=${encodeURIComponent(term)}`));
      expect(await search('karim')).toEqual([karim.id]);
      expect(await search('Kareem Hasan')).toEqual([karim.id]);
      expect(await search('سلمى')).toEqual([salma.id]);
      expect(await search('business')).toEqual([salma.id]);
      expect(await search('الأعمال')).toEqual([salma.id]);
      expect(await search('أمريكي')).toEqual([bio.id]);
      expect(await search('zzzz')).toEqual([]);
    });

    it('finds a name whatever the spelling of its alef, yaa, taa marbuta, case and diacritics', async () => {
      const marker = await newTopic();
      const ahmed = await createListedTutor(app.db, { name: 'أحمد مصطفى' });
      const fatma = await createListedTutor(app.db, { name: 'فاطمة إبراهيم' });
      const sara = await createListedTutor(app.db, { name: 'SARA José' });
      for (const tutor of [ahmed, fatma, sara]) {
        await giveTopic(tutor.id, marker.id);
      }
      const search = async (term: string) =>
        ids(await list(`topics=${marker.id}&search=${encodeURIComponent(term)}`));
      expect(await search('احمد مصطفي')).toEqual([ahmed.id]);
      expect(await search('فاطمه ابراهيم')).toEqual([fatma.id]);
      expect(await search('أَحْمَد')).toEqual([ahmed.id]);
      expect(await search('sara jose')).toEqual([sara.id]);
    });

    it('filters by gender, and by a bookable start on a day and in a part of the day (Cairo)', async () => {
      const marker = await newTopic();
      // Tuesday 2 March: a morning window (09:00–10:00 Cairo) and an evening one (19:00–20:00).
      const morning = await createListedTutor(app.db, { gender: 'male' });
      await createSlot(
        app.db,
        morning.id,
        new Date('2027-03-02T07:00:00Z'),
        new Date('2027-03-02T08:00:00Z'),
      );
      const evening = await createListedTutor(app.db);
      await createSlot(
        app.db,
        evening.id,
        new Date('2027-03-02T17:00:00Z'),
        new Date('2027-03-02T18:00:00Z'),
      );
      // Fully booked: no bookable start left.
      const booked = await createListedTutor(app.db);
      await createSlot(app.db, booked.id, new Date('2027-03-02T07:00:00Z'), new Date('2027-03-02T07:30:00Z'));
      const student = await createUser(app.db);
      await createLesson(app.db, {
        tutorId: booked.id,
        studentId: student.id,
        start: new Date('2027-03-02T07:00:00Z'),
      });
      for (const tutor of [morning, evening, booked]) {
        await giveTopic(tutor.id, marker.id);
      }
      await flush();
      const only = `topics=${marker.id}`;
      expect(ids(await list(`${only}&gender=male`))).toEqual([morning.id]);
      expect(ids(await list(`${only}&day=2027-03-02`)).sort()).toEqual([morning.id, evening.id].sort());
      expect(ids(await list(`${only}&day=2027-03-02&time=morning`))).toEqual([morning.id]);
      expect(ids(await list(`${only}&time=evening`))).toEqual([evening.id]);
      expect(ids(await list(`${only}&day=2027-03-03`))).toEqual([]);
      const page = await list(`${only}&gender=male`);
      expect(page.list[0]!.nextAvailableAt).toBe('2027-03-02T07:00:00.000Z');
    });

    it('sorts by rating, by lessons given and by newest, and pages', async () => {
      const marker = await newTopic();
      const [a, b, c] = [
        await createListedTutor(app.db),
        await createListedTutor(app.db),
        await createListedTutor(app.db),
      ];
      for (const tutor of [a, b, c]) {
        await giveTopic(tutor.id, marker.id);
      }
      const student = await createUser(app.db);
      const other = await createUser(app.db);
      // a: 2 lessons given, rated 3; b: 1 lesson, rated 5; c: nothing.
      await createLesson(app.db, { tutorId: a.id, studentId: student.id, start: at(-5 * HOUR) });
      await createLesson(app.db, { tutorId: a.id, studentId: other.id, start: at(-3 * HOUR) });
      await createLesson(app.db, { tutorId: b.id, studentId: student.id, start: at(-HOUR) });
      await app.db.insert(ratings).values([
        { raterId: student.id, rateeId: a.id, value: 3 },
        { raterId: student.id, rateeId: b.id, value: 5 },
      ]);
      await flush();
      const only = `topics=${marker.id}`;
      expect(ids(await list(`${only}&sort=rating`))).toEqual([b.id, a.id, c.id]);
      expect(ids(await list(`${only}&sort=lessons`))).toEqual([a.id, b.id, c.id]);
      expect(ids(await list(`${only}&sort=newest`))).toEqual([c.id, b.id, a.id]);
      const second = await list(`${only}&sort=rating&page=2&size=2`);
      expect(second).toMatchObject({ total: 3, list: [{ id: c.id }] });
      const rated = (await list(`${only}&sort=rating`)).list;
      expect(rated[1]).toMatchObject({ rating: 3, ratingCount: 1, lessonCount: 2, studentCount: 2 });
    });

    it.each([
      ['size=101'],
      ['page=0'],
      ['sort=cheapest'],
      ['gender=other'],
      ['day=2027-02-30'],
      ['time=noon'],
      ['topics=a'],
    ])('answers bad-request to %s', async (query) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/list/onboarded?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });

    it('is served from the cache until a change clears it, and tells connected clients', async () => {
      const marker = await newTopic();
      const tutor = await loginAsListedTutor(app, { name: 'قبل التغيير' });
      await giveTopic(tutor.user.id, marker.id);
      const query = `topics=${marker.id}`;
      expect((await list(query)).list[0]!.name).toBe('قبل التغيير');

      // Written behind the server's back: the cached page does not see it.
      await app.db.update(users).set({ name: 'من الخلف' }).where(eq(users.id, tutor.user.id));
      expect((await list(query)).list[0]!.name).toBe('قبل التغيير');

      const student = await loginAs(app, Role.Student);
      const socket = await sockets.connect(student.token);
      // Announcements are one a second at most: the topic given above may still be on its way.
      const announced = new Promise<{ reason: string }>((resolve) =>
        socket.on('TutorsCache', (event: { reason: string }) => {
          if (event.reason === 'profile') {
            resolve(event);
          }
        }),
      );

      // A change through the API clears it.
      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/v1/user/${tutor.user.id}`,
        headers: tutor.auth,
        payload: { name: 'بعد التغيير' },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await list(query)).list[0]!.name).toBe('بعد التغيير');
      expect(await announced).toMatchObject({ reason: 'profile' });

      // So does a flush, which only SuperAdmin and RegularAdmin may ask for.
      await app.db.update(tutors).set({ activated: false }).where(eq(tutors.userId, tutor.user.id));
      expect((await list(query)).total).toBe(1);
      for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
        const user = await loginAs(app, role);
        const res = await app.inject({ method: 'DELETE', url: '/api/v1/cache/flush', headers: user.auth });
        expect(res.json().code).toBe('forbidden');
      }
      expect((await app.inject({ method: 'DELETE', url: '/api/v1/cache/flush' })).statusCode).toBe(401);
      expect((await flush()).json()).toMatchObject({ ok: true, flushedAt: T0.toISOString() });
      expect((await list(query)).total).toBe(0);
    });

    it('is cleared by schedule, topic, rating and booking changes', async () => {
      const marker = await newTopic();
      const tutor = await loginAsListedTutor(app);
      await giveTopic(tutor.user.id, marker.id);
      const query = `topics=${marker.id}`;
      expect((await list(query)).list[0]!.nextAvailableAt).toBeNull();
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/',
        headers: tutor.auth,
        payload: { create: [{ start: at(DAY).toISOString(), end: at(DAY + HOUR).toISOString() }] },
      });
      expect(saved.statusCode).toBe(200);
      expect((await list(query)).list[0]!.nextAvailableAt).toBe(at(DAY).toISOString());

      await app.inject({
        method: 'PUT',
        url: `/api/v1/topic/${marker.id}`,
        headers: admin.auth,
        payload: { nameEn: 'Renamed topic' },
      });
      expect((await list(query)).list[0]).toMatchObject({ topics: [{ nameEn: 'Renamed topic' }] });
    });
  });

  describe('profiles and figures', () => {
    it('shows a listed tutor’s profile to anyone; an unlisted one to themself and staff only', async () => {
      const topic = await newTopic();
      const tutor = await loginAsListedTutor(app);
      await giveTopic(tutor.user.id, topic.id);
      const info = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${tutor.user.id}` });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({
        id: tutor.user.id,
        listed: true,
        about: expect.stringContaining('أدرّس'),
        topics: [topic],
      });

      const unlisted = await loginAs(app, Role.Tutor);
      const url = `/api/v1/user/tutor/info/${unlisted.user.id}`;
      expect((await app.inject({ method: 'GET', url })).json().code).toBe('tutor-not-found');
      const self = await app.inject({ method: 'GET', url, headers: unlisted.auth });
      expect(self.json()).toMatchObject({ listed: false, video: null, bio: null });
      expect((await app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(200);
      // Studio and TutorManager only within their reach (decision 0045).
      const [studio, otherStudio] = [await loginAs(app, Role.Studio), await loginAs(app, Role.Studio)];
      await app.db
        .update(tutors)
        .set({ studioId: studio.user.id })
        .where(eq(tutors.userId, unlisted.user.id));
      const peek = async (auth: Auth) => (await app.inject({ method: 'GET', url, headers: auth })).statusCode;
      expect(await peek(studio.auth)).toBe(200);
      expect(await peek(otherStudio.auth)).toBe(404);
      const manager = await loginAs(app, Role.TutorManager);
      expect(await peek(manager.auth)).toBe(200);
      await app.db
        .update(tutors)
        .set({ interviewSignedAt: at(-DAY) })
        .where(eq(tutors.userId, unlisted.user.id));
      expect(await peek(manager.auth)).toBe(404);
      const student = await createUser(app.db);
      expect(
        (await app.inject({ method: 'GET', url: `/api/v1/user/tutor/info/${student.id}` })).statusCode,
      ).toBe(404);
    });

    it('counts a tutor’s lessons, students, minutes, rating and earnings', async () => {
      const tutor = await loginAsListedTutor(app);
      const [s1, s2] = [await loginAs(app, Role.Student), await loginAs(app, Role.Student)];
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: s1.user.id,
        start: at(-3 * HOUR),
        price: 7500,
      });
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: s2.user.id,
        start: at(-2 * HOUR),
        duration: 15,
        price: 3750,
      });
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: s1.user.id,
        start: at(-HOUR),
        canceledAt: at(-2 * DAY),
        canceledBy: 'tutor',
        canceledById: tutor.user.id,
        minutesReturned: true,
      });
      const next = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: s2.user.id,
        start: at(DAY),
      });
      await app.db.insert(ratings).values({ raterId: s1.user.id, rateeId: tutor.user.id, value: 4 });

      const stats = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/stats/${tutor.user.id}` });
      expect(stats.json()).toEqual({
        tutorId: tutor.user.id,
        lessonCount: 2,
        studentCount: 2,
        minutesTaught: 45,
        rating: 4,
        ratingCount: 1,
      });
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/user/tutor/stats/personalized',
        headers: tutor.auth,
      });
      expect(mine.json()).toMatchObject({
        lessonCount: 2,
        upcomingLessons: 1,
        canceledByTutor: 1,
        canceledByStudent: 0,
        earnings: { total: 11250, thisMonth: 11250 },
        nextLesson: { id: next.id },
      });
      expect(
        (
          await app.inject({ method: 'GET', url: '/api/v1/user/tutor/stats/personalized', headers: s1.auth })
        ).json().code,
      ).toBe('forbidden');

      const activity = (url: string, auth: Auth) => app.inject({ method: 'GET', url, headers: auth });
      const path = `/api/v1/user/tutor/activity/${tutor.user.id}`;
      expect((await activity(path, tutor.auth)).json()).toMatchObject({
        tutorId: tutor.user.id,
        days: [{ date: '2027-03-01', lessons: 2, minutes: 45 }],
        lastLessonAt: at(-2 * HOUR).toISOString(),
        canceledByTutor: 1,
      });
      // A TutorManager who interviewed the tutor reads it; another one does not (decision 0045).
      const manager = await loginAs(app, Role.TutorManager);
      await app.db.insert(interviews).values({
        interviewerId: manager.user.id,
        intervieweeId: tutor.user.id,
        startsAt: at(-30 * DAY),
        endsAt: at(-30 * DAY + HOUR / 2),
        status: InterviewStatus.Passed,
        decidedAt: at(-30 * DAY),
      });
      expect((await activity(path, manager.auth)).statusCode).toBe(200);
      const otherManager = await loginAs(app, Role.TutorManager);
      expect((await activity(path, otherManager.auth)).json().code).toBe('forbidden');
      expect((await activity(path, (await loginAs(app, Role.Studio)).auth)).json().code).toBe('forbidden');
      expect((await activity(path, admin.auth)).statusCode).toBe(200);
      expect((await activity(path, s1.auth)).json().code).toBe('forbidden');
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      const unlisted = await loginAs(app, Role.Tutor);
      const hidden = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/stats/${unlisted.user.id}` });
      expect(hidden.json().code).toBe('tutor-not-found');
      const own = await app.inject({
        method: 'GET',
        url: '/api/v1/user/tutor/stats/personalized',
        headers: unlisted.auth,
      });
      expect(own.json()).toMatchObject({ tutorId: unlisted.user.id, lessonCount: 0, nextLesson: null });

      const studentStats = (id: number, auth: Auth) =>
        app.inject({ method: 'GET', url: `/api/v1/user/student/stats/${id}`, headers: auth });
      expect((await studentStats(s1.user.id, s1.auth)).json()).toMatchObject({
        studentId: s1.user.id,
        lessonCount: 1,
        minutesLearned: 30,
        tutorCount: 1,
        upcomingLessons: 0,
        canceledLessons: 1,
        lateCancellations: 0,
        ratingsGiven: 1,
        nextLesson: null,
      });
      const personal = await app.inject({
        method: 'GET',
        url: '/api/v1/user/student/stats/personalized',
        headers: s2.auth,
      });
      expect(personal.json()).toMatchObject({
        lessonCount: 1,
        upcomingLessons: 1,
        nextLesson: { id: next.id },
      });
      expect((await studentStats(s1.user.id, s2.auth)).json().code).toBe('forbidden');
      expect((await studentStats(s1.user.id, admin.auth)).statusCode).toBe(200);
      expect((await studentStats(tutor.user.id, admin.auth)).json().code).toBe('student-not-found');
    });
  });
});
