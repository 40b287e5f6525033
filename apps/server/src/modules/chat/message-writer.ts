import { type Executor, retryTransaction } from '../../db/client.ts';
import {
  type InsertMessageValues,
  insertMessageIfAllowed,
  insertMessagesIfAllowed,
  type MessageRow,
} from './chat.repository.ts';

/** How many sends one statement stores at most, and how many statements may be on their way at once. */
export const MESSAGE_WRITER_LIMITS = { batch: 200, inFlight: 2 };

type Waiting = {
  send: InsertMessageValues & { clientRef: string };
  resolve: (row: MessageRow | null) => void;
  reject: (error: unknown) => void;
};

/**
 * Stores chat sends as group commits: a send waits for the next turn of the event loop, and the sends
 * that arrived meanwhile go to PostgreSQL as one statement and one commit. While `inFlight` statements
 * are on their way, new sends gather for the next one, so a quiet chat writes each message at once and
 * a busy one (or one catching up after a pause) writes many per round trip instead of queueing a round
 * trip each behind the pool.
 *
 * Each send resolves as `insertMessageIfAllowed` would alone: its row, or null when nothing was stored
 * (not allowed, or a `clientRef` already used, in the table or by an earlier send of the batch). A send
 * without a `clientRef` cannot be told apart in a batch's answer and is written alone.
 */
export function createMessageWriter(db: Executor, limits = MESSAGE_WRITER_LIMITS) {
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (!scheduled && waiting.length > 0 && inFlight < limits.inFlight) {
      scheduled = true;
      setImmediate(flush);
    }
  }

  function flush(): void {
    scheduled = false;
    const batch = waiting.slice(0, limits.batch);
    waiting = waiting.slice(batch.length);
    inFlight += 1;
    void write(batch).finally(() => {
      inFlight -= 1;
      schedule();
    });
    schedule();
  }

  async function write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      return writeAlone(batch[0]!);
    }
    let rows: MessageRow[];
    try {
      // Rooms are locked as the statement meets them: two batches (of two instances) may deadlock.
      rows = await retryTransaction(() =>
        insertMessagesIfAllowed(
          db,
          batch.map((one) => one.send),
        ),
      );
    } catch {
      // One send the batch could not take must not fail the others: each is tried on its own.
      await Promise.all(batch.map(writeAlone));
      return;
    }
    const stored = new Map(rows.map((row) => [refKey(row.senderId, row.clientRef ?? ''), row]));
    for (const one of batch) {
      const key = refKey(one.send.senderId, one.send.clientRef);
      // A reference sent twice in the batch was stored once: the first send of it to that room gets the row.
      const row = stored.get(key);
      if (row && row.roomId === one.send.roomId) {
        stored.delete(key);
        one.resolve(row);
      } else {
        one.resolve(null);
      }
    }
  }

  async function writeAlone(one: Waiting): Promise<void> {
    try {
      one.resolve(await insertMessageIfAllowed(db, one.send));
    } catch (error) {
      one.reject(error);
    }
  }

  return {
    insert(send: InsertMessageValues): Promise<MessageRow | null> {
      const { clientRef } = send;
      if (clientRef === null) {
        return insertMessageIfAllowed(db, send);
      }
      return new Promise((resolve, reject) => {
        waiting.push({ send: { ...send, clientRef }, resolve, reject });
        schedule();
      });
    },
  };
}

function refKey(senderId: number, clientRef: string): string {
  return `${senderId}\u0000${clientRef}`;
}
