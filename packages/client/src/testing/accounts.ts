/** Test helpers: users and tutor meta as the accounts API answers them. Not exported from the package entry. */
import { Role, type TutorMeta, type User, type UserWithTutor } from '@hiwar/domain';

const STAMP = '2030-01-01T00:00:00.000Z';

/** A user as `UserSchema` describes it, a verified student unless overridden. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'mona@example.com',
    name: 'منى',
    role: Role.Student,
    birthYear: null,
    gender: null,
    city: null,
    phone: null,
    image: null,
    verifiedEmail: true,
    verifiedPhone: false,
    hasPassword: true,
    creditScore: 0,
    notificationMethod: null,
    timezone: 'Africa/Cairo',
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function makeTutorMeta(overrides: Partial<TutorMeta> = {}): TutorMeta {
  return {
    id: 8,
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

/** `{ user, tutor }`: tutor meta is added for Tutor and TutorManager users unless given. */
export function makeAccount(overrides: Partial<User> = {}, tutor?: TutorMeta | null): UserWithTutor {
  const user = makeUser(overrides);
  const isTutorLike = user.role === Role.Tutor || user.role === Role.TutorManager;
  return { user, tutor: tutor !== undefined ? tutor : isTutorLike ? makeTutorMeta({ id: user.id }) : null };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
