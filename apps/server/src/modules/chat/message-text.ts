import { BOUNDS, cleanRichTextInput, RICH_TEXT } from '@hiwar/domain';
import sanitizeHtml from 'sanitize-html';

export type MessageTextCheck =
  | { code: 'ok'; text: string }
  | { code: 'message-text-too-short' | 'message-text-too-long' | 'message-text-invalid-html' };

/**
 * Tags whose presence means the sender tried markup rich text can never show (rather than formatting
 * it loses): the text is refused (`…-invalid-html`) instead of silently changed. The allow-list and
 * these are the domain's one free-text policy (`RICH_TEXT`, decision 0046).
 */
const FORBIDDEN_TAGS = new Set<string>(RICH_TEXT.forbiddenTags);

/** What a rich text may keep: a tiny inline set; links only to http(s), never opener-aware. */
const KEEP: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT.tags],
  allowedAttributes: { a: [...RICH_TEXT.attributes.a] },
  allowedSchemes: [...RICH_TEXT.schemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

/** sanitize-html escapes text with these entities only; counting characters undoes them. */
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function hasScript(raw: string): boolean {
  let found = false;
  // A parse only (its output is dropped): every tag and attribute allowed, so `onOpenTag` sees them as sent.
  sanitizeHtml(raw, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (name, attributes) => {
      if (FORBIDDEN_TAGS.has(name.toLowerCase())) {
        found = true;
        return;
      }
      for (const [attribute, value] of Object.entries(attributes)) {
        // Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`).
        const scheme = value.replace(/[\s\p{Cc}]+/gu, '').toLowerCase();
        if (attribute.toLowerCase().startsWith('on') || RICH_TEXT.scriptSchemes.test(scheme)) {
          found = true;
        }
      }
    },
  });
  return found;
}

/** What a rich text (a chat message, an interview's feedback or note) check answers. */
export type RichTextCheck =
  | { code: 'ok'; text: string }
  | { code: 'too-short' | 'too-long' | 'invalid-html' };

/**
 * A chat message as stored and shown (rules.md "Chat"): plain text or a tiny inline HTML set, sanitised
 * with sanitize-html; 1–1000 visible characters (the text content after sanitising, trimmed). Markup
 * that only formats (a `div`, a `class`) is dropped quietly; scripts, styles, frames, `on*` handlers and
 * `javascript:` links refuse the message.
 */
export function checkMessageText(raw: string): MessageTextCheck {
  const checked = checkRichText(raw, BOUNDS.messageText);
  return checked.code === 'ok' ? checked : { code: `message-text-${checked.code}` };
}

/**
 * Any user HTML shown to others under the chat's rules (interview feedback and notes too): control
 * and bidirectional characters stripped first (decision 0046: `java\u200Bscript:` and `<im\u200Bg`
 * cannot hide from the checks, U+202E cannot turn text around), sanitised, refused when it carries
 * script, and `bounds` visible characters long.
 */
export function checkRichText(input: string, bounds: { min: number; max: number }): RichTextCheck {
  const raw = cleanRichTextInput(input);
  // Plain text (most messages) has nothing to sanitise: sanitize-html would give it back unchanged.
  if (!/[<>&]/.test(raw)) {
    return measured(raw, raw, bounds);
  }
  if (hasScript(raw)) {
    return { code: 'invalid-html' };
  }
  const pieces: string[] = [];
  const html = sanitizeHtml(raw, {
    ...KEEP,
    textFilter: (text) => {
      pieces.push(text);
      return text;
    },
  }).trim();
  const visible = pieces
    .join('')
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .trim();
  return measured(html, visible, bounds);
}

/** The sanitised `html` if its `visible` text is within `bounds` characters. */
function measured(html: string, visible: string, bounds: { min: number; max: number }): RichTextCheck {
  const length = [...visible].length;
  if (length < bounds.min) {
    return { code: 'too-short' };
  }
  if (length > bounds.max) {
    return { code: 'too-long' };
  }
  return { code: 'ok', text: html };
}

/**
 * A sanitised rich text as plain text (e-mails' text parts and previews): tags dropped, `<br>` as a
 * line break, entities decoded.
 */
export function richTextToPlain(html: string): string {
  const text = sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n'), { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity);
}
