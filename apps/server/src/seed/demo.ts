import {
  Gender,
  Governorate,
  MessagingApp,
  PaymentStatus,
  PLATFORM_SETTINGS_DEFAULTS,
  PlanPeriod,
  Role,
  subscriptionEnd,
} from '@hiwar/domain';
import type { Database } from '../db/client.ts';
import { coupons, plans, platformSettings, subscriptions } from '../db/schema.ts';
import type { StoredFiles } from '../modules/assets/stored-files.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertTransaction } from '../modules/payments/transactions.repository.ts';
import { insertCoupon } from '../modules/plans/coupons.repository.ts';
import { insertPlan, type NewPlan } from '../modules/plans/plans.repository.ts';
import { insertSubscription } from '../modules/subscriptions/subscriptions.repository.ts';
import {
  ensureTutor,
  findUserByEmail,
  insertUser,
  type NewUser,
  type TutorPatch,
  updateTutorRow,
} from '../modules/users/users.repository.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedDemoOnboarding } from './demo-onboarding.ts';
import { seedDemoSupport } from './demo-support.ts';
import { demoPortrait, demoPoster, seedDemoMarketplace, topUpDemoAvailability } from './demo-tutors.ts';

export type DemoLogin = { role: string; email: string; password: string };

/** Every demo account signs in with this password (it meets the password rules). */
export const DEMO_PASSWORD = 'hiwar-demo-1';

type DemoAccount = {
  roleName: keyof typeof Role;
  user: Omit<NewUser, 'passwordHash' | 'role'>;
  tutor?: TutorPatch;
};

const profile = {
  verifiedEmail: true,
  verifiedPhone: true,
  city: Governorate.Cairo,
  notificationMethod: MessagingApp.Whatsapp,
} as const;

const DEMO_ACCOUNTS: DemoAccount[] = [
  { roleName: 'SuperAdmin', user: { ...profile, email: 'superadmin@hiwar.test', name: 'سارة المدير' } },
  { roleName: 'RegularAdmin', user: { ...profile, email: 'admin@hiwar.test', name: 'أحمد الإداري' } },
  {
    roleName: 'Tutor',
    user: {
      ...profile,
      email: 'tutor@hiwar.test',
      name: 'منى عادل',
      gender: Gender.Female,
      birthYear: 1992,
      phone: '01012345678',
      city: Governorate.Giza,
    },
    tutor: {
      activated: true,
      bio: 'مدرسة إنجليزي للمحادثة والنطق بخبرة عشر سنوات',
      about:
        'أهلًا! أنا منى، أدرّس الإنجليزية منذ عشر سنوات للكبار والطلاب. أركّز على المحادثة اليومية والنطق الصحيح وبناء الثقة، وأجهّز كل درس حسب مستواك وأهدافك.',
      notice: 21,
    },
  },
  {
    roleName: 'TutorManager',
    user: {
      ...profile,
      email: 'manager@hiwar.test',
      name: 'كريم حسن',
      gender: Gender.Male,
      birthYear: 1988,
      phone: '01112345678',
    },
    tutor: {
      activated: true,
      bio: 'مدير المدرسين ودروس تعريفية مجانية للطلاب الجدد',
      about:
        'أنا كريم، أقابل المدرسين الجدد وأقدّم الدرس التعريفي المجاني لكل طالب جديد لنحدد مستواك ونختار لك المدرس المناسب.',
    },
  },
  { roleName: 'Studio', user: { ...profile, email: 'studio@hiwar.test', name: 'استوديو حوار' } },
  {
    roleName: 'Student',
    user: {
      ...profile,
      email: 'student@hiwar.test',
      name: 'يوسف طارق',
      gender: Gender.Male,
      birthYear: 2004,
      phone: '01212345678',
      city: Governorate.Alexandria,
    },
  },
];

/**
 * Demo data for local mode: platform settings on an empty database, and one account per role (added
 * when missing, so an older local database gets them too), the tutor and the tutor manager activated
 * with a complete profile and generated pictures, then the marketplace (`seedDemoMarketplace`: topics,
 * twelve listed tutors with schedules, students, lessons and ratings), chat, onboarding, invoices and
 * support (`seedDemoSupport`: reports and contact requests). Returns the logins `npm start` prints.
 */
export async function seedDemoData(
  db: Database,
  files: StoredFiles,
): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  let seeded = false;
  const existing = await db.select({ key: platformSettings.key }).from(platformSettings).limit(1);
  if (existing.length === 0) {
    await seedPlatformSettings(db);
    seeded = true;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.user.email)) {
      continue;
    }
    seeded = true;
    const role = Role[account.roleName];
    const image = await demoPortrait(files, account.user.email, null, account.user.gender);
    const user = await insertUser(db, { ...account.user, role, passwordHash, image });
    if (account.tutor) {
      await ensureTutor(db, user.id);
      const thumbnail = await demoPoster(files, account.user.email, null, account.user.gender);
      await updateTutorRow(db, user.id, { ...account.tutor, thumbnail, activatedBy: null });
    }
  }
  seeded = (await seedDemoPlans(db)) || seeded;
  seeded = (await seedDemoMarketplace(db, files, { passwordHash })) || seeded;
  // At every start: times to book in the current and the next week, however old the database.
  seeded = (await topUpDemoAvailability(db)) > 0 || seeded;
  seeded = (await seedDemoChat(db)) || seeded;
  seeded = (await seedDemoOnboarding(db, files, { passwordHash })) || seeded;
  seeded = (await seedDemoInvoices(db, files)) || seeded;
  seeded = (await seedDemoSupport(db, files)) || seeded;
  return {
    seeded,
    logins: [
      ...DEMO_ACCOUNTS.map((account) => ({
        role: account.roleName,
        email: account.user.email,
        password: DEMO_PASSWORD,
      })),
      // A tutor with an interview booked: the onboarding screen as a new tutor sees it.
      { role: 'Tutor (onboarding)', email: 'applicant3@hiwar.test', password: DEMO_PASSWORD },
    ],
  };
}

/** The rules.md defaults for every platform setting; later edits by staff are kept. */
export async function seedPlatformSettings(db: Database): Promise<void> {
  const rows = Object.entries(PLATFORM_SETTINGS_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(platformSettings).values(rows).onConflictDoNothing();
}

/** Whole pounds in piasters. */
const egp = (pounds: number) => pounds * 100;

/**
 * Three plans (1, 2 and 4 hours a week), cheaper per month for longer periods: quarter −10 %, half
 * year −15 %, year −25 % (basis points).
 */
export const DEMO_PLANS: NewPlan[] = [
  { alias: 'البداية', weeklyMinutes: 60, month: 600 },
  { alias: 'المنتظم', weeklyMinutes: 120, month: 1100 },
  { alias: 'المكثّف', weeklyMinutes: 240, month: 2000 },
].map(({ alias, weeklyMinutes, month }) => ({
  alias,
  weeklyMinutes,
  fullMonthPrice: egp(month),
  fullMonthDiscount: 0,
  fullQuarterPrice: egp(month * 3),
  fullQuarterDiscount: 1000,
  halfYearPrice: egp(month * 6),
  halfYearDiscount: 1500,
  fullYearPrice: egp(month * 12),
  fullYearDiscount: 2500,
}));

/** 20 % off, for a year from seeding, 100 uses. */
export const DEMO_COUPON_CODE = 'WELCOME-20';

/**
 * The plans, a coupon and the demo student's subscription (the middle plan, a month from seeding, as
 * a staff grant): on an empty plans table only, so staff edits survive restarts.
 */
async function seedDemoPlans(db: Database): Promise<boolean> {
  if ((await db.select({ id: plans.id }).from(plans).limit(1)).length > 0) {
    return false;
  }
  const created = [];
  for (const plan of DEMO_PLANS) {
    created.push(await insertPlan(db, plan));
  }
  if ((await db.select({ id: coupons.id }).from(coupons).limit(1)).length === 0) {
    await insertCoupon(db, {
      code: DEMO_COUPON_CODE,
      discount: 2000,
      expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
      usageLimit: 100,
    });
  }
  const student = await findUserByEmail(db, 'student@hiwar.test');
  const admin = await findUserByEmail(db, 'superadmin@hiwar.test');
  const plan = created[1]!;
  if (
    student &&
    admin &&
    (await db.select({ id: subscriptions.id }).from(subscriptions).limit(1)).length === 0
  ) {
    const start = new Date();
    await db.transaction(async (tx) => {
      const grant = await insertTransaction(tx, {
        userId: student.id,
        planId: plan.id,
        period: PlanPeriod.Month,
        amount: 0,
        weeklyMinutes: plan.weeklyMinutes,
        method: null,
        status: PaymentStatus.Paid,
        paidAt: start,
        grantedBy: admin.id,
      });
      await insertSubscription(tx, {
        userId: student.id,
        planId: plan.id,
        transactionId: grant.id,
        period: PlanPeriod.Month,
        weeklyMinutes: plan.weeklyMinutes,
        startsAt: start,
        endsAt: subscriptionEnd(start, PlanPeriod.Month),
      });
    });
  }
  return true;
}
