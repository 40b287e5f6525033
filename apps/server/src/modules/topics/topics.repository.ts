import { AppError } from '@hiwar/domain';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation } from '../../db/client.ts';
import { topics, userTopics } from '../../db/schema.ts';

export type TopicRow = typeof topics.$inferSelect;
export type NewTopic = typeof topics.$inferInsert;

/** A name taken by another topic (either language, any letter case) is `topic-exists`. */
function topicExists(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new AppError('topic-exists', { cause: error });
  }
  throw error;
}

export async function insertTopic(db: Executor, values: NewTopic): Promise<TopicRow> {
  try {
    const [row] = await db.insert(topics).values(values).returning();
    return row!;
  } catch (error) {
    return topicExists(error);
  }
}

export async function updateTopicRow(
  db: Executor,
  id: number,
  patch: Partial<Pick<NewTopic, 'nameAr' | 'nameEn'>>,
): Promise<TopicRow | null> {
  try {
    const [row] = await db
      .update(topics)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(topics.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    return topicExists(error);
  }
}

/** Deletes the topic and, by cascade, every user's choice of it; false when there was none. */
export async function deleteTopicRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
  return rows.length > 0;
}

export async function findTopic(db: Executor, id: number): Promise<TopicRow | null> {
  const [row] = await db.select().from(topics).where(eq(topics.id, id)).limit(1);
  return row ?? null;
}

/** Every topic, by Arabic name. */
export async function findAllTopics(db: Executor): Promise<TopicRow[]> {
  return db.select().from(topics).orderBy(asc(topics.nameAr), asc(topics.id));
}

/** The ids among `ids` that exist. */
export async function existingTopicIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: topics.id })
    .from(topics)
    .where(inArray(topics.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** A user's topics in the order they were chosen. */
export async function findUserTopics(db: Executor, userId: number): Promise<TopicRow[]> {
  const rows = await db
    .select({ topic: topics })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(userTopics.createdAt), asc(topics.id));
  return rows.map((row) => row.topic);
}

/** The topics of many users at once (tutor cards), each list in the order chosen. */
export async function findTopicsOfUsers(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, TopicRow[]>> {
  const byUser = new Map<number, TopicRow[]>();
  if (userIds.length === 0) {
    return byUser;
  }
  const rows = await db
    .select({ userId: userTopics.userId, topic: topics })
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(inArray(userTopics.userId, [...userIds]))
    .orderBy(asc(userTopics.createdAt), asc(topics.id));
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push(row.topic);
    byUser.set(row.userId, list);
  }
  return byUser;
}

export async function countUserTopics(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(userTopics).where(eq(userTopics.userId, userId));
  return row?.total ?? 0;
}

/** Adds topics to a user's list; ones already there are kept as they were. */
export async function addUserTopics(
  db: Executor,
  userId: number,
  topicIds: readonly number[],
): Promise<void> {
  if (topicIds.length === 0) {
    return;
  }
  // One statement, so the topics keep the order given (created_at is the statement's time).
  await db
    .insert(userTopics)
    .values(
      topicIds.map((topicId, index) => ({
        userId,
        topicId,
        createdAt: sql`now() + ${index} * interval '1 microsecond'`,
      })),
    )
    .onConflictDoNothing();
}

/** Removes one topic from a user's list; false when it was not there. */
export async function removeUserTopic(db: Executor, userId: number, topicId: number): Promise<boolean> {
  const rows = await db
    .delete(userTopics)
    .where(sql`${userTopics.userId} = ${userId} AND ${userTopics.topicId} = ${topicId}`)
    .returning({ topicId: userTopics.topicId });
  return rows.length > 0;
}

export async function clearUserTopics(db: Executor, userId: number): Promise<void> {
  await db.delete(userTopics).where(eq(userTopics.userId, userId));
}
