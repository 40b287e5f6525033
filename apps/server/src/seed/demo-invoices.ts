import {
  addLocalDays,
  InvoiceEventAction,
  InvoiceStatus,
  LessonCanceler,
  localDateTimeToInstant,
  PLATFORM_SETTINGS_DEFAULTS,
  Role,
  toLocalDate,
  tutorEarning,
} from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { invoiceEvents, invoices, lessons, users } from '../db/schema.ts';
import { processImage, RECEIPT } from '../modules/assets/media.ts';
import type { StoredFiles } from '../modules/assets/stored-files.ts';
import { findUserByEmail, type UserRow } from '../modules/users/users.repository.ts';

const DAY_MS = 24 * 3_600_000;

/**
 * The demo's money out (local mode): ten weeks of lessons given by the demo tutor and three of the
 * marketplace tutors (early-morning lessons, so they never meet the marketplace's), one of them
 * cancelled too late by the student (paid all the same), and withdrawal requests in several statuses —
 * a fulfilled one with a generated receipt, a rejected one with a note, one waiting for staff to approve
 * new details and a fresh pending one. Added once, on a database without invoices yet.
 */
export async function seedDemoInvoices(
  db: Database,
  files: StoredFiles,
  options: { now?: Date } = {},
): Promise<boolean> {
  if ((await db.select({ id: invoices.id }).from(invoices).limit(1)).length > 0) {
    return false;
  }
  const now = options.now ?? new Date();
  const tutors = await found(db, [
    'tutor@hiwar.test',
    'tutor1@hiwar.test',
    'tutor2@hiwar.test',
    'tutor3@hiwar.test',
  ]);
  const students = await db.select().from(users).where(eq(users.role, Role.Student)).limit(10);
  const admin = await findUserByEmail(db, 'superadmin@hiwar.test');
  if (tutors.length === 0 || students.length === 0) {
    return false;
  }

  // Lessons given: three a week over the last ten weeks, at 06:00, 06:30 or 07:00 Cairo by tutor.
  const hourly = PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate;
  const today = toLocalDate(now);
  let turn = 0;
  for (const [index, tutor] of tutors.entries()) {
    const time = ['06:00', '06:30', '07:00', '07:30'][index % 4]!;
    for (let week = 1; week <= 10; week++) {
      for (const day of [1, 3, 5]) {
        const start = localDateTimeToInstant(addLocalDays(today, -(week * 7 + day)), time);
        const student = students[turn++ % students.length]!;
        const lateCancel = index === 0 && week === 2 && day === 3;
        await db
          .insert(lessons)
          .values({
            tutorId: tutor.id,
            studentId: student.id,
            startsAt: start,
            duration: 30,
            endsAt: new Date(start.getTime() + 30 * 60_000),
            price: tutorEarning(30, hourly, false),
            ...(lateCancel
              ? {
                  canceledAt: new Date(start.getTime() - 2 * 3_600_000),
                  canceledBy: LessonCanceler.Student,
                  canceledById: student.id,
                  minutesReturned: false,
                }
              : {}),
          })
          .onConflictDoNothing()
          // A span another seed already took (an interview) is skipped like an overlapping lesson.
          .catch(() => undefined);
      }
    }
  }

  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [demoTutor, second, third] = tutors;
  const receipt = await demoReceipt(files, demoTutor!.id);
  const rows: Array<typeof invoices.$inferInsert> = [
    {
      userId: demoTutor!.id,
      method: 'wallet',
      phone: demoTutor!.phone ?? '01012345678',
      amount: 500_00,
      status: InvoiceStatus.Fulfilled,
      receipt,
      note: 'تم التحويل إلى المحفظة.',
      addressedBy: admin?.id ?? null,
      createdAt: ago(35),
      updatedAt: ago(31),
    },
    {
      userId: demoTutor!.id,
      method: 'bank',
      bank: 'alex',
      accountNumber: '1020304050',
      amount: 300_00,
      status: InvoiceStatus.Rejected,
      note: 'رقم الحساب غير مكتمل، أرسل طلبًا جديدًا برقم الحساب كاملًا أو رقم IBAN.',
      addressedBy: admin?.id ?? null,
      createdAt: ago(20),
      updatedAt: ago(18),
    },
    {
      userId: demoTutor!.id,
      method: 'wallet',
      phone: demoTutor!.phone ?? '01012345678',
      requestedMethod: 'instapay',
      requestedUsername: 'mona.adel@instapay',
      amount: 200_00,
      status: InvoiceStatus.UpdatedByReceiver,
      createdAt: ago(3),
      updatedAt: ago(2),
    },
    {
      userId: demoTutor!.id,
      method: 'instapay',
      username: 'mona.adel@instapay',
      amount: 250_00,
      status: InvoiceStatus.Pending,
      createdAt: ago(1),
      updatedAt: ago(1),
    },
  ];
  if (second) {
    rows.push(
      {
        userId: second.id,
        method: 'instapay',
        username: 'heba.mostafa@instapay',
        amount: 400_00,
        status: InvoiceStatus.Pending,
        createdAt: ago(2),
        updatedAt: ago(2),
      },
      {
        userId: second.id,
        method: 'wallet',
        phone: second.phone ?? '01000001000',
        amount: 150_00,
        status: InvoiceStatus.CanceledByReceiver,
        createdAt: ago(4),
        updatedAt: ago(3),
      },
    );
  }
  if (third) {
    rows.push({
      userId: third.id,
      method: 'bank',
      bank: 'cib',
      accountNumber: '100020003000',
      amount: 600_00,
      status: InvoiceStatus.Fulfilled,
      receipt: await demoReceipt(files, third.id),
      addressedBy: admin?.id ?? null,
      createdAt: ago(12),
      updatedAt: ago(9),
    });
  }
  const inserted = await db.insert(invoices).values(rows).returning();
  await db.insert(invoiceEvents).values(
    inserted.flatMap((invoice) => [
      {
        invoiceId: invoice.id,
        actorId: invoice.userId,
        action: InvoiceEventAction.Created,
        fromStatus: null,
        toStatus: InvoiceStatus.Pending,
        createdAt: invoice.createdAt,
      },
      ...(invoice.status === InvoiceStatus.Pending
        ? []
        : [
            {
              invoiceId: invoice.id,
              actorId: invoice.addressedBy ?? invoice.userId,
              action: InvoiceEventAction.StatusChanged,
              fromStatus: InvoiceStatus.Pending,
              toStatus: invoice.status,
              createdAt: invoice.updatedAt,
            },
          ]),
    ]),
  );
  return true;
}

async function found(db: Database, emails: readonly string[]): Promise<UserRow[]> {
  const rows: UserRow[] = [];
  for (const email of emails) {
    const user = await findUserByEmail(db, email);
    if (user) {
      rows.push(user);
    }
  }
  return rows;
}

/** A stand-in transfer receipt: a white slip with lines and a green tick, stored as a private receipt. */
async function demoReceipt(files: StoredFiles, ownerId: number): Promise<string> {
  const lines = [140, 190, 240, 290, 340]
    .map(
      (y, i) =>
        `<rect x="60" y="${y}" width="${i % 2 === 0 ? 360 : 280}" height="14" rx="7" fill="#d1d5db"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
  <rect width="480" height="640" fill="#f3f4f6"/>
  <rect x="30" y="30" width="420" height="580" rx="18" fill="#ffffff"/>
  <rect x="60" y="70" width="220" height="26" rx="8" fill="#0f766e"/>
  ${lines}
  <circle cx="240" cy="480" r="64" fill="#16a34a"/>
  <polyline points="205,480 232,507 280,455" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
  const image = await processImage(await sharp(Buffer.from(svg)).png().toBuffer(), RECEIPT);
  const row = await files.save({
    kind: 'receipt',
    ownerId,
    extension: image.extension,
    mime: image.mime,
    size: image.buffer.length,
    source: { buffer: image.buffer },
  });
  return row.name;
}
