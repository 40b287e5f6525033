import { BOUNDS, EmailSchema, isStaff, PasswordSchema, Role, UserNameSchema } from '@hiwar/domain';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import {
  findUserByEmail,
  insertUser,
  revokeUserTokens,
  type UserRow,
  updateUserRow,
} from '../modules/users/users.repository.ts';

/**
 * The first SuperAdmin of a production database, and the staff accounts' way back in (issue 17):
 * what `npm run admin` does, as functions the tests call. Each one is idempotent: run twice, it
 * changes nothing the second time (or sets the same password again).
 */

/** A refusal the CLI prints as it is (one sentence) and exits 1 on. */
export class AdminCliError extends Error {
  override name = 'AdminCliError';
}

export type AccountOutcome = {
  outcome: 'created' | 'exists' | 'promoted' | 'already-superadmin' | 'password-reset';
  user: { id: number; email: string; role: number };
  /** `promoted`: the role it had. */
  from?: number;
};

const ROLE_NAMES = Object.fromEntries(Object.entries(Role).map(([name, value]) => [value, name])) as Record<
  number,
  string
>;

export const roleName = (role: number): string => ROLE_NAMES[role] ?? `role ${role}`;

/** The reasons a password fails sign-up's rules (packages/domain `PasswordSchema`), in words. */
const PASSWORD_PROBLEMS: Record<string, string> = {
  'short-password': `at least ${BOUNDS.password.min} characters`,
  'long-password': `at most ${BOUNDS.password.max} characters`,
  'invalid-password': 'a digit, a lowercase letter and a symbol, and no spaces',
};

/** Sign-up's password rules, or an `AdminCliError` saying which one failed. */
export function checkPassword(password: string): string {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message ?? 'invalid-password';
    throw new AdminCliError(
      `Weak password: it needs ${PASSWORD_PROBLEMS[code] ?? PASSWORD_PROBLEMS['invalid-password']} (the sign-up rules).`,
    );
  }
  return parsed.data;
}

export function checkEmail(email: string | undefined): string {
  const parsed = EmailSchema.safeParse(email ?? '');
  if (!parsed.success) {
    throw new AdminCliError(`Invalid e-mail address: ${JSON.stringify(email ?? '')}.`);
  }
  return parsed.data;
}

export function checkName(name: string | undefined): string {
  const parsed = UserNameSchema.safeParse(name ?? '');
  if (!parsed.success) {
    throw new AdminCliError(
      `Invalid name: ${JSON.stringify(name ?? '')} (${BOUNDS.userName.min}–${BOUNDS.userName.max} Arabic or Latin letters and single spaces).`,
    );
  }
  return parsed.data;
}

const summary = (user: UserRow): AccountOutcome['user'] => ({
  id: user.id,
  email: user.email,
  role: user.role,
});

/**
 * A SuperAdmin account with this e-mail, name and password (e-mail counted as verified). When the
 * address is already a SuperAdmin nothing changes (`exists`; the password stays: reset it with
 * `resetStaffPassword`); another account there is refused, pointing at `promoteToSuperAdmin`.
 */
export async function createSuperAdmin(
  db: Database,
  input: { email: string; name: string; password: string },
): Promise<AccountOutcome> {
  const email = checkEmail(input.email);
  const name = checkName(input.name);
  const password = checkPassword(input.password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role === Role.SuperAdmin) {
      return { outcome: 'exists', user: summary(existing) };
    }
    throw new AdminCliError(
      `${email} already has an account (${roleName(existing.role)}): make it SuperAdmin with \`npm run admin -- promote --email ${email}\`.`,
    );
  }
  const passwordHash = await hashPassword(password);
  try {
    const user = await insertUser(db, {
      email,
      name,
      passwordHash,
      role: Role.SuperAdmin,
      verifiedEmail: true,
    });
    return { outcome: 'created', user: summary(user) };
  } catch (error) {
    // Another run created it meanwhile: the same outcome as finding it.
    const raced = await findUserByEmail(db, email);
    if (raced?.role === Role.SuperAdmin) {
      return { outcome: 'exists', user: summary(raced) };
    }
    throw error;
  }
}

/** Makes the account with this e-mail a SuperAdmin (already one: nothing changes). */
export async function promoteToSuperAdmin(db: Database, input: { email: string }): Promise<AccountOutcome> {
  const email = checkEmail(input.email);
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw new AdminCliError(
      `No account has the e-mail ${email}: create one with \`npm run admin -- create --email ${email} --name …\`.`,
    );
  }
  if (user.role === Role.SuperAdmin) {
    return { outcome: 'already-superadmin', user: summary(user) };
  }
  const promoted = await updateUserRow(db, user.id, { role: Role.SuperAdmin });
  return { outcome: 'promoted', user: summary(promoted), from: user.role };
}

/**
 * A new password for a staff account (SuperAdmin, RegularAdmin, TutorManager, Studio), checked against
 * the sign-up rules; every session it had ends. Students and tutors reset their own from the sign-in
 * page (a code by e-mail), so they are refused here.
 */
export async function resetStaffPassword(
  db: Database,
  input: { email: string; password: string },
): Promise<AccountOutcome> {
  const email = checkEmail(input.email);
  const password = checkPassword(input.password);
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw new AdminCliError(`No account has the e-mail ${email}.`);
  }
  if (!isStaff(user.role as Role)) {
    throw new AdminCliError(
      `${email} is a ${roleName(user.role)}, not staff: students and tutors reset their password from the sign-in page.`,
    );
  }
  const updated = await updateUserRow(db, user.id, { passwordHash: await hashPassword(password) });
  await revokeUserTokens(db, user.id);
  return { outcome: 'password-reset', user: summary(updated) };
}
