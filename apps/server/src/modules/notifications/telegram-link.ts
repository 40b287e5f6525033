import { normalizePhone } from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { linkTelegramChat } from '../users/users.repository.ts';
import type { telegramBot } from './messaging.ts';
import { TELEGRAM_BOT_TEXTS as TEXT } from './templates.ts';

/** The parts of a Telegram `Update` the bot reads; anything else in it is ignored. */
export const TelegramUpdateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat: z.object({ id: z.number().int() }),
      from: z.object({ id: z.number().int() }).optional(),
      text: z.string().optional(),
      contact: z.object({ phone_number: z.string(), user_id: z.number().int().optional() }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;

/** A number as Telegram gives it (`201012345678`, `+20 101…`) in the local form users store (`010…`). */
export function phoneFromTelegram(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, '');
  return normalizePhone(digits.startsWith('+') ? digits : `+${digits}`);
}

/**
 * The Telegram bot's side of phone verification: a bot cannot write to a phone number, only to a chat
 * someone opened with it. `/start` answers with a button sharing the user's own number; a shared
 * contact that is the sender's own (Telegram verified that number) links the chat to the users with
 * that phone, and codes and reminders go there from then on (`createTelegramSender`). Someone else's
 * contact card links nothing.
 */
export function createTelegramLink(deps: {
  db: Database;
  bot: ReturnType<typeof telegramBot>;
  log: FastifyBaseLogger;
}) {
  const { db, bot } = deps;
  return {
    async handle(update: TelegramUpdate): Promise<void> {
      const message = update.message;
      if (!message) {
        return;
      }
      const chatId = String(message.chat.id);
      const { contact } = message;
      if (!contact) {
        await bot.send({ chatId, text: TEXT.welcome, contactButton: TEXT.shareButton });
        return;
      }
      if (contact.user_id === undefined || contact.user_id !== message.from?.id) {
        await bot.send({ chatId, text: TEXT.onlyOwnNumber, contactButton: TEXT.shareButton });
        return;
      }
      const linked = await linkTelegramChat(db, phoneFromTelegram(contact.phone_number), chatId);
      deps.log.info({ linked }, 'telegram chat shared a number');
      await bot.send({ chatId, text: linked > 0 ? TEXT.linked : TEXT.unknownNumber, removeKeyboard: true });
    },
  };
}
