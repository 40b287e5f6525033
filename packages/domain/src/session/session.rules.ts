import { BOUNDS } from '../bounds.ts';
import { type JoinLabel, joinLabel, joinWindow, type LessonFacts } from '../lessons/lesson.rules.ts';
import { SessionKind, type SessionRef } from './session.schemas.ts';

const MINUTE_MS = 60_000;

/**
 * What the room rules need to know of a session, whatever it belongs to: its two members (the host
 * leads: the lesson's tutor), when it runs and whether it was cancelled.
 */
export type SessionFacts = {
  ref: SessionRef;
  hostId: number;
  guestId: number;
  start: Date;
  end: Date;
  canceled: boolean;
};

/** A lesson's session: the tutor hosts, the student is the guest. */
export function lessonSessionFacts(lesson: LessonFacts & { id: number }): SessionFacts {
  return {
    ref: { kind: SessionKind.Lesson, id: lesson.id },
    hostId: lesson.tutorId,
    guestId: lesson.studentId,
    start: lesson.start,
    end: new Date(lesson.start.getTime() + lesson.duration * MINUTE_MS),
    canceled: (lesson.canceledAt ?? null) !== null || (lesson.canceledBy ?? null) !== null,
  };
}

/** An interview's session: the interviewer (a TutorManager) hosts, the interviewee is the guest. */
export function interviewSessionFacts(interview: {
  id: number;
  interviewerId: number;
  intervieweeId: number;
  start: Date;
  end: Date;
  canceledAt: Date | null;
}): SessionFacts {
  return {
    ref: { kind: SessionKind.Interview, id: interview.id },
    hostId: interview.interviewerId,
    guestId: interview.intervieweeId,
    start: interview.start,
    end: interview.end,
    canceled: interview.canceledAt !== null,
  };
}

/** The facts the lesson rules read, for a session of any kind (labels and the join window). */
function asLessonFacts(session: SessionFacts): LessonFacts {
  return {
    start: session.start,
    duration: Math.round((session.end.getTime() - session.start.getTime()) / MINUTE_MS),
    tutorId: session.hostId,
    studentId: session.guestId,
    canceledAt: session.canceled ? session.start : null,
  };
}

export function isSessionMember(session: SessionFacts, userId: number): boolean {
  return session.hostId === userId || session.guestId === userId;
}

/** The other member of the pair. */
export function otherMember(session: SessionFacts, userId: number): number {
  return session.hostId === userId ? session.guestId : session.hostId;
}

/**
 * When the room is open: from `BOUNDS.joinEarlyMinutes` (10) before start until the end (rules.md
 * "Lessons": the join window), never for a cancelled session.
 */
export function sessionAccessWindow(
  session: SessionFacts,
  now: Date,
): { opensAt: Date; closesAt: Date; isOpen: boolean } {
  return joinWindow(asLessonFacts(session), now);
}

/** Why the room refuses someone, as API error and ack codes alike. */
export type SessionAccessCode = 'not-member' | 'unallowed';

/**
 * Who may enter the room at `now` (architecture §6): only its two members (`not-member` for anyone
 * else, staff included), only inside the access window and never once cancelled (`unallowed`).
 */
export function checkSessionAccess(
  session: SessionFacts,
  userId: number,
  now: Date,
): SessionAccessCode | 'ok' {
  if (!isSessionMember(session, userId)) {
    return 'not-member';
  }
  return sessionAccessWindow(session, now).isOpen ? 'ok' : 'unallowed';
}

/** The room's timer label: the lesson join labels (countdown, can join now, started N minutes ago, ended). */
export function sessionJoinLabel(session: SessionFacts, now: Date): JoinLabel {
  return joinLabel(asLessonFacts(session), now);
}

/** Minutes and seconds left until the end (0 once over), for the room's countdown. */
export function sessionRemainingMs(session: Pick<SessionFacts, 'end'>, now: Date): number {
  return Math.max(0, session.end.getTime() - now.getTime());
}

/** How early the room opens, for the "opens N minutes before" text. */
export const SESSION_EARLY_MINUTES = BOUNDS.joinEarlyMinutes;
