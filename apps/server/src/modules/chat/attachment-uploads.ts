import {
  AppError,
  ATTACHMENT_HEAD_BYTES,
  attachmentDisplayName,
  attachmentMaxBytes,
  BOUNDS,
  ChatAttachmentKind,
  readVoiceNote,
  type SendAttachmentsFields,
  SendAttachmentsFieldsSchema,
  type SniffedAttachment,
  sniffAttachment,
  sniffVoiceContainer,
  VOICE_NOTE_LIMITS,
  type VoiceNoteInfo,
  validationErrorCode,
  voiceNoteWithinLimit,
} from '@hiwar/domain';
import type { FastifyRequest } from 'fastify';
import { CHAT_PICTURE, processImage } from '../assets/media.ts';
import { asClientError, multipartParts, readLimited } from '../assets/uploads.ts';

/** A file of a chat message as it arrived: its bytes, what they are, and the name the sender gave. */
export type ReceivedAttachment = {
  buffer: Buffer;
  sniffed: SniffedAttachment | ({ kind: typeof ChatAttachmentKind.Voice } & VoiceNoteInfo);
  fileName: string;
};

const TEXT_FIELDS = new Set(['text', 'clientRef']);
const LARGEST = Math.max(
  BOUNDS.chatAttachments.pictureMaxBytes,
  BOUNDS.chatAttachments.pdfMaxBytes,
  VOICE_NOTE_LIMITS.maxBytes,
);

/**
 * Reads a chat attachments form: text fields `text` and `clientRef`, files `file` (1 to
 * `BOUNDS.chatAttachments.perMessage`). Each file is read into memory up to its limit and judged by its
 * bytes (`invalid-type`: not a JPG, PNG, GIF, WebP, PDF, WebM or Ogg; `unsupported-media-type`: a WebM
 * or Ogg that is not Opus audio alone; `payload-too-large`, for a voice note also when it lasts over
 * two minutes); a malformed body is `bad-request` (through `multipartParts`), no file `required`, an
 * unknown field `bad-request`.
 */
export async function readAttachmentsForm(
  request: FastifyRequest,
): Promise<{ fields: SendAttachmentsFields; files: ReceivedAttachment[] }> {
  if (!request.isMultipart()) {
    throw new AppError('bad-request', { message: 'Send multipart/form-data' });
  }
  const values: Record<string, unknown> = {};
  const files: ReceivedAttachment[] = [];
  try {
    await readParts(request, TEXT_FIELDS, BOUNDS.chatAttachments.perMessage, values, files, true);
  } catch (error) {
    // A part's stream can fail too (the body ends inside a file): the client's error, never a 500.
    throw asClientError(error);
  }
  if (files.length === 0) {
    throw new AppError('required', { message: 'Attach a picture or a PDF' });
  }
  const parsed = SendAttachmentsFieldsSchema.safeParse(values);
  if (!parsed.success) {
    throw new AppError(validationErrorCode(parsed.error));
  }
  return { fields: parsed.data, files };
}

/**
 * Reads a form of files alone (`file`, 1 to `max`), judged as chat attachments are (decision 0049: a
 * lesson note's files), pictures and PDFs only: `invalid-type`, `payload-too-large`, `required`, and
 * `bad-request` for any other field, a malformed body, or more than `max` files.
 */
export async function readAttachmentFiles(
  request: FastifyRequest,
  max: number,
): Promise<ReceivedAttachment[]> {
  if (!request.isMultipart()) {
    throw new AppError('bad-request', { message: 'Send multipart/form-data' });
  }
  const files: ReceivedAttachment[] = [];
  try {
    await readParts(request, new Set(), max, {}, files);
  } catch (error) {
    throw asClientError(error);
  }
  if (files.length === 0) {
    throw new AppError('required', { message: 'Attach a picture or a PDF' });
  }
  return files;
}

/**
 * A received file made ready to store: a picture decoded and re-encoded (`CHAT_PICTURE`: JPEG, metadata
 * dropped; `invalid-type` if it cannot be decoded), a PDF or a voice note kept as sent; with the name
 * shown for it.
 */
export async function prepareAttachment(file: ReceivedAttachment) {
  const { sniffed } = file;
  if (sniffed.kind === ChatAttachmentKind.Voice) {
    return {
      buffer: file.buffer,
      mime: sniffed.mime,
      extension: sniffed.format,
      attachment: {
        kind: ChatAttachmentKind.Voice,
        name: attachmentDisplayName(file.fileName, sniffed.format, 'voice-note'),
        mime: sniffed.mime,
        width: null,
        height: null,
        durationMs: sniffed.durationMs,
      },
    };
  }
  if (sniffed.kind === ChatAttachmentKind.Pdf) {
    return {
      buffer: file.buffer,
      mime: 'application/pdf',
      extension: 'pdf' as const,
      attachment: {
        kind: ChatAttachmentKind.Pdf,
        name: attachmentDisplayName(file.fileName, 'pdf', 'file'),
        mime: 'application/pdf',
        width: null,
        height: null,
        durationMs: null,
      },
    };
  }
  const image = await processImage(file.buffer, CHAT_PICTURE);
  return {
    buffer: image.buffer,
    mime: image.mime,
    extension: image.extension,
    attachment: {
      kind: ChatAttachmentKind.Picture,
      name: attachmentDisplayName(file.fileName, 'jpg', 'picture'),
      mime: image.mime,
      width: image.width,
      height: image.height,
      durationMs: null,
    },
  };
}

async function readParts(
  request: FastifyRequest,
  textFields: ReadonlySet<string>,
  maxFiles: number,
  values: Record<string, unknown>,
  files: ReceivedAttachment[],
  voice = false,
): Promise<void> {
  for await (const part of multipartParts(request)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || files.length >= maxFiles) {
        part.file.resume();
        throw new AppError('bad-request', { message: `Unexpected file field ${part.fieldname}` });
      }
      const buffer = await readLimited(part.file, LARGEST);
      const head = buffer.subarray(0, ATTACHMENT_HEAD_BYTES);
      if (voice && sniffVoiceContainer(head)) {
        files.push({ buffer, sniffed: readVoice(buffer), fileName: part.filename ?? '' });
        continue;
      }
      const sniffed = sniffAttachment(head);
      if (!sniffed) {
        throw new AppError('invalid-type', { message: 'Send a JPG, PNG, GIF or WebP picture, or a PDF' });
      }
      if (buffer.length > attachmentMaxBytes(sniffed.kind)) {
        throw new AppError('payload-too-large', { message: 'The file is too large' });
      }
      files.push({ buffer, sniffed, fileName: part.filename ?? '' });
      continue;
    }
    if (!textFields.has(part.fieldname) || part.fieldname in values) {
      throw new AppError('bad-request', { message: `Unexpected field ${part.fieldname}` });
    }
    values[part.fieldname] = part.value;
  }
}

/**
 * A WebM or Ogg file judged as a voice note: Opus audio alone (`unsupported-media-type` otherwise),
 * within `VOICE_NOTE_LIMITS.maxBytes` and, when its container tells its length, two minutes
 * (`payload-too-large`).
 */
function readVoice(buffer: Buffer): ReceivedAttachment['sniffed'] {
  if (buffer.length > VOICE_NOTE_LIMITS.maxBytes) {
    throw new AppError('payload-too-large', { message: 'A voice note is at most 2 MB' });
  }
  const note = readVoiceNote(buffer);
  if (!note) {
    throw new AppError('unsupported-media-type', {
      message: 'Send a voice note of Opus audio in WebM or Ogg',
    });
  }
  if (!voiceNoteWithinLimit(note.durationMs)) {
    throw new AppError('payload-too-large', { message: 'A voice note lasts at most 2 minutes' });
  }
  return { kind: ChatAttachmentKind.Voice, ...note };
}
