import { Role } from '@hiwar/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/app.ts';
import { createLesson, loginAsListedTutor } from '../testing/factories.ts';
import { at, DAY, T0 } from '../testing/time.ts';
import { insertParts, tableRow } from './rows.ts';
import { lessons, tutors, users } from './schema.ts';

describe('tableRow and insertParts (hand-written statements on the hot paths)', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const { db } = app;
  const tutor = await loginAsListedTutor(app, { name: 'نور الهدى' });
  await db
    .update(users)
    .set({ telegramChatId: '12345', notificationMethod: 2, birthYear: 1990 })
    .where(eq(users.id, tutor.user.id));
  const [student] = await db
    .insert(users)
    .values({ email: 'rows.student@hiwar.test', role: Role.Student, name: null, verifiedEmail: true })
    .returning();
  const lesson = await createLesson(db, { tutorId: tutor.user.id, studentId: student!.id, start: at(DAY) });

  it('decodes a raw row exactly like drizzle’s own select, nulls and dates included', async () => {
    for (const id of [tutor.user.id, student!.id]) {
      const [expected] = await db.select().from(users).where(eq(users.id, id));
      const raw = await db.execute<Record<string, unknown>>(sql`SELECT * FROM ${users} WHERE id = ${id}`);
      expect(tableRow(users, raw.rows[0]!)).toEqual(expected);
    }
    const [expected] = await db.select().from(lessons).where(eq(lessons.id, lesson.id));
    const raw = await db.execute<Record<string, unknown>>(
      sql`SELECT * FROM ${lessons} WHERE id = ${lesson.id}`,
    );
    expect(tableRow(lessons, raw.rows[0]!)).toEqual(expected);
  });

  it('decodes a row_to_json object the same way', async () => {
    const result = await db.execute<{ user: Record<string, unknown>; tutor: Record<string, unknown> }>(sql`
      SELECT row_to_json(u) AS user, row_to_json(t) AS tutor
      FROM ${users} u JOIN ${tutors} t ON t.user_id = u.id WHERE u.id = ${tutor.user.id}`);
    const [expected] = await db
      .select({ user: users, tutor: tutors })
      .from(users)
      .innerJoin(tutors, eq(tutors.userId, users.id))
      .where(eq(users.id, tutor.user.id));
    const row = result.rows[0]!;
    expect({ user: tableRow(users, row.user), tutor: tableRow(tutors, row.tutor) }).toEqual(expected);
  });

  it('inserts the given values, encoded by their columns, leaving the rest to their defaults', async () => {
    const values = {
      tutorId: tutor.user.id,
      studentId: student!.id,
      startsAt: at(2 * DAY),
      duration: 15,
      endsAt: at(2 * DAY + 15 * 60_000),
      price: 2500,
      slotId: undefined,
    };
    const parts = insertParts(lessons, values);
    const raw = await db.execute<Record<string, unknown>>(
      sql`INSERT INTO ${lessons} (${parts.columns}) VALUES (${parts.values}) RETURNING *`,
    );
    const row = tableRow(lessons, raw.rows[0]!);
    expect(row).toMatchObject({ ...values, slotId: null, intro: false, canceledAt: null });
    expect(row.createdAt).toBeInstanceOf(Date);
  });
});
