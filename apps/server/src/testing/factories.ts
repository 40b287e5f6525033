import { randomBytes } from 'node:crypto';
import { isTutorLike, Role } from '@hiwar/domain';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import {
  ensureTutor,
  insertUser,
  type NewUser,
  type TutorPatch,
  type TutorRow,
  type UserRow,
  updateTutorRow,
} from '../modules/users/users.repository.ts';

/** The password every factory account has (meets the rules). */
export const TEST_PASSWORD = 'hiwar-test-1';

let defaultHash: Promise<string> | undefined;

/** A unique address for one test account. */
export function uniqueEmail(label = 'user'): string {
  return `${label.toLowerCase()}.${randomBytes(5).toString('hex')}@hiwar.test`;
}

/**
 * A user row with sensible defaults (Student, verified e-mail, password `TEST_PASSWORD`); tutors and
 * tutor managers also get their tutor meta row. Override anything, `tutor` for the meta.
 */
export async function createUser(
  db: Database,
  overrides: Partial<NewUser> & { password?: string | null; tutor?: TutorPatch } = {},
): Promise<UserRow & { tutorRow: TutorRow | null }> {
  const { password, tutor, ...values } = overrides;
  defaultHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash =
    password === null ? null : password === undefined ? await defaultHash : await hashPassword(password);
  const role = (values.role ?? Role.Student) as Role;
  const user = await insertUser(db, {
    email: uniqueEmail(roleLabel(role)),
    passwordHash,
    role,
    name: 'منى علي',
    verifiedEmail: true,
    ...values,
  });
  let tutorRow: TutorRow | null = null;
  if (isTutorLike(role)) {
    tutorRow = await ensureTutor(db, user.id);
    if (tutor && Object.keys(tutor).length > 0) {
      tutorRow = await updateTutorRow(db, user.id, tutor);
    }
  }
  return { ...user, tutorRow };
}

/** A signed-in user of `role`: the row and a bearer token for it. */
export async function loginAs(
  app: App,
  role: Role,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
  const user = await createUser(app.db, { role, ...overrides });
  const token = await app.sessions.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

function roleLabel(role: Role): string {
  return Object.entries(Role)
    .find(([, value]) => value === role)![0]
    .toLowerCase();
}
