import { randomBytes } from 'node:crypto';
import { isTutorLike, PaymentStatus, PlanPeriod, Role, subscriptionEnd } from '@hiwar/domain';
import type { App } from '../app.ts';
import type { Database } from '../db/client.ts';
import { availabilitySlots, lessons } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { SlotRow } from '../modules/availability/availability.repository.ts';
import type { LessonRow, NewLesson } from '../modules/lessons/lessons.repository.ts';
import { insertTransaction } from '../modules/payments/transactions.repository.ts';
import { type CouponRow, insertCoupon, type NewCoupon } from '../modules/plans/coupons.repository.ts';
import { insertPlan, type NewPlan, type PlanRow } from '../modules/plans/plans.repository.ts';
import {
  insertSubscription,
  type SubscriptionRow,
} from '../modules/subscriptions/subscriptions.repository.ts';
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

let phoneSequence = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A unique Egyptian mobile number for a test account. */
export function uniquePhone(): string {
  return `010${String(phoneSequence++).padStart(8, '0')}`;
}

/** What a listed tutor has (rules.md "Tutors"): a complete profile, verified, activated, interview signed. */
export const LISTED_TUTOR_PROFILE = {
  name: 'منى عادل',
  city: 1,
  gender: 'female',
  birthYear: 1990,
  verifiedEmail: true,
  verifiedPhone: true,
  image: 'tutor-avatar.webp',
} as const;

export const LISTED_TUTOR_META: TutorPatch = {
  activated: true,
  bio: 'مدرسة إنجليزي للمحادثة والنطق بخبرة عشر سنوات',
  about:
    'أهلًا! أنا أدرّس الإنجليزية منذ عشر سنوات للكبار والطلاب، وأركّز على المحادثة اليومية والنطق الصحيح وبناء الثقة.',
  video: 'tutor-video.mp4',
  thumbnail: 'tutor-thumbnail.webp',
  interviewSignedAt: new Date('2026-01-01T10:00:00Z'),
  notice: 14,
};

/** A listed (bookable) Tutor, or TutorManager with `role`; override anything, `tutor` for the meta. */
export async function createListedTutor(
  db: Database,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<UserRow & { tutorRow: TutorRow | null }> {
  const { tutor, ...rest } = overrides;
  return createUser(db, {
    role: Role.Tutor,
    ...LISTED_TUTOR_PROFILE,
    phone: uniquePhone(),
    ...rest,
    tutor: { ...LISTED_TUTOR_META, ...tutor },
  });
}

/** A signed-in listed tutor (see `createListedTutor`). */
export async function loginAsListedTutor(
  app: App,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
  const user = await createListedTutor(app.db, overrides);
  const token = await app.sessions.issue(user);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

/** An availability window of the tutor, written directly (no rule checked: past windows too). */
export async function createSlot(db: Database, tutorId: number, start: Date, end: Date): Promise<SlotRow> {
  const [row] = await db
    .insert(availabilitySlots)
    .values({ tutorId, startsAt: start, endsAt: end })
    .returning();
  return row!;
}

/**
 * A subscription granted to the student without payment (a zero-amount paid transaction), from
 * `start` (default now) for a month, with `weeklyMinutes` (default 120).
 */
export async function createSubscription(
  db: Database,
  studentId: number,
  options: { start?: Date; weeklyMinutes?: number; plan?: PlanRow } = {},
): Promise<SubscriptionRow> {
  const plan = options.plan ?? (await createPlan(db, { weeklyMinutes: options.weeklyMinutes ?? 120 }));
  const start = options.start ?? new Date();
  const weeklyMinutes = options.weeklyMinutes ?? plan.weeklyMinutes;
  return db.transaction(async (tx) => {
    const grant = await insertTransaction(tx, {
      userId: studentId,
      planId: plan.id,
      period: PlanPeriod.Month,
      amount: 0,
      weeklyMinutes,
      method: null,
      status: PaymentStatus.Paid,
      paidAt: start,
    });
    return insertSubscription(tx, {
      userId: studentId,
      planId: plan.id,
      transactionId: grant.id,
      period: PlanPeriod.Month,
      weeklyMinutes,
      startsAt: start,
      endsAt: subscriptionEnd(start, PlanPeriod.Month),
    });
  });
}

/**
 * A lesson written directly (no booking rule checked: lessons in the past, for ratings and stats).
 * The exclusion constraints still apply.
 */
export async function createLesson(
  db: Database,
  values: { tutorId: number; studentId: number; start: Date; duration?: 15 | 30 } & Partial<NewLesson>,
): Promise<LessonRow> {
  const { start, duration = 30, ...rest } = values;
  const [row] = await db
    .insert(lessons)
    .values({
      startsAt: start,
      duration,
      endsAt: new Date(start.getTime() + duration * 60_000),
      price: duration * 250,
      ...rest,
    })
    .returning();
  return row!;
}
