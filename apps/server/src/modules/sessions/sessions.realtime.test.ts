import { SESSION_CLIENT_EVENTS as C, Role, SESSION_SERVER_EVENTS as S, SessionEvent } from '@hiwar/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, loginAs } from '../../testing/factories.ts';
import { emit, listenForSockets, nextEvent, record, settle } from '../../testing/sockets.ts';
import { findSessionEvents } from './sessions.repository.ts';

const MINUTE = 60_000;
const START = new Date('2027-03-02T08:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);
const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } as const;

describe('session socket events', async () => {
  let now = at(0);
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = at(0);
  });
  const sockets = await listenForSockets(app);
  const client = (userId: number) => sockets.connectAs(userId);

  /** A fresh lesson starting at START between a new tutor and a new student, each connected. */
  async function pair(options: { start?: Date; canceled?: boolean } = {}) {
    const tutor = await loginAs(app, Role.Tutor);
    const student = await loginAs(app, Role.Student);
    const lesson = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: options.start ?? START,
      ...(options.canceled ? { canceledAt: at(-120), canceledBy: 'tutor', minutesReturned: true } : {}),
    });
    const session = { kind: 'lesson', id: lesson.id };
    return {
      tutor: { id: tutor.user.id, socket: await client(tutor.user.id) },
      student: { id: student.user.id, socket: await client(student.user.id) },
      lesson,
      session,
    };
  }

  describe('session:join', () => {
    it('enters the room, records "joined", tells the other member and names who is there', async () => {
      const { tutor, student, lesson, session } = await pair();
      expect(await emit(tutor.socket, C.join, { session })).toEqual({ code: 'ok', peers: [] });
      const joined = nextEvent(tutor.socket, S.peerJoined);
      expect(await emit(student.socket, C.join, { session })).toEqual({ code: 'ok', peers: [tutor.id] });
      expect(await joined).toEqual({ session, userId: student.id });
      const events = await findSessionEvents(app.db, lesson.id);
      expect(events.map((e) => [e.userId, e.event])).toEqual([
        [tutor.id, SessionEvent.UserJoined],
        [student.id, SessionEvent.UserJoined],
      ]);
    });

    it('is idempotent for one connection', async () => {
      const { tutor, lesson, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      expect(await emit(tutor.socket, C.join, { session })).toEqual({ code: 'ok', peers: [] });
      expect(await findSessionEvents(app.db, lesson.id)).toHaveLength(1);
    });

    it('opens 10 minutes before start and closes at the end (unallowed outside)', async () => {
      const { student, session } = await pair();
      now = at(-11);
      expect(await emit(student.socket, C.join, { session })).toEqual({ code: 'unallowed' });
      now = at(30);
      expect(await emit(student.socket, C.join, { session })).toEqual({ code: 'unallowed' });
      now = at(-10);
      expect((await emit(student.socket, C.join, { session })).code).toBe('ok');
    });

    it('refuses a cancelled lesson (unallowed), a stranger (not-member) and a missing lesson', async () => {
      const canceled = await pair({ canceled: true });
      expect(await emit(canceled.student.socket, C.join, { session: canceled.session })).toEqual({
        code: 'unallowed',
      });
      const { session } = await pair();
      const stranger = await client((await loginAs(app, Role.Student)).user.id);
      expect(await emit(stranger, C.join, { session })).toEqual({ code: 'not-member' });
      const admin = await client((await loginAs(app, Role.SuperAdmin)).user.id);
      expect(await emit(admin, C.join, { session })).toEqual({ code: 'not-member' });
      expect(await emit(stranger, C.join, { session: { kind: 'lesson', id: 999_999 } })).toEqual({
        code: 'lesson-not-found',
      });
    });

    it('answers invalid-session-id for a malformed session and bad-request for a malformed payload', async () => {
      const { student } = await pair();
      for (const session of [
        { kind: 'lesson', id: 0 },
        { kind: 'party', id: 1 },
        'lesson:1',
        null,
        { id: 3 },
      ]) {
        expect(await emit(student.socket, C.join, { session })).toEqual({ code: 'invalid-session-id' });
      }
      expect(await emit(student.socket, C.join, null)).toEqual({ code: 'bad-request' });
      expect(await emit(student.socket, C.join, { session: { kind: 'lesson', id: 1 }, extra: 1 })).toEqual({
        code: 'bad-request',
      });
    });

    it('hands the room over from an older connection of the same member (a reload)', async () => {
      const { tutor, student, lesson, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      await emit(student.socket, C.join, { session });
      const replaced = nextEvent(student.socket, S.replaced);
      const rejoined = nextEvent(tutor.socket, S.peerJoined);
      const reloaded = await client(student.id);
      expect(await emit(reloaded, C.join, { session })).toEqual({ code: 'ok', peers: [tutor.id] });
      expect(await replaced).toEqual({ session });
      expect(await rejoined).toEqual({ session, userId: student.id });
      // Signals reach the new connection only.
      const oldSignals = record(student.socket, S.signal);
      const newSignal = nextEvent(reloaded, S.signal);
      expect(await emit(tutor.socket, C.signal, { session, signal: offer })).toEqual({ code: 'ok' });
      expect(await newSignal).toEqual({ session, from: tutor.id, signal: offer });
      await settle();
      expect(oldSignals).toEqual([]);
      expect(await emit(student.socket, C.signal, { session, signal: offer })).toEqual({ code: 'unallowed' });
      const events = (await findSessionEvents(app.db, lesson.id)).map((e) => [e.userId, e.event]);
      expect(events).toEqual([
        [tutor.id, SessionEvent.UserJoined],
        [student.id, SessionEvent.UserJoined],
        [student.id, SessionEvent.UserLeft],
        [student.id, SessionEvent.UserJoined],
      ]);
    });
  });

  describe('session:leave and disconnect', () => {
    it('records "left" and tells the other member, on leave and on a lost connection', async () => {
      const { tutor, student, lesson, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      await emit(student.socket, C.join, { session });
      const left = nextEvent(tutor.socket, S.peerLeft);
      expect(await emit(student.socket, C.leave, { session })).toEqual({ code: 'ok' });
      expect(await left).toEqual({ session, userId: student.id });
      expect(await emit(student.socket, C.signal, { session, signal: offer })).toEqual({ code: 'unallowed' });

      await emit(student.socket, C.join, { session });
      const lost = nextEvent(tutor.socket, S.peerLeft);
      student.socket.disconnect();
      expect(await lost).toEqual({ session, userId: student.id });
      await expect
        .poll(async () => (await findSessionEvents(app.db, lesson.id)).map((e) => [e.userId, e.event]))
        .toEqual([
          [tutor.id, SessionEvent.UserJoined],
          [student.id, SessionEvent.UserJoined],
          [student.id, SessionEvent.UserLeft],
          [student.id, SessionEvent.UserJoined],
          [student.id, SessionEvent.UserLeft],
        ]);
    });

    it('answers unallowed when leaving a room it is not in, and the entry codes for the rest', async () => {
      const { tutor, session } = await pair();
      expect(await emit(tutor.socket, C.leave, { session })).toEqual({ code: 'unallowed' });
      expect(await emit(tutor.socket, C.leave, { session: { kind: 'lesson', id: -1 } })).toEqual({
        code: 'invalid-session-id',
      });
      expect(await emit(tutor.socket, C.leave, { session: { kind: 'lesson', id: 999_999 } })).toEqual({
        code: 'lesson-not-found',
      });
      const stranger = await client((await loginAs(app, Role.Tutor)).user.id);
      expect(await emit(stranger, C.leave, { session })).toEqual({ code: 'not-member' });
      expect(await emit(tutor.socket, C.leave, {})).toEqual({ code: 'bad-request' });
      expect(await emit(tutor.socket, C.leave, 'x')).toEqual({ code: 'bad-request' });
    });
  });

  describe('session:signal', () => {
    it('relays offers, answers and ICE candidates to the other member only', async () => {
      const { tutor, student, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      await emit(student.socket, C.join, { session });
      const otherPair = await pair();
      await emit(otherPair.tutor.socket, C.join, { session: otherPair.session });
      const leaked = record(otherPair.tutor.socket, S.signal);
      const echoed = record(tutor.socket, S.signal);
      const candidate = {
        candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      };
      for (const signal of [offer, { type: 'ice-candidate', candidate }]) {
        const received = nextEvent(student.socket, S.signal);
        expect(await emit(tutor.socket, C.signal, { session, signal })).toEqual({ code: 'ok' });
        expect(await received).toEqual({ session, from: tutor.id, signal });
      }
      const answer = { type: 'answer', sdp: 'v=0' };
      const back = nextEvent(tutor.socket, S.signal);
      expect(await emit(student.socket, C.signal, { session, signal: answer })).toEqual({ code: 'ok' });
      expect(await back).toEqual({ session, from: student.id, signal: answer });
      await settle();
      expect(leaked).toEqual([]);
      expect(echoed).toHaveLength(1);
    });

    it('answers unreachable while the other member is not in the room', async () => {
      const { tutor, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      expect(await emit(tutor.socket, C.signal, { session, signal: offer })).toEqual({ code: 'unreachable' });
    });

    it('refuses a connection that has not joined, strangers, bad ids and malformed signals', async () => {
      const { tutor, student, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      expect(await emit(student.socket, C.signal, { session, signal: offer })).toEqual({ code: 'unallowed' });
      const stranger = await client((await loginAs(app, Role.Student)).user.id);
      expect(await emit(stranger, C.signal, { session, signal: offer })).toEqual({ code: 'not-member' });
      expect(
        await emit(stranger, C.signal, { session: { kind: 'lesson', id: 999_999 }, signal: offer }),
      ).toEqual({
        code: 'lesson-not-found',
      });
      expect(await emit(tutor.socket, C.signal, { session: { kind: 'x', id: 1 }, signal: offer })).toEqual({
        code: 'invalid-session-id',
      });
      expect(await emit(tutor.socket, C.signal, { session, signal: { type: 'bye' } })).toEqual({
        code: 'bad-request',
      });
      now = at(45);
      expect(await emit(student.socket, C.signal, { session, signal: offer })).toEqual({ code: 'unallowed' });
    });
  });

  describe('session:media', () => {
    it('tells the other member what is on: camera, microphone, screen', async () => {
      const { tutor, student, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      await emit(student.socket, C.join, { session });
      const state = nextEvent(student.socket, S.media);
      expect(await emit(tutor.socket, C.media, { session, camera: false, mic: true, screen: true })).toEqual({
        code: 'ok',
      });
      expect(await state).toEqual({ session, userId: tutor.id, camera: false, mic: true, screen: true });
    });

    it('refuses before joining, strangers, bad ids and incomplete states', async () => {
      const { tutor, session } = await pair();
      const state = { camera: true, mic: true, screen: false };
      expect(await emit(tutor.socket, C.media, { session, ...state })).toEqual({ code: 'unallowed' });
      const stranger = await client((await loginAs(app, Role.Student)).user.id);
      expect(await emit(stranger, C.media, { session, ...state })).toEqual({ code: 'not-member' });
      expect(await emit(stranger, C.media, { session: { kind: 'lesson', id: 999_999 }, ...state })).toEqual({
        code: 'lesson-not-found',
      });
      expect(await emit(tutor.socket, C.media, { session: 7, ...state })).toEqual({
        code: 'invalid-session-id',
      });
      expect(await emit(tutor.socket, C.media, { session, camera: true })).toEqual({ code: 'bad-request' });
    });
  });

  describe('session:ping and session:pong', () => {
    it('relays a ping to the other member and their pong back, with the server time', async () => {
      const { tutor, student, session } = await pair();
      await emit(tutor.socket, C.join, { session });
      await emit(student.socket, C.join, { session });
      const ping = nextEvent(student.socket, S.ping);
      const ack = await emit(tutor.socket, C.ping, { session, sentAt: 1234 });
      expect(ack).toEqual({ code: 'ok', serverTime: expect.any(Number) });
      expect(await ping).toEqual({ session, from: tutor.id, sentAt: 1234 });
      const pong = nextEvent(tutor.socket, S.pong);
      expect((await emit(student.socket, C.pong, { session, sentAt: 1234 })).code).toBe('ok');
      expect(await pong).toEqual({ session, from: student.id, sentAt: 1234 });
    });

    it('answers unreachable alone, and the entry codes otherwise', async () => {
      const { tutor, session } = await pair();
      expect(await emit(tutor.socket, C.ping, { session, sentAt: 1 })).toEqual({ code: 'unallowed' });
      await emit(tutor.socket, C.join, { session });
      expect(await emit(tutor.socket, C.ping, { session, sentAt: 1 })).toEqual({ code: 'unreachable' });
      expect(await emit(tutor.socket, C.pong, { session, sentAt: 1 })).toEqual({ code: 'unreachable' });
      const stranger = await client((await loginAs(app, Role.Student)).user.id);
      expect(await emit(stranger, C.pong, { session, sentAt: 1 })).toEqual({ code: 'not-member' });
      expect(await emit(stranger, C.ping, { session: { kind: 'lesson', id: 999_999 }, sentAt: 1 })).toEqual({
        code: 'lesson-not-found',
      });
      expect(await emit(tutor.socket, C.ping, { session: {}, sentAt: 1 })).toEqual({
        code: 'invalid-session-id',
      });
      expect(await emit(tutor.socket, C.ping, { session, sentAt: 'now' })).toEqual({ code: 'bad-request' });
    });
  });
});
