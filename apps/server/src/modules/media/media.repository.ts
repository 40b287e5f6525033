import { type FileKind, type FileUse, type Role, SortOrder, FileUse as Use } from '@hiwar/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Every column that holds a file's name (`files.name`), and what it is used as. A file named by none
 * of them is an orphan. `invoice_events.data ->> 'receipt'` keeps the receipt an invoice's history
 * shows, so it counts as a use too. A new column holding file names must be added here, or its files
 * would be removed as orphans.
 */
const REFERENCES: ReadonlyArray<{ use: FileUse; names: SQL }> = [
  { use: Use.Avatar, names: sql`SELECT image FROM users WHERE image IS NOT NULL` },
  { use: Use.Video, names: sql`SELECT video FROM tutors WHERE video IS NOT NULL` },
  { use: Use.Thumbnail, names: sql`SELECT thumbnail FROM tutors WHERE thumbnail IS NOT NULL` },
  { use: Use.Receipt, names: sql`SELECT receipt FROM invoices WHERE receipt IS NOT NULL` },
  {
    use: Use.Receipt,
    names: sql`SELECT data ->> 'receipt' FROM invoice_events WHERE data ->> 'receipt' IS NOT NULL`,
  },
  { use: Use.ReportScreenshot, names: sql`SELECT screenshot FROM reports WHERE screenshot IS NOT NULL` },
  // A chat file is used while its message is not deleted; the orphan sweep then takes it (and its row).
  {
    use: Use.ChatAttachment,
    names: sql`SELECT a.file_name FROM chat_attachments a JOIN messages m ON m.id = a.message_id WHERE m.deleted_at IS NULL`,
  },
  // A lesson note's file is used while its row exists (removing it from the note removes the file).
  { use: Use.LessonNoteFile, names: sql`SELECT file_name FROM lesson_note_files` },
];

/** The names of every referenced file (a subquery). */
const referencedNames = sql.join(
  REFERENCES.map((reference) => reference.names),
  sql` UNION `,
);

/** `f` (a `files` row) is referenced by nothing. */
const isOrphan = sql`f.name NOT IN (${referencedNames})`;

/** Old enough that no upload is still waiting to be linked (the database's clock, like `created_at`). */
const OLD_ENOUGH = sql`f.created_at < now() - interval '1 hour'`;

export type MediaFilter = {
  kind?: FileKind;
  ownerId?: number;
  /** Uploaded at or after. */
  since?: Date;
  /** Uploaded before. */
  before?: Date;
  orphaned?: boolean;
};

export type MediaRow = {
  id: number;
  name: string;
  kind: FileKind;
  mime: string;
  size: number;
  createdAt: Date;
  owner: { id: number; name: string | null; email: string; role: Role } | null;
  uses: FileUse[];
};

type RawRow = {
  id: number;
  name: string;
  kind: FileKind;
  mime: string;
  size: string | number;
  created_at: Date | string;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_role: number | null;
  total: string | number;
};

/**
 * A page of stored files with their owners and uses, newest first by default, and the total matching.
 * Uses are looked up for the page's names only, one pass over each referencing table.
 */
export async function findMediaRows(
  db: Executor,
  filter: MediaFilter,
  page: { page: number; size: number; order: SortOrder },
): Promise<{ rows: MediaRow[]; total: number }> {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.kind) {
    conditions.push(sql`f.kind = ${filter.kind}`);
  }
  if (filter.ownerId !== undefined) {
    conditions.push(sql`f.owner_id = ${filter.ownerId}`);
  }
  if (filter.since) {
    conditions.push(sql`f.created_at >= ${filter.since.toISOString()}::timestamptz`);
  }
  if (filter.before) {
    conditions.push(sql`f.created_at < ${filter.before.toISOString()}::timestamptz`);
  }
  if (filter.orphaned === true) {
    conditions.push(isOrphan);
  } else if (filter.orphaned === false) {
    conditions.push(sql`NOT (${isOrphan})`);
  }
  const direction = page.order === SortOrder.Asc ? sql`ASC` : sql`DESC`;
  const result = await db.execute<RawRow>(sql`
    SELECT f.id, f.name, f.kind, f.mime, f.size, f.created_at, f.owner_id,
           u.name AS owner_name, u.email AS owner_email, u.role AS owner_role,
           count(*) OVER () AS total
    FROM files f
    LEFT JOIN users u ON u.id = f.owner_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY f.created_at ${direction}, f.id ${direction}
    LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`);
  const uses = await findUses(
    db,
    result.rows.map((row) => row.name),
  );
  const rows = result.rows.map(
    (row): MediaRow => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      mime: row.mime,
      size: Number(row.size),
      createdAt: new Date(row.created_at),
      owner:
        row.owner_id !== null && row.owner_email !== null
          ? {
              id: row.owner_id,
              name: row.owner_name,
              email: row.owner_email,
              role: row.owner_role as Role,
            }
          : null,
      uses: uses.get(row.name) ?? [],
    }),
  );
  const total = result.rows[0] ? Number(result.rows[0].total) : await countMedia(db, conditions);
  return { rows, total };
}

/** The total when the page is past the end (no row carried it). */
async function countMedia(db: Executor, conditions: SQL[]): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM files f WHERE ${sql.join(conditions, sql` AND `)}`,
  );
  return result.rows[0]?.total ?? 0;
}

/** What uses each of these file names (absent: nothing). */
export async function findUses(db: Executor, names: readonly string[]): Promise<Map<string, FileUse[]>> {
  const found = new Map<string, FileUse[]>();
  if (names.length === 0) {
    return found;
  }
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = await db.execute<{ name: string; usage: FileUse }>(
    sql.join(
      REFERENCES.map(
        (reference) =>
          sql`SELECT DISTINCT r.name, ${reference.use}::text AS usage FROM (${reference.names}) AS r(name) WHERE r.name IN (${list})`,
      ),
      sql` UNION `,
    ),
  );
  for (const row of result.rows) {
    const uses = found.get(row.name) ?? [];
    if (!uses.includes(row.usage)) {
      uses.push(row.usage);
    }
    found.set(row.name, uses);
  }
  return found;
}

/** How many orphans are old enough to remove now. */
export async function countRemovableOrphans(db: Executor): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM files f WHERE ${OLD_ENOUGH} AND ${isOrphan}`,
  );
  return result.rows[0]?.total ?? 0;
}

/**
 * Deletes the rows of up to `limit` orphans older than an hour, oldest first, and answers their names
 * and sizes (the caller then removes the bytes). One statement: the reference check and the delete
 * see the same snapshot, and the rows are locked (`SKIP LOCKED`: two runs never take the same file).
 */
export async function deleteOrphanRows(
  db: Executor,
  limit: number,
): Promise<Array<{ name: string; size: number }>> {
  const result = await db.execute<{ name: string; size: string | number }>(sql`
    DELETE FROM files
    WHERE id IN (
      SELECT f.id FROM files f
      WHERE ${OLD_ENOUGH} AND ${isOrphan}
      ORDER BY f.created_at, f.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING name, size`);
  return result.rows.map((row) => ({ name: row.name, size: Number(row.size) }));
}
