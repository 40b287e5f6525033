import type { AddressInfo } from 'node:net';
import { Role } from '@hiwar/domain';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, loginAs } from '../../testing/factories.ts';
import { DEV_CLOCK_MAX_OFFSET_MS } from './dev-clock.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The base clock the app is built with (real time outside tests). */
const T0 = new Date('2027-03-01T08:00:00Z');

describe('the dev clock without DEV_CLOCK', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });

  it('is not registered: /dev/clock answers 404 and the clock is the base one', async () => {
    const read = await app.inject({ method: 'GET', url: '/dev/clock' });
    expect(read.statusCode).toBe(404);
    const move = await app.inject({ method: 'POST', url: '/dev/clock', payload: { offsetMs: HOUR } });
    expect(move.statusCode).toBe(404);
    expect(move.json()).toMatchObject({ code: 'not-found' });
    expect(app.clock()).toEqual(T0);
  });
});

describe('the dev clock with DEV_CLOCK=1', async () => {
  const { app } = await buildTestApp({ config: { devClock: true }, deps: { clock: () => T0 } });
  const move = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/dev/clock', payload: payload as object });
  const read = () => app.inject({ method: 'GET', url: '/dev/clock' });

  it('reads the base time with no offset at first', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ now: T0.toISOString(), offsetMs: 0 });
  });

  it('moves the app clock by the offset, and 0 puts it back', async () => {
    const moved = await move({ offsetMs: 2 * HOUR });
    expect(moved.statusCode).toBe(200);
    const later = new Date(T0.getTime() + 2 * HOUR).toISOString();
    expect(moved.json()).toEqual({ now: later, offsetMs: 2 * HOUR });
    expect((await read()).json()).toEqual({ now: later, offsetMs: 2 * HOUR });
    expect(app.clock().toISOString()).toBe(later);

    const back = await move({ offsetMs: -HOUR });
    expect(back.json()).toEqual({ now: new Date(T0.getTime() - HOUR).toISOString(), offsetMs: -HOUR });

    const reset = await move({ offsetMs: 0 });
    expect(reset.json()).toEqual({ now: T0.toISOString(), offsetMs: 0 });
    expect(app.clock()).toEqual(T0);
  });

  it("derives lessons' status from the moved clock", async () => {
    const tutor = await loginAs(app, Role.Tutor);
    const student = await loginAs(app, Role.Student);
    const lesson = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: new Date(T0.getTime() + HOUR),
    });
    const statusAt = async (offsetMs: number) => {
      await move({ offsetMs });
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/lesson/${lesson.id}`,
        headers: student.auth,
      });
      return res.json().status;
    };
    try {
      expect(await statusAt(0)).toBe('pending');
      expect(await statusAt(HOUR + 10 * MINUTE)).toBe('happening');
      expect(await statusAt(2 * HOUR)).toBe('fulfilled');
    } finally {
      await move({ offsetMs: 0 });
    }
  });

  it("answers sockets' ping with the moved time", async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { token } = await loginAs(app, Role.Student);
    const socket = connect(url, { transports: ['websocket'], reconnection: false, auth: { token } });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await move({ offsetMs: 3 * HOUR });
      const answer = await socket.emitWithAck('ping', { sentAt: 1 });
      expect(answer).toMatchObject({ code: 'ok', serverTime: T0.getTime() + 3 * HOUR });
    } finally {
      socket.disconnect();
      await move({ offsetMs: 0 });
    }
  });

  it.each([
    ['no offset', {}],
    ['a string offset', { offsetMs: '3600000' }],
    ['a fractional offset', { offsetMs: 1.5 }],
    ['a null offset', { offsetMs: null }],
    ['an offset beyond ten years', { offsetMs: DEV_CLOCK_MAX_OFFSET_MS + 1 }],
    ['an offset before minus ten years', { offsetMs: -DEV_CLOCK_MAX_OFFSET_MS - 1 }],
    ['an unknown field', { offsetMs: HOUR, at: '2027-03-01T08:00:00Z' }],
    ['an array', [HOUR]],
  ])('rejects %s with 400 and leaves the clock alone', async (_label, payload) => {
    await move({ offsetMs: HOUR });
    const res = await move(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad-request' });
    expect((await read()).json()).toMatchObject({ offsetMs: HOUR });
    await move({ offsetMs: 0 });
  });

  it('rejects a body that is not JSON, or none at all, with 400', async () => {
    const garbled = await app.inject({
      method: 'POST',
      url: '/dev/clock',
      headers: { 'content-type': 'application/json' },
      payload: '{"offsetMs":',
    });
    expect(garbled.statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: '/dev/clock' });
    expect(empty.statusCode).toBe(400);
    expect((await read()).json()).toMatchObject({ offsetMs: 0 });
  });
});
