import { Role, toLocalDateTime } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tutors, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createListedTutor,
  createSlot,
  createSubscription,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { DAY, HOUR, T0 } from '../../testing/time.ts';

type FreeTimes = {
  tutorId: number;
  until: string;
  days: Array<{ date: string; weekStart: string; starts: string[] }>;
};

/** `YYYY-MM-DD HH:mm +h` on Cairo's wall clock. */
const local = (iso: string) => {
  const wall = toLocalDateTime(new Date(iso));
  return `${wall.date} ${wall.time} +${wall.offsetMinutes / 60}`;
};
const utc = (value: string) => new Date(value);

/**
 * Issue 27: a listed tutor's next free times on their public profile (`GET /user/tutor/free-times/{id}`)
 * and the directory's "available today" filter, both read from the tutor directory.
 */
describe('a tutor’s free times and the available-today filter', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  const admin = await loginAs(app, Role.RegularAdmin);

  const freeTimes = (id: number | string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/v1/user/tutor/free-times/${id}`, headers });
  const freeTimesOf = async (id: number) => {
    const res = await freeTimes(id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FreeTimes;
  };
  /** Rows written behind the server's back (createSlot, createListedTutor): the directory reads them again. */
  const flush = () => app.inject({ method: 'DELETE', url: '/api/v1/cache/flush', headers: admin.auth });
  const book = (auth: { authorization: string }, tutorId: number, start: string, duration = 30) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: auth,
      payload: { tutorId, start, duration },
    });
  async function subscribedStudent() {
    const student = await loginAs(app, Role.Student);
    await createSubscription(app.db, student.user.id, { start: new Date(now.getTime() - DAY) });
    return student;
  }

  describe('GET /user/tutor/free-times/{id}', () => {
    it('lists the bookable starts of the next seven Cairo days, grouped by day in Saturday-first weeks', async () => {
      now = T0; // Monday 1 March 2027, 10:00 Cairo (UTC+2); the lead time is 60 minutes.
      const tutor = await createListedTutor(app.db);
      // Today 09:30–12:00: only 11:00 on (the lead time), the last 15-minute lesson at 11:45.
      await createSlot(app.db, tutor.id, utc('2027-03-01T07:30:00Z'), utc('2027-03-01T10:00:00Z'));
      // Friday 5 March 09:00–10:00, the last day of this week.
      await createSlot(app.db, tutor.id, utc('2027-03-05T07:00:00Z'), utc('2027-03-05T08:00:00Z'));
      // Saturday 6 March 20:00–20:30, the first of next week.
      await createSlot(app.db, tutor.id, utc('2027-03-06T18:00:00Z'), utc('2027-03-06T18:30:00Z'));
      // Sunday 7 March 23:00–24:00: the seventh day's last hour is in.
      await createSlot(app.db, tutor.id, utc('2027-03-07T21:00:00Z'), utc('2027-03-07T22:00:00Z'));
      // Monday 8 March, the eighth day: out, though the tutor's notice (14 days) would allow it.
      await createSlot(app.db, tutor.id, utc('2027-03-08T07:00:00Z'), utc('2027-03-08T09:00:00Z'));
      await flush();

      const answer = await freeTimesOf(tutor.id);
      expect(answer.tutorId).toBe(tutor.id);
      expect(answer.until).toBe('2027-03-07T22:00:00.000Z');
      expect(answer.days.map(({ date, weekStart }) => [date, weekStart])).toEqual([
        ['2027-03-01', '2027-02-27'],
        ['2027-03-05', '2027-02-27'],
        ['2027-03-06', '2027-03-06'],
        ['2027-03-07', '2027-03-06'],
      ]);
      expect(answer.days.flatMap((day) => day.starts).map(local)).toEqual([
        '2027-03-01 11:00 +2',
        '2027-03-01 11:15 +2',
        '2027-03-01 11:30 +2',
        '2027-03-01 11:45 +2',
        '2027-03-05 09:00 +2',
        '2027-03-05 09:15 +2',
        '2027-03-05 09:30 +2',
        '2027-03-05 09:45 +2',
        '2027-03-06 20:00 +2',
        '2027-03-06 20:15 +2',
        '2027-03-07 23:00 +2',
        '2027-03-07 23:15 +2',
        '2027-03-07 23:30 +2',
        '2027-03-07 23:45 +2',
      ]);
      // Public, and nothing but times: no window, no booked span, nobody's name.
      expect(Object.keys(answer).sort()).toEqual(['days', 'tutorId', 'until']);
    });

    it('keeps within the tutor’s notice and drops starts the passing time brings inside the lead time', async () => {
      now = T0;
      const tutor = await createListedTutor(app.db, { tutor: { notice: 2 } });
      await createSlot(app.db, tutor.id, utc('2027-03-01T09:00:00Z'), utc('2027-03-01T10:00:00Z'));
      // Wednesday 3 March 09:00 is within two days of Monday 10:00; 11:00 is not.
      await createSlot(app.db, tutor.id, utc('2027-03-03T07:00:00Z'), utc('2027-03-03T10:00:00Z'));
      await flush();
      const starts = async () => (await freeTimesOf(tutor.id)).days.flatMap((day) => day.starts).map(local);
      expect(await starts()).toEqual([
        '2027-03-01 11:00 +2',
        '2027-03-01 11:15 +2',
        '2027-03-01 11:30 +2',
        '2027-03-01 11:45 +2',
        '2027-03-03 09:00 +2',
        '2027-03-03 09:15 +2',
        '2027-03-03 09:30 +2',
        '2027-03-03 09:45 +2',
        '2027-03-03 10:00 +2',
      ]);
      // Twenty minutes later (the directory not yet read again): 11:00 and 11:15 are too near now.
      now = new Date(T0.getTime() + 20 * 60_000);
      expect((await starts()).slice(0, 2)).toEqual(['2027-03-01 11:30 +2', '2027-03-01 11:45 +2']);
      now = T0;
    });

    it('no longer offers a time once it is booked, and its ETag changes with it', async () => {
      now = T0;
      const tutor = await loginAsListedTutor(app);
      // Tomorrow 09:00–10:00, saved through the API as a tutor does.
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/',
        headers: tutor.auth,
        payload: { create: [{ start: '2027-03-02T07:00:00Z', end: '2027-03-02T08:00:00Z' }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const first = await freeTimes(tutor.user.id);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect((first.json() as FreeTimes).days[0]!.starts.map(local)).toEqual([
        '2027-03-02 09:00 +2',
        '2027-03-02 09:15 +2',
        '2027-03-02 09:30 +2',
        '2027-03-02 09:45 +2',
      ]);
      // Unchanged: 304, nothing sent again.
      const again = await freeTimes(tutor.user.id, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const student = await subscribedStudent();
      const booked = await book(student.auth, tutor.user.id, '2027-03-02T07:15:00.000Z');
      expect(booked.statusCode, booked.body).toBe(200);
      const after = await freeTimes(tutor.user.id, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      // 09:15–09:45 is taken: 09:00 (a 15-minute lesson) still fits before it; 09:15 and 09:30 do not.
      expect((after.json() as FreeTimes).days[0]!.starts.map(local)).toEqual([
        '2027-03-02 09:00 +2',
        '2027-03-02 09:45 +2',
      ]);
      // Times only: the booking shows as a gap, naming nobody.
      expect((after.json() as FreeTimes).days.map((day) => Object.keys(day).sort())).toEqual([
        ['date', 'starts', 'weekStart'],
      ]);
    });

    it('answers an empty list for a listed tutor without free times', async () => {
      now = T0;
      const tutor = await createListedTutor(app.db);
      await flush();
      const answer = await freeTimesOf(tutor.id);
      expect(answer).toEqual({ tutorId: tutor.id, until: '2027-03-07T22:00:00.000Z', days: [] });
    });

    it.each([['abc'], ['0'], ['-3'], ['1.5']])('answers bad-request to the id %s', async (id) => {
      const res = await freeTimes(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });

    it('answers tutor-not-found for an unknown, an unlisted or a non-tutor id', async () => {
      const unlisted = await createListedTutor(app.db);
      await app.db.update(tutors).set({ activated: false }).where(eq(tutors.userId, unlisted.id));
      const student = await loginAs(app, Role.Student);
      await flush();
      for (const id of [2147483000, unlisted.id, student.user.id]) {
        const res = await freeTimes(id);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('tutor-not-found');
      }
    });

    describe('across DST (Cairo, 2026)', () => {
      it('lists the two 23:00s of the fall-back night under the same Thursday, and the week turning on Saturday', async () => {
        now = utc('2026-10-27T08:00:00Z'); // Tuesday 27 October, 11:00 EEST.
        const tutor = await createListedTutor(app.db);
        // Thursday 29 October 22:30 EEST (19:30Z) to 23:30 EET (21:30Z): two hours of real time.
        await createSlot(app.db, tutor.id, utc('2026-10-29T19:30:00Z'), utc('2026-10-29T21:30:00Z'));
        // Saturday 31 October 10:00–10:30 EET: a new week.
        await createSlot(app.db, tutor.id, utc('2026-10-31T08:00:00Z'), utc('2026-10-31T08:30:00Z'));
        await flush();
        const answer = await freeTimesOf(tutor.id);
        // Seven days: Tuesday 27 October to Monday 2 November, 00:00 EET.
        expect(answer.until).toBe('2026-11-02T22:00:00.000Z');
        expect(answer.days.map(({ date, weekStart }) => [date, weekStart])).toEqual([
          ['2026-10-29', '2026-10-24'],
          ['2026-10-31', '2026-10-31'],
        ]);
        expect(answer.days[0]!.starts.map(local)).toEqual([
          '2026-10-29 22:30 +3',
          '2026-10-29 22:45 +3',
          '2026-10-29 23:00 +3',
          '2026-10-29 23:15 +3',
          '2026-10-29 23:30 +3',
          '2026-10-29 23:45 +3',
          '2026-10-29 23:00 +2',
          '2026-10-29 23:15 +2',
        ]);
        expect(answer.days[1]!.starts.map(local)).toEqual(['2026-10-31 10:00 +2', '2026-10-31 10:15 +2']);
      });

      it('skips the hour the spring-forward night does not have', async () => {
        now = utc('2026-04-20T08:00:00Z'); // Monday 20 April, 10:00 EET.
        const tutor = await createListedTutor(app.db);
        // Thursday 23 April 23:00 EET (21:00Z) to Friday 02:00 EEST (23:00Z).
        await createSlot(app.db, tutor.id, utc('2026-04-23T21:00:00Z'), utc('2026-04-23T23:00:00Z'));
        await flush();
        const answer = await freeTimesOf(tutor.id);
        // Monday 20 to Sunday 26 April: 00:00 EEST on Monday 27.
        expect(answer.until).toBe('2026-04-26T21:00:00.000Z');
        expect(answer.days.map((day) => [day.date, day.starts.map(local)])).toEqual([
          [
            '2026-04-23',
            ['2026-04-23 23:00 +2', '2026-04-23 23:15 +2', '2026-04-23 23:30 +2', '2026-04-23 23:45 +2'],
          ],
          [
            '2026-04-24',
            ['2026-04-24 01:00 +3', '2026-04-24 01:15 +3', '2026-04-24 01:30 +3', '2026-04-24 01:45 +3'],
          ],
        ]);
        now = T0;
      });
    });
  });

  describe('GET /user/tutor/list/onboarded?available=today', () => {
    let topicSequence = 0;
    async function newTopic() {
      topicSequence += 1;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/topic/',
        headers: admin.auth,
        payload: { nameAr: `متاح اليوم ${topicSequence}`, nameEn: `Available today ${topicSequence}` },
      });
      return res.json() as { id: number };
    }
    async function giveTopic(userId: number, topicId: number) {
      const [user] = await app.db.select().from(users).where(eq(users.id, userId));
      const token = await app.sessions.issue(user!);
      await app.inject({
        method: 'POST',
        url: '/api/v1/topic/of/user',
        headers: { authorization: `Bearer ${token}` },
        payload: { topicId },
      });
    }
    const ids = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/list/onboarded?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { list: Array<{ id: number }> }).list
        .map((card) => card.id)
        .sort((a, b) => a - b);
    };

    it('keeps the tutors with a bookable start left today (Cairo), and moves on at midnight', async () => {
      now = T0; // Monday 1 March, 10:00 Cairo.
      const marker = await newTopic();
      // Later today, 18:00–19:00.
      const today = await createListedTutor(app.db);
      await createSlot(app.db, today.id, utc('2027-03-01T16:00:00Z'), utc('2027-03-01T17:00:00Z'));
      // Today but too soon (10:30–11:00, inside the hour's lead time), and tomorrow morning.
      const tomorrow = await createListedTutor(app.db);
      await createSlot(app.db, tomorrow.id, utc('2027-03-01T08:30:00Z'), utc('2027-03-01T09:00:00Z'));
      await createSlot(app.db, tomorrow.id, utc('2027-03-02T07:00:00Z'), utc('2027-03-02T08:00:00Z'));
      // Today 23:30–24:00 Cairo (21:30Z): the last half hour of the Cairo day counts.
      const lateToday = await createListedTutor(app.db);
      await createSlot(app.db, lateToday.id, utc('2027-03-01T21:30:00Z'), utc('2027-03-01T22:00:00Z'));
      // 00:00–01:00 on Tuesday in Cairo (22:00Z Monday): tomorrow, though Monday in UTC.
      const afterMidnight = await createListedTutor(app.db);
      await createSlot(app.db, afterMidnight.id, utc('2027-03-01T22:00:00Z'), utc('2027-03-01T23:00:00Z'));
      for (const tutor of [today, tomorrow, lateToday, afterMidnight]) {
        await giveTopic(tutor.id, marker.id);
      }
      await flush();
      const only = `topics=${marker.id}`;
      expect(await ids(only)).toEqual([today.id, tomorrow.id, lateToday.id, afterMidnight.id]);
      expect(await ids(`${only}&available=today`)).toEqual([today.id, lateToday.id]);
      // With a part of the day: a start today in the evening.
      expect(await ids(`${only}&available=today&time=evening`)).toEqual([today.id]);
      // Today named as the day as well is the same; another day matches nobody.
      expect(await ids(`${only}&available=today&day=2027-03-01`)).toEqual([today.id, lateToday.id]);
      expect(await ids(`${only}&available=today&day=2027-03-02`)).toEqual([]);

      // The same address the next day means Tuesday: the page kept for Monday is not answered again.
      now = new Date(T0.getTime() + 20 * HOUR); // Tuesday 06:00.
      const tuesday = await ids(`${only}&available=today`);
      expect(tuesday).toContain(tomorrow.id);
      expect(tuesday).not.toContain(today.id);
      expect(tuesday).not.toContain(lateToday.id);
      // Read afresh at 06:00, the night's times are gone too.
      await flush();
      expect(await ids(`${only}&available=today`)).toEqual([tomorrow.id]);
      now = T0;
    });

    it('drops a tutor once the lead time passes their last start today, the same minute', async () => {
      now = T0;
      const marker = await newTopic();
      // 11:00–11:15 only: bookable at 10:00 with the hour's lead time, no longer at 10:01.
      const tutor = await createListedTutor(app.db);
      await createSlot(app.db, tutor.id, utc('2027-03-01T09:00:00Z'), utc('2027-03-01T09:15:00Z'));
      await giveTopic(tutor.id, marker.id);
      await flush();
      const query = `topics=${marker.id}&available=today`;
      expect(await ids(query)).toEqual([tutor.id]);
      expect(await ids(query)).toEqual([tutor.id]);
      // Neither the directory (read at 10:00) nor the page kept for this address is read again.
      now = new Date(T0.getTime() + 60_000);
      expect(await ids(query)).toEqual([]);
      expect((await freeTimesOf(tutor.id)).days).toEqual([]);
      now = T0;
    });

    it('drops a tutor whose last time today is booked', async () => {
      now = T0;
      const marker = await newTopic();
      const tutor = await loginAsListedTutor(app);
      await giveTopic(tutor.user.id, marker.id);
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/',
        headers: tutor.auth,
        payload: { create: [{ start: '2027-03-01T16:00:00Z', end: '2027-03-01T16:30:00Z' }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const query = `topics=${marker.id}&available=today`;
      expect(await ids(query)).toEqual([tutor.user.id]);
      const student = await subscribedStudent();
      expect((await book(student.auth, tutor.user.id, '2027-03-01T16:00:00.000Z')).statusCode).toBe(200);
      expect(await ids(query)).toEqual([]);
    });

    it.each([['available=tomorrow'], ['available='], ['available=TODAY']])(
      'answers bad-request to %s',
      async (query) => {
        const res = await app.inject({ method: 'GET', url: `/api/v1/user/tutor/list/onboarded?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('bad-request');
      },
    );
  });

  it('is answered from the directory, not the database', async () => {
    now = T0;
    const tutor = await createListedTutor(app.db);
    await createSlot(app.db, tutor.id, utc('2027-03-02T07:00:00Z'), utc('2027-03-02T08:00:00Z'));
    await flush();
    await freeTimesOf(tutor.id);
    // Written behind the server's back: the answer comes from the directory, which has not read it.
    await createSlot(app.db, tutor.id, utc('2027-03-03T07:00:00Z'), utc('2027-03-03T08:00:00Z'));
    expect((await freeTimesOf(tutor.id)).days.map((day) => day.date)).toEqual(['2027-03-02']);
    await flush();
    expect((await freeTimesOf(tutor.id)).days.map((day) => day.date)).toEqual(['2027-03-02', '2027-03-03']);
  });
});
