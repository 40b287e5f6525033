import {
  BOUNDS,
  formatDateTime,
  formatMoney,
  type InstallmentReminderKind,
  type LessonReminderKind,
  PRODUCT_TIMEZONE,
} from '@hiwar/domain';
import { richTextToPlain } from '../chat/message-text.ts';

/** A rendered e-mail: subject, right-to-left Arabic HTML with inline styles, and a plain-text twin. */
export type MailContent = { subject: string; html: string; text: string };

export const BRAND = 'حوار';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function greeting(name: string | null): string {
  return name ? `مرحبًا ${name}،` : 'مرحبًا،';
}

/** Under a mail carrying a one-time code. */
const CODE_FOOTNOTE = 'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولا تشارك الرمز مع أحد.';

/** One layout for every e-mail: RTL, inline styles only (mail clients drop <style>), no images. */
export function layout(options: {
  title: string;
  paragraphs: string[];
  /** A one-time code shown big (left-to-right); mails with one get the code footnote by default. */
  code?: string;
  link?: { url: string; label: string };
  footnote?: string;
}) {
  const paragraphs = options.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.8;color:#1f2937;">${escapeHtml(p)}</p>`,
    )
    .join('');
  const code =
    options.code === undefined
      ? ''
      : `<div dir="ltr" style="margin:24px 0;padding:16px;text-align:center;font-family:'Courier New',monospace;font-size:36px;font-weight:bold;letter-spacing:12px;color:#0f766e;background:#f0fdfa;border-radius:12px;">${escapeHtml(options.code)}</div>`;
  const footnote = options.footnote ?? (options.code === undefined ? '' : CODE_FOOTNOTE);
  const button = options.link
    ? `<p style="margin:24px 0;text-align:center;"><a href="${escapeHtml(options.link.url)}" style="display:inline-block;padding:14px 28px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:10px;font-size:16px;font-weight:bold;">${escapeHtml(options.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body dir="rtl" style="margin:0;padding:0;background:#f3f4f6;font-family:Tahoma,Arial,sans-serif;text-align:right;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:16px;padding:32px;text-align:right;" dir="rtl">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:#0f766e;">${BRAND}</h1>
<h2 style="margin:0 0 16px;font-size:18px;color:#111827;">${escapeHtml(options.title)}</h2>
${paragraphs}${code}${button}
${footnote ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.7;color:#6b7280;">${escapeHtml(footnote)}</p>` : ''}
</td></tr></table>
</td></tr></table>
</body>
</html>`;
}

export function verifyEmailMail(options: { name: string | null; code: string; link: string }): MailContent {
  const title = 'تأكيد بريدك الإلكتروني';
  const paragraphs = [
    greeting(options.name),
    `رمز تأكيد بريدك الإلكتروني صالح لمدة ${BOUNDS.verificationCode.ttlMinutes} دقيقة. اكتبه في التطبيق أو اضغط الزر.`,
  ];
  return {
    subject: `${BRAND}: رمز تأكيد البريد ${options.code}`,
    html: layout({
      title,
      paragraphs,
      code: options.code,
      link: { url: options.link, label: 'تأكيد البريد' },
    }),
    text: [
      ...paragraphs,
      `الرمز: ${options.code}`,
      `أو افتح الرابط (صالح ${BOUNDS.verifyLinkHours} ساعة): ${options.link}`,
    ].join('\n\n'),
  };
}

export function resetPasswordMail(options: { name: string | null; code: string }): MailContent {
  const title = 'إعادة تعيين كلمة المرور';
  const paragraphs = [
    greeting(options.name),
    `طلبت إعادة تعيين كلمة المرور. رمزك صالح لمدة ${BOUNDS.verificationCode.ttlMinutes} دقيقة.`,
  ];
  return {
    subject: `${BRAND}: رمز إعادة تعيين كلمة المرور ${options.code}`,
    html: layout({ title, paragraphs, code: options.code }),
    text: [...paragraphs, `الرمز: ${options.code}`].join('\n\n'),
  };
}

/** WhatsApp and Telegram: plain text, the code first so previews show it. */
export function phoneCodeText(code: string): string {
  return `${code} هو رمز تأكيد رقم هاتفك على ${BRAND}. صالح لمدة ${BOUNDS.verificationCode.ttlMinutes} دقيقة، ولا تشاركه مع أحد.`;
}

/** What the Telegram bot says while linking a chat to a phone (`telegram-link.ts`). */
export const TELEGRAM_BOT_TEXTS = {
  welcome: `أهلًا بك في ${BRAND}. شارك رقم هاتفك بالزر بالأسفل لنرسل لك هنا رموز التأكيد وتذكيرات الدروس.`,
  shareButton: 'مشاركة رقم هاتفي',
  onlyOwnNumber: 'شارك رقمك أنت بالزر بالأسفل، لا رقم جهة اتصال أخرى.',
  linked: `تم ربط رقمك بحسابك على ${BRAND}. ارجع إلى الموقع واطلب رمز التأكيد من جديد.`,
  unknownNumber: `لم نجد حسابًا على ${BRAND} بهذا الرقم. أضف الرقم في إعدادات حسابك أولًا، ثم شاركه هنا مرة أخرى.`,
} as const;

/** What an installment reminder says: which installment, how much, when due and when it pauses. */
export type InstallmentReminderMailOptions = {
  kind: InstallmentReminderKind;
  name: string | null;
  index: number;
  count: number;
  /** Piasters. */
  amount: number;
  dueAt: Date;
  pausesAt: Date;
  /** Where to pay: the web app's /payments page. */
  payUrl: string;
  /** The student's zone (dates are shown on their clock); the product zone by default. */
  timeZone?: string;
};

/**
 * The reminder about an unpaid card installment (rules.md "Installments"): before it is due, when it
 * falls due, during the 7 days' grace ("your subscription will pause on …") and once it paused. The
 * amount is in EGP as Egyptians read it, dates on the student's clock (Cairo by default), and the
 * button opens /payments to pay it.
 */
export function installmentReminderMail(options: InstallmentReminderMailOptions): MailContent {
  const timeZone = options.timeZone ?? PRODUCT_TIMEZONE;
  const amount = formatMoney(options.amount);
  const due = formatDateTime(options.dueAt, timeZone);
  const pause = formatDateTime(options.pausesAt, timeZone);
  const which = `القسط ${options.index} من ${options.count}`;
  const content: Record<InstallmentReminderKind, { title: string; subject: string; lines: string[] }> = {
    upcoming: {
      title: 'موعد قسط اشتراكك يقترب',
      subject: `قسط اشتراكك مستحق في ${due}`,
      lines: [
        `${which} من اشتراكك بقيمة ${amount} مستحق في ${due}.`,
        'ادفعه قبل موعده ليستمر اشتراكك دون انقطاع.',
      ],
    },
    due: {
      title: 'حان موعد سداد قسط اشتراكك',
      subject: 'حان موعد سداد قسط اشتراكك',
      lines: [
        `حان موعد سداد ${which} من اشتراكك بقيمة ${amount} (موعده ${due}).`,
        `إذا لم يُدفع حتى ${pause} سيتوقف اشتراكك مؤقتًا.`,
      ],
    },
    overdue: {
      title: 'سيتوقف اشتراكك إن لم يُدفع القسط',
      subject: `ادفع القسط قبل ${pause} حتى لا يتوقف اشتراكك`,
      lines: [
        `لم يُدفع بعدُ ${which} من اشتراكك بقيمة ${amount}، وكان موعده ${due}.`,
        `سيتوقف اشتراكك مؤقتًا في ${pause} إن لم يُدفع قبل ذلك.`,
      ],
    },
    paused: {
      title: 'توقف اشتراكك مؤقتًا',
      subject: 'توقف اشتراكك مؤقتًا حتى تدفع القسط',
      lines: [
        `توقف اشتراكك مؤقتًا لأن ${which} بقيمة ${amount} لم يُدفع (كان موعده ${due}).`,
        'لا يمكنك حجز دروس بدقائق اشتراكك حتى تدفعه، ويعود اشتراكك فور الدفع.',
      ],
    },
  };
  const { title, subject, lines } = content[options.kind];
  const paragraphs = [greeting(options.name), ...lines];
  const footnote = 'تصلك هذه الرسالة لأنك اشتركت في حوار بالتقسيط.';
  return {
    subject: `${BRAND}: ${subject}`,
    html: layout({ title, paragraphs, link: { url: options.payUrl, label: 'ادفع القسط' }, footnote }),
    text: [...paragraphs, `ادفع من هنا: ${options.payUrl}`, footnote].join('\n\n'),
  };
}

/** Who cancelled a lesson, as the other member reads it. */
export type LessonCancellerLabel = 'tutor' | 'student' | 'staff';

export type LessonCanceledMailOptions = {
  /** The member told. */
  name: string | null;
  /** The other member. */
  withName: string | null;
  canceledBy: LessonCancellerLabel;
  start: Date;
  duration: number;
  /** Said to the student only: their minutes went back to their week. */
  minutesReturned: boolean | null;
  /** The lessons page of the web app. */
  lessonsUrl: string;
  timeZone?: string;
};

/**
 * A member's lesson was cancelled by someone else (rules.md "Lessons"; "Availability": a tutor
 * removing a window with lessons in it cancels them and the students are told).
 */
export function lessonCanceledMail(options: LessonCanceledMailOptions): MailContent {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const by = {
    tutor: `ألغى المدرس ${options.withName ?? ''}`.trim(),
    student: `ألغى الطالب ${options.withName ?? ''}`.trim(),
    staff: 'ألغت إدارة حوار',
  }[options.canceledBy];
  const lines = [`${by} درسك (${options.duration} دقيقة) المحدد في ${when}.`];
  if (options.minutesReturned) {
    lines.push('عادت دقائق الدرس إلى رصيدك الأسبوعي، ويمكنك حجز موعد آخر.');
  }
  const paragraphs = [greeting(options.name), ...lines];
  return {
    subject: `${BRAND}: أُلغي درسك المحدد في ${when}`,
    html: layout({
      title: 'أُلغي درسك',
      paragraphs,
      link: { url: options.lessonsUrl, label: 'دروسي' },
    }),
    text: [...paragraphs, `دروسك: ${options.lessonsUrl}`].join('\n\n'),
  };
}

export type LessonReminderOptions = {
  kind: LessonReminderKind;
  /** The member reminded. */
  name: string | null;
  /** The other member. */
  withName: string | null;
  /** Whether the member reminded teaches the lesson (it then names the student). */
  isTutor: boolean;
  start: Date;
  duration: number;
  /** Where the member finds the lesson: the student's upcoming lessons, the tutor's dashboard. */
  lessonsUrl: string;
  /** The member's zone (times on their clock); the product zone by default. */
  timeZone?: string;
};

/** The reminder's one line: who with, how long, when (Intl ar-EG, on the member's clock). */
function lessonReminderLine(options: LessonReminderOptions): { when: string; line: string } {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const other = options.withName ? ` ${options.isTutor ? 'الطالب' : 'المدرس'} ${options.withName}` : '';
  const soon = options.kind === 'day' ? 'غدًا' : 'بعد ساعة';
  return {
    when,
    line: `يبدأ درسك${other ? ` مع${other}` : ''} (${options.duration} دقيقة) ${soon}، في ${when}.`,
  };
}

/**
 * A lesson reminder (rules.md "Lessons"), to each member a day and an hour before start: who with,
 * how long and when, and a button to their lessons (where they join from).
 */
export function lessonReminderMail(options: LessonReminderOptions): MailContent {
  const { when, line } = lessonReminderLine(options);
  const title = options.kind === 'day' ? 'تذكير: درسك غدًا' : 'تذكير: درسك بعد ساعة';
  const paragraphs = [greeting(options.name), line, 'يمكنك دخول الدرس قبل موعده بعشر دقائق.'];
  return {
    subject: `${BRAND}: ${title} (${when})`,
    html: layout({ title, paragraphs, link: { url: options.lessonsUrl, label: 'دروسي' } }),
    text: [...paragraphs, `دروسك: ${options.lessonsUrl}`].join('\n\n'),
  };
}

/**
 * The same reminder over WhatsApp or Telegram: short plain text with the link, and its line and link
 * apart (the parameters of a WhatsApp notification template).
 */
export function lessonReminderText(options: LessonReminderOptions): {
  text: string;
  line: string;
  link: string;
} {
  const { line } = lessonReminderLine(options);
  return { text: `${BRAND}: ${line} ${options.lessonsUrl}`, line, link: options.lessonsUrl };
}

export type InterviewReminderOptions = {
  kind: LessonReminderKind;
  name: string | null;
  /** Whether the member reminded conducts it (a TutorManager). */
  isInterviewer: boolean;
  start: Date;
  /** Where the member joins from: the interviewer's interviews, the tutor's onboarding. */
  url: string;
  timeZone?: string;
};

/** An interview reminder, to each member a day and an hour before. */
export function interviewReminderMail(options: InterviewReminderOptions): MailContent {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const soon = options.kind === 'day' ? 'غدًا' : 'بعد ساعة';
  const title = options.kind === 'day' ? 'تذكير: مقابلتك غدًا' : 'تذكير: مقابلتك بعد ساعة';
  const line = options.isInterviewer
    ? `لديك مقابلة مع مدرس جديد (٣٠ دقيقة) ${soon}، في ${when}.`
    : `مقابلتك مع فريق حوار (٣٠ دقيقة) ${soon}، في ${when}.`;
  const paragraphs = [greeting(options.name), line, 'يمكنك دخول غرفة المقابلة قبل موعدها بعشر دقائق.'];
  return {
    subject: `${BRAND}: ${title} (${when})`,
    html: layout({ title, paragraphs, link: { url: options.url, label: 'فتح المقابلة' } }),
    text: [...paragraphs, options.url].join('\n\n'),
  };
}

export type InterviewNoticeOptions = {
  name: string | null;
  /** The other member's name. */
  withName: string | null;
  start: Date;
  url: string;
  timeZone?: string;
};

/** To the TutorManager: a tutor booked (or moved) an interview with them. */
export function interviewBookedMail(options: InterviewNoticeOptions & { moved: boolean }): MailContent {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const title = options.moved ? 'نُقل موعد مقابلة' : 'مقابلة جديدة';
  const who = options.withName ?? 'مدرس جديد';
  const paragraphs = [
    greeting(options.name),
    options.moved
      ? `نقل ${who} موعد مقابلته معك إلى ${when}.`
      : `حجز ${who} مقابلة معك (٣٠ دقيقة) في ${when}.`,
  ];
  return {
    subject: `${BRAND}: ${title} (${when})`,
    html: layout({ title, paragraphs, link: { url: options.url, label: 'مقابلاتي' } }),
    text: [...paragraphs, options.url].join('\n\n'),
  };
}

/** To the other member: the interview was cancelled. */
export function interviewCanceledMail(options: InterviewNoticeOptions): MailContent {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const title = 'أُلغيت المقابلة';
  const paragraphs = [
    greeting(options.name),
    `أُلغيت المقابلة المحددة في ${when}${options.withName ? ` مع ${options.withName}` : ''}.`,
  ];
  return {
    subject: `${BRAND}: ${title} (${when})`,
    html: layout({ title, paragraphs, link: { url: options.url, label: 'فتح الصفحة' } }),
    text: [...paragraphs, options.url].join('\n\n'),
  };
}

/** To the tutor: the interview's outcome (passed or not), with the interviewer's feedback. */
export function interviewOutcomeMail(options: {
  name: string | null;
  passed: boolean;
  feedback: string | null;
  url: string;
}): MailContent {
  const title = options.passed ? 'اجتزت المقابلة' : 'نتيجة المقابلة';
  const paragraphs = [
    greeting(options.name),
    options.passed
      ? 'تهانينا! اجتزت مقابلتك مع حوار. الخطوة التالية: زيارة الاستوديو لتصوير صورتك وفيديو التعريف.'
      : 'شكرًا لوقتك. لم تجتز المقابلة هذه المرة، ويمكنك حجز مقابلة جديدة بعد ستة أشهر.',
  ];
  return {
    subject: `${BRAND}: ${title}`,
    html: layout({
      title,
      paragraphs: options.feedback
        ? [...paragraphs, `ملاحظات المقابِل: ${richTextToPlain(options.feedback)}`]
        : paragraphs,
      link: { url: options.url, label: 'خطوات الانضمام' },
    }),
    text: [...paragraphs, ...(options.feedback ? [richTextToPlain(options.feedback)] : []), options.url].join(
      '\n\n',
    ),
  };
}

export type LessonNoteMailOptions = {
  /** The student. */
  name: string | null;
  tutorName: string | null;
  start: Date;
  /** Where the student reads it: their home's past lessons. */
  lessonsUrl: string;
  timeZone?: string;
};

/**
 * To the student when their tutor first wrote a lesson's summary and homework (issue 27). The note
 * itself stays in the app (it is the tutor's text; the mail only says where to read it).
 */
export function lessonNoteMail(options: LessonNoteMailOptions): MailContent {
  const when = formatDateTime(options.start, options.timeZone ?? PRODUCT_TIMEZONE);
  const who = options.tutorName ? `كتب معلمك ${options.tutorName}` : 'كتب معلمك';
  const paragraphs = [
    greeting(options.name),
    `${who} ملخص درسك المحدد في ${when} والواجب المطلوب منك. تجده مع الدرس في دروسك السابقة.`,
  ];
  return {
    subject: `${BRAND}: ملخص درسك والواجب`,
    html: layout({ title: 'ملخص درسك', paragraphs, link: { url: options.lessonsUrl, label: 'دروسي' } }),
    text: [...paragraphs, `دروسك: ${options.lessonsUrl}`].join('\n\n'),
  };
}
