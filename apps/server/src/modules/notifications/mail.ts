import { AppError, stripUnsafeControls } from '@hiwar/domain';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { insertOutboxMessage } from './outbox.repository.ts';

export type MailMessage = { to: string; subject: string; html: string; text: string };

/**
 * An e-mail as it goes out (decision 0046): its subject one line, its plain-text part cleaned like
 * any plain text and its HTML without invisible controls. Texts are cleaned where people type them;
 * this holds for what was stored before that rule, or reached a mail another way: no U+202E or
 * other bidirectional override turns a line around in an inbox, no control character reaches it.
 */
export function cleanMail(message: MailMessage): MailMessage {
  return {
    ...message,
    subject: stripUnsafeControls(message.subject.normalize('NFC')).replace(/\s+/g, ' ').trim(),
    html: stripUnsafeControls(message.html),
    text: stripUnsafeControls(message.text.normalize('NFC')),
  };
}

/** Where e-mail goes: SMTP when configured, otherwise the outbox table. */
export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createOutboxMailSender(db: Database): MailSender {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, { channel: 'email', recipient: message.to, ...cleanMail(message) });
    },
  };
}

/** Sends through an SMTP server (`smtp://user:pass@host:587` or `smtps://…:465`). */
export function createSmtpMailSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, ...cleanMail(message) });
      } catch (cause) {
        throw new AppError('service-unavailable', { message: 'The e-mail could not be sent', cause });
      }
    },
  };
}

export function createMailSender(config: { smtpUrl: string | undefined; mailFrom: string }, db: Database) {
  return config.smtpUrl ? createSmtpMailSender(config.smtpUrl, config.mailFrom) : createOutboxMailSender(db);
}
