import {
  addLocalDays,
  Gender,
  Governorate,
  InterviewStatus,
  localDateTimeToInstant,
  MessagingApp,
  Role,
  toLocalDate,
} from '@hiwar/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { availabilitySlots, interviews, tutors, users } from '../db/schema.ts';
import type { StoredFiles } from '../modules/assets/stored-files.ts';
import { ensurePairRoom } from '../modules/chat/rooms.repository.ts';
import { scheduleInterviewReminders } from '../modules/interviews/interview-reminders.ts';
import {
  ensureTutor,
  findUserByEmail,
  insertUser,
  type TutorPatch,
  updateTutorRow,
} from '../modules/users/users.repository.ts';
import { demoPortrait, demoPoster, demoVideo } from './demo-tutors.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Where an applicant stands (spec §2 tutor onboarding), one demo tutor for each stage. */
type Stage =
  | 'registered'
  | 'interview-booked'
  | 'held-awaiting-outcome'
  | 'passed-unsigned'
  | 'rejected'
  | 'signed-at-studio'
  | 'media-done-not-activated';

type Applicant = { email: string; name: string; gender: Gender; stage: Stage };

/** The applicants, each at one stage; their e-mails are `applicant<N>@hiwar.test`. */
export const DEMO_APPLICANTS: readonly Applicant[] = [
  { email: 'applicant1@hiwar.test', name: 'رنا سمير', gender: Gender.Female, stage: 'registered' },
  { email: 'applicant2@hiwar.test', name: 'مازن فتحي', gender: Gender.Male, stage: 'registered' },
  { email: 'applicant3@hiwar.test', name: 'هبة نصار', gender: Gender.Female, stage: 'interview-booked' },
  { email: 'applicant4@hiwar.test', name: 'شريف لطفي', gender: Gender.Male, stage: 'passed-unsigned' },
  { email: 'applicant5@hiwar.test', name: 'دينا رأفت', gender: Gender.Female, stage: 'rejected' },
  { email: 'applicant6@hiwar.test', name: 'عمرو جلال', gender: Gender.Male, stage: 'signed-at-studio' },
  {
    email: 'applicant7@hiwar.test',
    name: 'ياسمين شوقي',
    gender: Gender.Female,
    stage: 'media-done-not-activated',
  },
];

const BIO = 'مدرس إنجليزي للمحادثة والقواعد بخبرة خمس سنوات';
const ABOUT =
  'أهلًا! أدرّس الإنجليزية للطلاب والكبار منذ خمس سنوات، وأحب أن يكون الدرس حوارًا عمليًا عن حياتك اليومية وأهدافك.';

/**
 * The supply side of the demo (issue 11): applicants at every onboarding stage with their interviews
 * with the demo TutorManager (who gets evening interview hours for two weeks), signed interviews behind
 * every listed tutor, and the demo Studio member with tutors assigned. Written once, beside the
 * marketplace (on a database without applicants).
 */
export async function seedDemoOnboarding(
  db: Database,
  files: StoredFiles,
  options: { passwordHash: string; now?: Date },
): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_APPLICANTS[0]!.email)) {
    return false;
  }
  const manager = await findUserByEmail(db, 'manager@hiwar.test');
  const studio = await findUserByEmail(db, 'studio@hiwar.test');
  const superAdmin = await findUserByEmail(db, 'superadmin@hiwar.test');
  if (!manager || !studio || !superAdmin) {
    return false;
  }
  const now = options.now ?? new Date();
  const today = toLocalDate(now);
  /** A Cairo wall-clock time `days` from today. */
  const at = (days: number, time: string) => localDateTimeToInstant(addLocalDays(today, days), time);

  // The TutorManager's interview hours: 18:00–21:00 every evening for two weeks.
  await db.insert(availabilitySlots).values(
    Array.from({ length: 14 }, (_, index) => ({
      tutorId: manager.id,
      startsAt: at(index + 1, '18:00'),
      endsAt: at(index + 1, '21:00'),
    })),
  );

  // Every listed Tutor passed a signed interview with the manager, a month or more ago.
  const listed = await db
    .select({ id: users.id, signedAt: tutors.interviewSignedAt })
    .from(users)
    .innerJoin(tutors, eq(tutors.userId, users.id))
    .where(and(eq(users.role, Role.Tutor), isNotNull(tutors.interviewSignedAt)));
  for (const [index, tutor] of listed.entries()) {
    const start = at(-32 - index, '09:00');
    await db.insert(interviews).values({
      interviewerId: manager.id,
      intervieweeId: tutor.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      status: InterviewStatus.Passed,
      level: 3 + (index % 3),
      feedback: 'نطق واضح ومحادثة طبيعية، ومستوى ممتاز في القواعد.',
      note: 'مناسب للمستويات المتوسطة والمتقدمة.',
      decidedAt: new Date(start.getTime() + 30 * 60_000),
      signedAt: tutor.signedAt,
      signedById: superAdmin.id,
    });
  }
  // The studio makes the photos of the first three listed tutors too.
  await db
    .update(tutors)
    .set({ studioId: studio.id })
    .where(
      inArray(
        tutors.userId,
        listed.slice(0, 3).map((tutor) => tutor.id),
      ),
    );

  for (const [index, applicant] of DEMO_APPLICANTS.entries()) {
    const user = await insertUser(db, {
      email: applicant.email,
      passwordHash: options.passwordHash,
      role: Role.Tutor,
      name: applicant.name,
      gender: applicant.gender,
      birthYear: 1990 + index,
      city: Governorate.Cairo,
      phone: `0101111${String(1000 + index).padStart(4, '0')}`,
      verifiedEmail: true,
      verifiedPhone: index % 2 === 0,
      notificationMethod: MessagingApp.Whatsapp,
      createdAt: new Date(now.getTime() - (index + 1) * 2 * DAY_MS),
    });
    await ensureTutor(db, user.id);
    const interview = async (values: Partial<typeof interviews.$inferInsert> & { start: Date }) => {
      const { start, ...rest } = values;
      const [row] = await db
        .insert(interviews)
        .values({
          interviewerId: manager.id,
          intervieweeId: user.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + 30 * 60_000),
          ...rest,
        })
        .returning();
      await ensurePairRoom(db, manager.id, user.id);
      return row!;
    };
    const passed = (start: Date) => ({
      start,
      status: InterviewStatus.Passed,
      level: 4,
      feedback: 'محادثة رائعة ونطق واضح. أنصح بالتركيز على أمثلة من الحياة اليومية.',
      note: 'مرشح قوي للمستوى المتوسط.',
      decidedAt: new Date(start.getTime() + 30 * 60_000),
    });
    let meta: TutorPatch = { bio: BIO, about: ABOUT };
    switch (applicant.stage) {
      case 'registered':
        meta = {};
        break;
      case 'interview-booked': {
        const row = await interview({ start: at(2, '18:30') });
        await scheduleInterviewReminders(db, row, now);
        break;
      }
      case 'held-awaiting-outcome':
        // Held yesterday evening; the TutorManager has not recorded the outcome yet.
        await interview({ start: at(-1, '19:00') });
        break;
      case 'passed-unsigned':
        await interview(passed(at(-1, '18:00')));
        break;
      case 'rejected':
        await interview({
          start: at(-6, '18:00'),
          status: InterviewStatus.Rejected,
          level: 2,
          feedback: 'نحتاج إلى طلاقة أكبر في المحادثة. يسعدنا أن نراك مرة أخرى بعد ستة أشهر.',
          note: 'النطق يحتاج إلى تدريب.',
          decidedAt: at(-6, '18:30'),
        });
        break;
      case 'signed-at-studio': {
        const row = await interview(passed(at(-4, '18:00')));
        await db
          .update(interviews)
          .set({ signedAt: at(-3, '10:00'), signedById: superAdmin.id })
          .where(eq(interviews.id, row.id));
        meta = { ...meta, interviewSignedAt: at(-3, '10:00'), studioId: studio.id };
        break;
      }
      case 'media-done-not-activated': {
        const row = await interview(passed(at(-9, '18:00')));
        await db
          .update(interviews)
          .set({ signedAt: at(-8, '10:00'), signedById: superAdmin.id })
          .where(eq(interviews.id, row.id));
        await db
          .update(users)
          .set({ image: await demoPortrait(files, applicant.email, user.id) })
          .where(eq(users.id, user.id));
        meta = {
          ...meta,
          interviewSignedAt: at(-8, '10:00'),
          studioId: studio.id,
          video: await demoVideo(files, user.id),
          thumbnail: await demoPoster(files, applicant.email, user.id),
        };
        break;
      }
    }
    if (Object.keys(meta).length > 0) {
      await updateTutorRow(db, user.id, meta);
    }
  }
  return true;
}
