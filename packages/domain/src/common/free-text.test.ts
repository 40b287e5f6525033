import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { attachmentDisplayName } from '../chat/chat-attachment.rules.ts';
import { InvoiceNoteSchema } from '../invoices/invoice.schemas.ts';
import { SaveLessonNoteRequestSchema } from '../lessons/lesson-note.schemas.ts';
import { RefundRequestSchema } from '../payments/payment.schemas.ts';
import { PlanAliasSchema } from '../plans/plan.schemas.ts';
import { RatingTextSchema } from '../ratings/rating.schemas.ts';
import {
  CreateRefundRequestSchema,
  DeclineRefundRequestSchema,
} from '../subscriptions/subscription-manage.schemas.ts';
import {
  ContactRequestMessageSchema,
  ContactRequestNameSchema,
  ContactRequestTitleSchema,
} from '../support/contact-request.schemas.ts';
import {
  ReportDescriptionSchema,
  ReportReplyTextSchema,
  ReportTitleSchema,
} from '../support/report.schemas.ts';
import { TopicNameSchema } from '../topics/topic.schemas.ts';
import { BioSchema, TutorAboutSchema } from '../tutors/tutor.schemas.ts';
import { UserNameSchema } from '../users/user.schemas.ts';
import {
  cleanPlainText,
  cleanRichTextInput,
  hasInvisible,
  hasMarkup,
  RICH_TEXT,
  stripInvisible,
} from './free-text.ts';

/**
 * Every plain-text field of every request schema (decision 0046), with a valid text and the code its
 * markup answers. Rich fields (chat messages, interview feedback and notes) are sanitised on the
 * server: `apps/server/src/modules/chat/message-text.test.ts` and the hostile-text HTTP tests.
 */
const FIELDS: Array<{ field: string; schema: z.ZodType; valid: string; markup: string | string[] }> = [
  // A name allows letters only: markup is refused by its pattern (or its length).
  {
    field: 'user name',
    schema: UserNameSchema,
    valid: 'أحمد علي',
    markup: ['user-name-invalid', 'user-name-long'],
  },
  {
    field: 'contact request name',
    schema: ContactRequestNameSchema,
    valid: 'أحمد علي',
    markup: 'text-invalid-html',
  },
  {
    field: 'tutor bio',
    schema: BioSchema,
    valid: 'مدرس لغة إنجليزية بخبرة عشر سنوات',
    markup: 'text-invalid-html',
  },
  {
    field: 'tutor about',
    schema: TutorAboutSchema,
    valid: 'أدرّس الإنجليزية للمبتدئين والمتوسطين منذ عشر سنوات بأسلوب محادثة مريح.',
    markup: 'text-invalid-html',
  },
  { field: 'report title', schema: ReportTitleSchema, valid: 'الصوت لا يعمل', markup: 'text-invalid-html' },
  {
    field: 'report description',
    schema: ReportDescriptionSchema,
    valid: 'انقطع الصوت في منتصف الدرس',
    markup: 'text-invalid-html',
  },
  {
    field: 'report reply',
    schema: ReportReplyTextSchema,
    valid: 'شكرًا، سنراجع الأمر',
    markup: 'text-invalid-html',
  },
  { field: 'rating text', schema: RatingTextSchema, valid: 'مدرس ممتاز وصبور', markup: 'text-invalid-html' },
  {
    field: 'contact request title',
    schema: ContactRequestTitleSchema,
    valid: 'سؤال عن الباقات',
    markup: 'text-invalid-html',
  },
  {
    field: 'contact request message',
    schema: ContactRequestMessageSchema,
    valid: 'أريد معرفة أسعار الباقات الشهرية',
    markup: 'text-invalid-html',
  },
  {
    field: 'lesson note summary',
    schema: SaveLessonNoteRequestSchema.shape.summary,
    valid: 'راجعنا الأزمنة البسيطة',
    markup: 'text-invalid-html',
  },
  {
    field: 'lesson note homework',
    schema: SaveLessonNoteRequestSchema.shape.homework,
    valid: 'اكتب خمس جمل',
    markup: 'text-invalid-html',
  },
  {
    field: 'invoice note',
    schema: InvoiceNoteSchema,
    valid: 'تم التحويل',
    markup: 'invoice-note-invalid-html',
  },
  { field: 'plan alias', schema: PlanAliasSchema, valid: 'الباقة الذهبية', markup: 'text-invalid-html' },
  { field: 'topic name', schema: TopicNameSchema, valid: 'قواعد اللغة', markup: 'text-invalid-html' },
  {
    field: 'refund reason',
    schema: RefundRequestSchema.shape.reason,
    valid: 'طلب الطالب',
    markup: 'text-invalid-html',
  },
  {
    field: 'subscription refund request reason',
    schema: CreateRefundRequestSchema.shape.reason,
    valid: 'لم أعد أستطيع حضور الدروس هذا الشهر',
    markup: 'text-invalid-html',
  },
  {
    field: 'subscription refund decline note',
    schema: DeclineRefundRequestSchema.shape.note,
    valid: 'مضى على الاشتراك أكثر من أسبوعين',
    markup: 'text-invalid-html',
  },
];

/** Markup a plain-text field refuses: links that run script, handlers, tags hidden by invisible characters. */
const MARKUP_INPUTS = [
  (valid: string) => `${valid} <a href="javascript:alert(1)">x</a>`,
  (valid: string) => `<img src=x onerror=alert(1)>${valid}`,
  (valid: string) => `${valid}<script>alert(1)</script>`,
  (valid: string) => `${valid} <!-- x -->`,
  (valid: string) => `${valid} </b>`,
  // Stripping the zero-width space and the override leaves a tag: checked after cleaning.
  (valid: string) => `${valid} <\u200bimg src=x onerror=alert(1)>`,
  (valid: string) => `${valid} <\u202eb>`,
];

/** Invisible characters every field strips, each put inside the valid text. */
const INVISIBLE = [
  '\u202e', // RIGHT-TO-LEFT OVERRIDE
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u2066', // LEFT-TO-RIGHT ISOLATE
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e', // LRM
  '\u200f', // RLM
  '\u061c', // ARABIC LETTER MARK
  '\u200b',
  '\ufeff',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800', // a lone surrogate
];

function parse(schema: z.ZodType, input: string): { ok: true; value: unknown } | { ok: false; code: string } {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, code: result.error.issues[0]!.message };
}

/** The valid text with `extra` after its first character (inside a word, where it would hide). */
const inside = (valid: string, extra: string) => `${valid.slice(0, 1)}${extra}${valid.slice(1)}`;

describe('one rule for free text (decision 0046)', () => {
  describe.each(FIELDS)('$field', ({ schema, valid, markup }) => {
    it('accepts its valid text as it is', () => {
      expect(parse(schema, valid)).toEqual({ ok: true, value: valid });
    });

    it.each(MARKUP_INPUTS.map((make, index) => [index, make(valid)]))(
      'refuses markup %i',
      (_index, input) => {
        const result = parse(schema, input);
        expect(result.ok).toBe(false);
        expect([markup].flat()).toContain(!result.ok && result.code);
      },
    );

    it.each(INVISIBLE.map((char) => [`U+${char.codePointAt(0)!.toString(16).padStart(4, '0')}`, char]))(
      'strips %s',
      (_name, char) => {
        expect(parse(schema, inside(valid, char))).toEqual({ ok: true, value: valid });
        expect(parse(schema, `${char}${valid}${char}${char}`)).toEqual({ ok: true, value: valid });
      },
    );

    it('keeps angle brackets that are not markup', () => {
      const text = `${valid} <3`;
      const result = parse(schema, text);
      // Names allow letters only; every free-text field keeps the text.
      expect(result).toEqual(
        Array.isArray(markup) ? { ok: false, code: 'user-name-invalid' } : { ok: true, value: text },
      );
    });
  });

  it('strips the same characters from a chat attachment name', () => {
    for (const char of INVISIBLE) {
      expect(attachmentDisplayName(`invoice${char}fdp.exe`, 'pdf', 'file')).toBe('invoicefdp.pdf');
    }
  });
});

describe('cleanPlainText', () => {
  it('keeps one line of a line, and paragraphs with at most one blank line between them', () => {
    expect(cleanPlainText('  a \t b\r\n c\u2028d  ', 'line')).toBe('a b c d');
    expect(cleanPlainText('  a\r\nb\u0000\u202e \n\n\n\nc\t \n ', 'paragraphs')).toBe('a\nb\n\nc');
    expect(cleanPlainText('a\u2029b\rc', 'paragraphs')).toBe('a\nb\nc');
  });

  it('normalises to NFC and keeps joiners that Persian and emoji need', () => {
    expect(cleanPlainText('e\u0301', 'line')).toBe('\u00e9');
    expect(cleanPlainText('👩\u200d💻 می\u200cخواهم', 'line')).toBe('👩\u200d💻 می\u200cخواهم');
  });

  it('keeps paired surrogates (emoji) and drops lone ones', () => {
    expect(stripInvisible('😀\ud800x\udc00')).toBe('😀x');
    expect(hasInvisible('😀')).toBe(false);
    expect(hasInvisible('a\u202eb')).toBe(true);
  });
});

describe('hasMarkup', () => {
  it('is what an HTML parser reads as a tag, a comment or a declaration', () => {
    for (const text of ['<b>', '<a href=x>', '</p>', '<!-- x', '<!doctype html>', '<?xml', '<IMG SRC=x>']) {
      expect(hasMarkup(text), text).toBe(true);
    }
    for (const text of ['a < b', 'I <3 it', '<< >>', '5<6', '&lt;b&gt;', '<١>', '< b>']) {
      expect(hasMarkup(text), text).toBe(false);
    }
  });
});

describe('rich text input', () => {
  it('loses invisible characters before the server sanitises it, so none hides a tag or a scheme', () => {
    expect(cleanRichTextInput('<a href="java\u200bscript:x">y</a>')).toBe('<a href="javascript:x">y</a>');
    expect(cleanRichTextInput('<im\u200bg onerror=x>')).toBe('<img onerror=x>');
    expect(cleanRichTextInput(' \u202eمرحبا\r\n')).toBe('مرحبا');
  });

  it('allows a few inline tags and http(s) links, and treats script schemes as script', () => {
    expect(RICH_TEXT.tags).toEqual(['b', 'i', 'strong', 'em', 'br', 'a']);
    expect(RICH_TEXT.schemes).toEqual(['http', 'https']);
    for (const scheme of ['javascript:x', 'JavaScript:x', 'vbscript:x', 'data:text/html,x']) {
      expect(RICH_TEXT.scriptSchemes.test(scheme), scheme).toBe(true);
    }
    expect(RICH_TEXT.scriptSchemes.test('https://example.com')).toBe(false);
  });
});
