import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { messages, roomMembers, rooms } from '../db/schema.ts';
import { ensurePairRoom } from '../modules/chat/rooms.repository.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';

/** The demo conversation, oldest first: who speaks (`student` or `tutor`) and what they say. */
const DEMO_CONVERSATION = [
  ['student', 'مساء الخير يا أستاذة منى، حجزت معكِ درس المحادثة يوم الأحد.'],
  ['tutor', 'أهلًا بك! تمام، سنبدأ بالتعارف ثم نتدرب على <b>مقابلات العمل</b>.'],
  ['student', 'ممتاز، هل أحضّر شيئًا قبل الدرس؟'],
  ['tutor', 'اكتب خمس جمل عن عملك الحالي بالإنجليزية، وسنصحّحها معًا.'],
  ['tutor', 'وهذا مقال قصير مفيد: <a href="https://learnenglish.britishcouncil.org/">British Council</a>'],
] as const;

/**
 * A few messages between the demo student and the demo tutor so the chat screen is not empty: on a
 * room with no messages only (the tutor's last two are unread by the student).
 */
export async function seedDemoChat(db: Database): Promise<boolean> {
  const [student, tutor] = await Promise.all([
    findUserByEmail(db, 'student@hiwar.test'),
    findUserByEmail(db, 'tutor@hiwar.test'),
  ]);
  if (!student || !tutor) {
    return false;
  }
  const room = await db.transaction((tx) => ensurePairRoom(tx, student.id, tutor.id));
  if (
    (await db.select({ id: messages.id }).from(messages).where(eq(messages.roomId, room.id)).limit(1))
      .length > 0
  ) {
    return false;
  }
  const start = Date.now() - DEMO_CONVERSATION.length * 7 * 60_000;
  const rows = await db
    .insert(messages)
    .values(
      DEMO_CONVERSATION.map(([speaker, text], index) => ({
        roomId: room.id,
        senderId: speaker === 'student' ? student.id : tutor.id,
        text,
        createdAt: new Date(start + index * 7 * 60_000),
      })),
    )
    .returning();
  const last = rows.at(-1)!;
  await db.update(rooms).set({ lastMessageAt: last.createdAt }).where(eq(rooms.id, room.id));
  // The tutor read everything; the student has the tutor's last two messages unread.
  await db
    .update(roomMembers)
    .set({ lastReadMessageId: last.id })
    .where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, tutor.id)));
  await db
    .update(roomMembers)
    .set({ lastReadMessageId: rows[2]!.id })
    .where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, student.id)));
  return true;
}
