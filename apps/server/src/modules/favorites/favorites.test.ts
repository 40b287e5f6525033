import { BOUNDS, MAX_ROW_ID, Role } from '@hiwar/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favoriteTutors } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, createListedTutor, createUser, loginAs } from '../../testing/factories.ts';
import { at, DAY, HOUR, T0 } from '../../testing/time.ts';
import { updateTutorRow } from '../users/users.repository.ts';

type Auth = { authorization: string };
type Method = 'GET' | 'PUT' | 'DELETE';

describe('favourite tutors', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);

  const call = (method: Method, path: string, auth: Auth | object = {}) =>
    app.inject({ method, url: `/api/v1/favorite${path}`, headers: auth as Auth });
  const save = (auth: Auth | object, tutorId: number | string) => call('PUT', `/tutor/${tutorId}`, auth);
  const unsave = (auth: Auth | object, tutorId: number | string) => call('DELETE', `/tutor/${tutorId}`, auth);
  const ids = async (auth: Auth) => (await call('GET', '/tutor/ids', auth)).json().ids as number[];
  const stored = (studentId: number) =>
    app.db.select().from(favoriteTutors).where(eq(favoriteTutors.studentId, studentId));

  it('saves a listed tutor, idempotently, and unsaves them, idempotently', async () => {
    const student = await loginAs(app, Role.Student);
    const tutor = await createListedTutor(app.db);
    const manager = await createListedTutor(app.db, { role: Role.TutorManager });

    for (const attempt of [1, 2]) {
      const res = await save(student.auth, tutor.id);
      expect(res.statusCode, `save ${attempt}`).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await save(student.auth, manager.id)).statusCode).toBe(200);
    expect(await ids(student.auth)).toEqual([manager.id, tutor.id].sort((a, b) => b - a));
    expect(await stored(student.user.id)).toHaveLength(2);

    for (const attempt of [1, 2]) {
      const res = await unsave(student.auth, tutor.id);
      expect(res.statusCode, `unsave ${attempt}`).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await ids(student.auth)).toEqual([manager.id]);
  });

  it('lists only the caller’s own favourites', async () => {
    const [one, other] = [await loginAs(app, Role.Student), await loginAs(app, Role.Student)];
    const tutor = await createListedTutor(app.db);
    await save(one.auth, tutor.id);
    expect(await ids(one.auth)).toEqual([tutor.id]);
    expect(await ids(other.auth)).toEqual([]);
    // Unsaving is per student: the other's unsave leaves the first one's favourite.
    await unsave(other.auth, tutor.id);
    expect(await ids(one.auth)).toEqual([tutor.id]);
  });

  it('answers tutor-not-found for a tutor who is not listed, not a tutor, or does not exist; nothing stored', async () => {
    const student = await loginAs(app, Role.Student);
    const unlisted = await createListedTutor(app.db, { tutor: { activated: false } });
    const otherStudent = await createUser(app.db, { role: Role.Student });
    const staff = await createUser(app.db, { role: Role.SuperAdmin });
    for (const id of [unlisted.id, otherStudent.id, staff.id, student.user.id, 987_654]) {
      const res = await save(student.auth, id);
      expect(res.statusCode, `tutor ${id}`).toBe(404);
      expect(res.json().code).toBe('tutor-not-found');
    }
    expect(await stored(student.user.id)).toEqual([]);
    // Unsaving any of them is fine.
    expect((await unsave(student.auth, unlisted.id)).statusCode).toBe(200);
    expect((await unsave(student.auth, 987_654)).statusCode).toBe(200);
  });

  it('lets a student unsave a tutor who is no longer listed', async () => {
    const student = await loginAs(app, Role.Student);
    const tutor = await createListedTutor(app.db);
    await save(student.auth, tutor.id);
    await updateTutorRow(app.db, tutor.id, { activated: false });
    const list = (await call('GET', '/tutor/list', student.auth)).json();
    expect(list.list.map((item: { id: number; listed: boolean }) => [item.id, item.listed])).toEqual([
      [tutor.id, false],
    ]);
    expect((await unsave(student.auth, tutor.id)).statusCode).toBe(200);
    expect(await ids(student.auth)).toEqual([]);
  });

  it.each([
    ['0', '0'],
    ['a negative id', '-3'],
    ['a fraction', '1.5'],
    ['letters', 'abc'],
    ['an id beyond any row', String(MAX_ROW_ID + 1)],
    ['a huge number', '99999999999999999999'],
  ])('answers bad-request for %s and stores nothing', async (_label, raw) => {
    const student = await loginAs(app, Role.Student);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, `/tutor/${raw}`, student.auth);
      expect(res.statusCode, `${method} ${raw}`).toBe(400);
      expect(res.json().code).toBe('bad-request');
    }
    expect(await stored(student.user.id)).toEqual([]);
  });

  it('answers bad-request for a page out of bounds', async () => {
    const student = await loginAs(app, Role.Student);
    for (const query of ['size=0', `size=${BOUNDS.pageSize.max + 1}`, 'page=0', 'page=x']) {
      const res = await call('GET', `/my-tutors?${query}`, student.auth);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('bad-request');
    }
  });

  it('admits students only: 401 for strangers, 403 for every other role, before reading the id', async () => {
    const tutor = await createListedTutor(app.db);
    const routes: Array<[Method, string]> = [
      ['GET', '/tutor/ids'],
      ['GET', '/tutor/list'],
      ['GET', '/my-tutors'],
      ['PUT', `/tutor/${tutor.id}`],
      ['DELETE', `/tutor/${tutor.id}`],
      ['PUT', '/tutor/not-an-id'],
    ];
    for (const [method, path] of routes) {
      const stranger = await call(method, path);
      expect(stranger.statusCode, `${method} ${path}`).toBe(401);
      expect(stranger.json().code).toBe('unauthenticated');
    }
    for (const role of [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin, Role.Studio]) {
      const other = await loginAs(app, role);
      for (const [method, path] of routes) {
        const res = await call(method, path, other.auth);
        expect(res.statusCode, `${method} ${path} as ${role}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    expect(await app.db.select().from(favoriteTutors).where(eq(favoriteTutors.tutorId, tutor.id))).toEqual(
      [],
    );
  });

  it('stops at the limit of favourites; a tutor already saved can still be saved again', async () => {
    const student = await loginAs(app, Role.Student);
    const tutors = await Promise.all(
      Array.from({ length: BOUNDS.favoriteTutors.max + 1 }, () => createListedTutor(app.db)),
    );
    await app.db
      .insert(favoriteTutors)
      .values(tutors.slice(1).map((tutor) => ({ studentId: student.user.id, tutorId: tutor.id })));
    const res = await save(student.auth, tutors[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reached-favorites-limit');
    expect((await save(student.auth, tutors[1]!.id)).statusCode).toBe(200);
    expect(await ids(student.auth)).toHaveLength(BOUNDS.favoriteTutors.max);
  });

  it('never fails when the same pair is saved and unsaved concurrently', async () => {
    const student = await loginAs(app, Role.Student);
    const tutor = await createListedTutor(app.db);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => (index % 2 === 0 ? save : unsave)(student.auth, tutor.id)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const rows = await app.db
      .select()
      .from(favoriteTutors)
      .where(and(eq(favoriteTutors.studentId, student.user.id), eq(favoriteTutors.tutorId, tutor.id)));
    expect(rows.length).toBeLessThanOrEqual(1);
    // Saves alone, all at once: one row.
    const saves = await Promise.all(Array.from({ length: 12 }, () => save(student.auth, tutor.id)));
    expect(saves.map((res) => res.statusCode)).toEqual(saves.map(() => 200));
    expect(await ids(student.auth)).toEqual([tutor.id]);
  });

  it('keeps the limit when many tutors are saved at once', async () => {
    const student = await loginAs(app, Role.Student);
    const tutors = await Promise.all(Array.from({ length: 6 }, () => createListedTutor(app.db)));
    const others = await Promise.all(
      Array.from({ length: BOUNDS.favoriteTutors.max - 2 }, () => createListedTutor(app.db)),
    );
    await app.db
      .insert(favoriteTutors)
      .values(others.map((tutor) => ({ studentId: student.user.id, tutorId: tutor.id })));
    const answers = await Promise.all(tutors.map((tutor) => save(student.auth, tutor.id)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(4);
    expect(await stored(student.user.id)).toHaveLength(BOUNDS.favoriteTutors.max);
  });

  it('lists my tutors: favourites and lesson partners, with the last and next lesson, soonest first', async () => {
    const student = await loginAs(app, Role.Student);
    const [saved, taught, upcoming, canceled, both] = await Promise.all(
      ['سارة', 'هالة', 'ليلى', 'نادية', 'منى'].map((name) => createListedTutor(app.db, { name })),
    );
    const lesson = (tutorId: number, start: Date, extra: object = {}) =>
      createLesson(app.db, { tutorId, studentId: student.user.id, start, ...extra });
    await save(student.auth, saved!.id);
    await lesson(taught!.id, at(-3 * DAY));
    await lesson(taught!.id, at(-2 * DAY));
    await lesson(upcoming!.id, at(2 * DAY));
    await lesson(upcoming!.id, at(-5 * DAY));
    await lesson(both!.id, at(DAY));
    await save(student.auth, both!.id);
    // Only cancelled lessons: not one of my tutors.
    await lesson(canceled!.id, at(-4 * HOUR), {
      canceledAt: at(-DAY),
      canceledBy: 'student',
      minutesReturned: true,
    });
    // A cancelled lesson with a partner is not their next one.
    await lesson(taught!.id, at(3 * DAY), {
      canceledAt: at(-DAY),
      canceledBy: 'tutor',
      minutesReturned: true,
    });

    const res = await call('GET', '/my-tutors', student.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.list).toEqual([
      expect.objectContaining({
        id: both!.id,
        name: 'منى',
        isFavorite: true,
        listed: true,
        nextLessonAt: at(DAY).toISOString(),
        lastLessonAt: null,
      }),
      expect.objectContaining({
        id: upcoming!.id,
        isFavorite: false,
        savedAt: null,
        nextLessonAt: at(2 * DAY).toISOString(),
        lastLessonAt: at(-5 * DAY).toISOString(),
      }),
      // Saved at T0 (the app's clock), after the last lesson with the next one.
      expect.objectContaining({ id: saved!.id, isFavorite: true, lastLessonAt: null, nextLessonAt: null }),
      expect.objectContaining({
        id: taught!.id,
        isFavorite: false,
        lastLessonAt: at(-2 * DAY).toISOString(),
        nextLessonAt: null,
      }),
    ]);
    expect(body.list[0]).toMatchObject({ rating: null, ratingCount: 0 });
    expect(body.list[0].image).toMatch(/tutor-avatar\.webp/);

    // Paged.
    const second = (await call('GET', '/my-tutors?page=2&size=3', student.auth)).json();
    expect(second).toEqual({ total: 4, list: [expect.objectContaining({ id: taught!.id })] });
    // The favourites alone.
    const favourites = (await call('GET', '/tutor/list', student.auth)).json();
    expect(favourites.total).toBe(2);
    expect(favourites.list.map((item: { id: number }) => item.id).sort()).toEqual(
      [saved!.id, both!.id].sort(),
    );
  });

  it('shows a student’s favourites to admins only, read-only', async () => {
    const student = await loginAs(app, Role.Student);
    const tutor = await createListedTutor(app.db);
    const partner = await createListedTutor(app.db);
    await save(student.auth, tutor.id);
    await createLesson(app.db, { tutorId: partner.id, studentId: student.user.id, start: at(-DAY) });
    const superAdmin = await loginAs(app, Role.SuperAdmin);
    for (const staff of [admin, superAdmin]) {
      const res = await call('GET', `/student/${student.user.id}`, staff.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 1,
        list: [expect.objectContaining({ id: tutor.id, isFavorite: true })],
      });
    }
    for (const role of [Role.TutorManager, Role.Studio, Role.Tutor, Role.Student]) {
      const other = await loginAs(app, role);
      const res = await call('GET', `/student/${student.user.id}`, other.auth);
      expect(res.statusCode, `as ${role}`).toBe(403);
    }
    expect((await call('GET', `/student/${student.user.id}`)).statusCode).toBe(401);
    for (const id of [tutor.id, admin.user.id, 987_654]) {
      const res = await call('GET', `/student/${id}`, admin.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('student-not-found');
    }
    expect((await call('GET', `/student/${MAX_ROW_ID + 1}`, admin.auth)).json().code).toBe('bad-request');
  });
});
