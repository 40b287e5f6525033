import type { Database } from '../db/client.ts';
import { findOutboxMessages, type OutboxMessage } from '../modules/notifications/outbox.repository.ts';

/** The newest outbox message to `recipient`, or null. */
export async function lastMessageTo(db: Database, recipient: string): Promise<OutboxMessage | null> {
  const [message] = await findOutboxMessages(db, { to: recipient, limit: 1 });
  return message ?? null;
}

/** The one-time code in the newest message to `recipient` (the first run of 4–5 digits in its text). */
export async function lastCodeTo(db: Database, recipient: string): Promise<string> {
  const message = await lastMessageTo(db, recipient);
  const code = message?.text.match(/\b\d{4,5}\b/)?.[0];
  if (!code) {
    throw new Error(`No code sent to ${recipient}`);
  }
  return code;
}
