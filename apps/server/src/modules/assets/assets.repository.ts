import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type FileKind = 'upload' | 'receipt' | 'report' | 'chat' | 'note';

export async function insertFile(
  db: Executor,
  values: { name: string; kind: FileKind; ownerId: number | null; mime: string; size: number },
): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFileByName(db: Executor, name: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.name, name)).limit(1);
  return row ?? null;
}

export async function deleteFileRow(db: Executor, name: string): Promise<void> {
  await db.delete(files).where(eq(files.name, name));
}
