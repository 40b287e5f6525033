import net from 'node:net';
import { Role } from '@hiwar/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { fakeHttpServer } from '../../testing/fake-http.ts';
import { createSmtpMailSender } from './mail.ts';
import { createTelegramSender, createWhatsAppSender } from './messaging.ts';
import { insertOutboxMessage } from './outbox.repository.ts';
import { phoneCodeText, resetPasswordMail, verifyEmailMail } from './templates.ts';

/** The smallest SMTP server that accepts mail, so the SMTP adapter is tested against the protocol. */
async function fakeSmtpServer() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let message = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            message = '';
            socket.write('250 OK queued\r\n');
          } else {
            message += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL' || verb === 'RCPT') {
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as net.AddressInfo).port, received };
}

describe('e-mail templates', () => {
  it('are Arabic, right-to-left, with the code big and the link as a button', () => {
    const mail = verifyEmailMail({
      name: 'منى',
      code: '4821',
      link: 'https://hiwar.eg/verify-email?token=abc',
    });
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toMatch(/font-size:36px[^>]*>4821</);
    expect(mail.html).toContain('href="https://hiwar.eg/verify-email?token=abc"');
    expect(mail.subject).toContain('4821');
    expect(mail.text).toContain('4821');
    expect(mail.text).toContain('https://hiwar.eg/verify-email?token=abc');
    expect(resetPasswordMail({ name: null, code: '12345' }).html).toContain('12345');
    expect(phoneCodeText('12345')).toMatch(/^12345 /);
  });

  it('escape what users wrote', () => {
    const mail = resetPasswordMail({ name: '<script>alert(1)</script>', code: '12345' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});

describe('the SMTP mail sender', async () => {
  const smtp = await fakeSmtpServer();

  it('delivers through the configured server', async () => {
    const sender = createSmtpMailSender(`smtp://127.0.0.1:${smtp.port}`, 'Hiwar <no-reply@hiwar.eg>');
    await sender.send({ to: 'mona@example.com', ...resetPasswordMail({ name: 'منى', code: '55555' }) });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/To: mona@example.com/);
    expect(smtp.received[0]).toMatch(/From: Hiwar <no-reply@hiwar.eg>/);
  });

  it('answers service-unavailable when the server cannot be reached', async () => {
    const sender = createSmtpMailSender('smtp://127.0.0.1:1', 'x@hiwar.eg');
    await expect(sender.send({ to: 'a@b.co', subject: 's', html: 'h', text: 't' })).rejects.toMatchObject({
      code: 'service-unavailable',
    });
  });
});

describe('the dev outbox in local mode', async () => {
  const { app } = await buildTestApp();

  it('lists the latest messages, newest first, as RTL HTML and as JSON filtered by recipient', async () => {
    await insertOutboxMessage(app.db, {
      channel: 'email',
      recipient: 'first@hiwar.test',
      subject: 'أول',
      html: '<p>1</p>',
      text: '1111',
    });
    await insertOutboxMessage(app.db, { channel: 'whatsapp', recipient: '01012345678', text: '22222 رمز' });
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body.indexOf('01012345678')).toBeLessThan(page.body.indexOf('first@hiwar.test'));
    const json = await app.inject({ method: 'GET', url: '/dev/outbox.json?to=first@hiwar.test' });
    expect(json.json().list).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: 'first@hiwar.test',
        subject: 'أول',
        text: '1111',
      }),
    ]);
  });

  it('records e-mails sent by the API', async () => {
    const me = await loginAs(app, Role.Student, { verifiedEmail: false });
    await app.inject({
      method: 'PUT',
      url: '/api/v1/auth/send-verify-email',
      payload: { callbackUrl: 'http://localhost:4000/verify-email' },
      headers: me.auth,
    });
    const json = await app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(me.user.email)}`,
    });
    expect(json.json().list[0].text).toMatch(/\d{4}/);
  });
});

describe('the dev outbox outside local mode', async () => {
  const { app } = await buildTestApp({ config: { appServer: 'production' } });

  it('is not served', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('notification texts over WhatsApp and Telegram', async () => {
  const provider = await fakeHttpServer();
  const sent = () => provider.requests.map((request) => JSON.parse(request.body.toString('utf8')));

  const reminder = {
    phone: '01012345678',
    telegramChatId: null,
    text: 'حوار: تذكير بالدرس https://hiwar.test/upcoming-lessons',
    line: 'تذكير بالدرس',
    link: 'https://hiwar.test/upcoming-lessons',
  };

  it('go to WhatsApp as plain text without a notification template, even when codes use one', async () => {
    const whatsapp = createWhatsAppSender({
      token: 'wa-token',
      phoneId: '555',
      template: 'otp',
      apiBase: provider.url,
    });
    await whatsapp.sendText(reminder);
    const request = provider.requests.at(-1)!;
    expect(request.url).toBe('/555/messages');
    expect(request.headers.authorization).toBe('Bearer wa-token');
    expect(sent().at(-1)).toEqual({
      messaging_product: 'whatsapp',
      to: '201012345678',
      type: 'text',
      text: { body: reminder.text },
    });
  });

  it('go to WhatsApp as the approved notification template, its line and link as parameters', async () => {
    const whatsapp = createWhatsAppSender({
      token: 'wa-token',
      phoneId: '555',
      template: 'otp',
      notificationTemplate: 'lesson_notice',
      apiBase: provider.url,
    });
    await whatsapp.sendText(reminder);
    expect(sent().at(-1)).toEqual({
      messaging_product: 'whatsapp',
      to: '201012345678',
      type: 'template',
      template: {
        name: 'lesson_notice',
        language: { code: 'ar' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: reminder.line },
              { type: 'text', text: reminder.link },
            ],
          },
        ],
      },
    });
  });

  it("go to the user's Telegram chat, and need one", async () => {
    const telegram = createTelegramSender({ botToken: 'tg-token', apiBase: provider.url });
    await telegram.sendText({ ...reminder, telegramChatId: '42' });
    expect(provider.requests.at(-1)!.url).toBe('/bottg-token/sendMessage');
    expect(sent().at(-1)).toEqual({ chat_id: '42', text: reminder.text });
    await expect(telegram.sendText(reminder)).rejects.toMatchObject({ code: 'unresolved-phone' });
  });
});
