import {
  interviewSessionFacts,
  lessonSessionFacts,
  type SessionEvent,
  type SessionFacts,
  SessionKind,
  type SessionRef,
} from '@hiwar/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { interviews, lessons, rooms, sessionEvents, users } from '../../db/schema.ts';

/** A session member as the room shows them (the image is a stored file name). */
export type SessionMemberRow = { id: number; name: string | null; image: string | null; role: number };

/** A session with what the room shows of it: the rules' facts, both members and the pair's chat room. */
export type SessionRow = {
  facts: SessionFacts;
  host: SessionMemberRow;
  guest: SessionMemberRow;
  chatRoomId: number | null;
};

const hostUser = alias(users, 'host_user');
const guestUser = alias(users, 'guest_user');
const member = (table: typeof hostUser | typeof guestUser) => ({
  id: table.id,
  name: table.name,
  image: table.image,
  role: table.role,
});

/**
 * A lesson's session: the lesson, its tutor (host) and student (guest), and the pair's chat room
 * (made when the lesson was booked; absent for a lesson written some other way).
 */
export async function findLessonSession(db: Executor, lessonId: number): Promise<SessionRow | null> {
  const [row] = await db
    .select({ lesson: lessons, host: member(hostUser), guest: member(guestUser), chatRoomId: rooms.id })
    .from(lessons)
    .innerJoin(hostUser, eq(hostUser.id, lessons.tutorId))
    .innerJoin(guestUser, eq(guestUser.id, lessons.studentId))
    .leftJoin(
      rooms,
      and(
        eq(rooms.memberLow, sql`least(${lessons.tutorId}, ${lessons.studentId})`),
        eq(rooms.memberHigh, sql`greatest(${lessons.tutorId}, ${lessons.studentId})`),
      ),
    )
    .where(eq(lessons.id, lessonId));
  if (!row) {
    return null;
  }
  const { lesson } = row;
  return {
    facts: lessonSessionFacts({
      id: lesson.id,
      start: lesson.startsAt,
      duration: lesson.duration,
      tutorId: lesson.tutorId,
      studentId: lesson.studentId,
      canceledAt: lesson.canceledAt,
    }),
    host: row.host,
    guest: row.guest,
    chatRoomId: row.chatRoomId,
  };
}

/**
 * An interview's session: the interview, its interviewer (host) and interviewee (guest), and the
 * pair's chat room (made when it was booked).
 */
export async function findInterviewSession(db: Executor, interviewId: number): Promise<SessionRow | null> {
  const [row] = await db
    .select({ interview: interviews, host: member(hostUser), guest: member(guestUser), chatRoomId: rooms.id })
    .from(interviews)
    .innerJoin(hostUser, eq(hostUser.id, interviews.interviewerId))
    .innerJoin(guestUser, eq(guestUser.id, interviews.intervieweeId))
    .leftJoin(
      rooms,
      and(
        eq(rooms.memberLow, sql`least(${interviews.interviewerId}, ${interviews.intervieweeId})`),
        eq(rooms.memberHigh, sql`greatest(${interviews.interviewerId}, ${interviews.intervieweeId})`),
      ),
    )
    .where(eq(interviews.id, interviewId));
  if (!row) {
    return null;
  }
  const { interview } = row;
  return {
    facts: interviewSessionFacts({
      id: interview.id,
      interviewerId: interview.interviewerId,
      intervieweeId: interview.intervieweeId,
      start: interview.startsAt,
      end: interview.endsAt,
      canceledAt: interview.canceledAt,
    }),
    host: row.host,
    guest: row.guest,
    chatRoomId: row.chatRoomId,
  };
}

/** Records a member's connection entering (1) or leaving (2) a session's room (spec §3 session events). */
export async function insertSessionEvent(
  db: Executor,
  values: { ref: SessionRef; userId: number; event: SessionEvent },
): Promise<void> {
  const { ref, userId, event } = values;
  await db.insert(sessionEvents).values({
    lessonId: ref.kind === SessionKind.Lesson ? ref.id : null,
    interviewId: ref.kind === SessionKind.Interview ? ref.id : null,
    userId,
    event,
  });
}

/** A lesson's session events, oldest first. */
export async function findSessionEvents(db: Executor, lessonId: number) {
  return db
    .select({ userId: sessionEvents.userId, event: sessionEvents.event, createdAt: sessionEvents.createdAt })
    .from(sessionEvents)
    .where(eq(sessionEvents.lessonId, lessonId))
    .orderBy(sessionEvents.createdAt, sessionEvents.id);
}
