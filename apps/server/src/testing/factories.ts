import { randomBytes } from 'node:crypto';
import { isTutorLike, Role } from '@hiwar/domain';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { type CouponRow, insertCoupon, type NewCoupon } from '../modules/plans/coupons.repository.ts';
import { insertPlan, type NewPlan, type PlanRow } from '../modules/plans/plans.repository.ts';
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

/** A valid plan's fields: 120 weekly minutes, 1,000 EGP a month, longer periods cheaper per month. */
export const PLAN_FIELDS = {
  alias: 'الخطة الأساسية',
  weeklyMinutes: 120,
  fullMonthPrice: 1000_00,
  fullMonthDiscount: 0,
  fullQuarterPrice: 3000_00,
  fullQuarterDiscount: 1000,
  halfYearPrice: 6000_00,
  halfYearDiscount: 1500,
  fullYearPrice: 12000_00,
  fullYearDiscount: 2500,
} as const;

/** A plan row (active, open to all unless overridden). */
export async function createPlan(db: Database, overrides: Partial<NewPlan> = {}): Promise<PlanRow> {
  return insertPlan(db, { ...PLAN_FIELDS, ...overrides });
}

/** A coupon row with a unique code, 20 % off, expiring in a week. */
export async function createCoupon(db: Database, overrides: Partial<NewCoupon> = {}): Promise<CouponRow> {
  return insertCoupon(db, {
    code: `C-${randomBytes(4).toString('hex').toUpperCase()}`,
    discount: 2000,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    ...overrides,
  });
}
