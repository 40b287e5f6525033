import { describe, expect, it } from 'vitest';
import {
  checkSessionAccess,
  lessonSessionFacts,
  otherMember,
  sessionAccessWindow,
  sessionJoinLabel,
  sessionRemainingMs,
} from './session.rules.ts';

const start = new Date('2026-03-10T10:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const lesson = { id: 7, start, duration: 30, tutorId: 3, studentId: 9 };
const session = lessonSessionFacts(lesson);

describe('session rules', () => {
  it('makes a lesson a session hosted by its tutor, ending after its duration', () => {
    expect(session).toEqual({
      ref: { kind: 'lesson', id: 7 },
      hostId: 3,
      guestId: 9,
      start,
      end: at(30),
      canceled: false,
    });
    expect(otherMember(session, 3)).toBe(9);
    expect(otherMember(session, 9)).toBe(3);
  });

  it('opens the room 10 minutes before start and closes it at the end', () => {
    expect(checkSessionAccess(session, 9, at(-10.01))).toBe('unallowed');
    expect(checkSessionAccess(session, 9, at(-10))).toBe('ok');
    expect(checkSessionAccess(session, 3, at(29.99))).toBe('ok');
    expect(checkSessionAccess(session, 3, at(30))).toBe('unallowed');
    expect(sessionAccessWindow(session, at(0))).toEqual({ opensAt: at(-10), closesAt: at(30), isOpen: true });
  });

  it('admits only the two members, and nobody once cancelled', () => {
    expect(checkSessionAccess(session, 4, at(5))).toBe('not-member');
    const canceled = lessonSessionFacts({ ...lesson, canceledAt: at(-60), canceledBy: 'student' });
    expect(canceled.canceled).toBe(true);
    expect(checkSessionAccess(canceled, 9, at(5))).toBe('unallowed');
    expect(checkSessionAccess(canceled, 4, at(5))).toBe('not-member');
  });

  it('labels the room with the lesson join labels and counts down to the end', () => {
    expect(sessionJoinLabel(session, at(-5))).toEqual({ kind: 'countdown', minutesLeft: 5, canJoin: true });
    expect(sessionJoinLabel(session, at(1))).toEqual({ kind: 'can-join-now', canJoin: true });
    expect(sessionJoinLabel(session, at(12))).toEqual({ kind: 'started', minutesAgo: 12, canJoin: true });
    expect(sessionJoinLabel(session, at(30))).toEqual({ kind: 'ended', canJoin: false });
    expect(sessionRemainingMs(session, at(29.5))).toBe(30_000);
    expect(sessionRemainingMs(session, at(31))).toBe(0);
  });
});
