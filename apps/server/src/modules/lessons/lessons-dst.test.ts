import { Role, toLocalDateTime } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { createSlot, createSubscription, loginAs, loginAsListedTutor } from '../../testing/factories.ts';

type Auth = { authorization: string };

/**
 * Cairo changes clocks twice in 2026: forward at 00:00 on Friday 24 April (00:00 EET becomes 01:00
 * EEST), back at 24:00 on Thursday 29 October (00:00 EEST becomes 23:00 EET again). Windows, copies and
 * lessons around both must land on the right wall-clock times.
 */
describe('availability and bookings across DST', async () => {
  let now = new Date('2026-04-20T08:00:00Z');
  const { app } = await buildTestApp({ deps: { clock: () => now } });

  const save = (auth: Auth, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/availability-slot/', headers: auth, payload });
  const book = (auth: Auth, tutorId: number, start: string, duration = 30) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/lesson/',
      headers: auth,
      payload: { tutorId, start, duration },
    });
  const schedule = (tutorId: number, from: string, to: string) =>
    app.inject({ method: 'GET', url: `/api/v1/availability-slot/?tutorId=${tutorId}&from=${from}&to=${to}` });
  const local = (iso: string) => {
    const wall = toLocalDateTime(new Date(iso));
    return `${wall.date} ${wall.time} +${wall.offsetMinutes / 60}`;
  };
  async function student(start: Date) {
    const signedIn = await loginAs(app, Role.Student);
    await createSubscription(app.db, signedIn.user.id, { start, weeklyMinutes: 240 });
    return signedIn;
  }

  describe('spring forward, Friday 24 April 2026', () => {
    it('keeps a window typed 23:00–02:00 across the skipped hour two hours long, and books inside it', async () => {
      now = new Date('2026-04-20T08:00:00Z');
      const tutor = await loginAsListedTutor(app);
      // 23:00 EET Thursday is 21:00Z; 02:00 EEST Friday is 23:00Z.
      const saved = await save(tutor.auth, {
        create: [{ start: '2026-04-23T21:00:00Z', end: '2026-04-23T23:00:00Z' }],
      });
      expect(saved.statusCode).toBe(200);
      const res = await schedule(tutor.user.id, '2026-04-23T00:00:00Z', '2026-04-25T00:00:00Z');
      const long = res.json().bookable.long as string[];
      expect(long.map(local)).toEqual([
        '2026-04-23 23:00 +2',
        '2026-04-23 23:15 +2',
        '2026-04-23 23:30 +2',
        '2026-04-23 23:45 +2',
        '2026-04-24 01:00 +3',
        '2026-04-24 01:15 +3',
        '2026-04-24 01:30 +3',
      ]);
      const learner = await student(new Date('2026-04-19T08:00:00Z'));
      const booked = await book(learner.auth, tutor.user.id, '2026-04-23T21:45:00.000Z');
      expect(booked.statusCode).toBe(200);
      // 23:45 EET to 01:15 EEST: thirty real minutes across the change.
      expect(booked.json()).toMatchObject({
        start: '2026-04-23T21:45:00.000Z',
        end: '2026-04-23T22:15:00.000Z',
      });
      expect(local(booked.json().end)).toBe('2026-04-24 01:15 +3');
    });

    it('copies Saturday 10:00 EET to Saturday 10:00 EEST, and books it at 07:00Z', async () => {
      now = new Date('2026-04-20T08:00:00Z');
      const tutor = await loginAsListedTutor(app);
      await createSlot(
        app.db,
        tutor.user.id,
        new Date('2026-04-18T08:00:00Z'),
        new Date('2026-04-18T10:00:00Z'),
      );
      const copied = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/copy-week',
        headers: tutor.auth,
        payload: { week: '2026-04-18', weeks: 2 },
      });
      expect(copied.statusCode).toBe(200);
      expect(
        copied
          .json()
          .list.map((slot: { start: string; end: string }) => [local(slot.start), local(slot.end)]),
      ).toEqual([
        ['2026-04-25 10:00 +3', '2026-04-25 12:00 +3'],
        ['2026-05-02 10:00 +3', '2026-05-02 12:00 +3'],
      ]);
      const learner = await student(new Date('2026-04-19T08:00:00Z'));
      const booked = await book(learner.auth, tutor.user.id, '2026-04-25T07:00:00.000Z');
      expect(booked.statusCode).toBe(200);
      expect(local(booked.json().start)).toBe('2026-04-25 10:00 +3');
    });

    it('counts the quota week on the wall clock: it ends Sunday 10:00 EEST, an hour earlier in UTC', async () => {
      now = new Date('2026-04-20T08:00:00Z');
      const tutor = await loginAsListedTutor(app);
      await createSlot(
        app.db,
        tutor.user.id,
        new Date('2026-04-26T06:00:00Z'),
        new Date('2026-04-26T09:00:00Z'),
      );
      // Subscribed Sunday 19 April 10:00 EET (08:00Z): week 0 ends Sunday 26 April 10:00 EEST (07:00Z).
      const learner = await student(new Date('2026-04-19T08:00:00Z'));
      const crossing = await book(learner.auth, tutor.user.id, '2026-04-26T06:45:00.000Z');
      expect(crossing.json().code).toBe('lesson-crosses-quota-week');
      expect((await book(learner.auth, tutor.user.id, '2026-04-26T06:30:00.000Z')).statusCode).toBe(200);
    });
  });

  describe('fall back, Thursday 29 October 2026', () => {
    it('offers and books both 23:00s of the repeated hour', async () => {
      now = new Date('2026-10-26T08:00:00Z');
      const tutor = await loginAsListedTutor(app);
      // 22:00 EEST Thursday (19:00Z) to 00:00 EET Friday (22:00Z): three real hours.
      const saved = await save(tutor.auth, {
        create: [{ start: '2026-10-29T19:00:00Z', end: '2026-10-29T22:00:00Z' }],
      });
      expect(saved.statusCode).toBe(200);
      const res = await schedule(tutor.user.id, '2026-10-29T00:00:00Z', '2026-10-30T00:00:00Z');
      const long = (res.json().bookable.long as string[]).map(local);
      expect(long).toHaveLength(11);
      expect(long).toContain('2026-10-29 23:00 +3');
      expect(long).toContain('2026-10-29 23:00 +2');
      expect(long.at(-1)).toBe('2026-10-29 23:30 +2');

      const first = await student(new Date('2026-10-25T08:00:00Z'));
      const second = await student(new Date('2026-10-25T08:00:00Z'));
      const summer = await book(first.auth, tutor.user.id, '2026-10-29T20:00:00.000Z');
      const winter = await book(second.auth, tutor.user.id, '2026-10-29T21:00:00.000Z');
      expect([summer.statusCode, winter.statusCode]).toEqual([200, 200]);
      expect(local(summer.json().start)).toBe('2026-10-29 23:00 +3');
      expect(local(winter.json().start)).toBe('2026-10-29 23:00 +2');
      // The same wall-clock time, different instants: overlapping only itself.
      const third = await student(new Date('2026-10-25T08:00:00Z'));
      expect((await book(third.auth, tutor.user.id, '2026-10-29T20:15:00.000Z')).json().code).toBe(
        'busy-tutor',
      );
    });

    it('copies Saturday 10:00 EEST to Saturday 10:00 EET', async () => {
      now = new Date('2026-10-26T08:00:00Z');
      const tutor = await loginAsListedTutor(app);
      await createSlot(
        app.db,
        tutor.user.id,
        new Date('2026-10-24T07:00:00Z'),
        new Date('2026-10-24T09:00:00Z'),
      );
      const copied = await app.inject({
        method: 'POST',
        url: '/api/v1/availability-slot/copy-week',
        headers: tutor.auth,
        payload: { week: '2026-10-24', weeks: 1 },
      });
      expect(copied.json().list).toMatchObject([
        { start: '2026-10-31T08:00:00.000Z', end: '2026-10-31T10:00:00.000Z' },
      ]);
    });
  });
});
