import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, escapeLike } from '../../db/client.ts';
import { lessons, reportReplies, reports, users } from '../../db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportReplyRow = typeof reportReplies.$inferSelect;
type Person = { id: number; name: string | null; image: string | null };

export type ReportViewRow = {
  report: ReportRow;
  reporter: Person & { email: string; role: number };
  resolvedBy: Person | null;
  lessonStart: Date | null;
  replyCount: number;
  hasStaffReply: boolean;
  lastReplyAt: Date | null;
};

export type ReportReplyViewRow = {
  reply: ReportReplyRow;
  author: (Person & { role: number }) | null;
  reporterId: number;
};

export type ReportFilter = {
  userId?: number | undefined;
  resolved?: boolean | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export async function insertReport(
  db: Executor,
  values: Pick<typeof reports.$inferInsert, 'userId' | 'title' | 'description' | 'lessonId' | 'screenshot'>,
): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

export async function findReportRow(db: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

/**
 * Locks the report's row until the transaction ends. Every write about a report (an edit, a deletion,
 * a reply) takes it first, so "no staff reply yet" cannot change between the check and the write.
 */
export async function lockReport(db: Executor, id: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
  return row ?? null;
}

/** Whether anyone other than the reporter (staff) replied to the report. */
export async function hasStaffReply(
  db: Executor,
  report: Pick<ReportRow, 'id' | 'userId'>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reportReplies.id })
    .from(reportReplies)
    .where(
      and(
        eq(reportReplies.reportId, report.id),
        sql`${reportReplies.authorId} IS DISTINCT FROM ${report.userId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function updateReportRow(
  db: Executor,
  id: number,
  patch: Partial<Pick<ReportRow, 'title' | 'description' | 'resolvedAt' | 'resolvedBy'>>,
): Promise<void> {
  await db
    .update(reports)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(reports.id, id));
}

/** Deletes the report (its replies go with it). */
export async function deleteReportRow(db: Executor, id: number): Promise<void> {
  await db.delete(reports).where(eq(reports.id, id));
}

/** The start of a lesson the user is a member of (student or tutor), or null. */
export async function findMemberLessonStart(
  db: Executor,
  lessonId: number,
  userId: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ start: lessons.startsAt })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), or(eq(lessons.studentId, userId), eq(lessons.tutorId, userId))))
    .limit(1);
  return row?.start ?? null;
}

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');

const reportView = {
  report: reports,
  reporter: {
    id: reporter.id,
    name: reporter.name,
    image: reporter.image,
    email: reporter.email,
    role: reporter.role,
  },
  resolverId: resolver.id,
  resolverName: resolver.name,
  resolverImage: resolver.image,
  lessonStart: lessons.startsAt,
  replyCount: sql<number>`(SELECT count(*)::int FROM ${reportReplies} WHERE ${reportReplies.reportId} = ${reports.id})`,
  hasStaffReply: sql<boolean>`EXISTS (SELECT 1 FROM ${reportReplies} WHERE ${reportReplies.reportId} = ${reports.id} AND ${reportReplies.authorId} IS DISTINCT FROM ${reports.userId})`,
  lastReplyAt:
    sql<Date | null>`(SELECT max(${reportReplies.createdAt}) FROM ${reportReplies} WHERE ${reportReplies.reportId} = ${reports.id})`.mapWith(
      reportReplies.createdAt,
    ),
};

type RawReportView = {
  report: ReportRow;
  reporter: ReportViewRow['reporter'];
  resolverId: number | null;
  resolverName: string | null;
  resolverImage: string | null;
  lessonStart: Date | null;
  replyCount: number;
  hasStaffReply: boolean;
  lastReplyAt: Date | null;
};

function toView(row: RawReportView): ReportViewRow {
  return {
    report: row.report,
    reporter: row.reporter,
    resolvedBy:
      row.resolverId === null
        ? null
        : { id: row.resolverId, name: row.resolverName, image: row.resolverImage },
    lessonStart: row.lessonStart,
    replyCount: Number(row.replyCount),
    hasStaffReply: Boolean(row.hasStaffReply),
    lastReplyAt: row.lastReplyAt,
  };
}

function reportConditions(filter: ReportFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) {
    conditions.push(eq(reports.userId, filter.userId));
  }
  if (filter.resolved !== undefined) {
    conditions.push(filter.resolved ? isNotNull(reports.resolvedAt) : isNull(reports.resolvedAt));
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      sql`(${reports.title} ILIKE ${pattern} OR ${reports.description} ILIKE ${pattern} OR ${reporter.name} ILIKE ${pattern} OR ${reporter.email} ILIKE ${pattern})`,
    );
  }
  if (filter.from) {
    conditions.push(gte(reports.createdAt, new Date(filter.from)));
  }
  if (filter.to) {
    conditions.push(lt(reports.createdAt, new Date(filter.to)));
  }
  return and(...conditions);
}

function selectReportViews(db: Executor) {
  return db
    .select(reportView)
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.userId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
    .leftJoin(lessons, eq(lessons.id, reports.lessonId));
}

export async function findReportView(db: Executor, id: number): Promise<ReportViewRow | null> {
  const [row] = await selectReportViews(db).where(eq(reports.id, id)).limit(1);
  return row ? toView(row) : null;
}

/** A page of reports, newest first. */
export async function findReportViews(
  db: Executor,
  filter: ReportFilter,
  page: { page: number; size: number },
): Promise<{ rows: ReportViewRow[]; total: number }> {
  const where = reportConditions(filter);
  const [rows, [totals]] = await Promise.all([
    selectReportViews(db)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db
      .select({ total: count() })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.userId))
      .where(where),
  ]);
  return { rows: rows.map(toView), total: totals?.total ?? 0 };
}

/** Open reports: everyone's, or one reporter's. */
export async function countUnresolvedReports(db: Executor, userId?: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reports)
    .where(and(isNull(reports.resolvedAt), userId === undefined ? undefined : eq(reports.userId, userId)));
  return row?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Replies

export async function insertReply(
  db: Executor,
  values: Pick<typeof reportReplies.$inferInsert, 'reportId' | 'authorId' | 'text'>,
): Promise<ReportReplyRow> {
  const [row] = await db.insert(reportReplies).values(values).returning();
  return row!;
}

export async function findReplyRow(db: Executor, id: number): Promise<ReportReplyRow | null> {
  const [row] = await db.select().from(reportReplies).where(eq(reportReplies.id, id)).limit(1);
  return row ?? null;
}

export async function updateReplyRow(db: Executor, id: number, text: string): Promise<void> {
  await db.update(reportReplies).set({ text, updatedAt: sql`now()` }).where(eq(reportReplies.id, id));
}

export async function deleteReplyRow(db: Executor, id: number): Promise<void> {
  await db.delete(reportReplies).where(eq(reportReplies.id, id));
}

const author = alias(users, 'author');

const replyView = {
  reply: reportReplies,
  authorId: author.id,
  authorName: author.name,
  authorImage: author.image,
  authorRole: author.role,
  reporterId: reports.userId,
};

type RawReplyView = {
  reply: ReportReplyRow;
  authorId: number | null;
  authorName: string | null;
  authorImage: string | null;
  authorRole: number | null;
  reporterId: number;
};

function toReplyView(row: RawReplyView): ReportReplyViewRow {
  return {
    reply: row.reply,
    author:
      row.authorId === null
        ? null
        : { id: row.authorId, name: row.authorName, image: row.authorImage, role: row.authorRole ?? 0 },
    reporterId: row.reporterId,
  };
}

function selectReplyViews(db: Executor) {
  return db
    .select(replyView)
    .from(reportReplies)
    .innerJoin(reports, eq(reports.id, reportReplies.reportId))
    .leftJoin(author, eq(author.id, reportReplies.authorId));
}

export async function findReplyView(db: Executor, id: number): Promise<ReportReplyViewRow | null> {
  const [row] = await selectReplyViews(db).where(eq(reportReplies.id, id)).limit(1);
  return row ? toReplyView(row) : null;
}

/** A report's whole conversation, oldest first. */
export async function findConversation(db: Executor, reportId: number): Promise<ReportReplyViewRow[]> {
  const rows = await selectReplyViews(db)
    .where(eq(reportReplies.reportId, reportId))
    .orderBy(asc(reportReplies.createdAt), asc(reportReplies.id));
  return rows.map(toReplyView);
}

/** A page of replies (staff), newest first. */
export async function findReplyViews(
  db: Executor,
  filter: { reportId?: number | undefined; authorId?: number | undefined },
  page: { page: number; size: number },
): Promise<{ rows: ReportReplyViewRow[]; total: number }> {
  const where = and(
    filter.reportId === undefined ? undefined : eq(reportReplies.reportId, filter.reportId),
    filter.authorId === undefined ? undefined : eq(reportReplies.authorId, filter.authorId),
  );
  const [rows, [totals]] = await Promise.all([
    selectReplyViews(db)
      .where(where)
      .orderBy(desc(reportReplies.createdAt), desc(reportReplies.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(reportReplies).where(where),
  ]);
  return { rows: rows.map(toReplyView), total: totals?.total ?? 0 };
}
