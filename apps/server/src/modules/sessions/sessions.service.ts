import {
  AppError,
  checkSessionAccess,
  type Session,
  SessionKind,
  type SessionMember,
  type SessionRef,
  sessionAccessWindow,
} from '@hiwar/domain';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { iceServersFor } from './ice-servers.ts';
import {
  findInterviewSession,
  findLessonSession,
  type SessionMemberRow,
  type SessionRow,
} from './sessions.repository.ts';

export type SessionsDeps = {
  db: Database;
  config: Pick<AppConfig, 'ice'>;
  files: Pick<StoredFiles, 'uploadUrl'>;
  clock: () => Date;
};

/** Why a member cannot use a session now, or who they meet there. */
export type SessionAdmission =
  | { code: 'ok'; session: SessionRow }
  | { code: 'lesson-not-found' | 'interview-not-found' | 'not-member' | 'unallowed' };

/**
 * The video room (architecture §6): who may enter a session and when, what the room needs to know,
 * and the ICE servers. Every kind of session is loaded into the same facts; only lessons exist today.
 */
export function createSessionsService(deps: SessionsDeps) {
  const { db, files, clock } = deps;

  /** The session behind a ref, or null when its lesson (or, later, interview) does not exist. */
  async function loadSession(ref: SessionRef): Promise<SessionRow | null> {
    switch (ref.kind) {
      case SessionKind.Lesson:
        return findLessonSession(db, ref.id);
      case SessionKind.Interview:
        return findInterviewSession(db, ref.id);
    }
  }

  const notFoundCode = (ref: SessionRef) =>
    ref.kind === SessionKind.Lesson ? 'lesson-not-found' : 'interview-not-found';

  function toMember(row: SessionMemberRow, isHost: boolean): SessionMember {
    return {
      id: row.id,
      name: row.name,
      image: row.image ? files.uploadUrl(row.image) : null,
      role: row.role,
      isHost,
    };
  }

  return {
    /**
     * Whether `userId` may be in the room now: `lesson-not-found`, `not-member` (anyone but the two
     * members), `unallowed` (outside the access window, or cancelled), else the session.
     */
    async admit(ref: SessionRef, userId: number): Promise<SessionAdmission> {
      const session = await loadSession(ref);
      if (!session) {
        return { code: notFoundCode(ref) };
      }
      const access = checkSessionAccess(session.facts, userId, clock());
      return access === 'ok' ? { code: 'ok', session } : { code: access };
    },

    /** `GET /api/v1/session/{id}`: the room's description for one of its members, inside the window. */
    async getSession(ref: SessionRef, userId: number): Promise<Session> {
      const now = clock();
      const session = await loadSession(ref);
      if (!session) {
        throw new AppError(notFoundCode(ref));
      }
      const access = checkSessionAccess(session.facts, userId, now);
      if (access !== 'ok') {
        throw new AppError(access);
      }
      return toSession(session, userId, now);
    },
  };

  function toSession(session: SessionRow, userId: number, now: Date): Session {
    const { facts } = session;
    const window = sessionAccessWindow(facts, now);
    return {
      ref: facts.ref,
      members: [toMember(session.host, true), toMember(session.guest, false)],
      start: facts.start.toISOString(),
      end: facts.end.toISOString(),
      access: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() },
      chatRoomId: session.chatRoomId,
      iceServers: iceServersFor(deps.config.ice, userId, now),
      now: now.toISOString(),
    };
  }
}

export type SessionsService = ReturnType<typeof createSessionsService>;
