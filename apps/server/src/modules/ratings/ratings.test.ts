import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ratings, tutors } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, createListedTutor, loginAs } from '../../testing/factories.ts';
import { at, HOUR, T0 } from '../../testing/time.ts';

type Auth = { authorization: string };

describe('ratings', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);

  const post = (auth: Auth | object, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/rating/', headers: auth as Auth, payload });
  const get = (path: string, auth: Auth | object = {}) =>
    app.inject({ method: 'GET', url: path, headers: auth as Auth });
  const aggregate = async (tutorId: number) => {
    const [row] = await app.db.select().from(tutors).where(eq(tutors.userId, tutorId));
    return { count: row!.ratingCount, sum: row!.ratingSum };
  };

  let lessonsGiven = 0;
  /** A student who had a lesson with the tutor, given earlier (each at its own time). */
  async function taughtStudent(tutorId: number, name = 'يوسف طارق') {
    const student = await loginAs(app, Role.Student, { name });
    lessonsGiven++;
    await createLesson(app.db, { tutorId, studentId: student.user.id, start: at(-lessonsGiven * HOUR) });
    return student;
  }

  it('lets a student rate a tutor after a fulfilled lesson, once; the tutor’s mean follows', async () => {
    const tutor = await createListedTutor(app.db);
    const student = await taughtStudent(tutor.id);
    const res = await post(student.auth, { rateeId: tutor.id, value: 4, text: '  درس ممتاز ومفيد  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      raterId: student.user.id,
      rateeId: tutor.id,
      rater: { id: student.user.id, name: 'يوسف طارق' },
      value: 4,
      text: 'درس ممتاز ومفيد',
    });
    const again = await post(student.auth, { rateeId: tutor.id, value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('rating-exists');
    const second = await taughtStudent(tutor.id);
    await post(second.auth, { rateeId: tutor.id, value: 1 });
    expect(await aggregate(tutor.id)).toEqual({ count: 2, sum: 5 });
  });

  it('refuses a student without a fulfilled lesson: rating-needs-lesson', async () => {
    const tutor = await createListedTutor(app.db);
    const student = await loginAs(app, Role.Student);
    // Booked but not given yet, and given but cancelled, do not count.
    await createLesson(app.db, { tutorId: tutor.id, studentId: student.user.id, start: at(HOUR) });
    await createLesson(app.db, {
      tutorId: tutor.id,
      studentId: student.user.id,
      start: at(-5 * HOUR),
      canceledAt: at(-6 * HOUR),
      canceledBy: 'tutor',
      minutesReturned: true,
    });
    const res = await post(student.auth, { rateeId: tutor.id, value: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('rating-needs-lesson');
    expect(await aggregate(tutor.id)).toEqual({ count: 0, sum: 0 });
  });

  it.each([
    ['rating-value-too-low', { value: 0 }],
    ['rating-value-too-high', { value: 6 }],
    ['invalid-type', { value: 4.5 }],
    ['rating-text-too-short', { text: 'لا' }],
    ['rating-text-too-long', { text: 'م'.repeat(1001) }],
    ['required', { value: undefined }],
  ])('answers %s and stores nothing', async (code, overrides) => {
    const tutor = await createListedTutor(app.db);
    const student = await taughtStudent(tutor.id);
    const res = await post(student.auth, { rateeId: tutor.id, value: 3, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await app.db.select().from(ratings).where(eq(ratings.rateeId, tutor.id))).toHaveLength(0);
  });

  it('is for students rating tutors only', async () => {
    const tutor = await createListedTutor(app.db);
    const otherStudent = await loginAs(app, Role.Student);
    const student = await taughtStudent(tutor.id);
    expect((await post(student.auth, { rateeId: otherStudent.user.id, value: 3 })).json().code).toBe(
      'tutor-not-found',
    );
    for (const role of [Role.Tutor, Role.RegularAdmin]) {
      const user = await loginAs(app, role);
      expect((await post(user.auth, { rateeId: tutor.id, value: 3 })).json().code).toBe('forbidden');
    }
    expect((await post({}, { rateeId: tutor.id, value: 3 })).statusCode).toBe(401);
  });

  it('keeps one rating per pair when a student sends two at once', async () => {
    const tutor = await createListedTutor(app.db);
    const student = await taughtStudent(tutor.id);
    const answers = await Promise.all([
      post(student.auth, { rateeId: tutor.id, value: 5 }),
      post(student.auth, { rateeId: tutor.id, value: 4 }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await aggregate(tutor.id)).toMatchObject({ count: 1 });
  });

  it('keeps the aggregate exact when many students rate at once', async () => {
    const tutor = await createListedTutor(app.db);
    const students = [];
    for (let i = 0; i < 12; i++) {
      students.push(await taughtStudent(tutor.id));
    }
    await Promise.all(
      students.map((student, i) => post(student.auth, { rateeId: tutor.id, value: (i % 5) + 1 })),
    );
    expect(await aggregate(tutor.id)).toEqual({
      count: 12,
      sum: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2].reduce((a, b) => a + b),
    });
  });

  it('lets the author change and delete a rating, admins delete, nobody else', async () => {
    const tutor = await createListedTutor(app.db);
    const student = await taughtStudent(tutor.id);
    const rating = (await post(student.auth, { rateeId: tutor.id, value: 2, text: 'متوسط' })).json();
    const put = (auth: Auth, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/v1/rating/${rating.id}`, headers: auth, payload });
    expect((await put(student.auth, { value: 5 })).json()).toMatchObject({ value: 5, text: 'متوسط' });
    expect((await put(student.auth, { text: '' })).json()).toMatchObject({ value: 5, text: null });
    expect((await put(student.auth, {})).json().code).toBe('empty-request');
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/rating/999999',
      headers: student.auth,
      payload: { value: 2 },
    });
    expect(missing.json().code).toBe('rating-not-found');
    expect(await aggregate(tutor.id)).toEqual({ count: 1, sum: 5 });

    const stranger = await loginAs(app, Role.Student);
    expect((await put(stranger.auth, { value: 1 })).json().code).toBe('not-owner');
    expect((await put(admin.auth, { value: 1 })).statusCode).toBe(403);
    const del = (auth: Auth, id = rating.id) =>
      app.inject({ method: 'DELETE', url: `/api/v1/rating/${id}`, headers: auth });
    expect((await del(stranger.auth)).json().code).toBe('not-owner');
    expect((await del(student.auth)).json()).toEqual({ ok: true });
    expect(await aggregate(tutor.id)).toEqual({ count: 0, sum: 0 });
    expect((await del(admin.auth)).json().code).toBe('rating-not-found');

    const again = (await post(student.auth, { rateeId: tutor.id, value: 3 })).json();
    expect((await del(admin.auth, again.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/rating/${again.id}`)).json().code).toBe('rating-not-found');
  });

  it('lists ratings by tutor and ratee (public) and by rater (themself or admins), newest first, paged', async () => {
    const tutor = await createListedTutor(app.db);
    const first = await taughtStudent(tutor.id, 'الطالب الأول');
    const second = await taughtStudent(tutor.id, 'الطالب الثاني');
    const a = (await post(first.auth, { rateeId: tutor.id, value: 5 })).json();
    const b = (await post(second.auth, { rateeId: tutor.id, value: 4 })).json();
    expect((await get(`/api/v1/rating/${a.id}`)).json()).toMatchObject({ id: a.id, value: 5 });

    const byTutor = (await get(`/api/v1/rating/list/tutor/${tutor.id}?size=1`)).json();
    expect(byTutor).toMatchObject({ total: 2, list: [{ id: b.id }] });
    expect((await get(`/api/v1/rating/list/tutor/${tutor.id}?page=2&size=1`)).json().list).toMatchObject([
      { id: a.id },
    ]);
    expect((await get(`/api/v1/rating/list/ratee/${tutor.id}`)).json().total).toBe(2);
    expect((await get(`/api/v1/rating/list/tutor/${first.user.id}`)).json().code).toBe('tutor-not-found');
    expect((await get(`/api/v1/rating/list/tutor/${tutor.id}?size=101`)).json().code).toBe('bad-request');

    expect((await get(`/api/v1/rating/list/rater/${first.user.id}`, first.auth)).json()).toMatchObject({
      total: 1,
      list: [{ id: a.id }],
    });
    expect((await get(`/api/v1/rating/list/rater/${first.user.id}`, admin.auth)).json().total).toBe(1);
    expect((await get(`/api/v1/rating/list/rater/${first.user.id}`, second.auth)).json().code).toBe(
      'forbidden',
    );
    expect((await get(`/api/v1/rating/list/rater/${first.user.id}`)).statusCode).toBe(401);
  });
});
