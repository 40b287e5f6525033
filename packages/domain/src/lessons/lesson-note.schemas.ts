import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { ChatAttachmentKind } from '../chat/chat-attachment.rules.ts';
import { cleanPlainText, plainTextSchema } from '../common/free-text.ts';

/**
 * After the lesson (issue 27): the tutor's summary of what was covered and the homework, written within
 * `BOUNDS.lessonNoteWindowHours` of the lesson's end (`checkLessonNote`). Plain text (decision 0046):
 * control and bidirectional characters are dropped, runs of blank lines collapsed, ends trimmed, markup
 * refused (`text-invalid-html`); screens show it as text, never as markup.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });

/** A note's text as stored: the shared plain-text cleaning in paragraphs (`cleanPlainText`). */
export function cleanNoteText(value: string): string {
  return cleanPlainText(value, 'paragraphs');
}

const noteText = (max: number, tooLong: 'lesson-note-summary-long' | 'lesson-note-homework-long') =>
  plainTextSchema({ kind: 'paragraphs', max, tooLong }).max(max, { error: tooLong });

/** `PUT /api/v1/lesson/{id}/note` (the lesson's tutor): the summary (required) and the homework. */
export const SaveLessonNoteRequestSchema = z.strictObject(
  {
    summary: /* @__PURE__ */ noteText(BOUNDS.lessonNoteSummary.max, 'lesson-note-summary-long').pipe(
      z.string().min(BOUNDS.lessonNoteSummary.min, { error: 'lesson-note-summary-short' }),
    ),
    homework: /* @__PURE__ */ noteText(BOUNDS.lessonNoteHomework.max, 'lesson-note-homework-long')
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  },
  BAD_REQUEST,
);
export type SaveLessonNoteRequest = z.input<typeof SaveLessonNoteRequestSchema>;

/**
 * A picture or PDF on the note (decision 0049), shaped like a chat attachment so the same components
 * show both: `fileName` is the stored name (`DELETE …/note/files/{fileName}`), `name` the tutor's file
 * name as shown, `url` the private `GET /api/v1/lesson/note-file/{fileName}` (fetched with the token).
 */
export const LessonNoteFileSchema = z.object({
  fileName: z.string(),
  name: z.string(),
  kind: z.enum(ChatAttachmentKind),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  url: z.string(),
});
export type LessonNoteFile = z.infer<typeof LessonNoteFileSchema>;

/** A lesson's note as its members and staff read it. */
export const LessonNoteSchema = z.object({
  lessonId: z.number().int().positive(),
  summary: z.string(),
  homework: z.string().nullable(),
  author: z.object({ id: z.number().int().positive(), name: z.string().nullable() }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** Until when the tutor may still change it. */
  editableUntil: isoDateTime,
  /** Its pictures and PDFs, in the order attached (at most `BOUNDS.lessonNoteFiles.perNote`). */
  files: z.array(LessonNoteFileSchema),
});
export type LessonNote = z.infer<typeof LessonNoteSchema>;

/** Socket event to both members when a lesson's note is written or changed. */
export const LessonNoteEventSchema = z.object({ note: LessonNoteSchema });
export type LessonNoteEvent = z.infer<typeof LessonNoteEventSchema>;
