import type { AddressInfo } from 'node:net';
import { Role } from '@hiwar/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { availabilitySlots, interviews, lessons } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, createSlot, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { lastMessageTo } from '../../testing/outbox.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 1 March 2027, 10:00 in Cairo (winter time, UTC+2). */
const T0 = new Date('2027-03-01T08:00:00Z');
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
const iso = (offsetMs: number) => at(offsetMs).toISOString();

describe('availability slots', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) {
      socket.disconnect();
    }
  });

  const save = (auth: object, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/availability-slot/',
      headers: auth as Record<string, string>,
      payload,
    });
  const schedule = (query: string, auth: object = {}) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/availability-slot/?${query}`,
      headers: auth as Record<string, string>,
    });
  const liveSlots = (tutorId: number) =>
    app.db
      .select()
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.tutorId, tutorId), isNull(availabilitySlots.deletedAt)));

  describe('POST /api/v1/availability-slot/', () => {
    it('creates, moves and deletes windows in one save', async () => {
      const tutor = await loginAsListedTutor(app);
      const created = await save(tutor.auth, {
        create: [
          { start: iso(DAY), end: iso(DAY + 3 * HOUR) },
          { start: iso(2 * DAY), end: iso(2 * DAY + HOUR) },
        ],
      });
      expect(created.statusCode).toBe(200);
      const [first, second] = created.json().list;
      expect(created.json()).toMatchObject({ canceledLessonIds: [], skipped: [] });
      expect(first).toMatchObject({ tutorId: tutor.user.id, start: iso(DAY), end: iso(DAY + 3 * HOUR) });

      // Moving the first where the second was while deleting the second: valid as a whole.
      const swapped = await save(tutor.auth, {
        update: [{ id: first.id, start: iso(2 * DAY), end: iso(2 * DAY + 2 * HOUR) }],
        delete: [second.id],
        create: [{ start: iso(DAY), end: iso(DAY + HOUR) }],
      });
      expect(swapped.statusCode).toBe(200);
      const rows = await liveSlots(tutor.user.id);
      expect(rows.map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()]).sort()).toEqual([
        [iso(DAY), iso(DAY + HOUR)],
        [iso(2 * DAY), iso(2 * DAY + 2 * HOUR)],
      ]);
    });

    it.each([
      ['slot-off-grid', { create: [{ start: iso(DAY + 60_000), end: iso(DAY + HOUR) }] }],
      ['slot-too-short', { create: [{ start: iso(DAY), end: iso(DAY + 0.25 * HOUR) }] }],
      ['slot-too-long', { create: [{ start: iso(DAY), end: iso(DAY + 12.25 * HOUR) }] }],
      ['slot-in-past', { create: [{ start: iso(-HOUR), end: iso(HOUR) }] }],
      ['empty-request', {}],
      ['bad-request', { create: [{ start: 'tomorrow', end: iso(DAY) }] }],
    ])('answers %s and stores nothing', async (code, payload) => {
      const tutor = await loginAsListedTutor(app);
      const res = await save(tutor.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(await liveSlots(tutor.user.id)).toHaveLength(0);
    });

    it('refuses overlapping windows: conflicting-schedule, nothing stored', async () => {
      const tutor = await loginAsListedTutor(app);
      await save(tutor.auth, { create: [{ start: iso(DAY), end: iso(DAY + 2 * HOUR) }] });
      const res = await save(tutor.auth, {
        create: [
          { start: iso(3 * DAY), end: iso(3 * DAY + HOUR) },
          { start: iso(DAY + HOUR), end: iso(DAY + 3 * HOUR) },
        ],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflicting-schedule');
      expect(await liveSlots(tutor.user.id)).toHaveLength(1);
    });

    it('lets two saves race without overlapping windows: one wins', async () => {
      const tutor = await loginAsListedTutor(app);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          save(tutor.auth, {
            create: [{ start: iso(DAY + i * 0.25 * HOUR), end: iso(DAY + 2 * HOUR + i * 0.25 * HOUR) }],
          }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((res) => res.json().code === 'conflicting-schedule')).toHaveLength(7);
      expect(await liveSlots(tutor.user.id)).toHaveLength(1);
    });

    it('touches only the tutor’s own windows: another’s id is slot-not-found', async () => {
      const tutor = await loginAsListedTutor(app);
      const other = await loginAsListedTutor(app);
      const theirs = await createSlot(app.db, other.user.id, at(DAY), at(DAY + HOUR));
      for (const payload of [
        { delete: [theirs.id] },
        { update: [{ id: theirs.id, start: iso(DAY), end: iso(DAY + 2 * HOUR) }] },
      ]) {
        const res = await save(tutor.auth, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('slot-not-found');
      }
      expect(await liveSlots(other.user.id)).toHaveLength(1);
    });

    it('is for tutors and TutorManagers only', async () => {
      const payload = { create: [{ start: iso(DAY), end: iso(DAY + HOUR) }] };
      for (const role of [Role.Student, Role.RegularAdmin, Role.Studio]) {
        const user = await loginAs(app, role);
        expect((await save(user.auth, payload)).json().code).toBe('forbidden');
      }
      expect((await save({}, payload)).statusCode).toBe(401);
      const manager = await loginAsListedTutor(app, { role: Role.TutorManager });
      expect((await save(manager.auth, payload)).statusCode).toBe(200);
    });

    it('refuses to delete or shrink a window holding lessons unless told to cancel them', async () => {
      const tutor = await loginAsListedTutor(app, { name: 'منى المدرسة' });
      const student = await loginAs(app, Role.Student);
      const window = await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 3 * HOUR));
      const lesson = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(DAY + 2 * HOUR),
        slotId: window.id,
      });
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: student.token },
      });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const heard = new Promise<{ lesson: { id: number; canceledBy: string } }>((resolve) =>
        socket.once('lesson-canceled', resolve),
      );

      const shrink = { update: [{ id: window.id, start: iso(DAY), end: iso(DAY + 2 * HOUR) }] };
      const refused = await save(tutor.auth, shrink);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'slot-has-lessons', details: { lessonIds: [lesson.id] } });
      expect((await save(tutor.auth, { delete: [window.id] })).json().code).toBe('slot-has-lessons');

      // Shrinking around the lesson is fine.
      expect(
        (
          await save(tutor.auth, {
            update: [{ id: window.id, start: iso(DAY + HOUR), end: iso(DAY + 3 * HOUR) }],
          })
        ).statusCode,
      ).toBe(200);

      const confirmed = await save(tutor.auth, { delete: [window.id], cancelLessons: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().canceledLessonIds).toEqual([lesson.id]);
      const [row] = await app.db.select().from(lessons).where(eq(lessons.id, lesson.id));
      expect(row).toMatchObject({ canceledBy: 'tutor', canceledById: tutor.user.id, minutesReturned: true });
      expect((await heard).lesson).toMatchObject({ id: lesson.id, canceledBy: 'tutor' });
      await expect
        .poll(async () => (await lastMessageTo(app.db, student.user.email))?.subject)
        .toMatch(/أُلغي درسك/);
    });
  });

  describe('GET /api/v1/availability-slot/', () => {
    it('shows a listed tutor’s windows, booked parts and bookable starts to anyone', async () => {
      const tutor = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 2 * HOUR));
      await createSlot(app.db, tutor.user.id, at(20 * DAY), at(20 * DAY + HOUR)); // beyond the 14-day notice
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(DAY + HOUR),
      });
      const res = await schedule(`tutorId=${tutor.user.id}&from=${iso(0)}&to=${iso(30 * DAY)}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ tutorId: tutor.user.id, notice: 14 });
      expect(body.list).toHaveLength(2);
      expect(body.booked).toEqual([{ start: iso(DAY + HOUR), end: iso(DAY + 1.5 * HOUR) }]);
      expect(body.bookable.long).toEqual([
        iso(DAY),
        iso(DAY + 0.25 * HOUR),
        iso(DAY + 0.5 * HOUR),
        iso(DAY + 1.5 * HOUR),
      ]);
      expect(body.bookable.short).toEqual([
        iso(DAY),
        iso(DAY + 0.25 * HOUR),
        iso(DAY + 0.5 * HOUR),
        iso(DAY + 0.75 * HOUR),
        iso(DAY + 1.5 * HOUR),
        iso(DAY + 1.75 * HOUR),
      ]);
    });

    it('hides times the signed-in student is busy at (their own lessons elsewhere)', async () => {
      const tutor = await loginAsListedTutor(app);
      const other = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + HOUR));
      await createLesson(app.db, { tutorId: other.user.id, studentId: student.user.id, start: at(DAY) });
      const res = await schedule(`tutorId=${tutor.user.id}&from=${iso(0)}&to=${iso(2 * DAY)}`, student.auth);
      expect(res.json().bookable.long).toEqual([iso(DAY + 0.5 * HOUR)]);
      expect(res.json().booked).toEqual([]);
    });

    it('offers no time a TutorManager spends interviewing (the booking would be refused)', async () => {
      const manager = await loginAsListedTutor(app, { role: Role.TutorManager });
      const applicant = await loginAs(app, Role.Tutor);
      const student = await loginAs(app, Role.Student);
      await createSlot(app.db, manager.user.id, at(DAY), at(DAY + HOUR));
      await app.db.insert(interviews).values({
        interviewerId: manager.user.id,
        intervieweeId: applicant.user.id,
        startsAt: at(DAY),
        endsAt: at(DAY + 0.5 * HOUR),
      });
      const query = `tutorId=${manager.user.id}&from=${iso(0)}&to=${iso(2 * DAY)}`;
      const body = (await schedule(query, student.auth)).json();
      expect(body.booked).toEqual([{ start: iso(DAY), end: iso(DAY + 0.5 * HOUR) }]);
      expect(body.bookable.long).toEqual([iso(DAY + 0.5 * HOUR)]);
      const booking = await app.inject({
        method: 'POST',
        url: '/api/v1/lesson/',
        headers: student.auth,
        payload: { tutorId: manager.user.id, start: iso(DAY), duration: 30 },
      });
      expect(booking.statusCode).toBe(409);
    });

    it('shows an unlisted tutor’s schedule only to themself and staff', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + HOUR));
      const query = `tutorId=${tutor.user.id}&from=${iso(0)}&to=${iso(2 * DAY)}`;
      expect((await schedule(query)).json().code).toBe('tutor-not-found');
      const student = await loginAs(app, Role.Student);
      expect((await schedule(query, student.auth)).statusCode).toBe(404);
      expect((await schedule(`from=${iso(0)}&to=${iso(2 * DAY)}`, tutor.auth)).json().list).toHaveLength(1);
      const admin = await loginAs(app, Role.RegularAdmin);
      expect((await schedule(query, admin.auth)).statusCode).toBe(200);
      // Studio and TutorManager only within their reach (decision 0045): a TutorManager while the
      // tutor awaits an interviewer, a Studio member not assigned this tutor never.
      const manager = await loginAs(app, Role.TutorManager);
      expect((await schedule(query, manager.auth)).statusCode).toBe(200);
      const studio = await loginAs(app, Role.Studio);
      expect((await schedule(query, studio.auth)).json().code).toBe('tutor-not-found');
    });

    it('refuses bad ranges and unknown tutors', async () => {
      expect((await schedule(`tutorId=1&from=${iso(DAY)}&to=${iso(0)}`)).json().code).toBe('bad-request');
      expect((await schedule(`tutorId=1&from=${iso(0)}&to=${iso(63 * DAY)}`)).json().code).toBe(
        'bad-request',
      );
      expect((await schedule(`from=${iso(0)}&to=${iso(DAY)}`)).json().code).toBe('bad-request');
      expect((await schedule(`tutorId=999999&from=${iso(0)}&to=${iso(DAY)}`)).json().code).toBe(
        'tutor-not-found',
      );
    });
  });

  describe('POST /api/v1/availability-slot/copy-week', () => {
    it('copies a week forward at the same wall-clock times, replacing windows still to come', async () => {
      const tutor = await loginAsListedTutor(app);
      // Saturday 6 March 2027, 09:00–12:00 in Cairo.
      const saturday = await createSlot(
        app.db,
        tutor.user.id,
        new Date('2027-03-06T07:00:00Z'),
        new Date('2027-03-06T10:00:00Z'),
      );
      await createSlot(
        app.db,
        tutor.user.id,
        new Date('2027-03-13T12:00:00Z'),
        new Date('2027-03-13T13:00:00Z'),
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/copy-week',
        headers: tutor.auth,
        payload: { week: '2027-03-06', weeks: 2 },
      });
      expect(res.statusCode).toBe(200);
      const rows = (await liveSlots(tutor.user.id)).map((row) => row.startsAt.toISOString()).sort();
      expect(rows).toEqual([
        saturday.startsAt.toISOString(),
        '2027-03-13T07:00:00.000Z',
        '2027-03-20T07:00:00.000Z',
      ]);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/copy-week',
        headers: tutor.auth,
        payload: { week: '2027-03-06', weeks: 9 },
      });
      expect(bad.json().code).toBe('bad-request');
      const student = await loginAs(app, Role.Student);
      const byStudent = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/copy-week',
        headers: student.auth,
        payload: { week: '2027-03-06', weeks: 1 },
      });
      expect(byStudent.json().code).toBe('forbidden');
    });
  });
});
