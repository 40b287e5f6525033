import { BOUNDS, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviews, messages, roomMembers, rooms, tutors } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import {
  createLesson,
  createListedTutor,
  createUser,
  loginAs,
  loginAsListedTutor,
} from '../../testing/factories.ts';
import { ensurePairRoom } from './rooms.repository.ts';

type Auth = { authorization: string };
const DAY_MS = 86_400_000;
type Login = Awaited<ReturnType<typeof loginAs>>;

describe('chat over REST', async () => {
  const { app } = await buildTestApp();
  const admin = await loginAs(app, Role.RegularAdmin);

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth | object = {}, payload?: object) =>
    app.inject({ method, url: `/api/v1/chat${url}`, headers: auth as Auth, ...(payload ? { payload } : {}) });
  const newChat = (auth: Auth | object, payload: object) => request('POST', '/new', auth, payload);

  /** A student and a tutor who share a room (as after a booking). */
  async function pair() {
    const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
    const tutor = await loginAs(app, Role.Tutor, { name: 'منى عادل' });
    const room = await ensurePairRoom(app.db, student.user.id, tutor.user.id);
    return { student, tutor, roomId: room.id };
  }
  /** A message in the pair's room, made first as a booking would (a tutor opens none with a stranger). */
  const say = async (from: Login, to: Login, text: string) => {
    await ensurePairRoom(app.db, from.user.id, to.user.id);
    const res = await newChat(from.auth, { userId: to.user.id, message: text });
    expect(res.statusCode).toBe(200);
    return res.json().message as { id: number; roomId: number };
  };
  const countMessages = async (roomId: number) =>
    (await app.db.select().from(messages).where(eq(messages.roomId, roomId))).length;

  describe('POST /chat/new', () => {
    it('creates the pair’s room with the first message, then reuses it', async () => {
      const student = await loginAs(app, Role.Student);
      const tutor = await loginAsListedTutor(app, { name: 'منى عادل' });
      const res = await newChat(student.auth, {
        userId: tutor.user.id,
        message: ' أهلًا يا أستاذة ',
        clientRef: 'r1',
      });
      expect(res.statusCode).toBe(200);
      const { room, message } = res.json();
      expect(message).toMatchObject({
        roomId: room.id,
        senderId: student.user.id,
        text: 'أهلًا يا أستاذة',
        clientRef: 'r1',
        editedAt: null,
        deletedAt: null,
      });
      expect(room).toMatchObject({
        other: { id: tutor.user.id, name: 'منى عادل', role: Role.Tutor, online: false },
        lastMessage: { id: message.id },
        lastMessageAt: message.createdAt,
        unread: 0,
        pinned: false,
        muted: false,
        otherLastReadMessageId: null,
      });
      const again = await newChat(tutor.auth, { userId: student.user.id, message: 'مرحبًا' });
      expect(again.json().room).toMatchObject({ id: room.id, unread: 1, other: { id: student.user.id } });
      expect(await app.db.select().from(roomMembers).where(eq(roomMembers.roomId, room.id))).toHaveLength(2);
    });

    it('stores a resend with the same clientRef once', async () => {
      const { student, tutor, roomId } = await pair();
      const body = { userId: tutor.user.id, message: 'هل الدرس غدًا؟', clientRef: 'same-ref' };
      const first = (await newChat(student.auth, body)).json();
      const second = (await newChat(student.auth, body)).json();
      expect(second.message.id).toBe(first.message.id);
      expect(await countMessages(roomId)).toBe(1);
    });

    it('keeps only the allowed inline markup, links opened without the opener', async () => {
      const { student, tutor } = await pair();
      const res = await newChat(student.auth, {
        userId: tutor.user.id,
        message:
          '<div><b>مهم</b> <a href="https://hiwar.test/x" target="_blank">رابط</a> <span class="x">نص</span></div>',
      });
      expect(res.json().message.text).toBe(
        '<b>مهم</b> <a href="https://hiwar.test/x" rel="noopener">رابط</a> نص',
      );
    });

    it.each([
      ['message-text-too-short', 400, { message: '   ' }],
      ['message-text-too-short', 400, { message: '<b> </b><br>' }],
      ['message-text-too-long', 400, { message: 'م'.repeat(1001) }],
      ['message-text-invalid-html', 400, { message: 'hi <script>alert(1)</script>' }],
      ['message-text-invalid-html', 400, { message: '<img src=x onerror="alert(1)">' }],
      ['message-text-invalid-html', 400, { message: '<a href="javascript:alert(1)">x</a>' }],
      ['required', 400, { message: undefined }],
      ['invalid-type', 400, { message: 42 }],
      ['bad-request', 400, { clientRef: '' }],
    ])('refuses %s (%i) and stores nothing', async (code, status, patch) => {
      const { student, tutor, roomId } = await pair();
      const res = await newChat(student.auth, { userId: tutor.user.id, message: 'نص', ...patch });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await countMessages(roomId)).toBe(0);
    });

    it('accepts exactly 1000 visible characters, markup not counted', async () => {
      const { student, tutor } = await pair();
      const res = await newChat(student.auth, {
        userId: tutor.user.id,
        message: `<b>${'م'.repeat(1000)}</b>`,
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses chatting with oneself or a user who does not exist', async () => {
      const student = await loginAs(app, Role.Student);
      const self = await newChat(student.auth, { userId: student.user.id, message: 'مرحبًا' });
      expect([self.statusCode, self.json().code]).toEqual([400, 'bad-request']);
      const ghost = await newChat(student.auth, { userId: 999_999, message: 'مرحبًا' });
      expect([ghost.statusCode, ghost.json().code]).toEqual([404, 'user-not-found']);
    });

    it('refuses an unverified e-mail (email-not-verified) and an anonymous caller, creating no room', async () => {
      const unverified = await loginAs(app, Role.Student, { verifiedEmail: false });
      const tutor = await createUser(app.db, { role: Role.Tutor });
      const res = await newChat(unverified.auth, { userId: tutor.id, message: 'مرحبًا' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'email-not-verified']);
      const anonymous = await newChat({}, { userId: tutor.id, message: 'مرحبًا' });
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthenticated']);
      const [low, high] = [unverified.user.id, tutor.id].sort((a, b) => a - b);
      expect(await app.db.select().from(rooms).where(eq(rooms.memberLow, low!))).toHaveLength(0);
      expect(high).toBeDefined();
    });

    it('answers 429 too-many-requests past the burst of messages, opening no room with anyone', async () => {
      const spammer = await loginAs(app, Role.Student);
      const targets = await Promise.all(
        Array.from({ length: BOUNDS.chatMessages.burst + 5 }, () => createListedTutor(app.db)),
      );
      // Fired at once: the allowance is spent in memory before any statement, so no race gets past it.
      const answers = await Promise.all(
        targets.map((target) => newChat(spammer.auth, { userId: target.id, message: 'عرض خاص!' })),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(BOUNDS.chatMessages.burst);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(5);
      expect(refused.map((res) => res.json().code)).toEqual(Array(5).fill('too-many-requests'));
      const opened = await app.db.select().from(roomMembers).where(eq(roomMembers.userId, spammer.user.id));
      expect(opened).toHaveLength(BOUNDS.chatMessages.burst);
      // Someone else is not held back by the spammer's limit.
      const other = await loginAs(app, Role.Student);
      expect((await newChat(other.auth, { userId: targets[0]!.id, message: 'مرحبًا' })).statusCode).toBe(200);
    });
  });

  describe('POST /chat/new: who may open a room (decision 0045)', () => {
    const first = (from: Login, to: { id: number }) =>
      newChat(from.auth, { userId: to.id, message: 'مرحبًا' });
    const roomOf = async (a: number, b: number) => {
      const [low, high] = a < b ? [a, b] : [b, a];
      return (await app.db.select().from(rooms).where(eq(rooms.memberLow, low))).filter(
        (room) => room.memberHigh === high,
      );
    };
    const expectRefused = async (from: Login, to: { id: number }) => {
      const res = await first(from, to);
      expect([res.statusCode, res.json().code], `${from.user.role} → ${to.id}`).toEqual([403, 'forbidden']);
      expect(await roomOf(from.user.id, to.id)).toHaveLength(0);
    };
    const expectOpened = async (from: Login, to: { id: number }) => {
      const res = await first(from, to);
      expect(res.statusCode, `${from.user.role} → ${to.id}: ${res.body}`).toBe(200);
      expect(await roomOf(from.user.id, to.id)).toHaveLength(1);
    };
    const interview = (interviewerId: number, intervieweeId: number, status: number) =>
      app.db.insert(interviews).values({
        interviewerId,
        intervieweeId,
        startsAt: new Date(Date.UTC(2031, 0, 1, intervieweeId % 24)),
        endsAt: new Date(Date.UTC(2031, 0, 1, intervieweeId % 24, 30)),
        status,
      });

    it('lets a student write first to a listed tutor only: not an unlisted one, a student or staff', async () => {
      const student = await loginAs(app, Role.Student);
      await expectOpened(student, await createListedTutor(app.db));
      await expectOpened(student, await createListedTutor(app.db, { role: Role.TutorManager }));
      await expectRefused(student, await createUser(app.db, { role: Role.Tutor }));
      await expectRefused(student, await createUser(app.db));
      for (const role of [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager, Role.Studio]) {
        await expectRefused(student, await createUser(app.db, { role }));
      }
    });

    it('lets a tutor write first to the students they teach, not to strangers or other tutors', async () => {
      const tutor = await loginAsListedTutor(app);
      const applicant = await loginAs(app, Role.Tutor);
      const [taught, stranger] = [await createUser(app.db), await createUser(app.db)];
      await createLesson(app.db, {
        tutorId: tutor.user.id,
        studentId: taught.id,
        start: new Date(Date.now() - DAY_MS),
      });
      await expectOpened(tutor, taught);
      await expectRefused(tutor, stranger);
      await expectRefused(applicant, tutor.user);
      await expectRefused(applicant, stranger);
      await expectRefused(tutor, applicant.user);
    });

    it('lets a TutorManager write to the tutors they interview or that await an interviewer, and those tutors back', async () => {
      const manager = await loginAsListedTutor(app, { role: Role.TutorManager });
      const otherManager = await createListedTutor(app.db, { role: Role.TutorManager });
      const interviewee = await loginAs(app, Role.Tutor);
      const [waiting, elsewhere] = [
        await createUser(app.db, { role: Role.Tutor }),
        await createUser(app.db, { role: Role.Tutor }),
      ];
      await interview(manager.user.id, interviewee.user.id, 1);
      await interview(otherManager.id, elsewhere.id, 1);
      await expectOpened(manager, waiting);
      await expectRefused(manager, elsewhere);
      await expectRefused(manager, await createUser(app.db));
      await expectRefused(manager, otherManager);
      // The interviewee may write to their interviewer first as well (the booking made a room anyway).
      await expectOpened(interviewee, manager.user);
    });

    it('lets a Studio member write to their assigned tutors, and those tutors to them', async () => {
      const studio = await loginAs(app, Role.Studio);
      const assigned = await loginAs(app, Role.Tutor);
      const other = await createUser(app.db, { role: Role.Tutor });
      await app.db
        .update(tutors)
        .set({ studioId: studio.user.id })
        .where(eq(tutors.userId, assigned.user.id));
      await expectRefused(studio, other);
      await expectRefused(studio, await createUser(app.db));
      await expectOpened(assigned, studio.user);
      const studio2 = await loginAs(app, Role.Studio);
      await app.db.update(tutors).set({ studioId: studio2.user.id }).where(eq(tutors.userId, other.id));
      await expectOpened(studio2, other);
    });

    it('lets SuperAdmin and RegularAdmin open support chats with anyone; then the other side answers', async () => {
      for (const role of [Role.SuperAdmin, Role.RegularAdmin]) {
        const staffer = await loginAs(app, role);
        const student = await loginAs(app, Role.Student);
        await expectOpened(staffer, student.user);
        await expectOpened(staffer, await createUser(app.db, { role: Role.Tutor }));
        const answer = await newChat(student.auth, { userId: staffer.user.id, message: 'شكرًا' });
        expect(answer.statusCode).toBe(200);
      }
    });

    it('refuses before reading the message, and a missing user is still user-not-found', async () => {
      const student = await loginAs(app, Role.Student);
      const other = await createUser(app.db);
      const res = await newChat(student.auth, { userId: other.id, message: '<script>x</script>' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      const ghost = await newChat(student.auth, { userId: 999_999, message: 'مرحبًا' });
      expect(ghost.json().code).toBe('user-not-found');
    });
  });

  describe('GET /chat/list/{roomId}/messages', () => {
    it('pages a room’s messages newest first, upwards from `before`', async () => {
      const { student, tutor, roomId } = await pair();
      const sent = [];
      for (let i = 1; i <= 5; i++) {
        sent.push(await say(i % 2 ? student : tutor, i % 2 ? tutor : student, `رسالة ${i}`));
      }
      const first = await request('GET', `/list/${roomId}/messages?size=2`, student.auth);
      expect(first.statusCode).toBe(200);
      expect(first.json().list.map((m: { text: string }) => m.text)).toEqual(['رسالة 5', 'رسالة 4']);
      expect(first.json().hasMore).toBe(true);
      const last = await request('GET', `/list/${roomId}/messages?size=3&before=${sent[2]!.id}`, tutor.auth);
      expect(last.json()).toMatchObject({ list: [{ text: 'رسالة 2' }, { text: 'رسالة 1' }], hasMore: false });
    });

    it('is for members only: not-member for others (staff too), room-not-found, bad paging', async () => {
      const { roomId } = await pair();
      const stranger = await loginAs(app, Role.Student);
      for (const auth of [stranger.auth, admin.auth]) {
        const res = await request('GET', `/list/${roomId}/messages`, auth);
        expect([res.statusCode, res.json().code]).toEqual([403, 'not-member']);
      }
      const missing = await request('GET', '/list/999999/messages', stranger.auth);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'room-not-found']);
      for (const query of ['size=0', 'size=1000', 'before=abc', 'before=-1']) {
        const res = await request('GET', `/list/${roomId}/messages?${query}`, stranger.auth);
        expect([res.statusCode, res.json().code]).toEqual([400, 'bad-request']);
      }
      const bad = await request('GET', '/list/abc/messages', stranger.auth);
      expect(bad.statusCode).toBe(400);
      expect((await request('GET', `/list/${roomId}/messages`)).statusCode).toBe(401);
    });
  });

  describe('GET /chat/list/rooms/{userId}/', () => {
    it('lists pinned rooms first, then by newest message, with unread counts and the other member', async () => {
      const me = await loginAs(app, Role.Student);
      const [a, b, c] = await Promise.all(
        ['أحمد سامي', 'بسمة علي', 'كريم حسن'].map((name) => loginAs(app, Role.Tutor, { name })),
      );
      await say(a!, me, 'من أحمد 1');
      await say(a!, me, 'من أحمد 2');
      await say(b!, me, 'من بسمة');
      const roomC = (await ensurePairRoom(app.db, me.user.id, c!.user.id)).id;
      await request('PUT', `/room/${roomC}`, me.auth, { pinned: true });
      const res = await request('GET', `/list/rooms/${me.user.id}/`, me.auth);
      expect(res.statusCode).toBe(200);
      const { list, total } = res.json();
      expect(total).toBe(3);
      expect(list.map((room: { other: { name: string } }) => room.other.name)).toEqual([
        'كريم حسن',
        'بسمة علي',
        'أحمد سامي',
      ]);
      expect(list[0]).toMatchObject({ pinned: true, lastMessage: null, unread: 0 });
      expect(list[2]).toMatchObject({ unread: 2, lastMessage: { text: 'من أحمد 2' }, pinned: false });
      const searched = await request('GET', `/list/rooms/${me.user.id}/?search=بسمة&size=1`, me.auth);
      expect(searched.json()).toMatchObject({ total: 1, list: [{ other: { name: 'بسمة علي' } }] });
      const second = await request('GET', `/list/rooms/${me.user.id}/?page=2&size=2`, me.auth);
      expect(second.json()).toMatchObject({ total: 3, list: [{ other: { name: 'أحمد سامي' } }] });
    });

    it('puts rooms nobody wrote in (made by bookings) below rooms with messages, each by latest activity', async () => {
      const me = await loginAs(app, Role.Student);
      const [older, newer, bookedFirst, bookedLast] = await Promise.all(
        ['دينا حلمي', 'طارق نبيل', 'سارة عادل', 'عمر الشريف'].map((name) =>
          loginAs(app, Role.Tutor, { name }),
        ),
      );
      const stamp = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
      await say(older!, me, 'رسالة قديمة');
      await say(newer!, me, 'رسالة أحدث');
      // Two rooms made later by bookings: their activity (their creation) is newer than every message.
      const first = await ensurePairRoom(app.db, me.user.id, bookedFirst!.user.id);
      const last = await ensurePairRoom(app.db, me.user.id, bookedLast!.user.id);
      await app.db
        .update(rooms)
        .set({ lastMessageAt: stamp(2) })
        .where(eq(rooms.id, first.id));
      await app.db
        .update(rooms)
        .set({ lastMessageAt: stamp(1) })
        .where(eq(rooms.id, last.id));
      // A conversation whose only message was deleted is empty again.
      const gone = await loginAs(app, Role.Tutor, { name: 'رسالة محذوفة' });
      const deleted = await say(gone, me, 'ستُحذف');
      await app.db
        .update(messages)
        .set({ deletedAt: new Date(), text: '' })
        .where(eq(messages.id, deleted.id));
      await app.db
        .update(rooms)
        .set({ lastMessageAt: stamp(3) })
        .where(eq(rooms.id, deleted.roomId));

      const res = await request('GET', `/list/rooms/${me.user.id}/`, me.auth);
      const names = res.json().list.map((room: { other: { name: string } }) => room.other.name);
      expect(names).toEqual(['طارق نبيل', 'دينا حلمي', 'عمر الشريف', 'سارة عادل', 'رسالة محذوفة']);
      const paged = await request('GET', `/list/rooms/${me.user.id}/?page=2&size=2`, me.auth);
      expect(paged.json().list.map((room: { other: { name: string } }) => room.other.name)).toEqual([
        'عمر الشريف',
        'سارة عادل',
      ]);
    });

    it('totals the unread messages of the rooms not muted, whatever the page or search', async () => {
      const me = await loginAs(app, Role.Student);
      const [a, b] = await Promise.all(['أمل', 'باسم'].map((name) => loginAs(app, Role.Tutor, { name })));
      await say(a!, me, 'واحد');
      await say(a!, me, 'اثنان');
      const fromB = await say(b!, me, 'ثلاثة');
      await say(me, a!, 'ردّي لا يُحسب');
      const total = async (query = '') =>
        (await request('GET', `/list/rooms/${me.user.id}/${query}`, me.auth)).json().unreadTotal;
      expect(await total()).toBe(3);
      await request('PUT', `/room/${fromB.roomId}`, me.auth, { muted: true });
      expect(await total()).toBe(2);
      expect(await total('?size=1&page=2')).toBe(2);
      expect(await total(`?search=${encodeURIComponent('باسم')}`)).toBe(2);
      await request('PUT', `/room/${fromB.roomId}`, me.auth, { muted: false });
      expect(await total()).toBe(3);
    });

    it('shows another user’s rooms to SuperAdmin and RegularAdmin only, not to TutorManagers or Studio', async () => {
      const { student } = await pair();
      const other = await loginAs(app, Role.Tutor);
      const refused = await request('GET', `/list/rooms/${student.user.id}/`, other.auth);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
      for (const role of [Role.TutorManager, Role.Studio]) {
        const staffer = await loginAs(app, role);
        expect((await request('GET', `/list/rooms/${student.user.id}/`, staffer.auth)).statusCode).toBe(403);
      }
      const staff = await request('GET', `/list/rooms/${student.user.id}/`, admin.auth);
      expect(staff.json()).toMatchObject({ total: 1, list: [{ other: { name: 'منى عادل' } }] });
      const ghost = await request('GET', '/list/rooms/999999/', admin.auth);
      expect([ghost.statusCode, ghost.json().code]).toEqual([404, 'user-not-found']);
      const bad = await request('GET', `/list/rooms/${student.user.id}/?page=0`, student.auth);
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'bad-request']);
      expect((await request('GET', `/list/rooms/${student.user.id}/`)).statusCode).toBe(401);
    });
  });

  describe('GET /chat/room/by/members', () => {
    it('finds the pair’s room from the caller’s side, for its members and staff', async () => {
      const { student, tutor, roomId } = await pair();
      const mine = await request(
        'GET',
        `/room/by/members?members=${tutor.user.id},${student.user.id}`,
        student.auth,
      );
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ id: roomId, other: { id: tutor.user.id } });
      const staff = await request(
        'GET',
        `/room/by/members?members=${student.user.id},${tutor.user.id}`,
        admin.auth,
      );
      expect(staff.json()).toMatchObject({ id: roomId, other: { id: tutor.user.id } });
      for (const role of [Role.TutorManager, Role.Studio]) {
        const staffer = await loginAs(app, role);
        const refused = await request(
          'GET',
          `/room/by/members?members=${student.user.id},${tutor.user.id}`,
          staffer.auth,
        );
        expect(refused.json().code).toBe('not-member');
      }
    });

    it('refuses outsiders (not-member), answers an empty 200 (null) for a pair without one, bad lists 400', async () => {
      const { student, tutor } = await pair();
      const stranger = await loginAs(app, Role.Student);
      const refused = await request(
        'GET',
        `/room/by/members?members=${student.user.id},${tutor.user.id}`,
        stranger.auth,
      );
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'not-member']);
      const none = await request(
        'GET',
        `/room/by/members?members=${stranger.user.id},${tutor.user.id}`,
        stranger.auth,
      );
      expect(none.statusCode).toBe(200);
      expect(none.headers['content-type']).toMatch(/application\/json/);
      expect(none.body).toBe('null');
      for (const members of [`${student.user.id}`, 'a,b', `${student.user.id},${student.user.id}`, '1,2,3']) {
        const res = await request('GET', `/room/by/members?members=${members}`, student.auth);
        expect([res.statusCode, res.json().code]).toEqual([400, 'bad-request']);
      }
      expect((await request('GET', '/room/by/members', student.auth)).statusCode).toBe(400);
    });
  });

  describe('GET /chat/room/members/{roomId}', () => {
    it('lists both members to a member and to staff, refuses others', async () => {
      const { student, tutor, roomId } = await pair();
      for (const auth of [student.auth, admin.auth]) {
        const res = await request('GET', `/room/members/${roomId}`, auth);
        expect(res.statusCode).toBe(200);
        expect(
          res
            .json()
            .list.map((m: { id: number }) => m.id)
            .sort(),
        ).toEqual([student.user.id, tutor.user.id].sort((x, y) => x - y));
      }
      for (const role of [Role.Tutor, Role.TutorManager, Role.Studio]) {
        const stranger = await loginAs(app, role);
        const refused = await request('GET', `/room/members/${roomId}`, stranger.auth);
        expect([refused.statusCode, refused.json().code]).toEqual([403, 'not-member']);
      }
      const missing = await request('GET', '/room/members/999999', admin.auth);
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'room-not-found']);
      expect((await request('GET', '/room/members/0', admin.auth)).statusCode).toBe(400);
    });
  });

  describe('PUT /chat/room/{roomId}', () => {
    it('pins and mutes for the caller only, and clears them', async () => {
      const { student, tutor, roomId } = await pair();
      const res = await request('PUT', `/room/${roomId}`, student.auth, { pinned: true, muted: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: roomId, pinned: true, muted: true });
      const theirs = await request(
        'GET',
        `/room/by/members?members=${tutor.user.id},${student.user.id}`,
        tutor.auth,
      );
      expect(theirs.json()).toMatchObject({ pinned: false, muted: false });
      const cleared = await request('PUT', `/room/${roomId}`, student.auth, { muted: false });
      expect(cleared.json()).toMatchObject({ pinned: true, muted: false });
    });

    it('refuses an empty or wrong body, outsiders and unknown rooms', async () => {
      const { student, roomId } = await pair();
      const empty = await request('PUT', `/room/${roomId}`, student.auth, {});
      expect([empty.statusCode, empty.json().code]).toEqual([400, 'empty-request']);
      const wrong = await request('PUT', `/room/${roomId}`, student.auth, { pinned: 'yes' });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'bad-request']);
      for (const auth of [(await loginAs(app, Role.Student)).auth, admin.auth]) {
        const refused = await request('PUT', `/room/${roomId}`, auth, { pinned: true });
        expect([refused.statusCode, refused.json().code]).toEqual([403, 'not-member']);
      }
      const missing = await request('PUT', '/room/999999', student.auth, { pinned: true });
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'room-not-found']);
      expect((await request('PUT', `/room/${roomId}`, {}, { pinned: true })).statusCode).toBe(401);
      const [row] = await app.db.select().from(roomMembers).where(eq(roomMembers.roomId, roomId));
      expect([row?.pinnedAt, row?.mutedAt]).toEqual([null, null]);
    });
  });
});
