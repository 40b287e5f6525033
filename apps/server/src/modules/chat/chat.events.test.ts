import { BOUNDS, CHAT_CLIENT_EVENTS as C, Role, CHAT_SERVER_EVENTS as S } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { messages, rooms } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createListedTutor,
  createSlot,
  createSubscription,
  createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { emit, listenForSockets, record, settle } from '../../testing/sockets.ts';
import { announceRoom } from './chat.service.ts';
import { ensurePairRoom } from './rooms.repository.ts';

type User = { id: number };

describe('chat over the socket', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);
  /** A connected client of `user` (its rooms already joined when `connect` fires). */
  const client = (user: User) => sockets.connectAs(user.id);

  /** Two users sharing a room, both connected. */
  async function pair(overrides: { verified?: boolean } = {}) {
    const student = await createUser(app.db, {
      role: Role.Student,
      verifiedEmail: overrides.verified ?? true,
    });
    const tutor = await createUser(app.db, { role: Role.Tutor });
    const { id: roomId } = await ensurePairRoom(app.db, student.id, tutor.id);
    return { student, tutor, roomId, studentSocket: await client(student), tutorSocket: await client(tutor) };
  }
  let refs = 0;
  const send = (socket: Socket, roomId: number, text = 'مرحبًا', clientRef = `ref-${++refs}`) =>
    emit(socket, C.send, { roomId, text, clientRef });

  describe('chat:send', () => {
    it('stores the message and delivers it to every connection of both members, the sending one by its ack', async () => {
      const { student, roomId, studentSocket, tutorSocket } = await pair();
      const secondTab = await client(student);
      const [toTutor, toSecondTab] = [record(tutorSocket, S.message), record(secondTab, S.message)];
      const toSender = record(studentSocket, S.message);
      const ack = await send(studentSocket, roomId, '<b>أهلًا</b> يا أستاذة', 'opt-1');
      expect(ack).toMatchObject({
        code: 'ok',
        message: { roomId, senderId: student.id, text: '<b>أهلًا</b> يا أستاذة', clientRef: 'opt-1' },
      });
      await expect.poll(() => toTutor.length).toBe(1);
      await expect.poll(() => toSecondTab.length).toBe(1);
      expect(toTutor[0]).toEqual({ message: ack.message });
      expect(toSecondTab[0]).toEqual({ message: ack.message });
      // The sending socket has the message in its acknowledgement: no second copy is sent to it.
      await settle();
      expect(toSender).toEqual([]);
      const [room] = await app.db.select().from(rooms).where(eq(rooms.id, roomId));
      expect(room?.lastMessageAt.toISOString()).toBe((ack.message as { createdAt: string }).createdAt);
    });

    it('answers empty-text, not-member, room-not-found, bad-request and stores nothing', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const heard = record(tutorSocket, S.message);
      expect(await send(studentSocket, roomId, '  \n ')).toEqual({ code: 'empty-text' });
      expect(await send(studentSocket, roomId, '<i> </i>')).toEqual({ code: 'empty-text' });
      expect(await send(studentSocket, roomId, 'م'.repeat(1001))).toEqual({
        code: 'bad-request',
        error: 'message-text-too-long',
      });
      expect(await send(studentSocket, roomId, '<iframe src="https://x.test"></iframe>hi')).toEqual({
        code: 'bad-request',
        error: 'message-text-invalid-html',
      });
      expect(await emit(studentSocket, C.send, { roomId, text: 'hi' })).toEqual({ code: 'bad-request' });
      expect(await send(studentSocket, 999_999)).toEqual({ code: 'room-not-found' });
      const stranger = await client(await createUser(app.db));
      expect(await send(stranger, roomId)).toEqual({ code: 'not-member' });
      await settle();
      expect(heard).toEqual([]);
      expect(await app.db.select().from(messages).where(eq(messages.roomId, roomId))).toEqual([]);
    });

    it('answers unallowed to a user whose e-mail is not verified', async () => {
      const { roomId, studentSocket } = await pair({ verified: false });
      expect(await send(studentSocket, roomId)).toEqual({ code: 'unallowed' });
    });

    it('never loses or doubles a message across a reconnect: a resend with its clientRef stores one', async () => {
      const { student, roomId, studentSocket, tutorSocket } = await pair();
      const heard = record(tutorSocket, S.message);
      const first = await send(studentSocket, roomId, 'هل الدرس غدًا؟', 'retry-me');
      studentSocket.disconnect();
      const again = await client(student);
      const second = await send(again, roomId, 'هل الدرس غدًا؟', 'retry-me');
      expect(second).toEqual(first);
      await settle();
      expect(heard).toHaveLength(1);
      const page = await app.inject({
        method: 'GET',
        url: `/api/v1/chat/list/${roomId}/messages`,
        headers: { authorization: `Bearer ${await app.sessions.issue(student)}` },
      });
      expect(page.json().list.map((m: { clientRef: string }) => m.clientRef)).toEqual(['retry-me']);
    });
  });

  describe('rate limits', () => {
    it('answers too-many-requests past the burst of sends, storing and delivering only what it allowed', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const heard = record(tutorSocket, S.message);
      const { burst } = BOUNDS.chatMessages;
      const acks = await Promise.all(Array.from({ length: burst + 5 }, () => send(studentSocket, roomId)));
      expect(acks.filter((ack) => ack.code === 'ok')).toHaveLength(burst);
      expect(acks.filter((ack) => ack.code === 'too-many-requests')).toHaveLength(5);
      await expect.poll(() => heard.length).toBe(burst);
      expect(await app.db.select().from(messages).where(eq(messages.roomId, roomId))).toHaveLength(burst);
      // Edits and deletes spend the same allowance; the other member still may send.
      const firstId = (acks[0]!.message as { id: number }).id;
      expect(await emit(studentSocket, C.update, { messageId: firstId, text: 'تعديل' })).toEqual({
        code: 'too-many-requests',
      });
      expect(await emit(studentSocket, C.delete, { messageId: firstId })).toEqual({
        code: 'too-many-requests',
      });
      expect((await send(tutorSocket, roomId)).code).toBe('ok');
    });

    it('answers too-many-requests past the burst of typing signals, relaying only what it allowed', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const heard = record(tutorSocket, S.typing);
      const { burst } = BOUNDS.chatSignals;
      const acks = await Promise.all(
        Array.from({ length: burst + 3 }, (_, i) =>
          emit(studentSocket, C.typing, { roomId, typing: i % 2 === 0 }),
        ),
      );
      expect(acks.filter((ack) => ack.code === 'ok')).toHaveLength(burst);
      expect(acks.filter((ack) => ack.code === 'too-many-requests')).toHaveLength(3);
      await expect.poll(() => heard.length).toBe(burst);
    });
  });

  describe('chat:update and chat:delete', () => {
    it('lets the author edit and delete, telling the room', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const updated = record(tutorSocket, S.updated);
      const deleted = record(tutorSocket, S.deleted);
      const earlier = (await send(studentSocket, roomId, 'الأولى')).message as {
        id: number;
        createdAt: string;
      };
      const { message } = (await send(studentSocket, roomId, 'نص')) as unknown as { message: { id: number } };
      const edit = await emit(studentSocket, C.update, { messageId: message.id, text: 'نص <em>معدّل</em>' });
      expect(edit).toMatchObject({ code: 'ok', message: { id: message.id, text: 'نص <em>معدّل</em>' } });
      expect((edit.message as { editedAt: string | null }).editedAt).not.toBeNull();
      await expect.poll(() => updated).toEqual([{ message: edit.message }]);
      const removed = await emit(studentSocket, C.delete, { messageId: message.id });
      expect(removed).toMatchObject({ code: 'ok', message: { id: message.id, text: '' } });
      await expect.poll(() => deleted).toEqual([{ message: removed.message }]);
      // The room's newest visible message is the earlier one again.
      const [room] = await app.db.select().from(rooms).where(eq(rooms.id, roomId));
      expect(room?.lastMessageAt.toISOString()).toBe(earlier.createdAt);
      expect(await emit(studentSocket, C.update, { messageId: message.id, text: 'ثانية' })).toEqual({
        code: 'message-not-found',
      });
    });

    it('answers not-owner, not-member, message-not-found, empty-text and unallowed', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const { message } = (await send(studentSocket, roomId)) as unknown as { message: { id: number } };
      expect(await emit(tutorSocket, C.update, { messageId: message.id, text: 'لي' })).toEqual({
        code: 'not-owner',
      });
      expect(await emit(tutorSocket, C.delete, { messageId: message.id })).toEqual({ code: 'not-owner' });
      const stranger = await client(await createUser(app.db));
      expect(await emit(stranger, C.update, { messageId: message.id, text: 'لي' })).toEqual({
        code: 'not-member',
      });
      expect(await emit(stranger, C.delete, { messageId: message.id })).toEqual({ code: 'not-member' });
      expect(await emit(studentSocket, C.update, { messageId: 999_999, text: 'x' })).toEqual({
        code: 'message-not-found',
      });
      expect(await emit(studentSocket, C.delete, { messageId: 999_999 })).toEqual({
        code: 'message-not-found',
      });
      expect(await emit(studentSocket, C.update, { messageId: message.id, text: ' ' })).toEqual({
        code: 'empty-text',
      });
      expect(await emit(studentSocket, C.delete, { messageId: 'x' })).toEqual({ code: 'bad-request' });
      const [row] = await app.db.select().from(messages).where(eq(messages.id, message.id));
      expect([row?.text, row?.editedAt, row?.deletedAt]).toEqual(['مرحبًا', null, null]);

      const unverified = await pair({ verified: false });
      await app.db
        .insert(messages)
        .values({ roomId: unverified.roomId, senderId: unverified.student.id, text: 'قديمة' });
      const [old] = await app.db.select().from(messages).where(eq(messages.roomId, unverified.roomId));
      expect(await emit(unverified.studentSocket, C.update, { messageId: old!.id, text: 'x' })).toEqual({
        code: 'unallowed',
      });
      expect(await emit(unverified.studentSocket, C.delete, { messageId: old!.id })).toEqual({
        code: 'unallowed',
      });
    });
  });

  describe('chat:read', () => {
    it('moves the reader’s mark forward, tells the room, and clears the unread count', async () => {
      const { student, tutor, roomId, studentSocket, tutorSocket } = await pair();
      const receipts = record(studentSocket, S.read);
      const first = (await send(studentSocket, roomId, 'واحد')).message as { id: number };
      const second = (await send(studentSocket, roomId, 'اثنان')).message as { id: number };
      const rooms = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/chat/list/rooms/${tutor.id}/`,
            headers: { authorization: `Bearer ${await app.sessions.issue(tutor)}` },
          })
        ).json().list[0];
      expect((await rooms()).unread).toBe(2);
      expect(await emit(tutorSocket, C.read, { roomId, messageId: second.id })).toEqual({ code: 'ok' });
      await expect.poll(() => receipts).toEqual([{ roomId, userId: tutor.id, messageId: second.id }]);
      // An older mark never moves it back.
      expect(await emit(tutorSocket, C.read, { roomId, messageId: first.id })).toEqual({ code: 'ok' });
      await expect.poll(() => receipts.at(-1)).toEqual({ roomId, userId: tutor.id, messageId: second.id });
      expect((await rooms()).unread).toBe(0);
      const studentView = await app.inject({
        method: 'GET',
        url: `/api/v1/chat/room/by/members?members=${student.id},${tutor.id}`,
        headers: { authorization: `Bearer ${await app.sessions.issue(student)}` },
      });
      expect(studentView.json().otherLastReadMessageId).toBe(second.id);
    });

    it('answers unallowed for one’s own message, and message-not-found, not-member, room-not-found', async () => {
      const { roomId, studentSocket, tutorSocket } = await pair();
      const mine = (await send(studentSocket, roomId)).message as { id: number };
      expect(await emit(studentSocket, C.read, { roomId, messageId: mine.id })).toEqual({
        code: 'unallowed',
      });
      const elsewhere = await pair();
      const theirs = (await send(elsewhere.studentSocket, elsewhere.roomId)).message as { id: number };
      expect(await emit(tutorSocket, C.read, { roomId, messageId: theirs.id })).toEqual({
        code: 'message-not-found',
      });
      expect(await emit(tutorSocket, C.read, { roomId: elsewhere.roomId, messageId: theirs.id })).toEqual({
        code: 'not-member',
      });
      expect(await emit(tutorSocket, C.read, { roomId: 999_999, messageId: mine.id })).toEqual({
        code: 'room-not-found',
      });
      const unverified = await pair({ verified: false });
      const fromTutor = (await send(unverified.tutorSocket, unverified.roomId)).message as { id: number };
      expect(
        await emit(unverified.studentSocket, C.read, { roomId: unverified.roomId, messageId: fromTutor.id }),
      ).toEqual({ code: 'unallowed' });
    });
  });

  describe('chat:typing', () => {
    it('tells the other member, not the typist’s own tabs', async () => {
      const { student, roomId, studentSocket, tutorSocket } = await pair();
      const ownTab = await client(student);
      const [toTutor, toOwnTab] = [record(tutorSocket, S.typing), record(ownTab, S.typing)];
      expect(await emit(studentSocket, C.typing, { roomId, typing: true })).toEqual({ code: 'ok' });
      await expect.poll(() => toTutor).toEqual([{ roomId, userId: student.id, typing: true }]);
      await settle();
      expect(toOwnTab).toEqual([]);
    });

    it('answers not-member, room-not-found, unallowed and bad-request', async () => {
      const { roomId } = await pair();
      const stranger = await client(await createUser(app.db));
      expect(await emit(stranger, C.typing, { roomId, typing: true })).toEqual({ code: 'not-member' });
      expect(await emit(stranger, C.typing, { roomId: 999_999, typing: true })).toEqual({
        code: 'room-not-found',
      });
      expect(await emit(stranger, C.typing, { roomId, typing: 'yes' })).toEqual({ code: 'bad-request' });
      const unverified = await pair({ verified: false });
      expect(
        await emit(unverified.studentSocket, C.typing, { roomId: unverified.roomId, typing: true }),
      ).toEqual({
        code: 'unallowed',
      });
    });
  });

  describe('chat:join', () => {
    it('subscribes a member’s connection to a room it had not joined; refuses others', async () => {
      const student = await createUser(app.db);
      const tutor = await createUser(app.db, { role: Role.Tutor });
      const [studentSocket, tutorSocket] = [await client(student), await client(tutor)];
      // The room appears behind the sockets' backs (no announcement): joining subscribes to it.
      const { id: roomId } = await ensurePairRoom(app.db, student.id, tutor.id);
      const heard = record(tutorSocket, S.message);
      expect(await emit(tutorSocket, C.join, { roomId })).toEqual({ code: 'ok' });
      await send(studentSocket, roomId);
      await expect.poll(() => heard.length).toBe(1);
      const stranger = await client(await createUser(app.db));
      expect(await emit(stranger, C.join, { roomId })).toEqual({ code: 'not-member' });
      expect(await emit(stranger, C.join, { roomId: 999_999 })).toEqual({ code: 'room-not-found' });
      expect(await emit(stranger, C.join, {})).toEqual({ code: 'bad-request' });
      const strangerHeard = record(stranger, S.message);
      await send(studentSocket, roomId);
      await settle();
      expect(strangerHeard).toEqual([]);
    });
  });

  describe('new rooms and presence', () => {
    it('brings a room created by /chat/new to both members’ open connections without reconnecting', async () => {
      const student = await loginAs(app, Role.Student);
      const tutor = await createListedTutor(app.db, { name: 'منى عادل' });
      const [studentSocket, tutorSocket] = [await client(student.user), await client(tutor)];
      const [roomsForTutor, roomsForStudent] = [record(tutorSocket, S.room), record(studentSocket, S.room)];
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/new',
        headers: student.auth,
        payload: { userId: tutor.id, message: 'أول رسالة' },
      });
      const roomId = res.json().room.id;
      await expect.poll(() => roomsForTutor.length).toBe(1);
      expect(roomsForTutor[0]).toMatchObject({
        reason: 'created',
        room: {
          id: roomId,
          other: { id: student.user.id, online: true },
          unread: 1,
          lastMessage: { text: 'أول رسالة' },
        },
      });
      await expect.poll(() => roomsForStudent.length).toBe(1);
      expect(roomsForStudent[0]).toMatchObject({
        room: { id: roomId, other: { id: tutor.id, name: 'منى عادل' } },
      });
      // Already subscribed: the next message arrives live.
      const heard = record(tutorSocket, S.message);
      await send(studentSocket, roomId, 'ثانية');
      await expect.poll(() => heard.length).toBe(1);
    });

    it('brings the room of a first booking (POST /lesson/) to the connected tutor', async () => {
      const tutor = await loginAsListedTutor(app);
      const student = await loginAs(app, Role.Student);
      const hour = 3_600_000;
      const start = new Date(Math.ceil(Date.now() / hour) * hour + 2 * 24 * hour);
      await createSlot(app.db, tutor.user.id, start, new Date(start.getTime() + 4 * hour));
      await createSubscription(app.db, student.user.id, { start: new Date(Date.now() - 24 * hour) });
      const announced = record(await client(tutor.user), S.room);
      const booked = await app.inject({
        method: 'POST',
        url: '/api/v1/lesson/',
        headers: student.auth,
        payload: { tutorId: tutor.user.id, start: start.toISOString(), duration: 30 },
      });
      expect(booked.statusCode).toBe(200);
      await expect.poll(() => announced.length).toBe(1);
      expect(announced[0]).toMatchObject({
        room: { other: { id: student.user.id }, lastMessage: null, unread: 0 },
      });
    });

    it('brings a room created by a booking to the connected members, once', async () => {
      const student = await createUser(app.db);
      const tutor = await createUser(app.db, { role: Role.Tutor });
      const tutorSocket = await client(tutor);
      const announced = record(tutorSocket, S.room);
      const { insertLesson } = await import('../lessons/lessons.repository.ts');
      const start = new Date(Date.now() + 86_400_000);
      const lesson = await insertLesson(app.db, {
        tutorId: tutor.id,
        studentId: student.id,
        startsAt: start,
        duration: 30,
        endsAt: new Date(start.getTime() + 30 * 60_000),
        price: 100,
      });
      expect(lesson.newRoomId).toEqual(expect.any(Number));
      await announceRoom(app, lesson.newRoomId!, [tutor.id, student.id]);
      await expect.poll(() => announced.length).toBe(1);
      expect(announced[0]).toMatchObject({ room: { id: lesson.newRoomId, other: { id: student.id } } });
      // A later booking of the same pair finds the room already there: no new room to announce.
      const laterStart = new Date(start.getTime() + 3_600_000);
      const later = await insertLesson(app.db, {
        tutorId: tutor.id,
        studentId: student.id,
        startsAt: laterStart,
        duration: 30,
        endsAt: new Date(laterStart.getTime() + 30 * 60_000),
        price: 100,
      });
      expect(later.newRoomId).toBeNull();
    });

    it('tells every device of a member who pins or mutes a room, and no one else', async () => {
      const { student, roomId, tutorSocket } = await pair();
      const laptop = await client(student);
      const phone = await client(student);
      const [onLaptop, onPhone, onTutor] = [
        record(laptop, S.room),
        record(phone, S.room),
        record(tutorSocket, S.room),
      ];
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/chat/room/${roomId}`,
        headers: { authorization: `Bearer ${await app.sessions.issue(student)}` },
        payload: { muted: true },
      });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => onLaptop.length).toBe(1);
      await expect.poll(() => onPhone.length).toBe(1);
      expect(onPhone[0]).toEqual({ room: res.json(), reason: 'updated' });
      expect(onPhone[0]).toMatchObject({ room: { id: roomId, muted: true, pinned: false } });
      await settle();
      expect(onTutor).toEqual([]);
    });

    it('announces a user online at their first connection and offline when their last one closes', async () => {
      const { student, tutor, roomId, studentSocket, tutorSocket } = await pair();
      const presence = record(tutorSocket, S.presence);
      const members = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/chat/room/members/${roomId}`,
            headers: { authorization: `Bearer ${await app.sessions.issue(tutor)}` },
          })
        ).json().list as { id: number; online: boolean }[];
      expect((await members()).find((m) => m.id === student.id)?.online).toBe(true);
      studentSocket.disconnect();
      await expect.poll(() => presence.at(-1)).toEqual({ userId: student.id, online: false });
      presence.length = 0;
      const tabOne = await client(student);
      await expect.poll(() => presence).toEqual([{ userId: student.id, online: true }]);
      const tabTwo = await client(student);
      tabOne.disconnect();
      await settle();
      expect(presence).toEqual([{ userId: student.id, online: true }]);
      expect((await members()).find((m) => m.id === student.id)?.online).toBe(true);
      tabTwo.disconnect();
      await expect
        .poll(() => presence)
        .toEqual([
          { userId: student.id, online: true },
          { userId: student.id, online: false },
        ]);
      expect((await members()).find((m) => m.id === student.id)?.online).toBe(false);
    });
  });
});
