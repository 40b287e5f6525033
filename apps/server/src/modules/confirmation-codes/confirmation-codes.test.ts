import { MessagingApp, Role } from '@hiwar/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmationCodes, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { fakeHttpServer } from '../../testing/fake-http.ts';
import { lastCodeTo, lastMessageTo } from '../../testing/outbox.ts';
import { createTelegramSender, createWhatsAppSender } from '../notifications/messaging.ts';

const PHONE = '01012345678';

describe('phone verification (outbox mode)', async () => {
  const { app } = await buildTestApp();
  let ip = 0;
  const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const send = (payload: object, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/confirmation-code/phone/send', payload, headers });
  const verify = (code: string, headers: Record<string, string>, remoteAddress = nextIp()) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/confirmation-code/phone/verify',
      payload: { code },
      headers,
      remoteAddress,
    });
  const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;
  /** Lets the next code go out now, as if the last one was sent two minutes ago. */
  const ageCodes = (userId: number) =>
    app.db.execute(
      sql`update confirmation_codes set created_at = created_at - interval '2 minutes' where user_id = ${userId}`,
    );

  it('sends a 5-digit code over WhatsApp to a new number, and the code verifies it', async () => {
    const me = await loginAs(app, Role.Student);
    const res = await send({ phone: '+20 10 1234 5678', method: MessagingApp.Whatsapp }, me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, expiresAt: expect.any(String) });
    expect(await userRow(me.user.id)).toMatchObject({ phone: PHONE, verifiedPhone: false });
    const message = await lastMessageTo(app.db, PHONE);
    expect(message?.channel).toBe('whatsapp');
    const code = await lastCodeTo(app.db, PHONE);
    expect(code).toMatch(/^\d{5}$/);
    const verified = await verify(code, me.auth);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({
      phone: PHONE,
      verifiedPhone: true,
      notificationMethod: MessagingApp.Whatsapp,
    });
  });

  it('sends over Telegram to the stored phone (every phone counts as resolved in outbox mode)', async () => {
    const me = await loginAs(app, Role.Tutor, { phone: '01112345678' });
    expect((await send({ method: MessagingApp.Telegram }, me.auth)).statusCode).toBe(200);
    expect((await lastMessageTo(app.db, '01112345678'))?.channel).toBe('telegram');
    const res = await verify(await lastCodeTo(app.db, '01112345678'), me.auth);
    expect(res.json().user.notificationMethod).toBe(MessagingApp.Telegram);
  });

  it('answers invalid-phone without a phone or for a bad one, and checks the method', async () => {
    const me = await loginAs(app, Role.Student);
    const none = await send({ method: MessagingApp.Whatsapp }, me.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('invalid-phone');
    expect((await send({ phone: '0131234567', method: MessagingApp.Whatsapp }, me.auth)).json().code).toBe(
      'invalid-phone',
    );
    expect((await send({ phone: PHONE, method: 3 }, me.auth)).json().code).toBe('invalid-type');
    expect((await send({ phone: PHONE }, me.auth)).json().code).toBe('required');
    expect(
      await app.db.select().from(confirmationCodes).where(eq(confirmationCodes.userId, me.user.id)),
    ).toHaveLength(0);
  });

  it('answers phone-already-verified for the verified number', async () => {
    const me = await loginAs(app, Role.Student, { phone: PHONE, verifiedPhone: true });
    const res = await send({ method: MessagingApp.Whatsapp }, me.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('phone-already-verified');
    expect((await verify('12345', me.auth)).json().code).toBe('phone-already-verified');
  });

  it('answers incorrect-phone when the number changed after the code was sent', async () => {
    const me = await loginAs(app, Role.Student);
    await send({ phone: '01212345678', method: MessagingApp.Whatsapp }, me.auth);
    const code = await lastCodeTo(app.db, '01212345678');
    await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${me.user.id}`,
      payload: { phone: '01512345678' },
      headers: me.auth,
    });
    const res = await verify(code, me.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('incorrect-phone');
    expect((await userRow(me.user.id)).verifiedPhone).toBe(false);
  });

  it('answers invalid and expired codes, and one user’s code does not verify another', async () => {
    const me = await loginAs(app, Role.Student);
    const other = await loginAs(app, Role.Student);
    await send({ phone: '01012340000', method: MessagingApp.Whatsapp }, me.auth);
    const code = await lastCodeTo(app.db, '01012340000');
    expect((await verify(code, other.auth)).json().code).toBe('invalid-verification-code');
    expect((await verify('1234', me.auth)).json().code).toBe('invalid-verification-code');
    await app.db
      .update(confirmationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(confirmationCodes.userId, me.user.id));
    expect((await verify(code, me.auth)).json().code).toBe('expired-verification-code');
  });

  it('does not verify 20 wrong codes in a row; after the 5th the right one fails too', async () => {
    const me = await loginAs(app, Role.Student);
    await send({ phone: '01099999999', method: MessagingApp.Whatsapp }, me.auth);
    const code = await lastCodeTo(app.db, '01099999999');
    const answers: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const wrong = String((Number(code) + i) % 100_000).padStart(5, '0');
      answers.push((await verify(wrong, me.auth)).json().code);
    }
    expect(
      answers.every(
        (answer) => answer === 'invalid-verification-code' || answer === 'expired-verification-code',
      ),
    ).toBe(true);
    expect(answers.filter((answer) => answer === 'invalid-verification-code')).toHaveLength(5);
    expect((await verify(code, me.auth)).json().code).toBe('expired-verification-code');
    expect((await userRow(me.user.id)).verifiedPhone).toBe(false);
  });

  it('a new code replaces the old one', async () => {
    const me = await loginAs(app, Role.Student);
    await send({ phone: '01011111111', method: MessagingApp.Whatsapp }, me.auth);
    const first = await lastCodeTo(app.db, '01011111111');
    await ageCodes(me.user.id);
    await send({ phone: '01011111111', method: MessagingApp.Telegram }, me.auth);
    const second = await lastCodeTo(app.db, '01011111111');
    if (first !== second) {
      expect((await verify(first, me.auth)).json().code).toBe('invalid-verification-code');
    }
    expect((await verify(second, me.auth)).statusCode).toBe(200);
  });

  it('sends at most one code a minute across WhatsApp and Telegram', async () => {
    const me = await loginAs(app, Role.Student, { phone: '01022222222' });
    expect((await send({ method: MessagingApp.Whatsapp }, me.auth)).statusCode).toBe(200);
    const again = await send({ method: MessagingApp.Telegram }, me.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('too-many-requests');
  });

  it('rate-limits code checks from one address', async () => {
    const me = await loginAs(app, Role.Student);
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await verify('00000', me.auth, address)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('is 401 anonymously', async () => {
    expect((await send({ phone: PHONE, method: MessagingApp.Whatsapp }, {})).statusCode).toBe(401);
    expect((await verify('12345', {})).statusCode).toBe(401);
  });
});

describe('phone verification through the real APIs', async () => {
  const provider = await fakeHttpServer();
  const { app } = await buildTestApp({
    deps: {
      messaging: {
        [MessagingApp.Whatsapp]: createWhatsAppSender({
          token: 'wa-token',
          phoneId: '555',
          template: undefined,
          apiBase: provider.url,
        }),
        [MessagingApp.Telegram]: createTelegramSender({ botToken: 'tg-token', apiBase: provider.url }),
      },
    },
  });
  const send = (payload: object, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/confirmation-code/phone/send', payload, headers });

  it('answers unresolved-phone for Telegram before the user started the bot, and sends nothing', async () => {
    const me = await loginAs(app, Role.Student, { phone: PHONE });
    const res = await send({ method: MessagingApp.Telegram }, me.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('unresolved-phone');
    expect(provider.requests).toHaveLength(0);
  });

  it('writes to the Telegram chat once it is known', async () => {
    const me = await loginAs(app, Role.Student, { phone: PHONE, telegramChatId: '98765' });
    expect((await send({ method: MessagingApp.Telegram }, me.auth)).statusCode).toBe(200);
    const request = provider.requests.at(-1)!;
    expect(request.url).toBe('/bottg-token/sendMessage');
    expect(JSON.parse(request.body.toString())).toMatchObject({
      chat_id: '98765',
      text: expect.stringMatching(/^\d{5} /),
    });
  });

  it('sends WhatsApp messages to the international number with the bearer token', async () => {
    const me = await loginAs(app, Role.Student);
    expect((await send({ phone: PHONE, method: MessagingApp.Whatsapp }, me.auth)).statusCode).toBe(200);
    const request = provider.requests.at(-1)!;
    expect(request.url).toBe('/555/messages');
    expect(request.headers.authorization).toBe('Bearer wa-token');
    expect(JSON.parse(request.body.toString())).toMatchObject({
      messaging_product: 'whatsapp',
      to: '201012345678',
      type: 'text',
    });
  });

  const failing = await fakeHttpServer(() => ({ status: 500 }));
  const { app: broken } = await buildTestApp({
    deps: {
      messaging: {
        [MessagingApp.Whatsapp]: createWhatsAppSender({
          token: 't',
          phoneId: '1',
          template: 'otp',
          apiBase: failing.url,
        }),
        [MessagingApp.Telegram]: createTelegramSender({ botToken: 't', apiBase: failing.url }),
      },
    },
  });

  it('answers service-unavailable when the provider fails, and the code is taken back', async () => {
    const me = await loginAs(broken, Role.Student);
    const res = await broken.inject({
      method: 'POST',
      url: '/api/v1/confirmation-code/phone/send',
      payload: { phone: PHONE, method: MessagingApp.Whatsapp },
      headers: me.auth,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('service-unavailable');
    expect(JSON.parse(failing.requests[0]!.body.toString()).template).toMatchObject({ name: 'otp' });
    const rows = await broken.db
      .select()
      .from(confirmationCodes)
      .where(eq(confirmationCodes.userId, me.user.id));
    expect(rows[0]?.voidedAt).not.toBeNull();
  });
});
