import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * One rule for text people type (issue 28, decision 0046). Every free-text field of every request
 * schema is one of two kinds:
 *
 * - **plain text** (names, bio, about, report title, description and replies, rating text, contact
 *   requests, lesson notes, invoice notes, plan aliases, topic names, a refund's reason): invisible
 *   controls are **stripped** ({@link stripInvisible}: C0/C1 controls but tab and line breaks, the
 *   bidirectional embeddings, overrides, isolates and marks U+202A–202E, U+2066–2069, U+200E/200F,
 *   U+061C, zero-width space, word joiner, BOM, lone surrogates), the text is NFC-normalised, and
 *   anything a browser would read as a tag ({@link hasMarkup}) is **refused** with the field's code
 *   (`text-invalid-html` unless the spec names one, like `invoice-note-invalid-html`). Screens show it
 *   as text, e-mails escape it: markup is never rendered, and never stored to surprise a later reader.
 * - **rich text** (chat messages, interview feedback and notes: the spec says sanitised HTML): the same
 *   controls are stripped from the raw input, then the server sanitises it with {@link RICH_TEXT}'s
 *   allow-list (sanitize-html, `apps/server/src/modules/chat/message-text.ts`); script, frames,
 *   `on*` handlers and `javascript:`/`data:` URLs refuse the text (`…-invalid-html`). Screens turn the
 *   stored HTML into elements of the same few tags, never set it as HTML.
 *
 * Patterned fields (e-mail, phone, codes, bank and InstaPay details) keep their patterns, which admit
 * none of these characters; a name is stripped first, then checked against its letters-only pattern.
 */

/**
 * Characters nobody means to store: C0 controls but tab, line feed and carriage return; DEL and C1;
 * the Arabic letter mark; zero-width space; LRM, RLM; embeddings and overrides (LRE, RLE, PDF, LRO,
 * RLO); word joiner and invisible operators; isolates (LRI, RLI, FSI, PDI) and the deprecated format
 * characters; BOM; interlinear annotation marks; and lone surrogates (not text in any encoding).
 * Zero-width (non-)joiners stay: Persian, Urdu and emoji sequences need them.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]|\p{Cs}/gu;

/**
 * {@link INVISIBLE} but the directional marks (LRM, RLM, ALM): those only attach neutral characters to
 * a direction, cannot turn a line around, and `Intl` writes them into Arabic dates and numbers.
 */
const UNSAFE_CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]|\p{Cs}/gu;

/**
 * Our own output (e-mails) cleaned of what could turn it around or hide in it — overrides,
 * embeddings, isolates, controls — keeping the directional marks our date and number formatting
 * writes. Text people type goes through {@link stripInvisible} instead.
 */
export function stripUnsafeControls(value: string): string {
  return value.replace(UNSAFE_CONTROLS, '');
}

/** Whether a text holds any character {@link stripInvisible} removes. */
export function hasInvisible(value: string): boolean {
  return stripInvisible(value) !== value;
}

/** A text without bidirectional controls, other invisible format characters and control characters. */
export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** `line`: one line (every run of whitespace one space); `paragraphs`: line breaks kept. */
export type PlainTextKind = 'line' | 'paragraphs';

/**
 * A plain text as stored: NFC, no invisible controls, trimmed. A `line` has every run of whitespace
 * (line breaks too) as one space; `paragraphs` keep line breaks (CR LF, CR and the Unicode separators
 * read as LF), lose trailing spaces on a line, and keep at most one blank line in a row.
 */
export function cleanPlainText(value: string, kind: PlainTextKind): string {
  const text = stripInvisible(value.normalize('NFC'));
  if (kind === 'line') {
    return text.replace(/\s+/g, ' ').trim();
  }
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\S\n]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * What an HTML parser reads as markup rather than text: `<` followed by a letter (a tag), `/` (an end
 * tag), `!` (a comment or doctype) or `?`. `a < b`, `<3` and `<<` stay text.
 */
const MARKUP = /<[a-z/!?]/i;

/** Whether a text carries markup (a plain-text field refuses it). */
export function hasMarkup(value: string): boolean {
  return MARKUP.test(value);
}

/** The code a plain-text field answers for markup when the spec names none of its own. */
export const TEXT_INVALID_HTML = 'text-invalid-html' satisfies ErrorCode;

/**
 * The start of every plain-text field's schema: a string (`invalid-type` otherwise), at most
 * `rawMax` characters as sent (so nothing huge is cleaned; `tooLong`), cleaned by
 * {@link cleanPlainText}, and refused with `markup` when it carries a tag. Chain the field's own
 * length checks after it: they count the cleaned text.
 */
/* @__NO_SIDE_EFFECTS__ */
export function plainTextSchema(options: {
  kind: PlainTextKind;
  /** The field's maximum length; the raw text may be a few times longer before cleaning. */
  max: number;
  tooLong: ErrorCode;
  markup?: ErrorCode;
}) {
  return z
    .string({ error: typeErrorCode })
    .max(Math.max(options.max * 4, 1000), { error: options.tooLong, abort: true })
    .overwrite((value) => cleanPlainText(value, options.kind))
    .refine((value) => !hasMarkup(value), { error: options.markup ?? TEXT_INVALID_HTML, abort: true });
}

/**
 * The rich-text allow-list (rules.md "Chat", "Interviews": sanitised HTML): a few inline tags, links
 * only to http(s) (opened with `rel="noopener"`), no other attribute. `forbiddenTags` and
 * `scriptSchemes` are what refuses a text rather than being dropped quietly; any `on*` attribute does
 * too.
 */
export const RICH_TEXT = /* @__PURE__ */ Object.freeze({
  tags: Object.freeze(['b', 'i', 'strong', 'em', 'br', 'a'] as const),
  attributes: Object.freeze({ a: Object.freeze(['href', 'rel'] as const) }),
  schemes: Object.freeze(['http', 'https'] as const),
  forbiddenTags: Object.freeze([
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'link',
    'meta',
    'base',
    'form',
    'svg',
    'math',
    'template',
    'noscript',
  ] as const),
  /** URL schemes that run code or carry a document (whitespace and controls inside ignored). */
  scriptSchemes: /^(?:javascript|vbscript|data):/i,
});

/**
 * A rich text's raw input before sanitising: controls stripped (so `java\u200Bscript:` or
 * `<im\u200Bg` cannot hide from the checks), NFC, line breaks normalised.
 */
export function cleanRichTextInput(value: string): string {
  return cleanPlainText(value, 'paragraphs');
}
