import { expect } from 'vitest';
import { urls } from './browser.ts';

type OutboxMessage = {
  channel: string;
  recipient: string;
  subject: string | null;
  text: string;
  createdAt: string;
};

/**
 * Reads the newest message sent to `recipient` from the local outbox (`/dev/outbox.json`, local mode
 * only) and returns the first run of exactly `digits` digits in it: the code a person would copy.
 */
export async function codeFromOutbox(
  recipient: string,
  digits: number,
  after = new Date(0),
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${urls.web}/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
        const { list } = (await res.json()) as { list: OutboxMessage[] };
        const newest = list
          .filter((message) => new Date(message.createdAt) >= after)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        code = newest?.text.match(new RegExp(`(?<!\\d)\\d{${digits}}(?!\\d)`))?.[0];
        return code;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBeTruthy();
  return code as string;
}

/**
 * Waits for the newest message to `recipient` sent at or after `after` that `matches`, from the local
 * outbox, and returns it (the e-mail a person would open).
 */
export async function mailFromOutbox(
  recipient: string,
  after: Date,
  matches: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${urls.web}/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
        const { list } = (await res.json()) as { list: OutboxMessage[] };
        found = list
          .filter((message) => new Date(message.createdAt) >= after && matches(message))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        return found;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBeTruthy();
  return found as OutboxMessage;
}
