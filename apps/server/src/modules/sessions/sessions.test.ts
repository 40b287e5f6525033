import { createHmac } from 'node:crypto';
import { Role } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../testing/app.ts';
import { createLesson, loginAs } from '../../testing/factories.ts';
import { ensurePairRoom } from '../chat/rooms.repository.ts';
import { iceServersFor, TURN_CREDENTIAL_TTL_SECONDS, turnCredentials } from './ice-servers.ts';

const MINUTE = 60_000;
/** A lesson's start: Tuesday 2 March 2027, 10:00 in Cairo. */
const START = new Date('2027-03-02T08:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);
const ICE = {
  stunUrls: ['stun:stun.hiwar.test:3478'],
  turn: { urls: ['turn:turn.hiwar.test:3478?transport=udp'], secret: 'turn-shared-secret-for-tests' },
};

describe('GET /api/v1/session/{id}', async () => {
  let now = at(0);
  const { app } = await buildTestApp({ config: { ice: ICE }, deps: { clock: () => now } });

  const tutor = await loginAs(app, Role.Tutor, { name: 'سارة المعلمة' });
  const student = await loginAs(app, Role.Student, { name: 'أحمد الطالب' });
  const stranger = await loginAs(app, Role.Student);
  const admin = await loginAs(app, Role.SuperAdmin);
  const lesson = await createLesson(app.db, {
    tutorId: tutor.user.id,
    studentId: student.user.id,
    start: START,
  });
  await ensurePairRoom(app.db, tutor.user.id, student.user.id);

  const get = (path: string, headers: object = student.auth) =>
    app.inject({ method: 'GET', url: `/api/v1/session/${path}`, headers: headers as Record<string, string> });

  it('describes the room to both members inside the window: members, times, chat room, ICE servers', async () => {
    now = at(-10);
    const res = await get(String(lesson.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ref: { kind: 'lesson', id: lesson.id },
      members: [
        { id: tutor.user.id, name: 'سارة المعلمة', image: null, role: Role.Tutor, isHost: true },
        { id: student.user.id, name: 'أحمد الطالب', image: null, role: Role.Student, isHost: false },
      ],
      start: START.toISOString(),
      end: at(30).toISOString(),
      access: { opensAt: at(-10).toISOString(), closesAt: at(30).toISOString() },
      now: at(-10).toISOString(),
    });
    expect(body.chatRoomId).toEqual(expect.any(Number));
    expect(body.iceServers[0]).toEqual({ urls: ICE.stunUrls });
    const turn = body.iceServers[1];
    const expiry = Math.floor(at(-10).getTime() / 1000) + TURN_CREDENTIAL_TTL_SECONDS;
    expect(turn.urls).toEqual(ICE.turn.urls);
    expect(turn.username).toBe(`${expiry}:${student.user.id}`);
    expect(turn.credential).toBe(createHmac('sha1', ICE.turn.secret).update(turn.username).digest('base64'));

    now = at(29);
    const asTutor = await get(`${lesson.id}?kind=lesson`, tutor.auth);
    expect(asTutor.statusCode).toBe(200);
    expect(asTutor.json().iceServers[1].username).toMatch(new RegExp(`:${tutor.user.id}$`));
  });

  it('answers chatRoomId null when the pair has no room', async () => {
    now = at(0);
    const other = await loginAs(app, Role.Student);
    const noRoom = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: other.user.id,
      start: at(60),
    });
    now = at(60);
    const res = await get(String(noRoom.id), other.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().chatRoomId).toBeNull();
  });

  it('refuses the room before the window opens and once the lesson ended (unallowed)', async () => {
    for (const moment of [at(-10.5), at(30), at(300)]) {
      now = moment;
      const res = await get(String(lesson.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('unallowed');
    }
  });

  it('refuses a cancelled lesson even inside its window', async () => {
    now = at(0);
    const other = await loginAs(app, Role.Student);
    const canceled = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: other.user.id,
      start: at(120),
      canceledAt: at(-60),
      canceledBy: 'student',
      minutesReturned: true,
    });
    now = at(125);
    const res = await get(String(canceled.id), other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('unallowed');
  });

  it('refuses anyone but the two members, staff included (not-member)', async () => {
    now = at(0);
    for (const caller of [stranger, admin]) {
      const res = await get(String(lesson.id), caller.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('not-member');
    }
  });

  it('answers lesson-not-found for a missing lesson and bad-request for a malformed id or kind', async () => {
    now = at(0);
    const missing = await get('999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('lesson-not-found');
    for (const path of ['abc', '0', '-4', '1.5', `${lesson.id}?kind=party`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code, path).toBe('bad-request');
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await get(String(lesson.id), {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('ICE servers', () => {
  it('hands out nothing without configuration, STUN alone, or STUN and TURN', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(iceServersFor({ stunUrls: [], turn: undefined }, 5, now)).toEqual([]);
    expect(iceServersFor({ stunUrls: ['stun:a'], turn: undefined }, 5, now)).toEqual([{ urls: ['stun:a'] }]);
    const { username, credential, expiresAt } = turnCredentials('secret', 5, now);
    expect(expiresAt).toBe(now.getTime() / 1000 + 3600);
    expect(username).toBe(`${expiresAt}:5`);
    // coturn's own check: base64(HMAC-SHA1(secret, username)).
    expect(credential).toBe(createHmac('sha1', 'secret').update(username).digest('base64'));
  });

  it('reads STUN_URLS, TURN_URLS and TURN_SECRET, which only work together', () => {
    expect(testConfig().ice).toEqual({ stunUrls: [], turn: undefined });
    const config = testConfig(
      {},
      {
        STUN_URLS: 'stun:a:3478, stun:b:3478',
        TURN_URLS: 'turn:t:3478',
        TURN_SECRET: 'a-long-enough-secret',
      },
    );
    expect(config.ice).toEqual({
      stunUrls: ['stun:a:3478', 'stun:b:3478'],
      turn: { urls: ['turn:t:3478'], secret: 'a-long-enough-secret' },
    });
    expect(() => testConfig({}, { TURN_URLS: 'turn:t:3478' })).toThrow(/TURN_SECRET/);
    expect(() => testConfig({}, { TURN_SECRET: 'a-long-enough-secret' })).toThrow(/TURN_URLS/);
  });
});
