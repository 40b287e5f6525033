import { type TutorMeta, type User, type UserWithTutor, UserWithTutorSchema } from '@hiwar/domain';

/** The signed-in user as the API returns it (`UserSchema` of the domain). */
export type CurrentUser = User;

/**
 * What is kept in local storage under `user` (spec §4): the user plus, for Tutor and TutorManager users
 * only, the tutor meta, in the shape `GET /api/v1/user/current` answers.
 */
export type StoredUser = UserWithTutor;

export type { TutorMeta };

/**
 * Reads back what storage holds, validated against the contract: another app version (or the earlier
 * flat shape) may have written it, and a value that does not fit is treated as nothing stored.
 */
export function parseStoredUser(value: unknown): StoredUser | null {
  const result = UserWithTutorSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** Whether `value` is a stored user as this version writes it. */
export function isStoredUser(value: unknown): value is StoredUser {
  return UserWithTutorSchema.safeParse(value).success;
}
