import { CHAT_CLIENT_EVENTS as C, Role, CHAT_SERVER_EVENTS as S } from '@hiwar/domain';
import { describe, expect, inject, it } from 'vitest';
import { buildScaledOutApps } from '../../testing/app.ts';
import { createListedTutor, createUser } from '../../testing/factories.ts';
import { emit, listenForSockets, record, settle } from '../../testing/sockets.ts';
import { ensurePairRoom } from './rooms.repository.ts';

const redisUrl = inject('redisUrl');

/** Chat on two server instances sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(!redisUrl)('chat scale-out through Redis (TEST_REDIS_URL)', async () => {
  const [appOne, appTwo] = await buildScaledOutApps(redisUrl);
  const one = { app: appOne, sockets: await listenForSockets(appOne) };
  const two = { app: appTwo, sockets: await listenForSockets(appTwo) };
  /** A client of `userId` connected to `instance`. */
  const client = (instance: typeof one, userId: number) => instance.sockets.connectAs(userId);
  async function pair() {
    const student = await createUser(one.app.db);
    const tutor = await createUser(one.app.db, { role: Role.Tutor });
    const { id: roomId } = await ensurePairRoom(one.app.db, student.id, tutor.id);
    return { student, tutor, roomId };
  }

  it('delivers a message sent on one instance to the other member connected to the other', async () => {
    const { student, tutor, roomId } = await pair();
    const studentSocket = await client(one, student.id);
    const tutorSocket = await client(two, tutor.id);
    const heard = record(tutorSocket, S.message);
    const ack = await emit(studentSocket, C.send, { roomId, text: 'من الخادم الأول', clientRef: 'x-1' });
    expect(ack).toMatchObject({ code: 'ok', message: { text: 'من الخادم الأول' } });
    await expect.poll(() => heard).toEqual([{ message: ack.message }]);
  });

  it('brings a room created on one instance to a member connected to the other', async () => {
    const student = await createUser(one.app.db);
    const tutor = await createListedTutor(one.app.db);
    const tutorSocket = await client(two, tutor.id);
    const [rooms, heard] = [record(tutorSocket, S.room), record(tutorSocket, S.message)];
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/v1/chat/new',
      headers: { authorization: `Bearer ${await one.app.sessions.issue(student)}` },
      payload: { userId: tutor.id, message: 'أهلًا' },
    });
    expect(res.statusCode).toBe(200);
    const roomId = res.json().room.id;
    await expect.poll(() => rooms.length).toBe(1);
    expect(rooms[0]).toMatchObject({ room: { id: roomId, other: { id: student.id } } });
    const studentSocket = await client(one, student.id);
    await emit(studentSocket, C.send, { roomId, text: 'ثانية', clientRef: 'x-2' });
    await expect.poll(() => heard.length).toBe(1);
  });

  it('keeps presence right across both: online at the first socket anywhere, offline after the last', async () => {
    const { student, tutor, roomId } = await pair();
    const watcher = await client(one, tutor.id);
    const presence = record(watcher, S.presence);
    const onlineSeenBy = async (instance: typeof one) => {
      const res = await instance.app.inject({
        method: 'GET',
        url: `/api/v1/chat/room/members/${roomId}`,
        headers: { authorization: `Bearer ${await instance.app.sessions.issue(tutor)}` },
      });
      return (res.json().list as { id: number; online: boolean }[]).find((m) => m.id === student.id)?.online;
    };
    const onTwo = await client(two, student.id);
    await expect.poll(() => presence).toEqual([{ userId: student.id, online: true }]);
    expect(await onlineSeenBy(one)).toBe(true);
    const onOne = await client(one, student.id);
    await settle(300);
    onTwo.disconnect();
    await settle(300);
    expect(presence).toEqual([{ userId: student.id, online: true }]);
    expect(await onlineSeenBy(two)).toBe(true);
    onOne.disconnect();
    await expect
      .poll(() => presence)
      .toEqual([
        { userId: student.id, online: true },
        { userId: student.id, online: false },
      ]);
    expect(await onlineSeenBy(one)).toBe(false);
    expect(await onlineSeenBy(two)).toBe(false);
  });
});
