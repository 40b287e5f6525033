import {
  AppError,
  BOUNDS,
  ConfirmationCodeKind,
  MessagingApp,
  type SendPhoneCodeRequest,
  type VerifyPhoneCodeRequest,
} from '@hiwar/domain';
import type { Database } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { sendOrWithdraw } from '../auth/auth.service.ts';
import type { Messaging } from '../notifications/messaging.ts';
import { phoneCodeText } from '../notifications/templates.ts';
import { profileChanged } from '../tutors/tutor-listing.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import { type UserRow, updateUserRow } from '../users/users.repository.ts';
import { getUserRow, loadUserWithTutor } from '../users/users.service.ts';
import type { ConfirmationCodes } from './confirmation-codes.service.ts';

export type PhoneVerificationDeps = {
  db: Database;
  files: StoredFiles;
  codes: ConfirmationCodes;
  messaging: Messaging;
  tutorsCache?: TutorsCache;
};

/** WhatsApp and Telegram phone codes are one purpose: a new one replaces the other's. */
const PHONE_KINDS = [ConfirmationCodeKind.VerifyWhatsApp, ConfirmationCodeKind.VerifyTelegram] as const;

const kindOf = (method: MessagingApp) =>
  method === MessagingApp.Whatsapp
    ? ConfirmationCodeKind.VerifyWhatsApp
    : ConfirmationCodeKind.VerifyTelegram;
const methodOf = (kind: number) =>
  kind === ConfirmationCodeKind.VerifyWhatsApp ? MessagingApp.Whatsapp : MessagingApp.Telegram;

/**
 * Phone verification (spec §7 "Confirmation code"): a 5-digit code through WhatsApp or Telegram.
 * Verifying also makes that app the user's notification method, since it is proven to reach them.
 */
export function createPhoneVerification(deps: PhoneVerificationDeps) {
  const { db, files, codes, messaging } = deps;
  return {
    /**
     * `invalid-phone` without a phone, `phone-already-verified` for the verified one,
     * `unresolved-phone` when Telegram has no chat with this user yet. A new `phone` replaces the
     * stored one (unverified) once the code is on its way.
     */
    async send(input: SendPhoneCodeRequest, caller: UserRow) {
      const phone = input.phone ?? caller.phone;
      if (!phone) {
        throw new AppError('invalid-phone', { message: 'Add a phone number first' });
      }
      if (caller.verifiedPhone && phone === caller.phone) {
        throw new AppError('phone-already-verified');
      }
      const sender = messaging[input.method];
      // A Telegram chat is linked to the number it shared: a new number has none yet.
      const telegramChatId = phone === caller.phone ? caller.telegramChatId : null;
      if (!sender.canReach({ telegramChatId })) {
        throw new AppError('unresolved-phone', {
          message: 'Save the number, then share it with our Telegram bot first',
        });
      }
      const issued = await codes.issue({
        userId: caller.id,
        kind: kindOf(input.method),
        family: PHONE_KINDS,
        target: phone,
        digits: BOUNDS.verificationCode.resetDigits,
      });
      if (phone !== caller.phone) {
        await updateUserRow(db, caller.id, { phone, verifiedPhone: false });
        await profileChanged(deps.tutorsCache, caller);
      }
      await sendOrWithdraw(deps, issued.id, () =>
        sender.sendCode({
          phone,
          telegramChatId,
          code: issued.code,
          text: phoneCodeText(issued.code),
        }),
      );
      return {
        ok: true as const,
        expiresAt: issued.expiresAt.toISOString(),
        resendAt: issued.resendAt.toISOString(),
      };
    },

    /** `incorrect-phone` when the code went to a number that is no longer the user's. */
    async verify(input: VerifyPhoneCodeRequest, caller: UserRow) {
      if (caller.verifiedPhone) {
        throw new AppError('phone-already-verified');
      }
      const user = await codes.consume({
        userId: caller.id,
        kinds: PHONE_KINDS,
        code: input.code,
        onMatch: async (tx, row) => {
          const current = await getUserRow(tx, caller.id);
          if (row.target !== current.phone) {
            throw new AppError('incorrect-phone', { message: 'The code was sent to another number' });
          }
          return updateUserRow(tx, caller.id, {
            verifiedPhone: true,
            notificationMethod: methodOf(row.kind),
          });
        },
      });
      await profileChanged(deps.tutorsCache, user);
      return loadUserWithTutor(db, files, user);
    },
  };
}
