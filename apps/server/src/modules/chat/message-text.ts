import { BOUNDS } from '@hiwar/domain';
import sanitizeHtml from 'sanitize-html';

export type MessageTextCheck =
  | { code: 'ok'; text: string }
  | { code: 'message-text-too-short' | 'message-text-too-long' | 'message-text-invalid-html' };

/**
 * Tags whose presence means the sender tried markup chat can never show (rather than formatting it
 * loses): the message is refused as `message-text-invalid-html` instead of silently changed.
 */
const FORBIDDEN_TAGS = new Set([
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
]);

/** URL schemes that run code: an attribute carrying one is refused like a script. */
const SCRIPT_SCHEME = /^(javascript|vbscript|data):/;

/** What a message may keep: a tiny inline set; links only to http(s), never opener-aware. */
const KEEP: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'strong', 'em', 'br', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
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
        if (attribute.toLowerCase().startsWith('on') || SCRIPT_SCHEME.test(scheme)) {
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
 * Any user HTML shown to others under the chat's rules (interview feedback and notes too): sanitised,
 * refused when it carries script, and `bounds` visible characters long.
 */
export function checkRichText(raw: string, bounds: { min: number; max: number }): RichTextCheck {
  // Plain text (most messages) has nothing to sanitise: sanitize-html would give it back unchanged.
  if (!/[<>&]/.test(raw)) {
    return measured(raw.trim(), raw.trim(), bounds);
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
