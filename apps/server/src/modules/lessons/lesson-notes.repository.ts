import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonNotes, users } from '../../db/schema.ts';

export type LessonNoteRow = typeof lessonNotes.$inferSelect;
export type LessonNoteView = LessonNoteRow & { authorName: string | null };

/**
 * Writes the lesson's note or replaces its text; `created` tells a first write (the student is then
 * told by e-mail) from a change.
 */
export async function upsertLessonNote(
  db: Executor,
  values: { lessonId: number; authorId: number; summary: string; homework: string | null },
): Promise<LessonNoteRow & { created: boolean }> {
  const [row] = await db
    .insert(lessonNotes)
    .values(values)
    .onConflictDoUpdate({
      target: lessonNotes.lessonId,
      set: {
        summary: values.summary,
        homework: values.homework,
        authorId: values.authorId,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      lessonId: lessonNotes.lessonId,
      authorId: lessonNotes.authorId,
      summary: lessonNotes.summary,
      homework: lessonNotes.homework,
      createdAt: lessonNotes.createdAt,
      updatedAt: lessonNotes.updatedAt,
      // A row the statement inserted has no previous version (`xmax` 0).
      created: sql<boolean>`(xmax = 0)`,
    });
  return row!;
}

/** The lesson's note with its author's name, or null. */
export async function findLessonNote(db: Executor, lessonId: number): Promise<LessonNoteView | null> {
  const [row] = await db
    .select({
      lessonId: lessonNotes.lessonId,
      authorId: lessonNotes.authorId,
      summary: lessonNotes.summary,
      homework: lessonNotes.homework,
      createdAt: lessonNotes.createdAt,
      updatedAt: lessonNotes.updatedAt,
      authorName: users.name,
    })
    .from(lessonNotes)
    .innerJoin(users, eq(users.id, lessonNotes.authorId))
    .where(eq(lessonNotes.lessonId, lessonId))
    .limit(1);
  return row ?? null;
}
