import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { contactRequests, lessons, reportReplies, reports } from '../db/schema.ts';
import { processImage } from '../modules/assets/media.ts';
import type { StoredFiles } from '../modules/assets/stored-files.ts';
import { SCREENSHOT } from '../modules/support/reports.service.ts';
import { findUserByEmail, type UserRow } from '../modules/users/users.repository.ts';

const HOUR_MS = 3_600_000;

/** Who writes a demo reply: the reporter (a follow-up) or a staff account by e-mail. */
type DemoReply = { by: 'reporter' | string; text: string; hoursAfter: number };

type DemoReport = {
  reporter: string;
  title: string;
  description: string;
  /** Hours before seeding the report was sent. */
  hoursAgo: number;
  /** About the reporter's latest lesson given. */
  aboutLesson?: boolean;
  screenshot?: boolean;
  replies?: DemoReply[];
  /** Resolved by this staff account, the hours after the report. */
  resolved?: { by: string; hoursAfter: number };
};

/**
 * The support inboxes' demo content: the demo student's report about a lesson answered by staff and
 * still open (their "my reports" has a conversation), a tutor's report resolved after a reply, a new
 * report with a screenshot and one without any reply yet.
 */
const DEMO_REPORTS: DemoReport[] = [
  {
    reporter: 'student@hiwar.test',
    title: 'الصوت كان يتقطع أثناء الدرس',
    description:
      'في آخر درس كان صوت المعلمة يتقطع كل دقيقة تقريبًا، مع أن الإنترنت عندي سريع والفيديو كان يعمل. جربت إعادة تحميل الصفحة ولم يتغير شيء.',
    hoursAgo: 30,
    aboutLesson: true,
    replies: [
      {
        by: 'admin@hiwar.test',
        text: 'شكرًا لإبلاغك. راجعنا جودة الاتصال في درسك ووجدنا ضعفًا في الشبكة عند المعلمة. جرّب في الدرس القادم متصفح كروم، ولو تكررت المشكلة أخبرنا فورًا.',
        hoursAfter: 3,
      },
      {
        by: 'reporter',
        text: 'تمام، سأجرب كروم في الدرس القادم وأخبركم.',
        hoursAfter: 4,
      },
      {
        by: 'admin@hiwar.test',
        text: 'ممتاز، سنترك البلاغ مفتوحًا حتى نتأكد أن كل شيء يعمل.',
        hoursAfter: 5,
      },
    ],
  },
  {
    reporter: 'tutor@hiwar.test',
    title: 'درس لا يظهر في جدولي',
    description:
      'حجز طالب درسًا معي يوم الخميس ووصلتني رسالة الحجز، لكن الدرس لا يظهر في صفحة جدول الدروس عندي.',
    hoursAgo: 24 * 6,
    replies: [
      {
        by: 'superadmin@hiwar.test',
        text: 'أهلًا أستاذة منى، كان الجدول يعرض الأسبوع الحالي فقط. أصلحنا ذلك والدرس ظاهر الآن في أسبوعه.',
        hoursAfter: 6,
      },
      { by: 'reporter', text: 'ظهر الآن، شكرًا جزيلًا.', hoursAfter: 8 },
    ],
    resolved: { by: 'superadmin@hiwar.test', hoursAfter: 9 },
  },
  {
    reporter: 'student1@hiwar.test',
    title: 'رسالة خطأ عند الدفع بالبطاقة',
    description:
      'عند محاولة تجديد الاشتراك بالبطاقة تظهر رسالة خطأ بعد إدخال رمز التحقق، وأرفقت صورة للشاشة.',
    hoursAgo: 2,
    screenshot: true,
  },
  {
    reporter: 'tutor1@hiwar.test',
    title: 'لا أستطيع رفع فيديو التعريف',
    description: 'يتوقف رفع فيديو التعريف عند ٩٠٪ ثم يظهر أن الرفع فشل. حجم الفيديو ٤٠ ميجابايت تقريبًا.',
    hoursAgo: 20,
  },
];

type DemoContactRequest = {
  name: string;
  phone?: string;
  email?: string;
  title: string;
  message: string;
  hoursAgo: number;
  handled?: { by: string; hoursAfter: number };
};

/** Visitors' messages from the public site's `/contact`: two waiting, one handled. */
const DEMO_CONTACT_REQUESTS: DemoContactRequest[] = [
  {
    name: 'هالة إبراهيم',
    phone: '01098765431',
    title: 'اشتراك لابنتي في الإعدادية',
    message:
      'ابنتي في الصف الثاني الإعدادي، هل عندكم معلمون مناسبون لسنها؟ وهل يمكن أن تكون الدروس بعد السابعة مساءً؟',
    hoursAgo: 5,
  },
  {
    name: 'شركة النيل للبرمجيات',
    email: 'hr@nile-soft.example',
    title: 'باقة لموظفي الشركة',
    message:
      'نرغب في اشتراك لعشرين موظفًا لتحسين الإنجليزية في العمل. هل توجد باقات للشركات وفواتير باسم الشركة؟',
    hoursAgo: 26,
  },
  {
    name: 'محمود سعيد',
    phone: '01234567891',
    email: 'mahmoud.saeed@example.com',
    title: 'أريد العمل معكم كمعلم',
    message: 'أنا خريج آداب إنجليزي ولدي خبرة ثلاث سنوات في التدريس، كيف أنضم إلى المعلمين في حوار؟',
    hoursAgo: 24 * 4,
    handled: { by: 'admin@hiwar.test', hoursAfter: 2 },
  },
];

/**
 * Reports and contact requests so the support screens show real content in local mode: the reports
 * (each part of the demo whose reporter exists) on a database without reports yet, the contact
 * requests on one without contact requests yet. Staff replies are from the demo admins.
 */
export async function seedDemoSupport(
  db: Database,
  files: StoredFiles,
  options: { now?: Date } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const seededReports = await seedReports(db, files, now);
  const seededRequests = await seedContactRequests(db, now);
  return seededReports || seededRequests;
}

async function seedReports(db: Database, files: StoredFiles, now: Date): Promise<boolean> {
  if ((await db.select({ id: reports.id }).from(reports).limit(1)).length > 0) {
    return false;
  }
  const people = new Map<string, UserRow | null>();
  const person = async (email: string) => {
    if (!people.has(email)) {
      people.set(email, await findUserByEmail(db, email));
    }
    return people.get(email) ?? null;
  };
  let seeded = false;
  for (const demo of DEMO_REPORTS) {
    const reporter = await person(demo.reporter);
    if (!reporter) {
      continue;
    }
    const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS);
    const at = (hoursAfter: number) => new Date(createdAt.getTime() + hoursAfter * HOUR_MS);
    const lessonId = demo.aboutLesson ? await latestLessonGiven(db, reporter.id, createdAt) : null;
    const screenshot = demo.screenshot ? await demoScreenshot(files, reporter.id) : null;
    const resolver = demo.resolved ? await person(demo.resolved.by) : null;
    const replies: Array<typeof reportReplies.$inferInsert> = [];
    const [report] = await db
      .insert(reports)
      .values({
        userId: reporter.id,
        title: demo.title,
        description: demo.description,
        lessonId,
        screenshot,
        ...(demo.resolved && resolver
          ? { resolvedAt: at(demo.resolved.hoursAfter), resolvedBy: resolver.id }
          : {}),
        createdAt,
        updatedAt: demo.resolved ? at(demo.resolved.hoursAfter) : createdAt,
      })
      .returning({ id: reports.id });
    for (const reply of demo.replies ?? []) {
      const author = reply.by === 'reporter' ? reporter : await person(reply.by);
      if (author) {
        replies.push({
          reportId: report!.id,
          authorId: author.id,
          text: reply.text,
          createdAt: at(reply.hoursAfter),
          updatedAt: at(reply.hoursAfter),
        });
      }
    }
    if (replies.length > 0) {
      await db.insert(reportReplies).values(replies);
    }
    seeded = true;
  }
  return seeded;
}

async function seedContactRequests(db: Database, now: Date): Promise<boolean> {
  if ((await db.select({ id: contactRequests.id }).from(contactRequests).limit(1)).length > 0) {
    return false;
  }
  const rows: Array<typeof contactRequests.$inferInsert> = [];
  for (const demo of DEMO_CONTACT_REQUESTS) {
    const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS);
    const handler = demo.handled ? await findUserByEmail(db, demo.handled.by) : null;
    rows.push({
      name: demo.name,
      phone: demo.phone ?? null,
      email: demo.email ?? null,
      title: demo.title,
      message: demo.message,
      ip: null,
      createdAt,
      ...(demo.handled && handler
        ? {
            handledAt: new Date(createdAt.getTime() + demo.handled.hoursAfter * HOUR_MS),
            handledBy: handler.id,
          }
        : {}),
    });
  }
  await db.insert(contactRequests).values(rows);
  return true;
}

/** The user's latest lesson as a student that ended (not cancelled) before `before`, or null. */
async function latestLessonGiven(db: Database, userId: number, before: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.studentId, userId), lt(lessons.endsAt, before), isNull(lessons.canceledAt)))
    .orderBy(desc(lessons.startsAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A stand-in screenshot of a failed card payment: a browser window with a form and a red error box,
 * stored as a private report file of `ownerId`.
 */
async function demoScreenshot(files: StoredFiles, ownerId: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600">
  <rect width="960" height="600" fill="#e5e7eb"/>
  <rect x="0" y="0" width="960" height="44" fill="#d1d5db"/>
  <circle cx="24" cy="22" r="7" fill="#ef4444"/><circle cx="46" cy="22" r="7" fill="#f59e0b"/><circle cx="68" cy="22" r="7" fill="#22c55e"/>
  <rect x="110" y="11" width="560" height="22" rx="11" fill="#f9fafb"/>
  <rect x="230" y="90" width="500" height="460" rx="20" fill="#ffffff"/>
  <rect x="270" y="130" width="240" height="26" rx="8" fill="#0f766e"/>
  <rect x="270" y="190" width="420" height="44" rx="10" fill="#f3f4f6" stroke="#d1d5db"/>
  <rect x="270" y="254" width="200" height="44" rx="10" fill="#f3f4f6" stroke="#d1d5db"/>
  <rect x="490" y="254" width="200" height="44" rx="10" fill="#f3f4f6" stroke="#d1d5db"/>
  <rect x="270" y="330" width="420" height="90" rx="12" fill="#fee2e2" stroke="#ef4444" stroke-width="2"/>
  <circle cx="310" cy="375" r="20" fill="#ef4444"/>
  <rect x="306" y="362" width="8" height="17" rx="3" fill="#ffffff"/><circle cx="310" cy="386" r="4" fill="#ffffff"/>
  <rect x="345" y="355" width="300" height="14" rx="7" fill="#b91c1c"/>
  <rect x="345" y="382" width="220" height="12" rx="6" fill="#f87171"/>
  <rect x="270" y="460" width="420" height="50" rx="12" fill="#0f766e"/>
</svg>`;
  const image = await processImage(await sharp(Buffer.from(svg)).png().toBuffer(), SCREENSHOT);
  const row = await files.save({
    kind: 'report',
    ownerId,
    extension: image.extension,
    mime: image.mime,
    size: image.buffer.length,
    source: { buffer: image.buffer },
  });
  return row.name;
}
