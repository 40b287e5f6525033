import { Role } from '@hiwar/domain';
import { asc, eq, inArray, max } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client.ts';
import { messages, rooms } from '../../db/schema.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createUser } from '../../testing/factories.ts';
import { recordQueries } from '../../testing/round-trips.ts';
import { createMessageWriter } from './message-writer.ts';
import { ensurePairRoom } from './rooms.repository.ts';

/**
 * The chat's group commits: sends of one turn of the event loop share a statement, and each still
 * answers as it would alone (stored, refused, or a repeat of a reference).
 */
describe('the chat message writer', async () => {
  const database = await createTestDatabase();
  const handle = connectDatabase(database.url);
  const { db } = handle;
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  let refs = 0;
  const ref = () => `writer-${++refs}`;

  async function room() {
    const student = await createUser(db, { role: Role.Student, password: null });
    const tutor = await createUser(db, { role: Role.Tutor, password: null });
    const { id } = await ensurePairRoom(db, student.id, tutor.id);
    return { id, student: student.id, tutor: tutor.id };
  }

  it('stores the sends of one turn with one statement, in order, and moves the room to the newest', async () => {
    const writer = createMessageWriter(db);
    const { id: roomId, student, tutor } = await room();
    const recording = recordQueries(handle.pool);
    const sent = await Promise.all(
      ['أول', 'ثان', 'ثالث', 'رابع'].map((text, i) =>
        writer.insert({ roomId, senderId: i % 2 === 0 ? student : tutor, text, clientRef: ref() }),
      ),
    );
    recording.stop();
    const statements = recording.checkouts.flatMap((checkout) =>
      checkout.queries.map((query) => query.statement),
    );
    expect(statements).toEqual(['insert-chat-messages']);
    expect(sent.map((row) => row?.text)).toEqual(['أول', 'ثان', 'ثالث', 'رابع']);
    const ids = sent.map((row) => row!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.roomId, roomId))
      .orderBy(asc(messages.id));
    expect(stored).toEqual(sent);
    const [touched] = await db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(touched!.lastMessageAt).toEqual(sent[3]!.createdAt);
  });

  it('answers each send of a batch as alone: refused, repeated and stored ones side by side', async () => {
    const writer = createMessageWriter(db);
    const mine = await room();
    const other = await room();
    const unverified = await createUser(db, { role: Role.Student, verifiedEmail: false, password: null });
    const { id: unverifiedRoom } = await ensurePairRoom(db, unverified.id, mine.tutor);
    const used = ref();
    const earlier = await writer.insert({
      roomId: mine.id,
      senderId: mine.student,
      text: 'قبل',
      clientRef: used,
    });
    const twice = ref();
    const elsewhere = ref();
    const [stored, notMember, notVerified, repeatOfEarlier, first, second, refused, sameRefElsewhere] =
      await Promise.all([
        writer.insert({ roomId: mine.id, senderId: mine.student, text: 'يُحفظ', clientRef: ref() }),
        writer.insert({ roomId: other.id, senderId: mine.student, text: 'لست عضوًا', clientRef: ref() }),
        writer.insert({
          roomId: unverifiedRoom,
          senderId: unverified.id,
          text: 'غير مؤكد',
          clientRef: ref(),
        }),
        writer.insert({ roomId: mine.id, senderId: mine.student, text: 'إعادة', clientRef: used }),
        writer.insert({ roomId: mine.id, senderId: mine.student, text: 'مرة', clientRef: twice }),
        writer.insert({ roomId: mine.id, senderId: mine.student, text: 'مرتان', clientRef: twice }),
        // The same reference, first to a room its sender is not in, then to their own: the second is stored.
        writer.insert({ roomId: other.id, senderId: mine.tutor, text: 'ليست غرفتي', clientRef: elsewhere }),
        writer.insert({ roomId: mine.id, senderId: mine.tutor, text: 'غرفتي', clientRef: elsewhere }),
      ]);
    expect(earlier?.text).toBe('قبل');
    expect(stored?.text).toBe('يُحفظ');
    expect([notMember, notVerified, repeatOfEarlier, second, refused]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(first?.text).toBe('مرة');
    expect(sameRefElsewhere?.text).toBe('غرفتي');
    const texts = await db
      .select({ text: messages.text })
      .from(messages)
      .where(inArray(messages.roomId, [mine.id, other.id, unverifiedRoom]))
      .orderBy(asc(messages.id));
    expect(texts.map((row) => row.text)).toEqual(['قبل', 'يُحفظ', 'مرة', 'غرفتي']);
  });

  it('still stores the rest of a batch when one send breaks the statement, and fails only that one', async () => {
    const writer = createMessageWriter(db);
    const { id: roomId, student } = await room();
    // A reference longer than the table allows (messages_client_ref_check) fails the whole statement.
    const results = await Promise.allSettled([
      writer.insert({ roomId, senderId: student, text: 'سليمة', clientRef: ref() }),
      writer.insert({ roomId, senderId: student, text: 'طويلة', clientRef: 'x'.repeat(65) }),
      writer.insert({ roomId, senderId: student, text: 'سليمة أيضًا', clientRef: ref() }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const texts = await db.select({ text: messages.text }).from(messages).where(eq(messages.roomId, roomId));
    expect(texts.map((row) => row.text).sort()).toEqual(['سليمة', 'سليمة أيضًا'].sort());
  });

  it('writes a send without a reference alone', async () => {
    const writer = createMessageWriter(db);
    const { id: roomId, student } = await room();
    const recording = recordQueries(handle.pool);
    const [one, two] = await Promise.all([
      writer.insert({ roomId, senderId: student, text: 'بلا مرجع', clientRef: null }),
      writer.insert({ roomId, senderId: student, text: 'بلا مرجع', clientRef: null }),
    ]);
    recording.stop();
    const statements = recording.checkouts.flatMap((checkout) =>
      checkout.queries.map((query) => query.statement),
    );
    expect(statements).toEqual(['insert-chat-messages', 'insert-chat-messages']);
    expect(one!.id).not.toBe(two!.id);
  });

  it('stores every send exactly once when two instances write to the same rooms at once', async () => {
    // Two writers, as two instances: their batches lock the same rooms in whatever order they meet them.
    const writers = [createMessageWriter(db), createMessageWriter(db)];
    const shared = await Promise.all(Array.from({ length: 8 }, () => room()));
    const sends = Array.from({ length: 400 }, (_, i) => {
      const target = shared[i % shared.length]!;
      return {
        roomId: target.id,
        senderId: i % 3 === 0 ? target.tutor : target.student,
        text: `رقم ${i}`,
        clientRef: ref(),
      };
    });
    const rows = await Promise.all(sends.map((send, i) => writers[i % 2]!.insert(send)));
    expect(rows.every((row) => row !== null)).toBe(true);
    const stored = await db
      .select({ text: messages.text })
      .from(messages)
      .where(
        inArray(
          messages.roomId,
          shared.map((one) => one.id),
        ),
      );
    expect(stored.map((row) => row.text).sort()).toEqual(sends.map((send) => send.text).sort());
    for (const target of shared) {
      const [newest] = await db
        .select({ at: max(messages.createdAt) })
        .from(messages)
        .where(eq(messages.roomId, target.id));
      const [touched] = await db.select().from(rooms).where(eq(rooms.id, target.id));
      expect(touched!.lastMessageAt).toEqual(newest!.at);
    }
  });
});
