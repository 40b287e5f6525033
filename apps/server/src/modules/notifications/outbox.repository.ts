import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export type OutboxChannel = 'email' | 'whatsapp' | 'telegram';

export type OutboxMessage = {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  html: string | null;
  text: string;
  createdAt: Date;
};

export async function insertOutboxMessage(
  db: Database,
  message: { channel: OutboxChannel; recipient: string; subject?: string; html?: string; text: string },
): Promise<void> {
  await db.insert(outbox).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    html: message.html ?? null,
    text: message.text,
  });
}

/** The latest messages, newest first, optionally for one recipient (an e-mail address or a phone). */
export async function findOutboxMessages(
  db: Database,
  options: { to?: string | undefined; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.to ? eq(outbox.recipient, options.to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, channel: row.channel as OutboxChannel }));
}
