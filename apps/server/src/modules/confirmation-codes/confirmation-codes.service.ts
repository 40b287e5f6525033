import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, BOUNDS, type ConfirmationCodeKind } from '@hiwar/domain';
import type { Database, Transaction } from '../../db/client.ts';
import { lockUser } from '../users/users.repository.ts';
import {
  type ConfirmationCodeRow,
  countCodesSince,
  insertCode,
  lockLatestOpenCode,
  markCodeConsumed,
  markCodeVoided,
  recordWrongAttempt,
  voidOpenCodes,
} from './confirmation-codes.repository.ts';

const MINUTE_MS = 60_000;
const { ttlMinutes, maxAttempts, sendsPerMinute, sendsPerHour } = BOUNDS.verificationCode;

export type IssuedCode = { code: string; id: number; expiresAt: Date; resendAt: Date };

/**
 * One-time codes for e-mail verification, password reset and phone verification (rules.md): valid
 * 15 minutes, single use, void after 5 wrong tries, at most 1 send a minute and 5 an hour per user and
 * purpose. Only an HMAC of each code is stored, keyed with the server secret.
 */
export type ConfirmationCodes = {
  /**
   * A new code for `target` (an e-mail address or phone), replacing the user's open codes of these
   * kinds. `too-many-requests` when the send limits are reached.
   */
  issue(input: {
    userId: number;
    kind: ConfirmationCodeKind;
    /** Kinds that share one purpose (WhatsApp and Telegram phone codes); default `[kind]`. */
    family?: readonly ConfirmationCodeKind[];
    target: string;
    digits: number;
  }): Promise<IssuedCode>;
  /** Takes a code back after its message could not be sent. */
  withdraw(id: number): Promise<void>;
  /**
   * Checks `code` against the user's latest open code of these kinds. On a match the code is used up
   * and `onMatch` runs in the same transaction; otherwise the wrong try is counted and
   * `invalid-verification-code` (or `expired-verification-code` for an expired or void code) thrown.
   */
  consume<T>(input: {
    userId: number;
    kinds: readonly ConfirmationCodeKind[];
    code: string;
    onMatch: (tx: Transaction, row: ConfirmationCodeRow) => Promise<T>;
  }): Promise<T>;
  /** When the next code may be asked for, had one been sent now (answers that reveal nothing). */
  nominal(): { expiresAt: Date; resendAt: Date };
};

export function createConfirmationCodes(db: Database, secret: string): ConfirmationCodes {
  const hashOf = (userId: number, kind: number, code: string) =>
    createHmac('sha256', secret).update(`confirmation-code:${kind}:${userId}:${code}`).digest();

  const nominal = () => {
    const now = Date.now();
    return { expiresAt: new Date(now + ttlMinutes * MINUTE_MS), resendAt: new Date(now + MINUTE_MS) };
  };

  return {
    nominal,

    async issue(input) {
      const family = input.family ?? [input.kind];
      return db.transaction(async (tx) => {
        // One sender at a time per user, so two parallel requests cannot both pass the limits.
        await lockUser(tx, input.userId);
        const now = Date.now();
        const lastMinute = await countCodesSince(tx, input.userId, family, new Date(now - MINUTE_MS));
        const lastHour = await countCodesSince(tx, input.userId, family, new Date(now - 60 * MINUTE_MS));
        if (lastMinute >= sendsPerMinute || lastHour >= sendsPerHour) {
          throw new AppError('too-many-requests', {
            message: 'A code was sent recently: wait before asking again',
          });
        }
        await voidOpenCodes(tx, input.userId, family);
        const code = String(randomInt(0, 10 ** input.digits)).padStart(input.digits, '0');
        const { expiresAt, resendAt } = nominal();
        const row = await insertCode(tx, {
          userId: input.userId,
          kind: input.kind,
          codeHash: hashOf(input.userId, input.kind, code).toString('hex'),
          target: input.target,
          expiresAt,
        });
        return { code, id: row.id, expiresAt, resendAt };
      });
    },

    async withdraw(id) {
      await markCodeVoided(db, id);
    },

    async consume(input) {
      type Outcome =
        | { ok: true; value: Awaited<ReturnType<typeof input.onMatch>> }
        | { ok: false; error: AppError };
      const outcome: Outcome = await db.transaction(async (tx) => {
        const row = await lockLatestOpenCode(tx, input.userId, input.kinds);
        if (!row) {
          return { ok: false, error: new AppError('invalid-verification-code') };
        }
        if (row.attempts >= maxAttempts || row.expiresAt.getTime() <= Date.now()) {
          return {
            ok: false,
            error: new AppError('expired-verification-code', { message: 'Ask for a new code' }),
          };
        }
        const expected = Buffer.from(row.codeHash, 'hex');
        const given = hashOf(input.userId, row.kind, input.code);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          // Counted and committed even though the request fails.
          await recordWrongAttempt(tx, row.id);
          return { ok: false, error: new AppError('invalid-verification-code') };
        }
        await markCodeConsumed(tx, row.id);
        return { ok: true, value: await input.onMatch(tx, row) };
      });
      if (!outcome.ok) {
        throw outcome.error;
      }
      return outcome.value;
    },
  };
}
