import { Role } from '@hiwar/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  type createListedTutor,
  createSlot,
  createSubscription,
  createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';

type Auth = { authorization: string };
const iso = (offsetMs: number) => at(offsetMs).toISOString();

/**
 * The ledger over time (rules.md "Earnings and withdrawals"; "Lessons": the earning is recorded at
 * booking): lessons booked through the API credit their tutor once they end on the app's clock.
 */
describe('the earnings ledger', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });

  /** A listed tutor with a window tomorrow 10:00–16:00 Cairo. */
  async function tutorWithWindow(overrides: Parameters<typeof createListedTutor>[1] = {}) {
    const tutor = await loginAsListedTutor(app, overrides);
    await createSlot(app.db, tutor.user.id, at(DAY), at(DAY + 6 * HOUR));
    return tutor;
  }
  async function subscribedStudent() {
    const student = await loginAs(app, Role.Student);
    await createSubscription(app.db, student.user.id, { start: at(-DAY), weeklyMinutes: 120 });
    return student;
  }
  const book = async (auth: Auth, tutorId: number, offset: number, duration = 30) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: auth,
      payload: { tutorId, start: iso(offset), duration },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const cancel = (auth: Auth, id: number) =>
    app.inject({ method: 'DELETE', url: `/api/v1/lesson/${id}`, headers: auth });
  const stats = async (auth: Auth, tutorId: number) =>
    (await app.inject({ method: 'GET', url: `/api/v1/invoice/stats/${tutorId}`, headers: auth })).json();

  it('credits a lesson’s recorded earning when it ends, not before', async () => {
    const tutor = await tutorWithWindow();
    const student = await subscribedStudent();
    const lesson = await book(student.auth, tutor.user.id, DAY, 30);
    expect(lesson.price).toBe(75_00); // 30 minutes at 150 EGP an hour, fixed at booking
    expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
      earned: 0,
      upcoming: 75_00,
      withdrawable: 0,
    });

    now = at(DAY + 15 * MINUTE); // happening
    expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({ earned: 0, upcoming: 75_00 });

    now = at(DAY + 30 * MINUTE); // ended: given
    const after = await stats(tutor.auth, tutor.user.id);
    expect(after).toMatchObject({ earned: 75_00, upcoming: 0, withdrawable: 75_00 });
    // Tuesday 2 March is in the week of Saturday 27 February, in March.
    expect(after.weekly.at(-1)).toEqual({ period: '2027-02-27', earned: 75_00 });
    expect(after.monthly.at(-1)).toEqual({ period: '2027-03', earned: 75_00 });
    expect(after.weekly).toHaveLength(12);
  });

  it('pays the tutor for a lesson the student cancelled too late (the minutes were spent), nothing for other cancellations', async () => {
    const tutor = await tutorWithWindow();
    const [late, early, byTutor] = [
      await subscribedStudent(),
      await subscribedStudent(),
      await subscribedStudent(),
    ];
    const lateLesson = await book(late.auth, tutor.user.id, DAY, 30);
    const earlyLesson = await book(early.auth, tutor.user.id, DAY + HOUR, 30);
    const tutorLesson = await book(byTutor.auth, tutor.user.id, DAY + 2 * HOUR, 15);

    expect((await cancel(early.auth, earlyLesson.id)).json().lesson.minutesReturned).toBe(true);
    expect((await cancel(tutor.auth, tutorLesson.id)).json().lesson.minutesReturned).toBe(true);
    now = at(DAY - 11 * HOUR); // under 12 hours before: the student's minutes are spent
    expect((await cancel(late.auth, lateLesson.id)).json().lesson).toMatchObject({
      canceledBy: 'student',
      minutesReturned: false,
    });
    // Credited when the lesson would have ended, like a given one.
    expect((await stats(tutor.auth, tutor.user.id)).earned).toBe(0);
    now = at(DAY + 3 * HOUR);
    expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
      earned: 75_00,
      upcoming: 0,
      withdrawable: 75_00,
    });
  });

  it('gives a TutorManager nothing for introductory lessons', async () => {
    const manager = await tutorWithWindow({ role: Role.TutorManager });
    const student = await loginAs(app, Role.Student);
    const intro = await book(student.auth, manager.user.id, DAY, 30);
    expect(intro).toMatchObject({ intro: true, price: 0 });
    now = at(DAY + HOUR);
    expect(await stats(manager.auth, manager.user.id)).toMatchObject({ earned: 0, withdrawable: 0 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invoice',
      headers: manager.auth,
      payload: { amount: 100_00, details: { method: 'wallet', phone: '01012345678' } },
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'invoice-balance-exceeded']);
  });

  it('draws the chart over the last 12 Saturday weeks and 12 months in Cairo', async () => {
    const tutor = await loginAs(app, Role.Tutor);
    const student = await createUser(app.db, { role: Role.Student });
    const lesson = (start: string, price: number) =>
      createLesson(app.db, { tutorId: tutor.user.id, studentId: student.id, start: new Date(start), price });
    // Friday 26 February 23:00 Cairo (21:00 UTC): the week before this one.
    await lesson('2027-02-26T21:00:00Z', 10_00);
    // Friday 26 February 22:30 UTC = Saturday 27 February 00:30 Cairo: ends in this week.
    await lesson('2027-02-26T22:30:00Z', 20_00);
    // Three weeks ago, and in January.
    await lesson('2027-02-08T08:00:00Z', 30_00);
    await lesson('2027-01-05T08:00:00Z', 40_00);
    // Long ago: in the total, not in the chart.
    await lesson('2025-01-05T08:00:00Z', 50_00);
    const result = await stats(tutor.auth, tutor.user.id);
    expect(result.earned).toBe(150_00);
    expect(result.weekly.slice(-4)).toEqual([
      { period: '2027-02-06', earned: 30_00 },
      { period: '2027-02-13', earned: 0 },
      { period: '2027-02-20', earned: 10_00 },
      { period: '2027-02-27', earned: 20_00 },
    ]);
    expect(result.monthly.slice(-3)).toEqual([
      { period: '2027-01', earned: 40_00 },
      { period: '2027-02', earned: 60_00 },
      { period: '2027-03', earned: 0 },
    ]);
  });
});
