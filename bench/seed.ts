/**
 * Seeding shared by the benchmarks: many listed tutors with windows, and subscribed students.
 * Written in bulk straight into the tables (the product's own routes would take minutes).
 */
import {
  addLocalDays,
  localDateTimeToInstant,
  PaymentStatus,
  PlanPeriod,
  Role,
  subscriptionEnd,
  toLocalDate,
} from '@hiwar/domain';
import type { Database } from '../apps/server/src/db/client.ts';
import {
  availabilitySlots,
  plans,
  platformSettings,
  subscriptions,
  topics,
  transactions,
  tutors,
  users,
  userTopics,
} from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

/** Inserts in chunks (a statement holds at most 65,535 parameters). */
export async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
  }
}

/** Days ahead each seeded tutor has a window on (tomorrow on): within the default 14-day notice. */
export const WINDOW_DAYS = 13;

/**
 * `count` listed tutors (every 25th a TutorManager) with three of 20 topics each, a rating, and a
 * 12-hour window on each of the next `WINDOW_DAYS` days, opening at 08:00–11:00 Cairo by tutor.
 * Resolves with their ids, in order.
 */
export async function seedTutors(db: Database, count: number): Promise<number[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const topicRows = await db
    .insert(topics)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        nameAr: `موضوع المقارنة ${i + 1}`,
        nameEn: `Benchmark topic ${i + 1}`,
      })),
    )
    .returning({ id: topics.id });
  const created: number[] = [];
  await insertAll(
    Array.from({ length: count }, (_, i) => i),
    async (chunk) => {
      const rows = await db
        .insert(users)
        .values(
          chunk.map((i) => ({
            email: `bench.tutor.${i}@hiwar.test`,
            passwordHash,
            role: i % 25 === 0 ? Role.TutorManager : Role.Tutor,
            name: i % 2 === 0 ? `مدرس رقم ${i}` : `Tutor Number ${i}`,
            gender: i % 2 === 0 ? 'male' : 'female',
            birthYear: 1980 + (i % 20),
            city: 1 + (i % 30),
            phone: `011${String(10_000_000 + i)}`,
            verifiedEmail: true,
            verifiedPhone: true,
            image: `bench-avatar-${i}.jpg`,
          })),
        )
        .returning({ id: users.id });
      created.push(...rows.map((row) => row.id));
    },
  );
  await insertAll(created, (chunk) =>
    db.insert(tutors).values(
      chunk.map((userId, i) => ({
        userId,
        activated: true,
        bio: 'مدرس إنجليزي للمحادثة والقواعد بخبرة طويلة',
        about: 'أدرّس الإنجليزية منذ سنوات طويلة للكبار والصغار، وأجهّز كل درس حسب مستواك وأهدافك.',
        video: `bench-video-${userId}.mp4`,
        thumbnail: `bench-thumbnail-${userId}.jpg`,
        interviewSignedAt: new Date(),
        ratingCount: 1 + (i % 40),
        ratingSum: (1 + (i % 40)) * (1 + (i % 5)),
      })),
    ),
  );
  await insertAll(
    created.flatMap((userId, i) =>
      [0, 1, 2].map((k) => ({ userId, topicId: topicRows[(i + k * 7) % 20]!.id })),
    ),
    (chunk) => db.insert(userTopics).values(chunk),
  );
  const today = toLocalDate(new Date());
  await insertAll(
    created.flatMap((tutorId, i) =>
      Array.from({ length: WINDOW_DAYS }, (_, day) => {
        const date = addLocalDays(today, day + 1);
        const from = 8 + (i % 4);
        return {
          tutorId,
          startsAt: localDateTimeToInstant(date, `${String(from).padStart(2, '0')}:00`),
          endsAt: localDateTimeToInstant(date, `${String(from + 12).padStart(2, '0')}:00`),
        };
      }),
    ),
    (chunk) => db.insert(availabilitySlots).values(chunk),
  );
  return created;
}

/**
 * `count` students with verified e-mails, each with a month's subscription of a whole week of
 * minutes granted since today's midnight in Cairo (its quota weeks then turn at midnight, between
 * lessons), allowed up to `maxUpcoming` upcoming lessons. Resolves with the students' rows.
 */
export async function seedSubscribedStudents(db: Database, count: number, maxUpcoming: number) {
  await db
    .insert(platformSettings)
    .values({ key: 'maxUpcomingLessonsPerStudent', value: maxUpcoming })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: maxUpcoming } });
  const [plan] = await db
    .insert(plans)
    .values({
      alias: 'خطة المقارنة',
      weeklyMinutes: 10_080,
      fullMonthPrice: 100_00,
      fullQuarterPrice: 300_00,
      halfYearPrice: 600_00,
      fullYearPrice: 1200_00,
    })
    .returning();
  const passwordHash = await hashPassword('bench-password-1');
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench.student.${i}@hiwar.test`,
        passwordHash,
        role: Role.Student,
        name: `طالب ${i}`,
        verifiedEmail: true,
      })),
    )
    .returning();
  const start = localDateTimeToInstant(toLocalDate(new Date()), '00:00');
  const grants = await db
    .insert(transactions)
    .values(
      students.map((student) => ({
        userId: student.id,
        planId: plan!.id,
        period: PlanPeriod.Month,
        amount: 0,
        weeklyMinutes: plan!.weeklyMinutes,
        status: PaymentStatus.Paid,
        paidAt: start,
      })),
    )
    .returning();
  await db.insert(subscriptions).values(
    grants.map((grant) => ({
      userId: grant.userId,
      planId: plan!.id,
      transactionId: grant.id,
      period: PlanPeriod.Month,
      weeklyMinutes: plan!.weeklyMinutes,
      startsAt: start,
      endsAt: subscriptionEnd(start, PlanPeriod.Month),
    })),
  );
  return students;
}
