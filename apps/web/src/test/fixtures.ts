import {
  isTutorLike,
  Role,
  type Session,
  type TutorMeta,
  type User,
  type UserWithTutor,
} from '@hiwar/domain';

const STAMP = '2026-01-10T09:00:00.000Z';

/** A user as `GET /api/v1/user/current` answers it: a verified student with a complete profile by default. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 12,
    email: 'sara@example.com',
    name: 'سارة أحمد',
    role: Role.Student,
    birthYear: 2000,
    gender: 'female',
    city: 1,
    phone: '01012345678',
    image: null,
    verifiedEmail: true,
    verifiedPhone: true,
    hasPassword: true,
    creditScore: 0,
    notificationMethod: 1,
    timezone: 'Africa/Cairo',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeTutorMeta(overrides: Partial<TutorMeta> = {}): TutorMeta {
  return {
    id: 3,
    bio: null,
    about: null,
    video: null,
    thumbnail: null,
    activated: false,
    activatedBy: null,
    notice: 14,
    interviewSignedAt: null,
    ...overrides,
  };
}

/** `{ user, tutor }`, with tutor meta for Tutor and TutorManager users. */
export function makeAccount(overrides: Partial<User> = {}, tutor?: TutorMeta | null): UserWithTutor {
  const user = makeUser(overrides);
  return {
    user,
    tutor: tutor !== undefined ? tutor : isTutorLike(user.role) ? makeTutorMeta({ id: user.id }) : null,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A failed answer as the server's error handler writes it. */
export function apiError(status: number, code: string, message = code): Response {
  return json(status, { code, message });
}

/**
 * `GET /api/v1/session/5`: a 30-minute lesson between tutor 3 and student 1 starting `startsInMs` from
 * now (already started when negative), its room open from 10 minutes before.
 */
export function makeSession(startsInMs: number, overrides: Partial<Session> = {}): Session {
  const start = new Date(Date.now() + startsInMs);
  return {
    ref: { kind: 'lesson', id: 5 },
    members: [
      { id: 3, name: 'سارة المعلمة', image: null, role: Role.Tutor, isHost: true },
      { id: 1, name: 'أحمد', image: null, role: Role.Student, isHost: false },
    ],
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    access: {
      opensAt: new Date(start.getTime() - 10 * 60_000).toISOString(),
      closesAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
    },
    chatRoomId: 8,
    iceServers: [],
    now: new Date().toISOString(),
    ...overrides,
  };
}
