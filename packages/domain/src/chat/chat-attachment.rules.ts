import { BOUNDS } from '../bounds.ts';
import { cleanPlainText } from '../common/free-text.ts';
import { VOICE_NOTE_LIMITS } from './voice-note.rules.ts';

/**
 * Chat attachments (issue 27, decision 0041): what a file is, judged by its first bytes (never its name
 * or declared type), and the name shown for it. Pure: the server checks uploads with it, the web app
 * checks a chosen file before sending it.
 */

/**
 * A picture, a PDF or a voice note; pictures are re-encoded by the server, so they are stored as JPEG.
 * Voice notes (Opus in WebM or Ogg) are judged by `readVoiceNote` and only sent in chat.
 */
export const ChatAttachmentKind = { Picture: 'picture', Pdf: 'pdf', Voice: 'voice' } as const;
export type ChatAttachmentKind = (typeof ChatAttachmentKind)[keyof typeof ChatAttachmentKind];

export type SniffedAttachment =
  | { kind: typeof ChatAttachmentKind.Picture; format: 'jpeg' | 'png' | 'gif' | 'webp' }
  | { kind: typeof ChatAttachmentKind.Pdf; format: 'pdf' };

/** Types the file picker offers (the server still decides by content). */
export const CHAT_ATTACHMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

/** Bytes the sniffing needs at most. */
export const ATTACHMENT_HEAD_BYTES = 16;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The attachment a file's first bytes announce: JPEG (`FF D8 FF`), PNG (its 8-byte signature), GIF
 * (`GIF87a`/`GIF89a`), WebP (`RIFF….WEBP`) or PDF (`%PDF-`); null for anything else (a text file named
 * `.png` is null). A picture is only accepted once the server has decoded it too.
 */
export function sniffAttachment(head: Uint8Array): SniffedAttachment | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) {
    return { kind: ChatAttachmentKind.Picture, format: 'jpeg' };
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: ChatAttachmentKind.Picture, format: 'png' };
  }
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    return { kind: ChatAttachmentKind.Picture, format: 'gif' };
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) {
    return { kind: ChatAttachmentKind.Picture, format: 'webp' };
  }
  if (startsWith(head, ascii('%PDF-'))) {
    return { kind: ChatAttachmentKind.Pdf, format: 'pdf' };
  }
  return null;
}

/** The largest file of a kind, in bytes. */
export function attachmentMaxBytes(kind: ChatAttachmentKind): number {
  if (kind === ChatAttachmentKind.Voice) {
    return VOICE_NOTE_LIMITS.maxBytes;
  }
  return kind === ChatAttachmentKind.Pdf
    ? BOUNDS.chatAttachments.pdfMaxBytes
    : BOUNDS.chatAttachments.pictureMaxBytes;
}

/**
 * The name shown for an attachment: the sender's file name without any folder, control or direction
 * characters, spaces collapsed, at most `BOUNDS.chatAttachments.nameMax` characters (the extension
 * kept), ending in the stored type's extension; `fallback` (e.g. `picture`) when nothing is left.
 */
export function attachmentDisplayName(
  raw: string,
  extension: 'jpg' | 'pdf' | 'webm' | 'ogg',
  fallback: string,
): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // Controls and bidirectional overrides go (decision 0046): a name could otherwise show `fdp.exe` as `exe.pdf`.
  const cleaned = cleanPlainText(base, 'line');
  const stem = cleaned.replace(/\.[^.]*$/, '').trim() || fallback;
  const suffix = `.${extension}`;
  const chars = [...stem];
  const room = BOUNDS.chatAttachments.nameMax - suffix.length;
  return `${chars.length > room ? chars.slice(0, room).join('').trim() : stem}${suffix}`;
}

/** Why the files chosen for one message cannot be sent, judged from their declared type and size. */
export type AttachmentProblem = 'too-many-files' | 'invalid-type' | 'payload-too-large';

/**
 * The browser's check before uploading (the server checks again by content): at most
 * `perMessage` files, each a picture or PDF by its declared type, within its size limit. Null when fine.
 */
export function checkChosenAttachments(
  files: ReadonlyArray<{ type: string; size: number }>,
): AttachmentProblem | null {
  if (files.length > BOUNDS.chatAttachments.perMessage) {
    return 'too-many-files';
  }
  for (const file of files) {
    if (!(CHAT_ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) {
      return 'invalid-type';
    }
    const kind = file.type === 'application/pdf' ? ChatAttachmentKind.Pdf : ChatAttachmentKind.Picture;
    if (file.size > attachmentMaxBytes(kind) || file.size === 0) {
      return file.size === 0 ? 'invalid-type' : 'payload-too-large';
    }
  }
  return null;
}
