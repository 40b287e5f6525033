import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { telegramBot } from './messaging.ts';
import { createTelegramLink, TelegramUpdateSchema } from './telegram-link.ts';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') {
    return false;
  }
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /api/v1/telegram/webhook`: the bot's updates, pushed by Telegram (`setWebhook` with this URL
 * and `secret_token` = `TELEGRAM_WEBHOOK_SECRET`). Refused without that secret (401); not there when
 * no bot is configured (404). Answered 200 once handled: Telegram retries anything else.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const telegram = app.config.telegram;
  const link = telegram ? createTelegramLink({ db: app.db, bot: telegramBot(telegram), log: app.log }) : null;
  app.post(
    '/webhook',
    {
      schema: {
        tags: ['telegram'],
        summary: "Telegram's updates for the bot (its secret token in the header): links a chat to a phone",
        body: TelegramUpdateSchema,
        errors: ['not-found', 'unauthenticated'],
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!telegram || !link) {
        throw new AppError('not-found', { message: 'No Telegram bot is configured' });
      }
      if (!sameSecret(request.headers[SECRET_HEADER], telegram.webhookSecret)) {
        throw new AppError('unauthenticated', { message: 'Not from Telegram' });
      }
      await link.handle(request.body);
      return { ok: true as const };
    },
  );
};
