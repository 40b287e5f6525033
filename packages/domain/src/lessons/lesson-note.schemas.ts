import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * After the lesson (issue 27): the tutor's summary of what was covered and the homework, written within
 * `BOUNDS.lessonNoteWindowHours` of the lesson's end (`checkLessonNote`). Plain text: control
 * characters other than line breaks are dropped, runs of blank lines collapsed, ends trimmed; screens
 * show it as text, never as markup.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });

/** Characters a note keeps: printable text, tabs and line breaks (no other C0/C1 controls, no BOM). */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** A note's text as stored: normalised line breaks, no control characters, at most one blank line. */
export function cleanNoteText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const noteText = (max: number, tooLong: 'lesson-note-summary-long' | 'lesson-note-homework-long') =>
  z
    .string({ error: typeErrorCode })
    // Bounds the raw size before cleaning, so nothing huge is processed.
    .max(max * 4, { error: tooLong })
    .transform(cleanNoteText)
    .pipe(z.string().max(max, { error: tooLong }));

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
});
export type LessonNote = z.infer<typeof LessonNoteSchema>;

/** Socket event to both members when a lesson's note is written or changed. */
export const LessonNoteEventSchema = z.object({ note: LessonNoteSchema });
export type LessonNoteEvent = z.infer<typeof LessonNoteEventSchema>;
