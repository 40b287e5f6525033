import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { at, DAY, T0 } from '../../testing/time.ts';

type Auth = { authorization: string };

describe('GET /api/v1/lesson/list/?search= (a member’s name)', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);
  const list = (auth: Auth | object, query: string) =>
    app.inject({ method: 'GET', url: `/api/v1/lesson/list/?${query}`, headers: auth as Auth });
  const ids = (body: { list: Array<{ id: number }> }) => body.list.map((lesson) => lesson.id).sort();

  const nour = await loginAsListedTutor(app, { name: 'نور الهدى' });
  const karim = await loginAsListedTutor(app, { name: 'Karim Adel' });
  const salma = await loginAs(app, Role.Student, { name: 'سلمى يوسف' });
  const omar = await loginAs(app, Role.Student, { name: 'Omar 50%_off' });
  const nourSalma = await createLesson(app.db, {
    tutorId: nour.user.id,
    studentId: salma.user.id,
    start: at(DAY),
  });
  const karimSalma = await createLesson(app.db, {
    tutorId: karim.user.id,
    studentId: salma.user.id,
    start: at(2 * DAY),
  });
  const karimOmar = await createLesson(app.db, {
    tutorId: karim.user.id,
    studentId: omar.user.id,
    start: at(3 * DAY),
  });

  it('keeps the lessons where the tutor’s or the student’s name contains the text, any case', async () => {
    const byTutor = await list(admin.auth, `search=${encodeURIComponent('الهدى')}`);
    expect(byTutor.statusCode).toBe(200);
    expect(byTutor.json()).toMatchObject({ total: 1, list: [{ id: nourSalma.id }] });

    const byStudent = (await list(admin.auth, `search=${encodeURIComponent(' سلمى ')}`)).json();
    expect(byStudent.total).toBe(2);
    expect(ids(byStudent)).toEqual([nourSalma.id, karimSalma.id].sort());

    expect(ids((await list(admin.auth, 'search=kARIM')).json())).toEqual(
      [karimSalma.id, karimOmar.id].sort(),
    );
  });

  it('narrows the other filters and pages by the same count', async () => {
    const body = (await list(admin.auth, `search=karim&studentId=${salma.user.id}&size=1`)).json();
    expect(body).toMatchObject({ total: 1, list: [{ id: karimSalma.id }] });
    const paged = (await list(admin.auth, 'search=karim&size=1&page=2&order=asc')).json();
    expect(paged).toMatchObject({ total: 2, list: [{ id: karimOmar.id }] });
  });

  it('reads % and _ as letters, and an empty search as none', async () => {
    expect((await list(admin.auth, `search=${encodeURIComponent('50%_')}`)).json()).toMatchObject({
      total: 1,
      list: [{ id: karimOmar.id }],
    });
    expect((await list(admin.auth, 'search=%25')).json().list.map((l: { id: number }) => l.id)).toEqual([
      karimOmar.id,
    ]);
    expect((await list(admin.auth, 'search=nobody-by-this-name')).json()).toEqual({ list: [], total: 0 });
    expect((await list(admin.auth, `search=%20%20&tutorId=${karim.user.id}`)).json().total).toBe(2);
  });

  it('refuses a search over 100 characters with bad-request', async () => {
    const res = await list(admin.auth, `search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad-request');
  });

  it('still shows members only their own lessons, and Studio staff none', async () => {
    expect(ids((await list(salma.auth, 'search=karim')).json())).toEqual([karimSalma.id]);
    expect((await list(omar.auth, `search=${encodeURIComponent('سلمى')}`)).json().total).toBe(0);
    const studio = await loginAs(app, Role.Studio);
    const forbidden = await list(studio.auth, 'search=karim');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');
    expect((await list({}, 'search=karim')).statusCode).toBe(401);
  });
});
