import { isTutorLike, Role, type TutorMeta, type User, type UserWithTutor } from '@hiwar/domain';

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
