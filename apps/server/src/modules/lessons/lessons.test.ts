import { BOUNDS, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { lessons, platformSettings, roomMembers, rooms } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  type createListedTutor,
  createSlot,
  createSubscription,
  type createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { recordQueries } from '../../testing/round-trips.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';

const iso = (offsetMs: number) => at(offsetMs).toISOString();

type Auth = { authorization: string };

describe('lessons', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const sockets = await listenForSockets(app);

  const admin = await loginAs(app, Role.RegularAdmin);

  /** A listed tutor with one window tomorrow 10:00–16:00 Cairo (T0 + 1 day, six hours). */
  async function tutorWithWindow(overrides: Parameters<typeof createListedTutor>[1] = {}) {
    const tutor = await loginAsListedTutor(app, overrides);
    const slot = await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 6 * HOUR));
    return { ...tutor, slot };
  }
  /** A student with a subscription running since yesterday (120 minutes a week unless told). */
  async function subscribedStudent(weeklyMinutes = 120, overrides: Parameters<typeof createUser>[1] = {}) {
    const student = await loginAs(app, Role.Student, overrides);
    const subscription = await createSubscription(app.db, student.user.id, {
      start: at(-DAY),
      weeklyMinutes,
    });
    return { ...student, subscription };
  }
  const book = (auth: Auth | object, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/lesson/', headers: auth as Auth, payload });
  const reschedule = (auth: Auth, payload: object) =>
    app.inject({ method: 'PATCH', url: '/api/v1/lesson/', headers: auth, payload });
  const cancel = (auth: Auth, id: number) =>
    app.inject({ method: 'DELETE', url: `/api/v1/lesson/${id}`, headers: auth });
  const get = (auth: Auth | object, path: string) =>
    app.inject({ method: 'GET', url: path, headers: auth as Auth });
  const setSetting = (key: string, value: number) =>
    app.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value } });
  async function listen(token: string, event: string) {
    const socket = await sockets.connect(token);
    // Wrapped, so awaiting `listen` waits for the connection only, not for the event.
    return { heard: nextEvent<{ lesson: Record<string, unknown> }>(socket, event) };
  }

  describe('POST /api/v1/lesson/ (book)', () => {
    it('books a lesson: the earning fixed, a room for the pair, both members told', async () => {
      const tutor = await tutorWithWindow({ name: 'منى عادل' });
      const student = await subscribedStudent(120, { name: 'يوسف طارق' });
      const { heard: tutorHears } = await listen(tutor.token, 'lesson-booked');
      const { heard: studentHears } = await listen(student.token, 'lesson-booked');
      const res = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      expect(res.statusCode).toBe(200);
      const lesson = res.json();
      expect(lesson).toMatchObject({
        tutor: { id: tutor.user.id, name: 'منى عادل' },
        student: { id: student.user.id, name: 'يوسف طارق' },
        start: iso(DAY),
        end: iso(DAY + 30 * MINUTE),
        duration: 30,
        price: 7500, // 30 minutes at 150 EGP an hour
        intro: false,
        status: 'pending',
        canceledBy: null,
        canceledAt: null,
        minutesReturned: null,
      });
      expect((await tutorHears).lesson).toMatchObject({ id: lesson.id });
      expect((await studentHears).lesson).toMatchObject({ id: lesson.id });
      const [room] = await app.db
        .select()
        .from(rooms)
        .where(eq(rooms.memberLow, Math.min(tutor.user.id, student.user.id)));
      expect(room).toBeDefined();
      expect(await app.db.select().from(roomMembers).where(eq(roomMembers.roomId, room!.id))).toHaveLength(2);

      // The quota week counts it.
      const current = await get(student.auth, '/api/v1/sub/current');
      expect(current.json().quota).toMatchObject({ spentMinutes: 30, remainingMinutes: 90 });
    });

    it('reads the signed-in user, then books in two round trips: the locks and reads, the insert and commit', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const recording = recordQueries(app.db.$client);
      const res = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      recording.stop();
      expect(res.statusCode).toBe(200);
      const queries = recording.checkouts.flatMap((checkout) => checkout.queries);
      expect(queries.filter((query) => query.statement === 'user-by-id')).toEqual([
        { statement: 'user-by-id', unanswered: 0 },
      ]);
      // The transaction's connection: BEGIN, the generic plans, the student's lock and the context sent
      // together, then the lesson with COMMIT right behind it; one write each.
      expect(recording.checkouts.find((checkout) => checkout.queries[0]?.statement === 'BEGIN')).toEqual({
        queries: [
          { statement: 'BEGIN', unanswered: 0 },
          { statement: 'SET LOCAL plan_cache_mode = force_generic_plan', unanswered: 1 },
          { statement: 'lock-student', unanswered: 2 },
          { statement: 'booking-context', unanswered: 3 },
          { statement: 'insert-lesson', unanswered: 0 },
          { statement: 'COMMIT', unanswered: 1 },
        ],
        writes: 2,
      });
    });

    it.each([
      ['lesson-off-grid', 400, { start: iso(DAY + 5 * MINUTE) }],
      ['lesson-duration-invalid', 400, { duration: 20 }],
      ['lesson-too-soon', 400, { start: iso(30 * MINUTE) }],
      ['lesson-too-far', 400, { start: iso(15 * DAY) }],
      ['slot-not-found', 404, { start: iso(DAY + 6 * HOUR) }],
      ['required', 400, { tutorId: undefined }],
      ['invalid-type', 400, { tutorId: 'x' }],
    ])('answers %s and books nothing', async (code, status, overrides) => {
      const tutor = await tutorWithWindow();
      await createSlot(app.db, tutor.user.id, at(0), at(2 * HOUR));
      await createSlot(app.db, tutor.user.id, at(15 * DAY), at(15 * DAY + 2 * HOUR));
      const student = await subscribedStudent();
      const res = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY),
        duration: 30,
        ...overrides,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await app.db.select().from(lessons).where(eq(lessons.studentId, student.user.id))).toHaveLength(
        0,
      );
    });

    it('keeps the lesson inside the named window: slot-not-found otherwise', async () => {
      const tutor = await tutorWithWindow();
      const other = await createSlot(app.db, tutor.user.id, at(2 * DAY), at(2 * DAY + HOUR));
      const student = await subscribedStudent();
      const wrong = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY),
        duration: 30,
        slotId: other.id,
      });
      expect(wrong.json().code).toBe('slot-not-found');
      const right = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY),
        duration: 30,
        slotId: tutor.slot.id,
      });
      expect(right.statusCode).toBe(200);
    });

    it('answers busy-tutor when the tutor is taken, conflicting-lessons when the student is', async () => {
      const tutor = await tutorWithWindow();
      const first = await subscribedStudent();
      expect(
        (await book(first.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })).statusCode,
      ).toBe(200);
      const second = await subscribedStudent();
      const busy = await book(second.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY + 15 * MINUTE),
        duration: 15,
      });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().code).toBe('busy-tutor');

      const otherTutor = await tutorWithWindow();
      const clash = await book(first.auth, {
        tutorId: otherTutor.user.id,
        start: iso(DAY + 15 * MINUTE),
        duration: 30,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().code).toBe('conflicting-lessons');
    });

    it('holds a student to one upcoming lesson (setting): reached-booking-limit', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      const second = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY + 2 * HOUR),
        duration: 30,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('reached-booking-limit');
      // Once that lesson has ended, the next one may be booked.
      now = at(DAY + 31 * MINUTE);
      const later = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY + 2 * HOUR),
        duration: 30,
      });
      expect(later.statusCode).toBe(200);
    });

    it('spends the weekly minutes: empty-weekly-minutes and lesson-crosses-quota-week', async () => {
      const tutor = await tutorWithWindow();
      const small = await subscribedStudent(15);
      const tooLong = await book(small.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      expect(tooLong.json().code).toBe('empty-weekly-minutes');
      expect(
        (await book(small.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 15 })).statusCode,
      ).toBe(200);

      // The subscription started yesterday 10:00 Cairo: its first week ends Sunday 7 March 10:00 (08:00Z).
      const weekEnd = at(6 * DAY);
      const edge = await tutorWithWindow();
      await createSlot(
        app.db,
        edge.user.id,
        new Date(weekEnd.getTime() - HOUR),
        new Date(weekEnd.getTime() + HOUR),
      );
      const crossing = await subscribedStudent();
      const res = await book(crossing.auth, {
        tutorId: edge.user.id,
        start: new Date(weekEnd.getTime() - 15 * MINUTE).toISOString(),
        duration: 30,
      });
      expect(res.json().code).toBe('lesson-crosses-quota-week');
    });

    it('lets a student without a subscription book only the free introductory lesson with a TutorManager', async () => {
      const tutor = await tutorWithWindow();
      const manager = await tutorWithWindow({ role: Role.TutorManager });
      const student = await loginAs(app, Role.Student);
      const regular = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      expect(regular.statusCode).toBe(409);
      expect(regular.json().code).toBe('empty-weekly-minutes');
      const intro = await book(student.auth, { tutorId: manager.user.id, start: iso(DAY), duration: 30 });
      expect(intro.statusCode).toBe(200);
      expect(intro.json()).toMatchObject({ intro: true, price: 0 });
      // One introductory lesson: after it, no other (even once it has been given).
      now = at(DAY + HOUR);
      const again = await book(student.auth, {
        tutorId: manager.user.id,
        start: iso(DAY + 2 * HOUR),
        duration: 30,
      });
      expect(again.json().code).toBe('empty-weekly-minutes');
    });

    it('books only listed tutors, for verified students', async () => {
      const unlisted = await loginAs(app, Role.Tutor);
      await createSlot(app.db, unlisted.user.id, at(DAY), at(DAY + HOUR));
      const student = await subscribedStudent();
      const res = await book(student.auth, { tutorId: unlisted.user.id, start: iso(DAY), duration: 30 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('tutor-not-found');
      expect(
        (await book(student.auth, { tutorId: 999_999, start: iso(DAY), duration: 30 })).json().code,
      ).toBe('tutor-not-found');

      const tutor = await tutorWithWindow();
      const unverified = await subscribedStudent(120, { verifiedEmail: false });
      const blocked = await book(unverified.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('email-not-verified');
      for (const role of [Role.Tutor, Role.TutorManager, Role.SuperAdmin]) {
        const user = await loginAs(app, role);
        expect(
          (await book(user.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })).json().code,
        ).toBe('forbidden');
      }
      expect((await book({}, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })).statusCode).toBe(
        401,
      );
    });
  });

  describe('PATCH /api/v1/lesson (reschedule)', () => {
    it('offers the times overlapping a lesson being moved to its own student only (exceptLessonId)', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const other = await subscribedStudent();
      const booked = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
      expect(booked.statusCode).toBe(200);
      const lessonId = booked.json().id as number;
      const schedule = async (auth: Auth, except?: number) => {
        const query = new URLSearchParams({ tutorId: String(tutor.user.id), from: iso(0), to: iso(2 * DAY) });
        if (except !== undefined) {
          query.set('exceptLessonId', String(except));
        }
        const res = await get(auth, `/api/v1/availability-slot/?${query}`);
        expect(res.statusCode).toBe(200);
        return res.json().bookable.long as string[];
      };
      // Fifteen minutes later overlaps the lesson itself: busy, unless it is the one being moved.
      expect(await schedule(student.auth)).not.toContain(iso(DAY + 15 * MINUTE));
      expect(await schedule(student.auth, lessonId)).toContain(iso(DAY + 15 * MINUTE));
      // Someone else's lesson id changes nothing.
      expect(await schedule(other.auth, lessonId)).not.toContain(iso(DAY + 15 * MINUTE));
      const bad = await get(
        student.auth,
        `/api/v1/availability-slot/?tutorId=${tutor.user.id}&from=${iso(0)}&to=${iso(DAY)}&exceptLessonId=x`,
      );
      expect(bad.statusCode).toBe(400);

      const moved = await reschedule(student.auth, { id: lessonId, start: iso(DAY + 15 * MINUTE) });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ start: iso(DAY + 15 * MINUTE), duration: 30 });
    });

    it('moves a pending lesson, re-checking every rule, and tells both members', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent(45);
      const booked = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      const { heard } = await listen(tutor.token, 'lesson-rescheduled');
      // Its own minutes count as given back: 30 of 45 is still fine in the same week.
      const moved = await reschedule(student.auth, { id: booked.id, start: iso(DAY + 3 * HOUR) });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        id: booked.id,
        start: iso(DAY + 3 * HOUR),
        duration: 30,
        price: 7500,
      });
      expect((await heard).lesson).toMatchObject({ id: booked.id, start: iso(DAY + 3 * HOUR) });
      const shorter = await reschedule(student.auth, { id: booked.id, start: iso(DAY + HOUR), duration: 15 });
      expect(shorter.json()).toMatchObject({ duration: 15, price: 3750, end: iso(DAY + HOUR + 15 * MINUTE) });
      // Moving onto another student's lesson, or out of the windows, is refused.
      const other = await subscribedStudent();
      await book(other.auth, { tutorId: tutor.user.id, start: iso(DAY + 2 * HOUR), duration: 30 });
      expect(
        (await reschedule(student.auth, { id: booked.id, start: iso(DAY + 2 * HOUR) })).json().code,
      ).toBe('busy-tutor');
      expect((await reschedule(student.auth, { id: booked.id, start: iso(2 * DAY) })).json().code).toBe(
        'slot-not-found',
      );
      const [row] = await app.db.select().from(lessons).where(eq(lessons.id, booked.id));
      expect(row!.startsAt.toISOString()).toBe(iso(DAY + HOUR));
    });

    it('moves only the student’s own pending lessons', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const booked = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      const stranger = await subscribedStudent();
      expect((await reschedule(stranger.auth, { id: booked.id, start: iso(DAY + HOUR) })).json().code).toBe(
        'lesson-not-found',
      );
      expect((await reschedule(tutor.auth, { id: booked.id, start: iso(DAY + HOUR) })).json().code).toBe(
        'forbidden',
      );
      now = at(DAY + 10 * MINUTE);
      expect(
        (await reschedule(student.auth, { id: booked.id, start: iso(DAY + 3 * HOUR) })).json().code,
      ).toBe('lesson-already-started');
      now = T0;
      await cancel(student.auth, booked.id);
      expect(
        (await reschedule(student.auth, { id: booked.id, start: iso(DAY + 3 * HOUR) })).json().code,
      ).toBe('lesson-already-canceled');
      expect((await reschedule(student.auth, { id: booked.id, start: 'soon' })).json().code).toBe(
        'bad-request',
      );
    });
  });

  describe('DELETE /api/v1/lesson/{id} (cancel)', () => {
    it('gives a student cancelling early the minutes back, and tells the tutor', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const booked = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      const { heard } = await listen(tutor.token, 'lesson-canceled');
      const res = await cancel(student.auth, booked.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().lesson).toMatchObject({
        status: 'canceled',
        canceledBy: 'student',
        minutesReturned: true,
      });
      expect((await heard).lesson).toMatchObject({ id: booked.id, canceledBy: 'student' });
      expect((await get(student.auth, '/api/v1/sub/current')).json().quota.spentMinutes).toBe(0);
      expect((await cancel(student.auth, booked.id)).json().code).toBe('lesson-already-canceled');
    });

    it('keeps the minutes spent when a student cancels under 12 hours before start', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const booked = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      now = at(DAY - 11 * HOUR);
      const res = await cancel(student.auth, booked.id);
      expect(res.json().lesson).toMatchObject({ canceledBy: 'student', minutesReturned: false });
      expect((await get(student.auth, '/api/v1/sub/current')).json().quota.spentMinutes).toBe(30);
      // The time is free again for others.
      const other = await subscribedStudent();
      expect(
        (await book(other.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })).statusCode,
      ).toBe(200);
    });

    it('lets the tutor (minutes back) and admins cancel, nobody else', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const first = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      const stranger = await loginAs(app, Role.Student);
      expect((await cancel(stranger.auth, first.id)).json().code).toBe('lesson-not-found');
      const manager = await loginAs(app, Role.TutorManager);
      expect((await cancel(manager.auth, first.id)).statusCode).toBe(404);
      now = at(DAY - HOUR);
      expect((await cancel(tutor.auth, first.id)).json().lesson).toMatchObject({
        canceledBy: 'tutor',
        minutesReturned: true,
      });
      now = T0;
      const second = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY + HOUR), duration: 30 })
      ).json();
      expect((await cancel(admin.auth, second.id)).json().lesson).toMatchObject({ canceledBy: 'staff' });
      expect((await cancel(admin.auth, 999_999)).json().code).toBe('lesson-not-found');
    });

    it('cannot cancel a lesson that has ended, but can one that is happening', async () => {
      const tutor = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      const past = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(-HOUR),
      });
      expect((await cancel(student.auth, past.id)).json().code).toBe('lesson-already-ended');
      const happening = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(-10 * MINUTE),
      });
      expect((await cancel(student.auth, happening.id)).json().lesson.status).toBe('canceled');
    });

    it('answers 429 past the hourly cancellations of one member (each e-mails the other), not counting staff', async () => {
      const tutor = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      const started = await Promise.all(
        Array.from({ length: BOUNDS.lessonCancelsPerHour + 1 }, (_, i) =>
          createLesson(app.db, {
            tutorId: tutor.user.id,
            studentId: student.user.id,
            start: at(DAY + i * HOUR),
          }),
        ),
      );
      const answers = await Promise.all(started.map((lesson) => cancel(student.auth, lesson.id)));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(BOUNDS.lessonCancelsPerHour);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused.map((res) => res.json().code)).toEqual(['too-many-requests']);
      const live = await app.db.select().from(lessons).where(eq(lessons.studentId, student.user.id));
      expect(live.filter((lesson) => lesson.canceledAt === null)).toHaveLength(1);
      // The tutor has an allowance of their own, and staff are not counted.
      const left = live.find((lesson) => lesson.canceledAt === null)!;
      for (let i = 0; i <= BOUNDS.lessonCancelsPerHour; i++) {
        expect((await cancel(admin.auth, 999_999)).statusCode).toBe(404);
      }
      expect((await cancel(tutor.auth, left.id)).statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/lesson/list/ and /{id}', () => {
    it('shows members their own lessons, admins all, with status filters and paging', async () => {
      const tutor = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      const other = await loginAs(app, Role.Student);
      const past = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(-2 * DAY),
      });
      const next = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(DAY),
      });
      const canceled = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: other.user.id,
        start: at(2 * DAY),
        canceledAt: T0,
        canceledBy: 'student',
        canceledById: other.user.id,
        minutesReturned: true,
      });

      const mine = (await get(student.auth, '/api/v1/lesson/list/')).json();
      expect(mine.total).toBe(2);
      expect(mine.list.map((lesson: { id: number }) => lesson.id)).toEqual([past.id, next.id]);
      expect(mine.list.map((lesson: { status: string }) => lesson.status)).toEqual(['fulfilled', 'pending']);

      const asTutor = (await get(tutor.auth, '/api/v1/lesson/list/?order=desc&size=2')).json();
      expect(asTutor.total).toBe(3);
      expect(asTutor.list.map((lesson: { id: number }) => lesson.id)).toEqual([canceled.id, next.id]);
      expect((await get(tutor.auth, '/api/v1/lesson/list/?status=canceled')).json().list).toMatchObject([
        { id: canceled.id, canceledBy: 'student' },
      ]);
      expect(
        (await get(tutor.auth, `/api/v1/lesson/list/?status=pending&studentId=${student.user.id}`)).json()
          .total,
      ).toBe(1);
      // A member filtering on someone else's lessons still sees only their own.
      expect((await get(other.auth, `/api/v1/lesson/list/?studentId=${student.user.id}`)).json().total).toBe(
        0,
      );

      const all = (await get(admin.auth, `/api/v1/lesson/list/?tutorId=${tutor.user.id}`)).json();
      expect(all.total).toBe(3);
      const range = `from=${encodeURIComponent(iso(0))}&to=${encodeURIComponent(iso(3 * DAY))}`;
      expect(
        (await get(admin.auth, `/api/v1/lesson/list/?tutorId=${tutor.user.id}&${range}`)).json().total,
      ).toBe(2);

      const studio = await loginAs(app, Role.Studio);
      expect((await get(studio.auth, '/api/v1/lesson/list/')).json().code).toBe('forbidden');
      expect((await get({}, '/api/v1/lesson/list/')).statusCode).toBe(401);
      expect((await get(admin.auth, '/api/v1/lesson/list/?status=late')).json().code).toBe('bad-request');

      expect((await get(student.auth, `/api/v1/lesson/${next.id}`)).json()).toMatchObject({ id: next.id });
      expect((await get(admin.auth, `/api/v1/lesson/${next.id}`)).statusCode).toBe(200);
      expect((await get(other.auth, `/api/v1/lesson/${next.id}`)).json().code).toBe('lesson-not-found');
      expect((await get(student.auth, '/api/v1/lesson/abc')).json().code).toBe('bad-request');
    });
  });

  describe('under concurrency', () => {
    it('lets exactly one of 50 students racing for overlapping times of one tutor book', async () => {
      const tutor = await tutorWithWindow();
      const students = [];
      for (let i = 0; i < 50; i++) {
        students.push(await subscribedStudent());
      }
      const answers = await Promise.all(
        students.map((student, i) =>
          book(student.auth, {
            tutorId: tutor.user.id,
            start: iso(DAY + (i % 2) * 15 * MINUTE),
            duration: 30,
          }),
        ),
      );
      const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(codes.filter((code) => code === 'busy-tutor')).toHaveLength(49);
      expect(await app.db.select().from(lessons).where(eq(lessons.tutorId, tutor.user.id))).toHaveLength(1);
    });

    it('lets one student racing 20 bookings hold only what the limit and the quota allow', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent(120);
      const starts = Array.from({ length: 20 }, (_, i) => iso(DAY + i * 15 * MINUTE));
      const race = () =>
        Promise.all(
          starts.map((start) => book(student.auth, { tutorId: tutor.user.id, start, duration: 15 })),
        );
      const once = await race();
      expect(once.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(once.filter((res) => res.json().code === 'reached-booking-limit')).toHaveLength(19);

      // With a limit of 20, the quota (120 minutes: 8 × 15) is what stops it.
      await setSetting('maxUpcomingLessonsPerStudent', 20);
      try {
        const again = await race();
        const codes = again.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
        expect(codes.filter((code) => code === 'ok')).toHaveLength(7);
        expect(codes.filter((code) => code === 'empty-weekly-minutes')).toHaveLength(12);
        expect(codes.filter((code) => code === 'busy-tutor' || code === 'conflicting-lessons')).toHaveLength(
          1,
        );
        const rows = await app.db.select().from(lessons).where(eq(lessons.studentId, student.user.id));
        expect(rows).toHaveLength(8);
      } finally {
        await setSetting('maxUpcomingLessonsPerStudent', 1);
      }
    });

    it('lets exactly one of 20 students racing to move their lessons onto one time succeed', async () => {
      const tutor = await tutorWithWindow();
      await createSlot(app.db, tutor.user.id, at(2 * DAY), at(2 * DAY + 12 * HOUR));
      const moves = [];
      for (let i = 0; i < 20; i++) {
        const student = await subscribedStudent();
        const booked = await book(student.auth, {
          tutorId: tutor.user.id,
          start: iso(2 * DAY + i * 30 * MINUTE),
          duration: 30,
        });
        expect(booked.statusCode).toBe(200);
        moves.push({ auth: student.auth, id: booked.json().id as number });
      }
      const answers = await Promise.all(
        moves.map((move, i) =>
          reschedule(move.auth, { id: move.id, start: iso(DAY + (i % 2) * 15 * MINUTE) }),
        ),
      );
      const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code));
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
      expect(codes.filter((code) => code === 'busy-tutor')).toHaveLength(19);
    });

    it('lets one student racing to move two lessons onto one time move only one', async () => {
      await setSetting('maxUpcomingLessonsPerStudent', 2);
      try {
        const tutor = await tutorWithWindow();
        const otherTutor = await tutorWithWindow();
        const student = await subscribedStudent();
        const a = (
          await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
        ).json();
        const b = (
          await book(student.auth, { tutorId: otherTutor.user.id, start: iso(DAY + 2 * HOUR), duration: 30 })
        ).json();
        const answers = await Promise.all([
          reschedule(student.auth, { id: a.id, start: iso(DAY + 4 * HOUR) }),
          reschedule(student.auth, { id: b.id, start: iso(DAY + 4 * HOUR) }),
        ]);
        const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code)).sort();
        expect(codes).toEqual(['conflicting-lessons', 'ok']);
      } finally {
        await setSetting('maxUpcomingLessonsPerStudent', 1);
      }
    });
  });

  describe('refunds', () => {
    it('cancels the lessons a refunded subscription paid for that have not started, and tells the members', async () => {
      const tutor = await tutorWithWindow();
      const student = await subscribedStudent();
      const booked = (
        await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 })
      ).json();
      const given = await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: student.user.id,
        start: at(-3 * HOUR),
        subscriptionId: student.subscription.id,
      });
      const { heard } = await listen(student.token, 'lesson-canceled');
      const after = await app.db.transaction((tx) =>
        app.subscriptionHooks.onSubscriptionEnded(tx, student.subscription),
      );
      after?.();
      const rows = await app.db.select().from(lessons).where(eq(lessons.studentId, student.user.id));
      expect(rows.find((row) => row.id === booked.id)).toMatchObject({
        canceledBy: 'staff',
        minutesReturned: true,
      });
      expect(rows.find((row) => row.id === given.id)?.canceledAt).toBeNull();
      expect((await heard).lesson).toMatchObject({ id: booked.id, canceledBy: 'staff' });
    });
  });
});
