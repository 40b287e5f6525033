import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatAttachments, messages, roomMembers } from '../../db/schema.ts';

export type AttachmentRow = typeof chatAttachments.$inferSelect;
export type NewAttachment = Omit<typeof chatAttachments.$inferInsert, 'id' | 'messageId'>;

/** Links stored files to their message, in the order sent. */
export async function insertAttachments(
  db: Executor,
  messageId: number,
  attachments: readonly NewAttachment[],
): Promise<AttachmentRow[]> {
  if (attachments.length === 0) {
    return [];
  }
  return db
    .insert(chatAttachments)
    .values(attachments.map((attachment) => ({ ...attachment, messageId })))
    .returning();
}

/** The attachments of these messages, by message id, each list in the order sent. */
export async function findAttachmentsOf(
  db: Executor,
  messageIds: readonly number[],
): Promise<Map<number, AttachmentRow[]>> {
  const found = new Map<number, AttachmentRow[]>();
  if (messageIds.length === 0) {
    return found;
  }
  const rows = await db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, [...messageIds]))
    .orderBy(asc(chatAttachments.messageId), asc(chatAttachments.position));
  for (const row of rows) {
    const list = found.get(row.messageId) ?? [];
    list.push(row);
    found.set(row.messageId, list);
  }
  return found;
}

/**
 * The attachment stored under `fileName` when `userId` may read it: its message is not deleted and
 * `userId` is a member of the message's room. Null otherwise (no such file, or not theirs to see).
 */
export async function findReadableAttachment(
  db: Executor,
  fileName: string,
  userId: number,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select({ attachment: chatAttachments })
    .from(chatAttachments)
    .innerJoin(messages, and(eq(messages.id, chatAttachments.messageId), isNull(messages.deletedAt)))
    .innerJoin(roomMembers, and(eq(roomMembers.roomId, messages.roomId), eq(roomMembers.userId, userId)))
    .where(eq(chatAttachments.fileName, fileName))
    .limit(1);
  return row?.attachment ?? null;
}
