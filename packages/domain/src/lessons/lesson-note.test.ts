import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { checkLessonNote, lessonNoteDeadline } from './lesson.rules.ts';
import { cleanNoteText, SaveLessonNoteRequestSchema } from './lesson-note.schemas.ts';

const HOUR = 3600_000;
const start = new Date('2027-03-06T08:00:00Z');
const lesson = {
  start,
  duration: 30,
  tutorId: 1,
  studentId: 2,
  canceledAt: null,
  canceledBy: null,
  canceledById: null,
};
const end = new Date(start.getTime() + 30 * 60_000);

describe('lesson notes (issue 27)', () => {
  it('may be written from the lesson’s end until 48 hours after, never for a cancelled lesson', () => {
    expect(checkLessonNote(lesson, start)).toBe('lesson-not-ended');
    expect(checkLessonNote(lesson, new Date(end.getTime() - 1))).toBe('lesson-not-ended');
    expect(checkLessonNote(lesson, end)).toBe('ok');
    expect(lessonNoteDeadline(end)).toEqual(new Date(end.getTime() + 48 * HOUR));
    expect(checkLessonNote(lesson, lessonNoteDeadline(end))).toBe('ok');
    expect(checkLessonNote(lesson, new Date(lessonNoteDeadline(end).getTime() + 1))).toBe(
      'lesson-note-window-closed',
    );
    const canceled = { ...lesson, canceledAt: start, canceledBy: 'tutor' as const, canceledById: 1 };
    expect(checkLessonNote(canceled, end)).toBe('lesson-already-canceled');
  });

  it('keeps plain text: no control or direction characters, normalised line breaks, trimmed', () => {
    expect(cleanNoteText('  درس\r\nجيد\u0000\u202E\u200F \n\n\n\nواجب\t \n ')).toBe('درس\nجيد\n\nواجب');
    expect(cleanNoteText('<b>bold</b> & "quotes"')).toBe('<b>bold</b> & "quotes"');
  });

  it('bounds the summary and homework with their own codes; blank homework is none', () => {
    const code = (body: unknown) => {
      const result = SaveLessonNoteRequestSchema.safeParse(body);
      return result.success ? result.data : validationErrorCode(result.error);
    };
    expect(code({ summary: 'تحدثنا عن السفر والمطارات.' })).toEqual({
      summary: 'تحدثنا عن السفر والمطارات.',
      homework: null,
    });
    expect(code({ summary: 'تحدثنا عن السفر والمطارات.', homework: '  \n ' })).toMatchObject({
      homework: null,
    });
    expect(code({ summary: 'قصير' })).toBe('lesson-note-summary-short');
    expect(code({ summary: '\u0000'.repeat(50) })).toBe('lesson-note-summary-short');
    expect(code({ summary: 'ا'.repeat(2001) })).toBe('lesson-note-summary-long');
    expect(code({ summary: 'ا'.repeat(9000) })).toBe('lesson-note-summary-long');
    expect(code({ summary: 'تحدثنا عن السفر والمطارات.', homework: 'ب'.repeat(2001) })).toBe(
      'lesson-note-homework-long',
    );
    expect(code({})).toBe('required');
    expect(code({ summary: 12 })).toBe('invalid-type');
    expect(code({ summary: 'تحدثنا عن السفر والمطارات.', extra: 1 })).toBe('bad-request');
    expect(code(null)).not.toEqual(expect.objectContaining({ summary: expect.anything() }));
  });
});
