import { AppError, MessagingApp } from '@hiwar/domain';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { insertOutboxMessage } from './outbox.repository.ts';

/** A short message with a one-time code, to a phone through WhatsApp or to a Telegram chat. */
export type CodeMessage = {
  /** Local Egyptian mobile number (`01…`). */
  phone: string;
  /** Needed by Telegram: the chat the user opened with the bot. */
  telegramChatId: string | null;
  code: string;
  text: string;
};

/**
 * A notification (a lesson reminder…) to a user's verified phone, through their messaging app: the
 * `text`, and the same as its `line` and `link` for a WhatsApp template (Meta delivers free text only
 * inside a 24-hour conversation the user opened; a reminder needs an approved template).
 */
export type TextMessage = Omit<CodeMessage, 'code'> & { line: string; link: string };

export interface MessagingSender {
  readonly kind: 'api' | 'outbox';
  /** Whether a message can reach this user at all (Telegram needs a known chat). */
  canReach(recipient: { telegramChatId: string | null }): boolean;
  sendCode(message: CodeMessage): Promise<void>;
  /** The notification (WhatsApp: its template when one is configured, else plain text). */
  sendText(message: TextMessage): Promise<void>;
}

export type Messaging = Record<MessagingApp, MessagingSender>;

/** International form without the plus, as the WhatsApp Cloud API wants it. */
export function internationalPhone(phone: string): string {
  return `20${phone.replace(/^0/, '')}`;
}

function outboxSender(db: Database, channel: 'whatsapp' | 'telegram'): MessagingSender {
  return {
    kind: 'outbox',
    // Outbox mode has no bot to start: every phone counts as resolved.
    canReach: () => true,
    async sendCode(message) {
      await insertOutboxMessage(db, { channel, recipient: message.phone, text: message.text });
    },
    async sendText(message) {
      await insertOutboxMessage(db, { channel, recipient: message.phone, text: message.text });
    },
  };
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new AppError('service-unavailable', { message: 'The messaging provider is unreachable', cause });
  }
  if (!response.ok) {
    throw new AppError('service-unavailable', {
      message: `The messaging provider answered ${response.status}`,
    });
  }
}

/**
 * WhatsApp Cloud API. Meta delivers business-initiated messages only as approved templates: with
 * `WHATSAPP_TEMPLATE` a code goes as the one body parameter of that authentication template, with
 * `WHATSAPP_NOTIFICATION_TEMPLATE` a notification as the two of that utility template (its line and
 * its link); without them, as plain text (delivered only inside a conversation the user opened).
 */
export function createWhatsAppSender(options: {
  token: string;
  phoneId: string;
  template: string | undefined;
  notificationTemplate?: string | undefined;
  apiBase?: string;
}): MessagingSender {
  const url = `${options.apiBase ?? 'https://graph.facebook.com/v21.0'}/${options.phoneId}/messages`;
  const send = (phone: string, text: string, template: { name: string; parameters: string[] } | undefined) =>
    postJson(
      url,
      {
        messaging_product: 'whatsapp',
        to: internationalPhone(phone),
        ...(template
          ? {
              type: 'template',
              template: {
                name: template.name,
                language: { code: 'ar' },
                components: [
                  {
                    type: 'body',
                    parameters: template.parameters.map((parameter) => ({ type: 'text', text: parameter })),
                  },
                ],
              },
            }
          : { type: 'text', text: { body: text } }),
      },
      { authorization: `Bearer ${options.token}` },
    );
  return {
    kind: 'api',
    canReach: () => true,
    sendCode: (message) =>
      send(
        message.phone,
        message.text,
        options.template ? { name: options.template, parameters: [message.code] } : undefined,
      ),
    sendText: (message) =>
      send(
        message.phone,
        message.text,
        options.notificationTemplate
          ? { name: options.notificationTemplate, parameters: [message.line, message.link] }
          : undefined,
      ),
  };
}

/**
 * A message from the bot in a chat: `contactButton` asks for the user's own number with one button,
 * `removeKeyboard` takes that button away once answered.
 */
export type TelegramReply = {
  chatId: string;
  text: string;
  contactButton?: string;
  removeKeyboard?: boolean;
};

/** Sends the bot's messages (Telegram Bot API `sendMessage`). */
export function telegramBot(options: { botToken: string; apiBase?: string }) {
  const url = `${options.apiBase ?? 'https://api.telegram.org'}/bot${options.botToken}/sendMessage`;
  return {
    send(reply: TelegramReply): Promise<void> {
      const keyboard = reply.contactButton
        ? {
            keyboard: [[{ text: reply.contactButton, request_contact: true }]],
            one_time_keyboard: true,
            resize_keyboard: true,
          }
        : reply.removeKeyboard
          ? { remove_keyboard: true }
          : undefined;
      return postJson(url, {
        chat_id: reply.chatId,
        text: reply.text,
        ...(keyboard ? { reply_markup: keyboard } : {}),
      });
    },
  };
}

/**
 * Telegram Bot API: writes to the chat the user opened with the bot and linked to their phone by
 * sharing their number there (`telegram-link.ts`); without that chat, `unresolved-phone`.
 */
export function createTelegramSender(options: { botToken: string; apiBase?: string }): MessagingSender {
  const bot = telegramBot(options);
  const sendText = async (message: Pick<TextMessage, 'telegramChatId' | 'text'>) => {
    if (!message.telegramChatId) {
      throw new AppError('unresolved-phone');
    }
    await bot.send({ chatId: message.telegramChatId, text: message.text });
  };
  return {
    kind: 'api',
    canReach: (recipient) => recipient.telegramChatId !== null,
    sendCode: sendText,
    sendText,
  };
}

export function createMessaging(config: Pick<AppConfig, 'whatsapp' | 'telegram'>, db: Database): Messaging {
  return {
    [MessagingApp.Whatsapp]: config.whatsapp
      ? createWhatsAppSender(config.whatsapp)
      : outboxSender(db, 'whatsapp'),
    [MessagingApp.Telegram]: config.telegram
      ? createTelegramSender(config.telegram)
      : outboxSender(db, 'telegram'),
  };
}
