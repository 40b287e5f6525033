import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOutboxMessages } from './outbox.repository.ts';
import { escapeHtml } from './templates.ts';

const OutboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const OutboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'whatsapp', 'telegram']),
  recipient: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * Local mode only (app.ts registers it when APP_SERVER=local): what would have been e-mailed or sent
 * over WhatsApp/Telegram, newest first. The e2e tests read codes from the JSON form.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox.json',
    {
      schema: {
        hide: true,
        querystring: OutboxQuerySchema,
        response: { 200: z.object({ list: z.array(OutboxMessageSchema) }) },
      },
    },
    async (request) => {
      const messages = await findOutboxMessages(app.db, request.query);
      return {
        list: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
      };
    },
  );

  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuerySchema } },
    async (request, reply) => {
      const messages = await findOutboxMessages(app.db, request.query);
      const items = messages
        .map((message) => {
          const body = message.html
            ? `<iframe sandbox srcdoc="${escapeHtml(message.html)}" style="width:100%;height:420px;border:1px solid #ddd;border-radius:8px;"></iframe>`
            : `<pre style="white-space:pre-wrap;">${escapeHtml(message.text)}</pre>`;
          return `<article style="margin:16px 0;padding:16px;background:#fff;border-radius:12px;">
<p><strong>${escapeHtml(message.channel)}</strong> → <span dir="ltr">${escapeHtml(message.recipient)}</span> · <time>${message.createdAt.toISOString()}</time></p>
${message.subject ? `<h2 style="font-size:16px;">${escapeHtml(message.subject)}</h2>` : ''}${body}</article>`;
        })
        .join('\n');
      const html = `<!doctype html><html lang="ar-EG" dir="rtl"><head><meta charset="utf-8"><title>صندوق الرسائل (محلي)</title></head>
<body style="font-family:Tahoma,Arial,sans-serif;background:#f3f4f6;max-width:900px;margin:auto;padding:16px;">
<h1>صندوق الرسائل الصادرة (وضع التطوير)</h1><p>آخر الرسائل أولًا. <a href="/dev/outbox.json">JSON</a></p>
${items || '<p>لا توجد رسائل بعد.</p>'}</body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
};
