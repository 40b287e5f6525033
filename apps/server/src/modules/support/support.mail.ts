import { BRAND, greeting, layout, type MailContent } from '../notifications/templates.ts';

/** A long text cut for an e-mail preview, on a word boundary when one is near. */
function excerpt(text: string, max = 300): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/**
 * The reporter's e-mail when staff reply to their report: the report's title, the reply, and a button
 * to the conversation in the web app (`/reports?id=…`).
 */
export function reportReplyMail(options: {
  name: string | null;
  title: string;
  reply: string;
  reportUrl: string;
}): MailContent {
  const title = 'ردّ فريق الدعم على بلاغك';
  const paragraphs = [
    greeting(options.name),
    `ردّ فريق دعم ${BRAND} على بلاغك «${options.title}»:`,
    excerpt(options.reply),
    'يمكنك قراءة المحادثة كاملة والرد عليها من صفحة بلاغاتي.',
  ];
  return {
    subject: `${BRAND}: ${title}`,
    html: layout({ title, paragraphs, link: { url: options.reportUrl, label: 'فتح البلاغ' } }),
    text: [...paragraphs, `فتح البلاغ: ${options.reportUrl}`].join('\n\n'),
  };
}

/**
 * A SuperAdmin's e-mail when a contact request arrives from the public site: who wrote, how to reach
 * them, what they asked, and a button to the back office's contact-requests inbox.
 */
export function contactRequestMail(options: {
  name: string | null;
  sender: { name: string; phone: string | null; email: string | null };
  title: string;
  message: string;
  inboxUrl: string;
}): MailContent {
  const title = 'طلب تواصل جديد';
  const reach = [
    options.sender.phone ? `الهاتف: ${options.sender.phone}` : null,
    options.sender.email ? `البريد الإلكتروني: ${options.sender.email}` : null,
  ].filter((line): line is string => line !== null);
  const paragraphs = [
    greeting(options.name),
    `أرسل ${options.sender.name} طلب تواصل من موقع ${BRAND}: «${options.title}».`,
    ...reach,
    excerpt(options.message, 1000),
  ];
  return {
    subject: `${BRAND}: ${title} — ${options.title}`,
    html: layout({ title, paragraphs, link: { url: options.inboxUrl, label: 'طلبات التواصل' } }),
    text: [...paragraphs, `طلبات التواصل: ${options.inboxUrl}`].join('\n\n'),
  };
}
