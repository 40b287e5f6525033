import {
  AppError,
  checkLessonNote,
  LESSON_NOTE_SAVED_EVENT,
  type LessonNote,
  type LessonNoteEvent,
  lessonEnd,
  lessonNoteDeadline,
  type SaveLessonNoteRequestSchema,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden } from '../../core/auth.ts';
import { lessonNoteMail } from '../notifications/templates.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { findLessonNote, type LessonNoteRow, upsertLessonNote } from './lesson-notes.repository.ts';
import { findLesson, type LessonRow, lockLesson } from './lessons.repository.ts';
import { type LessonsDeps, lessonFacts, visibleTo } from './lessons.service.ts';

type SaveInput = z.output<typeof SaveLessonNoteRequestSchema>;

function toNote(row: LessonNoteRow, authorName: string | null, lesson: LessonRow): LessonNote {
  return {
    lessonId: row.lessonId,
    summary: row.summary,
    homework: row.homework,
    author: { id: row.authorId, name: authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: lessonNoteDeadline(lessonEnd(lessonFacts(lesson))).toISOString(),
  };
}

/**
 * After the lesson (issue 27): its tutor writes the summary and homework within 48 hours of its end;
 * the student is told (an event on both members' tabs, an e-mail the first time) and reads it on the
 * past lesson; staff (admins) read it from the back office. Nobody else learns the lesson exists.
 */
export function createLessonNotesService(deps: LessonsDeps) {
  const { db, clock, log } = deps;
  const lessonsUrl = `${deps.config.publicUrls.web.replace(/\/$/, '')}/s/dashboard`;

  async function tellStudent(lesson: LessonRow, tutor: UserRow) {
    const student = await findUserById(db, lesson.studentId);
    if (!student) {
      return;
    }
    const mail = lessonNoteMail({
      name: student.name,
      tutorName: tutor.name,
      start: lesson.startsAt,
      lessonsUrl,
      timeZone: student.timezone,
    });
    await deps.mailer.send({ to: student.email, ...mail });
  }

  return {
    /** `PUT /lesson/{id}/note`: the lesson's tutor writes or changes its note (`checkLessonNote`). */
    async saveNote(caller: UserRow, lessonId: number, input: SaveInput): Promise<LessonNote> {
      const now = clock();
      const { note, lesson, created } = await db.transaction(async (tx) => {
        // The lesson's row lock: a cancellation cannot cross the check.
        const lesson = visibleTo(await lockLesson(tx, lessonId), caller);
        if (lesson.tutorId !== caller.id) {
          throw forbidden();
        }
        const state = checkLessonNote(lessonFacts(lesson), now);
        if (state !== 'ok') {
          throw new AppError(state);
        }
        const row = await upsertLessonNote(tx, {
          lessonId,
          authorId: caller.id,
          summary: input.summary,
          homework: input.homework,
        });
        return { note: toNote(row, caller.name, lesson), lesson, created: row.created };
      });
      for (const userId of [lesson.tutorId, lesson.studentId]) {
        deps.broadcast?.toUser(userId, LESSON_NOTE_SAVED_EVENT, { note } satisfies LessonNoteEvent);
      }
      if (created) {
        void tellStudent(lesson, caller).catch((error: unknown) =>
          log.error({ err: error }, 'lesson note e-mail failed'),
        );
      }
      return note;
    },

    /** `GET /lesson/{id}/note`: the lesson's members and admins; `lesson-note-not-found` before one is written. */
    async getNote(caller: UserRow, lessonId: number): Promise<LessonNote> {
      const lesson = visibleTo(await findLesson(db, lessonId), caller);
      const note = await findLessonNote(db, lessonId);
      if (!note) {
        throw new AppError('lesson-note-not-found');
      }
      return toNote(note, note.authorName, lesson);
    },
  };
}
