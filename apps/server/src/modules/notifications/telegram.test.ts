import { MessagingApp, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { fakeHttpServer } from '../../testing/fake-http.ts';
import { phoneFromTelegram } from './telegram-link.ts';
import { TELEGRAM_BOT_TEXTS } from './templates.ts';

const SECRET = 'telegram-webhook-secret-1';

describe('the Telegram bot links a chat to the number its owner shares', async () => {
  const telegram = await fakeHttpServer();
  const { app } = await buildTestApp({
    config: {
      telegram: {
        botToken: 'tg-token',
        botUsername: 'HiwarBot',
        webhookSecret: SECRET,
        apiBase: telegram.url,
      },
    },
  });
  const sent = () =>
    telegram.requests.map((request) => ({
      url: request.url,
      body: JSON.parse(request.body.toString('utf8')),
    }));
  let updateId = 1;
  const push = (message: Record<string, unknown>, secret: string | null = SECRET) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: { update_id: updateId++, message },
    });
  const chatOf = async (id: number) =>
    (await app.db.select().from(users).where(eq(users.id, id)))[0]!.telegramChatId;
  const sendCode = (auth: { authorization: string }, body: object) =>
    app.inject({ method: 'POST', url: '/api/v1/confirmation-code/phone/send', headers: auth, payload: body });

  it('reads numbers as Telegram writes them', () => {
    expect(phoneFromTelegram('201112345678')).toBe('01112345678');
    expect(phoneFromTelegram('+20 111 234 5678')).toBe('01112345678');
  });

  it('refuses updates without the webhook secret, and malformed ones, changing nothing', async () => {
    const student = await loginAs(app, Role.Student, { phone: '01112345001' });
    const contact = {
      chat: { id: 501 },
      from: { id: 501 },
      contact: { phone_number: '201112345001', user_id: 501 },
    };
    for (const secret of [null, 'telegram-webhook-secret-2', 'short']) {
      const res = await push(contact, secret);
      expect(res.statusCode, String(secret)).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: { message: 'hi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await chatOf(student.user.id)).toBeNull();
  });

  it('answers /start with a button sharing the number, and takes only the sender’s own number', async () => {
    const student = await loginAs(app, Role.Student, { phone: '01112345002' });
    expect((await push({ chat: { id: 502 }, from: { id: 502 }, text: '/start' })).statusCode).toBe(200);
    expect(sent().at(-1)).toEqual({
      url: '/bottg-token/sendMessage',
      body: {
        chat_id: '502',
        text: TELEGRAM_BOT_TEXTS.welcome,
        reply_markup: {
          keyboard: [[{ text: TELEGRAM_BOT_TEXTS.shareButton, request_contact: true }]],
          one_time_keyboard: true,
          resize_keyboard: true,
        },
      },
    });
    // Someone else's contact card, even with the student's number on it, links nothing.
    const other = { phone_number: '201112345002', user_id: 999 };
    expect((await push({ chat: { id: 502 }, from: { id: 502 }, contact: other })).statusCode).toBe(200);
    expect(sent().at(-1)!.body.text).toBe(TELEGRAM_BOT_TEXTS.onlyOwnNumber);
    expect(await chatOf(student.user.id)).toBeNull();
  });

  it('links the chat, and phone codes go there; before, the number is unresolved', async () => {
    const student = await loginAs(app, Role.Student, { phone: '01112345003' });
    const refused = await sendCode(student.auth, { method: MessagingApp.Telegram });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('unresolved-phone');

    const own = { phone_number: '201112345003', user_id: 503 };
    expect((await push({ chat: { id: 503 }, from: { id: 503 }, contact: own })).statusCode).toBe(200);
    expect(sent().at(-1)!.body).toEqual({
      chat_id: '503',
      text: TELEGRAM_BOT_TEXTS.linked,
      reply_markup: { remove_keyboard: true },
    });
    expect(await chatOf(student.user.id)).toBe('503');

    const res = await sendCode(student.auth, { method: MessagingApp.Telegram });
    expect(res.statusCode).toBe(200);
    const code = sent().at(-1)!;
    expect(code.body.chat_id).toBe('503');
    expect(code.body.text).toMatch(/^\d{5} /);

    // Another number: the chat was linked to the old one, so the new one is unresolved until shared.
    const moved = await sendCode(student.auth, { method: MessagingApp.Telegram, phone: '01112345099' });
    expect(moved.json().code).toBe('unresolved-phone');
    expect((await app.db.select().from(users).where(eq(users.id, student.user.id)))[0]!.phone).toBe(
      '01112345003',
    );
  });

  it('says so when no account has the number shared', async () => {
    const own = { phone_number: '201112345777', user_id: 504 };
    expect((await push({ chat: { id: 504 }, from: { id: 504 }, contact: own })).statusCode).toBe(200);
    expect(sent().at(-1)!.body.text).toBe(TELEGRAM_BOT_TEXTS.unknownNumber);
  });

  it('drops the link when the user saves another number', async () => {
    const student = await loginAs(app, Role.Student, { phone: '01112345005' });
    const own = { phone_number: '201112345005', user_id: 505 };
    await push({ chat: { id: 505 }, from: { id: 505 }, contact: own });
    expect(await chatOf(student.user.id)).toBe('505');
    const same = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${student.user.id}`,
      headers: student.auth,
      payload: { phone: '01112345005' },
    });
    expect(same.statusCode).toBe(200);
    expect(await chatOf(student.user.id)).toBe('505');
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${student.user.id}`,
      headers: student.auth,
      payload: { phone: '01112345006' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await chatOf(student.user.id)).toBeNull();
  });
});

describe('the Telegram webhook without a bot', async () => {
  const { app } = await buildTestApp();

  it('is not there', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: { update_id: 1 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not-found');
  });
});
