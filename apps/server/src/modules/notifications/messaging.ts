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

/** A notification (a lesson reminder…) to a user's verified phone, through their messaging app. */
export type TextMessage = Omit<CodeMessage, 'code'>;

export interface MessagingSender {
  readonly kind: 'api' | 'outbox';
  /** Whether a message can reach this user at all (Telegram needs a known chat). */
  canReach(recipient: { telegramChatId: string | null }): boolean;
  sendCode(message: CodeMessage): Promise<void>;
  /** Plain text (WhatsApp: a text message, which Meta delivers inside a 24-hour conversation window). */
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
 * WhatsApp Cloud API. With `WHATSAPP_TEMPLATE` the code goes as the body parameter of that approved
 * template (what Meta requires for business-initiated messages); without, as plain text.
 */
export function createWhatsAppSender(options: {
  token: string;
  phoneId: string;
  template: string | undefined;
  apiBase?: string;
}): MessagingSender {
  const url = `${options.apiBase ?? 'https://graph.facebook.com/v21.0'}/${options.phoneId}/messages`;
  return {
    kind: 'api',
    canReach: () => true,
    async sendCode(message) {
      const to = internationalPhone(message.phone);
      const body = options.template
        ? {
            messaging_product: 'whatsapp',
            to,
            type: 'template',
            template: {
              name: options.template,
              language: { code: 'ar' },
              components: [{ type: 'body', parameters: [{ type: 'text', text: message.code }] }],
            },
          }
        : { messaging_product: 'whatsapp', to, type: 'text', text: { body: message.text } };
      await postJson(url, body, { authorization: `Bearer ${options.token}` });
    },
    async sendText(message) {
      await postJson(
        url,
        {
          messaging_product: 'whatsapp',
          to: internationalPhone(message.phone),
          type: 'text',
          text: { body: message.text },
        },
        { authorization: `Bearer ${options.token}` },
      );
    },
  };
}

/** Telegram Bot API: writes to the chat the user opened with the bot. */
export function createTelegramSender(options: { botToken: string; apiBase?: string }): MessagingSender {
  const url = `${options.apiBase ?? 'https://api.telegram.org'}/bot${options.botToken}/sendMessage`;
  const sendText = async (message: TextMessage) => {
    if (!message.telegramChatId) {
      throw new AppError('unresolved-phone');
    }
    await postJson(url, { chat_id: message.telegramChatId, text: message.text });
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
