import { InterviewStatus, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { interviews, roomMembers, rooms, tutors } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createSlot,
  createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { multipart } from '../../testing/multipart.ts';
import { lastMessageTo } from '../../testing/outbox.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';
import { createInterviewReminders, findInterviewReminders } from './interview-reminders.ts';

const iso = (offsetMs: number) => at(offsetMs).toISOString();
type Auth = { authorization: string };
type Caller = { user: { id: number; email: string }; token: string; auth: Auth };

describe('interviews', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const sockets = await listenForSockets(app);
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);
  const student = await loginAs(app, Role.Student);

  /** An activated TutorManager with one window tomorrow 10:00–14:00 Cairo (T0 + 1 day, four hours). */
  async function managerWithWindow(overrides: Parameters<typeof createUser>[1] = {}) {
    const manager = await loginAsListedTutor(app, { role: Role.TutorManager, ...overrides });
    await createSlot(app.db, manager.user.id, at(DAY), at(DAY + 4 * HOUR));
    return manager;
  }
  /** A freshly registered Tutor: no interview, no media, not activated. */
  const newTutor = (overrides: Parameters<typeof createUser>[1] = {}) =>
    loginAs(app, Role.Tutor, { name: 'سارة حسن', ...overrides });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: Auth | object, payload?: object) =>
    app.inject({
      method,
      url,
      headers: (auth ?? {}) as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const book = (who: Caller | object, body: object) =>
    send('POST', '/api/v1/interview', 'auth' in who ? (who as Caller).auth : who, body);
  const update = (who: Caller, id: number, body: object) =>
    send('PUT', `/api/v1/interview/${id}`, who.auth, body);

  async function booked(tutor: Caller, manager: Caller, offset = DAY) {
    const res = await book(tutor, { interviewerId: manager.user.id, start: iso(offset) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; status: number; note?: string | null };
  }

  describe('POST /api/v1/interview', () => {
    it('books 30 minutes with the TutorManager: a room for the pair, reminders, both told, the manager mailed', async () => {
      const manager = await managerWithWindow({ name: 'هالة مدير' });
      const tutor = await newTutor();
      const managerSocket = await sockets.connect(manager.token);
      const heard = nextEvent<{ interview: Record<string, unknown> }>(managerSocket, 'interview-booked');
      const res = await book(tutor, { interviewerId: manager.user.id, start: iso(DAY + HOUR) });
      expect(res.statusCode).toBe(200);
      const interview = res.json();
      expect(interview).toMatchObject({
        interviewer: { id: manager.user.id, name: 'هالة مدير' },
        interviewee: { id: tutor.user.id, name: 'سارة حسن' },
        start: iso(DAY + HOUR),
        end: iso(DAY + HOUR + 30 * MINUTE),
        status: InterviewStatus.Pending,
        signedAt: null,
      });
      expect(interview).not.toHaveProperty('note');
      expect(interview.chatRoomId).toEqual(expect.any(Number));
      const members = await app.db
        .select()
        .from(roomMembers)
        .where(eq(roomMembers.roomId, interview.chatRoomId));
      expect(members.map((row) => row.userId).sort()).toEqual([manager.user.id, tutor.user.id].sort());
      expect((await heard).interview).toMatchObject({ id: interview.id, note: null });
      expect(await findInterviewReminders(app.db, interview.id)).toHaveLength(4);
      await expect
        .poll(async () => (await lastMessageTo(app.db, manager.user.email))?.subject ?? '')
        .toContain('مقابلة جديدة');
    });

    it('refuses strangers, students, tutor managers and admins before reading the body', async () => {
      expect((await book({}, {})).statusCode).toBe(401);
      expect((await book(student, {})).json().code).toBe('forbidden');
      const manager = await managerWithWindow();
      expect((await book(manager, {})).statusCode).toBe(403);
      expect((await book(superAdmin, {})).statusCode).toBe(403);
    });

    it('answers bad input with its code and books nothing', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const cases: Array<[object, string]> = [
        [{}, 'required'],
        [{ interviewerId: 'x', start: iso(DAY) }, 'invalid-type'],
        [{ interviewerId: manager.user.id, start: iso(DAY + 5 * MINUTE) }, 'lesson-off-grid'],
        [{ interviewerId: manager.user.id, start: 'tomorrow' }, 'bad-request'],
        [{ interviewerId: manager.user.id, start: iso(DAY + 4 * HOUR) }, 'slot-not-found'],
        [{ interviewerId: manager.user.id, start: iso(30 * MINUTE) }, 'lesson-too-soon'],
        [{ interviewerId: manager.user.id, start: iso(15 * DAY) }, 'lesson-too-far'],
        [{ interviewerId: tutor.user.id, start: iso(DAY) }, 'user-not-found'],
        [{ interviewerId: 999_999, start: iso(DAY) }, 'user-not-found'],
      ];
      for (const [body, code] of cases) {
        const res = await book(tutor, body);
        expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code, JSON.stringify(body)).toBe(code);
      }
      const rows = await app.db.select().from(interviews).where(eq(interviews.intervieweeId, tutor.user.id));
      expect(rows).toHaveLength(0);
    });

    it('a TutorManager busy with a lesson is busy-tutor-manager; an introductory lesson cannot take an interview time', async () => {
      const manager = await managerWithWindow();
      const learner = await createUser(app.db, { role: Role.Student });
      await createLesson(app.db, {
        tutorId: manager.user.id,
        studentId: learner.id,
        start: at(DAY),
        duration: 30,
      });
      const tutor = await newTutor();
      const res = await book(tutor, { interviewerId: manager.user.id, start: iso(DAY + 15 * MINUTE) });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('busy-tutor-manager');

      const interview = await booked(tutor, manager, DAY + 2 * HOUR);
      expect(interview.status).toBe(InterviewStatus.Pending);
      // The database itself keeps the calendar: a lesson written over the interview is refused.
      await expect(
        createLesson(app.db, {
          tutorId: manager.user.id,
          studentId: learner.id,
          start: at(DAY + 2 * HOUR),
          duration: 15,
        }),
      ).rejects.toMatchObject({ cause: { constraint: 'calendar_spans_no_overlap' } });
    });

    it('a tutor already teaching then gets conflicting-lessons', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const learner = await createUser(app.db, { role: Role.Student });
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: learner.id,
        start: at(DAY + HOUR),
        duration: 30,
      });
      const res = await book(tutor, { interviewerId: manager.user.id, start: iso(DAY + HOUR) });
      expect(res.json().code).toBe('conflicting-lessons');
    });

    it('one pending or passed interview at a time; six months after a rejection or an own cancellation', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const first = await booked(tutor, manager);
      expect(
        (await book(tutor, { interviewerId: manager.user.id, start: iso(DAY + HOUR) })).json().code,
      ).toBe('conflicting-interview');
      // Held and rejected: six months to wait.
      now = at(DAY + 10 * MINUTE);
      expect(
        (await update(manager, first.id, { status: InterviewStatus.Rejected, level: 2 })).statusCode,
      ).toBe(200);
      const select = await send('GET', '/api/v1/user/interviewer/select', tutor.auth);
      expect(select.json().retakeAt).toEqual(expect.any(String));
      now = T0;
      await createSlot(app.db, manager.user.id, at(2 * DAY), at(2 * DAY + 4 * HOUR));
      expect((await book(tutor, { interviewerId: manager.user.id, start: iso(2 * DAY) })).json().code).toBe(
        'conflicting-interview',
      );

      // A tutor the manager cancelled on may book again at once; their own cancellation holds them back.
      const other = await newTutor();
      const canceledByManager = await booked(other, manager, 2 * DAY);
      expect(
        (await update(manager, canceledByManager.id, { status: InterviewStatus.Canceled })).statusCode,
      ).toBe(200);
      const again = await booked(other, manager, 2 * DAY + HOUR);
      expect((await update(other as Caller, again.id, { status: InterviewStatus.Canceled })).statusCode).toBe(
        200,
      );
      expect((await book(other, { interviewerId: manager.user.id, start: iso(2 * DAY) })).json().code).toBe(
        'conflicting-interview',
      );
    });

    it('of 20 tutors racing for one time exactly one books; one tutor firing 10 bookings gets one', async () => {
      const manager = await managerWithWindow();
      const racers = await Promise.all(Array.from({ length: 20 }, () => newTutor()));
      const answers = await Promise.all(
        racers.map((tutor) => book(tutor, { interviewerId: manager.user.id, start: iso(DAY + HOUR) })),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(new Set(answers.filter((res) => res.statusCode !== 200).map((res) => res.json().code))).toEqual(
        new Set(['busy-tutor-manager']),
      );

      const eager = await newTutor();
      const times = Array.from({ length: 10 }, (_, index) => iso(DAY + 2 * HOUR + index * 15 * MINUTE)).slice(
        0,
        6,
      );
      const fired = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          book(eager, { interviewerId: manager.user.id, start: times[index % times.length] }),
        ),
      );
      expect(fired.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of fired.filter((answer) => answer.statusCode !== 200)) {
        expect(['conflicting-interview', 'busy-tutor-manager', 'conflicting-lessons']).toContain(
          res.json().code,
        );
      }
      const rows = await app.db.select().from(interviews).where(eq(interviews.intervieweeId, eager.user.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('GET /api/v1/interview/{id} and /interview/list/', () => {
    it('members and admins see it; the note only staff; others are told it does not exist', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      now = at(DAY + 5 * MINUTE);
      await update(manager, interview.id, {
        status: InterviewStatus.Passed,
        level: 4,
        note: 'نطق ممتاز ويحتاج قواعد',
      });
      const asTutor = await send('GET', `/api/v1/interview/${interview.id}`, tutor.auth);
      expect(asTutor.statusCode).toBe(200);
      expect(asTutor.json()).not.toHaveProperty('note');
      const asManager = await send('GET', `/api/v1/interview/${interview.id}`, manager.auth);
      expect(asManager.json().note).toBe('نطق ممتاز ويحتاج قواعد');
      expect((await send('GET', `/api/v1/interview/${interview.id}`, regularAdmin.auth)).json().note).toBe(
        'نطق ممتاز ويحتاج قواعد',
      );
      const stranger = await newTutor();
      expect((await send('GET', `/api/v1/interview/${interview.id}`, stranger.auth)).json().code).toBe(
        'interview-not-found',
      );
      const otherManager = await managerWithWindow();
      expect((await send('GET', `/api/v1/interview/${interview.id}`, otherManager.auth)).statusCode).toBe(
        404,
      );
      expect((await send('GET', `/api/v1/interview/${interview.id}`)).statusCode).toBe(401);
      expect((await send('GET', '/api/v1/interview/abc', tutor.auth)).json().code).toBe('bad-request');
      // The tutor's lists never carry the note either.
      const list = await send('GET', '/api/v1/interview/list/', tutor.auth);
      expect(list.json().list[0]).not.toHaveProperty('note');
    });

    it('lists: a tutor their own, a manager theirs, admins all with filters; students and studio none', async () => {
      const manager = await managerWithWindow();
      const otherManager = await managerWithWindow();
      const tutor = await newTutor({ name: 'بسمة فؤاد' });
      const other = await newTutor();
      await booked(tutor, manager);
      await booked(other, otherManager);
      const own = (await send('GET', '/api/v1/interview/list/', tutor.auth)).json();
      expect(own.total).toBe(1);
      expect(own.list[0].interviewee.id).toBe(tutor.user.id);
      const managed = (await send('GET', '/api/v1/interview/list/', manager.auth)).json();
      expect(managed.list.map((row: { interviewer: { id: number } }) => row.interviewer.id)).toEqual([
        manager.user.id,
      ]);
      const byName = (await send('GET', '/api/v1/interview/list/?search=بسمة', superAdmin.auth)).json();
      expect(byName.list.map((row: { interviewee: { id: number } }) => row.interviewee.id)).toEqual([
        tutor.user.id,
      ]);
      const pending = (
        await send(
          'GET',
          `/api/v1/interview/list/?status=1&signed=false&interviewerId=${otherManager.user.id}`,
          regularAdmin.auth,
        )
      ).json();
      expect(pending.total).toBe(1);
      expect((await send('GET', '/api/v1/interview/list/?status=9', regularAdmin.auth)).json().code).toBe(
        'bad-request',
      );
      expect((await send('GET', '/api/v1/interview/list/', student.auth)).statusCode).toBe(403);
      const studio = await loginAs(app, Role.Studio);
      expect((await send('GET', '/api/v1/interview/list/', studio.auth)).statusCode).toBe(403);
      expect((await send('GET', '/api/v1/interview/list/')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/v1/interview/{id}', () => {
    it('the tutor moves it (rules again, reminders moved) or cancels it before the start', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      const moved = await update(tutor, interview.id, { start: iso(DAY + 2 * HOUR) });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().start).toBe(iso(DAY + 2 * HOUR));
      const reminders = await findInterviewReminders(app.db, interview.id);
      expect(reminders.every((row) => row.startsAt.getTime() === at(DAY + 2 * HOUR).getTime())).toBe(true);
      // The old time is free again for another tutor.
      await booked(await newTutor(), manager, DAY);
      expect((await update(tutor, interview.id, { start: iso(DAY) })).json().code).toBe('busy-tutor-manager');
      expect((await update(tutor, interview.id, { start: iso(DAY + 5 * HOUR) })).json().code).toBe(
        'slot-not-found',
      );
      expect((await update(manager, interview.id, { start: iso(DAY + 3 * HOUR) })).statusCode).toBe(403);

      const canceled = await update(tutor, interview.id, { status: InterviewStatus.Canceled });
      expect(canceled.json()).toMatchObject({
        status: InterviewStatus.Canceled,
        canceledBy: { id: tutor.user.id },
      });
      expect((await findInterviewReminders(app.db, interview.id)).filter((row) => !row.sentAt)).toHaveLength(
        0,
      );
      expect((await update(tutor, interview.id, { status: InterviewStatus.Canceled })).json().code).toBe(
        'interview-already-canceled',
      );
      // Its time is free for someone else once cancelled.
      await booked(await newTutor(), manager, DAY + 2 * HOUR);
    });

    it('nothing moves or cancels once started; no outcome before the start', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      expect((await update(manager, interview.id, { status: InterviewStatus.Passed })).json().code).toBe(
        'interview-not-started',
      );
      now = at(DAY + MINUTE);
      expect((await update(tutor, interview.id, { status: InterviewStatus.Canceled })).json().code).toBe(
        'interview-already-started',
      );
      expect((await update(tutor, interview.id, { start: iso(DAY + 3 * HOUR) })).json().code).toBe(
        'interview-already-started',
      );
    });

    it('the interviewer records the outcome; text rules and who-may-send-what hold; the tutor is told', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      now = at(DAY + 20 * MINUTE);
      const bad: Array<[Caller, object, string]> = [
        [manager, {}, 'empty-request'],
        [manager, { level: 6 }, 'interview-level-too-high'],
        [manager, { level: 0 }, 'interview-level-too-low'],
        [manager, { feedback: 'جيد' }, 'interview-feedback-too-short'],
        [manager, { note: '<script>alert(1)</script>ملاحظة طويلة' }, 'interview-note-invalid-html'],
        [manager, { note: 'x'.repeat(1001) }, 'interview-note-too-long'],
        [manager, { status: 1 }, 'bad-request'],
        [manager, { extra: true }, 'bad-request'],
        [tutor, { status: InterviewStatus.Passed }, 'forbidden'],
        [tutor, { note: 'أنا ممتاز جدًا' }, 'forbidden'],
        [regularAdmin, { status: InterviewStatus.Passed }, 'forbidden'],
        [manager, { signed: true }, 'forbidden'],
      ];
      for (const [who, body, code] of bad) {
        const res = await update(who, interview.id, body);
        expect(res.json().code, JSON.stringify(body)).toBe(code);
      }
      expect(
        (await send('PUT', `/api/v1/interview/${interview.id}`, student.auth, { level: 3 })).statusCode,
      ).toBe(403);
      expect((await send('PUT', `/api/v1/interview/${interview.id}`, {}, {})).statusCode).toBe(401);

      const tutorSocket = await sockets.connect(tutor.token);
      const heard = nextEvent<{ interview: Record<string, unknown> }>(tutorSocket, 'interview-updated');
      const adminSocket = await sockets.connect(regularAdmin.token);
      const staffHeard = nextEvent<{ interview: Record<string, unknown> }>(adminSocket, 'interview-updated');
      const passed = await update(manager, interview.id, {
        status: InterviewStatus.Passed,
        level: 4,
        feedback: '<b>محادثة رائعة</b> ونطق واضح',
        note: 'يصلح للمستوى المتقدم',
      });
      expect(passed.json()).toMatchObject({
        status: InterviewStatus.Passed,
        level: 4,
        feedback: '<b>محادثة رائعة</b> ونطق واضح',
        note: 'يصلح للمستوى المتقدم',
      });
      const event = (await heard).interview;
      expect(event).toMatchObject({ status: InterviewStatus.Passed });
      expect(event).not.toHaveProperty('note');
      // Staff watching the interviews screen hear it on their channel, the note included.
      expect((await staffHeard).interview).toMatchObject({ id: interview.id, note: 'يصلح للمستوى المتقدم' });
      await expect
        .poll(async () => (await lastMessageTo(app.db, tutor.user.email))?.subject ?? '')
        .toContain('اجتزت');
      const feedback = await update(tutor, interview.id, { intervieweeFeedback: 'كانت مقابلة مفيدة وودودة' });
      expect(feedback.json().intervieweeFeedback).toBe('كانت مقابلة مفيدة وودودة');
    });

    it('only a SuperAdmin signs, only a passed interview, once; signing marks the tutor', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      expect((await update(superAdmin, interview.id, { signed: true })).json().code).toBe(
        'interview-not-passed',
      );
      now = at(DAY + 30 * MINUTE);
      await update(manager, interview.id, { status: InterviewStatus.Passed, level: 5 });
      expect((await update(regularAdmin, interview.id, { signed: true })).statusCode).toBe(403);
      const signed = await update(superAdmin, interview.id, { signed: true });
      expect(signed.json()).toMatchObject({
        signedBy: { id: superAdmin.user.id },
        signedAt: now.toISOString(),
      });
      const [meta] = await app.db.select().from(tutors).where(eq(tutors.userId, tutor.user.id));
      expect(meta!.interviewSignedAt).toEqual(now);
      expect((await update(superAdmin, interview.id, { signed: true })).json().code).toBe(
        'interview-already-signed',
      );
      expect((await update(manager, interview.id, { status: InterviewStatus.Rejected })).json().code).toBe(
        'interview-already-signed',
      );
    });
  });

  describe('GET /api/v1/user/interviewer/select', () => {
    it('offers managers with free times, soonest first, leaving out taken and own-busy times', async () => {
      const later = await loginAsListedTutor(app, { role: Role.TutorManager, name: 'ب مدير' });
      await createSlot(app.db, later.user.id, at(3 * DAY), at(3 * DAY + HOUR));
      const sooner = await managerWithWindow({ name: 'أ مدير' });
      const idle = await loginAsListedTutor(app, { role: Role.TutorManager });
      const tutor = await newTutor();
      await booked(await newTutor(), sooner, DAY);
      const res = await send('GET', '/api/v1/user/interviewer/select', tutor.auth);
      expect(res.statusCode).toBe(200);
      const ids = res.json().list.map((option: { interviewer: { id: number } }) => option.interviewer.id);
      expect(ids.indexOf(sooner.user.id)).toBeLessThan(ids.indexOf(later.user.id));
      expect(ids).not.toContain(idle.user.id);
      const option = res
        .json()
        .list.find((row: { interviewer: { id: number } }) => row.interviewer.id === sooner.user.id);
      expect(option.times).not.toContain(iso(DAY));
      expect(option.times).toContain(iso(DAY + 30 * MINUTE));
      expect(option.upcomingInterviews).toBe(1);
      expect((await send('GET', '/api/v1/user/interviewer/select', student.auth)).statusCode).toBe(403);
      expect(
        (await send('GET', '/api/v1/user/interviewer/select?from=2027-13-01', tutor.auth)).json().code,
      ).toBe('bad-request');
    });
  });

  describe('tutor supply', () => {
    it('uncontacted: registered tutors without an interview, for managers and admins', async () => {
      const manager = await managerWithWindow();
      const quiet = await newTutor({ name: 'تامر صامت' });
      const active = await newTutor();
      await booked(active, manager);
      const res = await send('GET', '/api/v1/user/tutor/list/uncontacted?size=100', manager.auth);
      const ids = res.json().list.map((row: { id: number }) => row.id);
      expect(ids).toContain(quiet.user.id);
      expect(ids).not.toContain(active.user.id);
      expect(res.json().list.find((row: { id: number }) => row.id === quiet.user.id)).toMatchObject({
        email: quiet.user.email,
        createdAt: expect.any(String),
      });
      expect((await send('GET', '/api/v1/user/tutor/list/uncontacted', quiet.auth)).statusCode).toBe(403);
      expect(
        (await send('GET', '/api/v1/user/tutor/list/uncontacted?page=0', manager.auth)).json().code,
      ).toBe('bad-request');
    });

    it('onboarding: where the tutor stands, for themself and staff only', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const path = `/api/v1/user/tutor/onboarding/${tutor.user.id}`;
      const fresh = (await send('GET', path, tutor.auth)).json();
      expect(fresh).toMatchObject({
        listed: false,
        interview: { state: 'current', standing: 'may-book', latest: null, signed: false },
        studio: { state: 'waiting', missing: ['image', 'video', 'thumbnail'] },
        profile: { state: 'waiting' },
      });
      const interview = await booked(tutor, manager);
      now = at(DAY + 40 * MINUTE);
      await update(manager, interview.id, {
        status: InterviewStatus.Passed,
        level: 4,
        note: 'ملاحظة داخلية',
      });
      await update(superAdmin, interview.id, { signed: true });
      const passed = (await send('GET', path, tutor.auth)).json();
      expect(passed.interview).toMatchObject({ state: 'done', standing: 'passed', signed: true });
      expect(passed.interview.latest).not.toHaveProperty('note');
      expect(passed.studio.state).toBe('current');
      expect((await send('GET', path, manager.auth)).statusCode).toBe(200);
      expect((await send('GET', path, (await newTutor()).auth)).statusCode).toBe(403);
      expect((await send('GET', path, student.auth)).statusCode).toBe(403);
      expect((await send('GET', '/api/v1/user/tutor/onboarding/999999', superAdmin.auth)).json().code).toBe(
        'tutor-not-found',
      );
    });

    it('studio: admins assign, a Studio member sees and uploads for its own tutors only', async () => {
      const studio = await loginAs(app, Role.Studio, { name: 'استوديو القاهرة' });
      const otherStudio = await loginAs(app, Role.Studio);
      const mine = await newTutor();
      const notMine = await newTutor();
      const assign = (who: Caller, tutorId: number, studioId: number | null) =>
        send('PUT', `/api/v1/user/tutor/${tutorId}/studio`, who.auth, { studioId });
      expect((await assign(studio, mine.user.id, studio.user.id)).statusCode).toBe(403);
      expect((await assign(regularAdmin, mine.user.id, student.user.id)).json().code).toBe('user-not-found');
      expect((await assign(regularAdmin, 999_999, studio.user.id)).json().code).toBe('tutor-not-found');
      const assigned = await assign(regularAdmin, mine.user.id, studio.user.id);
      expect(assigned.json()).toMatchObject({
        id: mine.user.id,
        studio: { id: studio.user.id },
        missing: ['image', 'video', 'thumbnail'],
      });
      await assign(superAdmin, notMine.user.id, otherStudio.user.id);

      const list = (await send('GET', '/api/v1/user/tutor/all/for/studio?missing=true', studio.auth)).json();
      expect(list.list.map((row: { id: number }) => row.id)).toEqual([mine.user.id]);
      expect(
        (await send('GET', `/api/v1/user/tutor/all/for/studio?studioId=${otherStudio.user.id}`, studio.auth))
          .statusCode,
      ).toBe(403);
      expect(
        (await send('GET', '/api/v1/user/tutor/all/for/studio?unassigned=true', studio.auth)).statusCode,
      ).toBe(403);
      const adminView = (
        await send(
          'GET',
          `/api/v1/user/tutor/all/for/studio?studioId=${otherStudio.user.id}`,
          regularAdmin.auth,
        )
      ).json();
      expect(adminView.list.map((row: { id: number }) => row.id)).toEqual([notMine.user.id]);
      expect(
        (await send('GET', `/api/v1/user/tutor/${mine.user.id}/for/studio`, studio.auth)).statusCode,
      ).toBe(200);
      expect(
        (await send('GET', `/api/v1/user/tutor/${notMine.user.id}/for/studio`, studio.auth)).statusCode,
      ).toBe(403);
      expect((await send('GET', `/api/v1/user/tutor/${mine.user.id}/for/studio`, mine.auth)).statusCode).toBe(
        403,
      );

      const image = await sharp({
        create: { width: 600, height: 600, channels: 3, background: { r: 10, g: 90, b: 80 } },
      })
        .png()
        .toBuffer();
      const upload = (who: Caller, tutorId: number) => {
        const body = multipart([
          { field: 'image', filename: 'a.png', contentType: 'image/png', data: image },
        ]);
        return app.inject({
          method: 'PUT',
          url: `/api/v1/user/asset/tutor?tutorId=${tutorId}`,
          headers: { ...who.auth, ...body.headers },
          payload: body.payload,
        });
      };
      expect((await upload(studio, notMine.user.id)).statusCode).toBe(403);
      expect((await upload(studio, mine.user.id)).statusCode).toBe(200);
      const after = (await send('GET', `/api/v1/user/tutor/${mine.user.id}/for/studio`, studio.auth)).json();
      expect(after.missing).toEqual(['video', 'thumbnail']);
    });
  });

  describe('the room and reminders', () => {
    it('both members join the interview room in its window; nobody else', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager);
      const path = `/api/v1/session/${interview.id}?kind=interview`;
      expect((await send('GET', path, tutor.auth)).json().code).toBe('unallowed');
      now = at(DAY - 5 * MINUTE);
      const session = await send('GET', path, tutor.auth);
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ ref: { kind: 'interview', id: interview.id } });
      expect((await send('GET', path, manager.auth)).statusCode).toBe(200);
      expect((await send('GET', path, superAdmin.auth)).json().code).toBe('not-member');
      expect((await send('GET', '/api/v1/session/999999?kind=interview', tutor.auth)).json().code).toBe(
        'interview-not-found',
      );
    });

    it('reminds both members a day and an hour before, once each, and never after a cancellation', async () => {
      const manager = await managerWithWindow();
      const tutor = await newTutor();
      const interview = await booked(tutor, manager, DAY + 2 * HOUR);
      const reminders = createInterviewReminders({ ...app, clock: () => now });
      const sentOf = async () =>
        (await findInterviewReminders(app.db, interview.id)).filter((row) => row.sentAt !== null).length;
      await reminders.sendDue(at(2 * HOUR + MINUTE));
      expect(await sentOf()).toBe(2);
      await reminders.sendDue(at(2 * HOUR + 2 * MINUTE));
      expect(await sentOf()).toBe(2);
      expect((await lastMessageTo(app.db, tutor.user.email))?.subject).toContain('مقابلتك غدًا');
      await update(tutor, interview.id, { status: InterviewStatus.Canceled });
      await reminders.sendDue(at(DAY + HOUR + MINUTE));
      expect(await sentOf()).toBe(2);
      expect(await findInterviewReminders(app.db, interview.id)).toHaveLength(2);
      const [room] = await app.db.select().from(rooms).limit(1);
      expect(room).toBeDefined();
    });
  });
});
