import { Role } from '@hiwar/domain';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, escapeLike } from '../../db/client.ts';
import { contactRequests, users } from '../../db/schema.ts';

export type ContactRequestRow = typeof contactRequests.$inferSelect;
export type ContactRequestViewRow = {
  request: ContactRequestRow;
  handledBy: { id: number; name: string | null; image: string | null } | null;
};

export async function insertContactRequest(
  db: Executor,
  values: Pick<typeof contactRequests.$inferInsert, 'name' | 'phone' | 'email' | 'title' | 'message' | 'ip'>,
): Promise<ContactRequestRow> {
  const [row] = await db.insert(contactRequests).values(values).returning();
  return row!;
}

/** Marks a request handled by `staffId` at `at` (kept when it already was), or open again (null). */
export async function setContactRequestHandled(
  db: Executor,
  id: number,
  handled: { at: Date; by: number } | null,
): Promise<boolean> {
  const rows = await db
    .update(contactRequests)
    .set(
      handled
        ? {
            handledAt: sql`coalesce(${contactRequests.handledAt}, ${handled.at.toISOString()}::timestamptz)`,
            handledBy: sql`coalesce(${contactRequests.handledBy}, ${handled.by})`,
          }
        : { handledAt: null, handledBy: null },
    )
    .where(eq(contactRequests.id, id))
    .returning({ id: contactRequests.id });
  return rows.length > 0;
}

const handler = alias(users, 'handler');
const view = {
  request: contactRequests,
  handlerId: handler.id,
  handlerName: handler.name,
  handlerImage: handler.image,
};

function toView(row: {
  request: ContactRequestRow;
  handlerId: number | null;
  handlerName: string | null;
  handlerImage: string | null;
}): ContactRequestViewRow {
  return {
    request: row.request,
    handledBy:
      row.handlerId === null ? null : { id: row.handlerId, name: row.handlerName, image: row.handlerImage },
  };
}

export async function findContactRequestView(
  db: Executor,
  id: number,
): Promise<ContactRequestViewRow | null> {
  const [row] = await db
    .select(view)
    .from(contactRequests)
    .leftJoin(handler, eq(handler.id, contactRequests.handledBy))
    .where(eq(contactRequests.id, id))
    .limit(1);
  return row ? toView(row) : null;
}

/** A page of requests, newest first. */
export async function findContactRequestViews(
  db: Executor,
  filter: { handled?: boolean | undefined; search?: string | undefined },
  page: { page: number; size: number },
): Promise<{ rows: ContactRequestViewRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.handled !== undefined) {
    conditions.push(
      filter.handled ? isNotNull(contactRequests.handledAt) : isNull(contactRequests.handledAt),
    );
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      sql`(${contactRequests.name} ILIKE ${pattern} OR ${contactRequests.title} ILIKE ${pattern} OR ${contactRequests.message} ILIKE ${pattern} OR ${contactRequests.email} ILIKE ${pattern} OR ${contactRequests.phone} ILIKE ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select(view)
      .from(contactRequests)
      .leftJoin(handler, eq(handler.id, contactRequests.handledBy))
      .where(where)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(contactRequests).where(where),
  ]);
  return { rows: rows.map(toView), total: totals?.total ?? 0 };
}

export async function countUnhandledContactRequests(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactRequests)
    .where(isNull(contactRequests.handledAt));
  return row?.total ?? 0;
}

/** The SuperAdmins, who are e-mailed each new contact request. */
export async function findSuperAdmins(db: Executor): Promise<Array<{ email: string; name: string | null }>> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, Role.SuperAdmin));
}
