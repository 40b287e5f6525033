import type { TutorMeta, User, UserWithTutor } from '@hiwar/domain';
import type { Contract } from '../api/contract.ts';

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
 * flat shape) may have written it, and a value that does not fit is treated as nothing stored. The
 * contract loads on its own chunk (contract.ts); the token store waits for it before reading.
 */
export function parseStoredUser(value: unknown, contract: Contract): StoredUser | null {
  const result = contract.UserWithTutorSchema.safeParse(value);
  return result.success ? result.data : null;
}
