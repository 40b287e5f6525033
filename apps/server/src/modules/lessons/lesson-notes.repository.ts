import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lessonNoteFiles, lessonNotes, users } from '../../db/schema.ts';

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

export type LessonNoteFileRow = typeof lessonNoteFiles.$inferSelect;
export type NewLessonNoteFile = Omit<typeof lessonNoteFiles.$inferInsert, 'id' | 'lessonId' | 'createdAt'>;

/** The note's files in the order attached. */
export async function findLessonNoteFiles(db: Executor, lessonId: number): Promise<LessonNoteFileRow[]> {
  return db
    .select()
    .from(lessonNoteFiles)
    .where(eq(lessonNoteFiles.lessonId, lessonId))
    .orderBy(asc(lessonNoteFiles.id));
}

/** How many files the note holds (call under the lesson's row lock to keep the limit). */
export async function countLessonNoteFiles(db: Executor, lessonId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessonNoteFiles)
    .where(eq(lessonNoteFiles.lessonId, lessonId));
  return row?.total ?? 0;
}

/** Links stored files to the note, in the order given. */
export async function insertLessonNoteFiles(
  db: Executor,
  lessonId: number,
  rows: readonly NewLessonNoteFile[],
): Promise<void> {
  if (rows.length > 0) {
    await db.insert(lessonNoteFiles).values(rows.map((row) => ({ ...row, lessonId })));
  }
}

/** Unlinks one of the note's files; null when the note has no such file. */
export async function deleteLessonNoteFile(
  db: Executor,
  lessonId: number,
  fileName: string,
): Promise<LessonNoteFileRow | null> {
  const [row] = await db
    .delete(lessonNoteFiles)
    .where(and(eq(lessonNoteFiles.lessonId, lessonId), eq(lessonNoteFiles.fileName, fileName)))
    .returning();
  return row ?? null;
}

/** A note's file by its stored name, with its lesson's id (whoever reads it is checked against the lesson). */
export async function findLessonNoteFile(db: Executor, fileName: string): Promise<LessonNoteFileRow | null> {
  const [row] = await db
    .select()
    .from(lessonNoteFiles)
    .where(eq(lessonNoteFiles.fileName, fileName))
    .limit(1);
  return row ?? null;
}
