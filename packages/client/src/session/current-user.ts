import type { TutorMeta, User, UserWithTutor } from '@hiwar/domain';
import { loadContractCheck, loadedContractCheck } from '../api/contract.ts';

/** The signed-in user as the API returns it (`UserSchema` of the domain). */
export type CurrentUser = User;

/**
 * What is kept in local storage under `user` (spec §4): the user plus, for Tutor and TutorManager users
 * only, the tutor meta, in the shape `GET /api/v1/user/current` answers.
 */
export type StoredUser = UserWithTutor;

export type { TutorMeta };

/**
 * Loads what a stored user is checked against: the first screens' part of the contract, which the
 * signed-in screen's first answer needs anyway. The apps wait for it before their first paint when a
 * session is stored; the token store asks for it too.
 */
export async function loadStoredUserCheck(): Promise<void> {
  await loadContractCheck((contract) => contract.UserWithTutorSchema);
}

/**
 * Reads back what storage holds, validated against the contract: another app version (or the earlier
 * flat shape) may have written it, and a value that does not fit is treated as nothing stored.
 * `undefined` while the check has not loaded yet (loadStoredUserCheck): nothing can be said then.
 */
export function parseStoredUser(value: unknown): StoredUser | null | undefined {
  const check = loadedContractCheck((contract) => contract.UserWithTutorSchema);
  if (!check) {
    return undefined;
  }
  const result = check.safeParse(value);
  return result.success ? result.data : null;
}
