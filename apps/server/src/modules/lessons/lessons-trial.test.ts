import { Role } from '@hiwar/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../db/client.ts';
import { lessons, platformSettings } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createSlot,
  createSubscription,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';

const iso = (offsetMs: number) => at(offsetMs).toISOString();

type Auth = { authorization: string };

/** Issue 27: one trial lesson per student, with any tutor, spending no minutes. */
describe('trial lessons', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  afterEach(async () => {
    await app.db.delete(platformSettings);
  });

  async function tutorWithWindow(role: Role = Role.Tutor) {
    const tutor = await loginAsListedTutor(app, { role });
    await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 6 * HOUR));
    return tutor;
  }
  const book = (auth: Auth | object, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/lesson/', headers: auth as Auth, payload });
  const trialStatus = (auth: Auth | object) =>
    app.inject({ method: 'GET', url: '/api/v1/lesson/trial', headers: auth as Auth });
  const cancel = (auth: Auth, id: number) =>
    app.inject({ method: 'DELETE', url: `/api/v1/lesson/${id}`, headers: auth });
  const setSetting = (key: string, value: number) =>
    app.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value } });

  it('lets a student without a plan book one trial with any tutor, then no other', async () => {
    const tutor = await tutorWithWindow();
    const other = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    expect((await trialStatus(student.auth)).json()).toEqual({
      available: true,
      reason: null,
      minutes: 30,
      lessonId: null,
      price: 0,
      paid: false,
      openTransactionId: null,
    });
    // Without `trial`, a student without a plan still cannot book a regular tutor.
    const regular = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30 });
    expect(regular.json().code).toBe('empty-weekly-minutes');

    const res = await book(student.auth, {
      tutorId: tutor.user.id,
      start: iso(DAY),
      duration: 30,
      trial: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ trial: true, intro: false, price: 7500, status: 'pending' });
    expect((await trialStatus(student.auth)).json()).toEqual({
      available: false,
      reason: 'trial-already-used',
      minutes: 30,
      lessonId: res.json().id,
      price: 0,
      paid: false,
      openTransactionId: null,
    });

    // Once it has been given, still no second trial, with this tutor or another.
    now = at(DAY + HOUR);
    for (const tutorId of [tutor.user.id, other.user.id]) {
      const again = await book(student.auth, {
        tutorId,
        start: iso(DAY + 2 * HOUR),
        duration: 30,
        trial: true,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('trial-already-used');
    }
  });

  it('spends no minutes of a subscription, and is a trial with a TutorManager too (not the intro)', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    await createSubscription(app.db, student.user.id, { start: at(-DAY), weeklyMinutes: 60 });
    const res = await book(student.auth, {
      tutorId: tutor.user.id,
      start: iso(DAY),
      duration: 30,
      trial: true,
    });
    expect(res.json().trial).toBe(true);
    const current = await app.inject({
      method: 'GET',
      url: '/api/v1/sub/current',
      headers: student.auth,
    });
    expect(current.json().quota).toMatchObject({ spentMinutes: 0, remainingMinutes: 60 });

    const manager = await tutorWithWindow(Role.TutorManager);
    const fresh = await loginAs(app, Role.Student);
    const withManager = await book(fresh.auth, {
      tutorId: manager.user.id,
      start: iso(DAY),
      duration: 30,
      trial: true,
    });
    expect(withManager.json()).toMatchObject({ trial: true, intro: false });
  });

  it('lasts the trial length set by staff: trial-duration-invalid otherwise', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    const short = await book(student.auth, {
      tutorId: tutor.user.id,
      start: iso(DAY),
      duration: 15,
      trial: true,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('trial-duration-invalid');
    await setSetting('trialLessonMinutes', 15);
    expect((await trialStatus(student.auth)).json()).toMatchObject({ available: true, minutes: 15 });
    const ok = await book(student.auth, {
      tutorId: tutor.user.id,
      start: iso(DAY),
      duration: 15,
      trial: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ trial: true, duration: 15 });
  });

  it('is refused while staff have switched trials off: trial-unavailable', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    await setSetting('trialLessonEnabled', 0);
    expect((await trialStatus(student.auth)).json()).toMatchObject({
      available: false,
      reason: 'trial-unavailable',
    });
    const res = await book(student.auth, {
      tutorId: tutor.user.id,
      start: iso(DAY),
      duration: 30,
      trial: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('trial-unavailable');
    expect(await app.db.select().from(lessons).where(eq(lessons.studentId, student.user.id))).toEqual([]);
  });

  it('comes back when cancelled in time or by the tutor, and is spent when the student cancels late', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    const trial = (start: number) =>
      book(student.auth, { tutorId: tutor.user.id, start: iso(start), duration: 30, trial: true });

    // The student cancels a day ahead: the trial is theirs again.
    const first = (await trial(DAY)).json();
    expect((await cancel(student.auth, first.id)).json().lesson.minutesReturned).toBe(true);
    expect((await trialStatus(student.auth)).json().available).toBe(true);

    // The tutor cancels an hour ahead: given back too.
    const second = (await trial(DAY + HOUR)).json();
    now = at(DAY);
    expect((await cancel(tutor.auth, second.id)).statusCode).toBe(200);
    expect((await trialStatus(student.auth)).json().available).toBe(true);

    // The student cancels 30 minutes ahead (under the 12 free hours): spent.
    const third = (await trial(DAY + 2 * HOUR)).json();
    now = at(DAY + 90 * MINUTE);
    expect((await cancel(student.auth, third.id)).json().lesson.minutesReturned).toBe(false);
    expect((await trialStatus(student.auth)).json()).toMatchObject({
      available: false,
      reason: 'trial-already-used',
      lessonId: third.id,
    });
  });

  it('stays a trial of its own length when moved', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    const lesson = (
      await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30, trial: true })
    ).json();
    const move = (payload: object) =>
      app.inject({ method: 'PATCH', url: '/api/v1/lesson/', headers: student.auth, payload });
    const moved = await move({ id: lesson.id, start: iso(DAY + HOUR) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ trial: true, start: iso(DAY + HOUR), duration: 30 });
    const shorter = await move({ id: lesson.id, start: iso(DAY + 2 * HOUR), duration: 15 });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().code).toBe('trial-duration-invalid');
  });

  it('holds under concurrency: of 10 trials fired at 10 tutors at once, exactly one is booked', async () => {
    await setSetting('maxUpcomingLessonsPerStudent', 20);
    const tutors = await Promise.all(Array.from({ length: 10 }, () => tutorWithWindow()));
    const student = await loginAs(app, Role.Student);
    const answers = await Promise.all(
      tutors.map((tutor) =>
        book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30, trial: true }),
      ),
    );
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    // The others: the trial is taken (or the student's own time is, since all ten start together).
    expect(codes.every((code) => ['ok', 'trial-already-used', 'conflicting-lessons'].includes(code))).toBe(
      true,
    );
    const trials = await app.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.studentId, student.user.id), eq(lessons.trial, true)));
    expect(trials).toHaveLength(1);
  });

  it('is one per student in the database itself, whatever writes the rows', async () => {
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(DAY),
      trial: true,
    });
    const second = createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(2 * DAY),
      trial: true,
    });
    await expect(second).rejects.toSatisfy((error: unknown) => pgErrorCode(error) === '23505');
    // A lesson cannot be both the introductory lesson and the trial.
    const both = createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(3 * DAY),
      trial: true,
      intro: true,
    });
    await expect(both).rejects.toSatisfy((error: unknown) => pgErrorCode(error) === '23514');
  });

  it('answers only students (401 signed out, 403 others), and refuses a trial flag that is not a boolean', async () => {
    expect((await trialStatus({})).statusCode).toBe(401);
    for (const role of [Role.Tutor, Role.TutorManager, Role.RegularAdmin]) {
      const user = await loginAs(app, role);
      const res = await trialStatus(user.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const tutor = await tutorWithWindow();
    const student = await loginAs(app, Role.Student);
    for (const trial of ['yes', 1, null, {}]) {
      const res = await book(student.auth, { tutorId: tutor.user.id, start: iso(DAY), duration: 30, trial });
      expect(res.statusCode, String(trial)).toBe(400);
      expect(res.json().code).toBe('bad-request');
    }
    expect((await trialStatus(student.auth)).json().available).toBe(true);
  });

  describe('a paid trial (decision 0048)', () => {
    const pay = (auth: Auth, payload: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/fawry/pay/ref-num',
        headers: auth,
        payload: { trial: true, period: 0, ...payload },
      });
    const sandbox = () => app.fawrySandbox!;
    let phone = 30_000_000;
    const payingStudent = () => loginAs(app, Role.Student, { phone: `012${phone++}` });

    it('is booked only once paid; the payment grants no subscription; a refund cancels the lesson', async () => {
      await setSetting('trialLessonPrice', 9900);
      const tutor = await tutorWithWindow();
      const student = await payingStudent();
      expect((await trialStatus(student.auth)).json()).toMatchObject({
        available: true,
        price: 9900,
        paid: false,
      });
      const unpaid = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY),
        duration: 30,
        trial: true,
      });
      expect(unpaid.statusCode).toBe(402);
      expect(unpaid.json().code).toBe('trial-payment-required');

      const order = await pay(student.auth);
      expect(order.statusCode).toBe(200);
      expect(order.json().transaction).toMatchObject({ trial: true, planId: null, amount: 9900 });
      expect((await trialStatus(student.auth)).json().openTransactionId).toBe(order.json().transaction.id);
      expect((await pay(student.auth)).json().code).toBe('trial-payment-exists');
      await sandbox().pay(order.json().referenceNumber, 'control');
      await sandbox().settled();
      expect((await trialStatus(student.auth)).json()).toMatchObject({ paid: true, openTransactionId: null });
      const current = await app.inject({ method: 'GET', url: '/api/v1/sub/current', headers: student.auth });
      expect(current.json()).toBeNull();

      const booked = await book(student.auth, {
        tutorId: tutor.user.id,
        start: iso(DAY),
        duration: 30,
        trial: true,
      });
      expect(booked.statusCode).toBe(200);
      expect((await pay(student.auth)).json().code).toBe('trial-already-used');

      const admin = await loginAs(app, Role.SuperAdmin);
      const refund = await app.inject({
        method: 'POST',
        url: '/api/v1/fawry/refund',
        headers: admin.auth,
        payload: { transactionId: order.json().transaction.id },
      });
      expect(refund.statusCode).toBe(200);
      const [row] = await app.db.select().from(lessons).where(eq(lessons.id, booked.json().id));
      expect(row!.canceledAt).not.toBeNull();
      // Refunded: the trial is free to take again, once paid for again.
      expect((await trialStatus(student.auth)).json()).toMatchObject({ available: true, paid: false });
    });

    it('refuses a free trial, trials switched off, coupons, installments and a plan with the trial', async () => {
      const student = await payingStudent();
      expect((await pay(student.auth)).json().code).toBe('bad-request');
      await setSetting('trialLessonPrice', 5000);
      await setSetting('trialLessonEnabled', 0);
      expect((await pay(student.auth)).json().code).toBe('trial-unavailable');
      await setSetting('trialLessonEnabled', 1);
      expect((await pay(student.auth, { couponCode: 'SAVE-10' })).json().code).toBe('bad-request');
      expect((await pay(student.auth, { planId: 1 })).json().code).toBe('required');
      expect((await pay(student.auth, { trial: false })).statusCode).toBe(400);
      const card = await app.inject({
        method: 'POST',
        url: '/api/v1/fawry/pay/card',
        headers: student.auth,
        payload: {
          trial: true,
          period: 0,
          cardToken: 'tok',
          cvv: '123',
          returnUrl: 'http://localhost:4000/x',
          installments: 2,
        },
      });
      expect(card.statusCode).toBe(400);
      const tutor = await loginAs(app, Role.Tutor);
      expect((await pay(tutor.auth)).statusCode).toBe(403);
    });

    it('8 payments at once for one student: exactly one is recorded', async () => {
      await setSetting('trialLessonPrice', 5000);
      const student = await payingStudent();
      const results = await Promise.all(Array.from({ length: 8 }, () => pay(student.auth)));
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
      for (const res of results.filter((one) => one.statusCode !== 200)) {
        expect(res.json().code).toBe('trial-payment-exists');
      }
    });
  });
});
