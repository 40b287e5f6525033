import { AppError, normalizePhone, Role } from '@hiwar/domain';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, escapeLike, isUniqueViolation } from '../../db/client.ts';
import { preparedStatement, runPrepared, type StatementTarget } from '../../db/prepared.ts';
import { tableRow } from '../../db/rows.ts';
import { tutors, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type TutorRow = typeof tutors.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt' | 'updatedAt'>>;
export type TutorPatch = Partial<Omit<typeof tutors.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>>;

/** Inserts a user; a taken e-mail (any case) or Google account answers `user-exists`. */
export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  try {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('user-exists', { cause: error });
    }
    throw error;
  }
}

const userByIdStatement = preparedStatement<{ id: number }>(
  'user-by-id',
  sql`SELECT * FROM ${users} WHERE id = ${sql.placeholder('id')}`,
);

/** The user by id; a prepared statement, since every signed-in request reads it (`tableRow`). */
export async function findUserById(db: StatementTarget, id: number): Promise<UserRow | null> {
  const [row] = await runPrepared(db, userByIdStatement, { id });
  return row ? tableRow(users, row) : null;
}

/** Locks the user's row until the transaction ends (serialises code sending per user). */
export async function lockUser(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
}

/** E-mail lookup is case-insensitive (citext). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row ?? null;
}

export async function updateUserRow(db: Executor, id: number, patch: UserPatch): Promise<UserRow> {
  // A Telegram chat was linked to the number it shared: another number loses it.
  const unlink =
    patch.phone !== undefined && patch.telegramChatId === undefined
      ? {
          telegramChatId: sql`CASE WHEN ${users.phone} IS DISTINCT FROM ${patch.phone} THEN NULL ELSE ${users.telegramChatId} END`,
        }
      : {};
  try {
    const [row] = await db
      .update(users)
      .set({ ...patch, ...unlink, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!row) {
      throw new AppError('user-not-found');
    }
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('user-exists', { cause: error });
    }
    throw error;
  }
}

/**
 * Ends every token issued so far: from the next whole second on, only tokens signed at or after it
 * are accepted (JWT `iat` has one-second precision). Returns the new boundary.
 */
export async function revokeUserTokens(db: Executor, id: number): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ tokensValidAfter: sql`date_trunc('second', now()) + interval '1 second'` })
    .where(eq(users.id, id))
    .returning({ tokensValidAfter: users.tokensValidAfter });
  if (!row) {
    throw new AppError('user-not-found');
  }
  return row.tokensValidAfter;
}

export async function findTutor(db: Executor, userId: number): Promise<TutorRow | null> {
  const [row] = await db.select().from(tutors).where(eq(tutors.userId, userId)).limit(1);
  return row ?? null;
}

/** Creates the tutor meta row if missing (a user became a Tutor or TutorManager) and returns it. */
export async function ensureTutor(db: Executor, userId: number): Promise<TutorRow> {
  await db.insert(tutors).values({ userId }).onConflictDoNothing();
  return (await findTutor(db, userId))!;
}

export async function updateTutorRow(db: Executor, userId: number, patch: TutorPatch): Promise<TutorRow> {
  const [row] = await db
    .update(tutors)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(tutors.userId, userId))
    .returning();
  if (!row) {
    throw new AppError('tutor-not-found');
  }
  return row;
}

/** An activated tutor with a complete photo session, most recently updated: the onboarding example. */
export async function findSampleTutor(db: Executor): Promise<{ user: UserRow; tutor: TutorRow } | null> {
  const [row] = await db
    .select({ user: users, tutor: tutors })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(
      and(
        eq(tutors.activated, true),
        isNotNull(tutors.video),
        isNotNull(tutors.thumbnail),
        isNotNull(users.image),
      ),
    )
    .orderBy(desc(tutors.updatedAt))
    .limit(1);
  return row ?? null;
}

export type UserFilter = {
  roles?: readonly Role[] | undefined;
  verified?: boolean | undefined;
  city?: number | undefined;
  search?: string | undefined;
  /** Only the users a staff member may read (`staffReach`, decision 0045). */
  reach?: SQL | undefined;
};

/** A page of users, newest first, with the total matching the filter. */
export async function findUserRows(
  db: Executor,
  filter: UserFilter,
  page: { page: number; size: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = filter.reach ? [filter.reach] : [];
  if (filter.roles) {
    conditions.push(inArray(users.role, [...filter.roles]));
  }
  if (filter.verified !== undefined) {
    conditions.push(eq(users.verifiedEmail, filter.verified));
  }
  if (filter.city !== undefined) {
    conditions.push(eq(users.city, filter.city));
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const digits = normalizePhone(filter.search);
    conditions.push(
      or(
        ilike(users.name, pattern),
        ilike(users.email, pattern),
        ...(/^\d{3,}$/.test(digits) ? [ilike(users.phone, `%${escapeLike(digits)}%`)] : []),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** A Tutor or TutorManager with their meta, or null for anyone else. */
export async function findTutorUser(
  db: Executor,
  id: number,
): Promise<{ user: UserRow; tutor: TutorRow } | null> {
  const [row] = await db
    .select({ user: users, tutor: tutors })
    .from(tutors)
    .innerJoin(users, eq(users.id, tutors.userId))
    .where(and(eq(tutors.userId, id), inArray(users.role, [Role.Tutor, Role.TutorManager])))
    .limit(1);
  return row ?? null;
}

/** Locks the tutor meta row until the transaction ends: one schedule change at a time per tutor. */
export async function lockTutor(db: Executor, userId: number): Promise<TutorRow | null> {
  const [row] = await db.select().from(tutors).where(eq(tutors.userId, userId)).for('update').limit(1);
  return row ?? null;
}

/**
 * Links a Telegram chat to every user whose phone is `phone` (the chat's owner shared it as their own
 * number, which Telegram verified); returns how many.
 */
export async function linkTelegramChat(db: Executor, phone: string, chatId: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ telegramChatId: chatId, updatedAt: sql`now()` })
    .where(eq(users.phone, phone))
    .returning({ id: users.id });
  return rows.length;
}
