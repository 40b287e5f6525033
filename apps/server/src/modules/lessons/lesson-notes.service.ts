import {
  AppError,
  BOUNDS,
  type ChatAttachmentKind,
  checkLessonNote,
  LESSON_NOTE_SAVED_EVENT,
  type LessonNote,
  type LessonNoteEvent,
  type LessonNoteFile,
  lessonEnd,
  lessonNoteDeadline,
  type SaveLessonNoteRequestSchema,
} from '@hiwar/domain';
import type { z } from 'zod';
import { forbidden, isAdmin } from '../../core/auth.ts';
import type { Executor } from '../../db/client.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import { prepareAttachment, type ReceivedAttachment } from '../chat/attachment-uploads.ts';
import { lessonNoteMail } from '../notifications/templates.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import {
  countLessonNoteFiles,
  deleteLessonNoteFile,
  findLessonNote,
  findLessonNoteFile,
  findLessonNoteFiles,
  insertLessonNoteFiles,
  type LessonNoteFileRow,
  type LessonNoteRow,
  type NewLessonNoteFile,
  upsertLessonNote,
} from './lesson-notes.repository.ts';
import { findLesson, type LessonRow, lockLesson } from './lessons.repository.ts';
import { type LessonsDeps, lessonFacts, visibleTo } from './lessons.service.ts';

type SaveInput = z.output<typeof SaveLessonNoteRequestSchema>;

/** The notes' needs: their files are stored, served and removed (decision 0049). */
export type LessonNotesDeps = LessonsDeps & {
  files: Pick<StoredFiles, 'uploadUrl' | 'lessonNoteFileUrl' | 'save' | 'discard' | 'open'>;
};

function toNote(
  row: LessonNoteRow,
  authorName: string | null,
  lesson: LessonRow,
  files: readonly LessonNoteFile[],
): LessonNote {
  return {
    lessonId: row.lessonId,
    summary: row.summary,
    homework: row.homework,
    author: { id: row.authorId, name: authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: lessonNoteDeadline(lessonEnd(lessonFacts(lesson))).toISOString(),
    files: [...files],
  };
}

/** The lesson's tutor within the note's window (`checkLessonNote`), or why not. */
function requireWriter(lesson: LessonRow, caller: UserRow, now: Date): void {
  if (lesson.tutorId !== caller.id) {
    throw forbidden();
  }
  const state = checkLessonNote(lessonFacts(lesson), now);
  if (state !== 'ok') {
    throw new AppError(state);
  }
}

/**
 * After the lesson (issue 27): its tutor writes the summary and homework within 48 hours of its end;
 * the student is told (an event on both members' tabs, an e-mail the first time) and reads it on the
 * past lesson; staff (admins) read it from the back office. Nobody else learns the lesson exists.
 */
export function createLessonNotesService(deps: LessonNotesDeps) {
  const { db, clock, log } = deps;
  const lessonsUrl = `${deps.config.publicUrls.web.replace(/\/$/, '')}/s/dashboard`;
  const perNote = BOUNDS.lessonNoteFiles.perNote;

  const toFile = (row: LessonNoteFileRow): LessonNoteFile => ({
    fileName: row.fileName,
    name: row.name,
    kind: row.kind as ChatAttachmentKind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    url: deps.files.lessonNoteFileUrl(row.fileName),
  });

  /** The note as it stands (with its files), read through `executor`; null before one is written. */
  async function readNote(executor: Executor, lesson: LessonRow): Promise<LessonNote | null> {
    const note = await findLessonNote(executor, lesson.id);
    if (!note) {
      return null;
    }
    const files = await findLessonNoteFiles(executor, lesson.id);
    return toNote(note, note.authorName, lesson, files.map(toFile));
  }

  /** Both members' open tabs hear the note as it now is. */
  function announce(lesson: LessonRow, note: LessonNote) {
    for (const userId of [lesson.tutorId, lesson.studentId]) {
      deps.broadcast?.toUser(userId, LESSON_NOTE_SAVED_EVENT, { note } satisfies LessonNoteEvent);
    }
  }

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
        requireWriter(lesson, caller, now);
        const row = await upsertLessonNote(tx, {
          lessonId,
          authorId: caller.id,
          summary: input.summary,
          homework: input.homework,
        });
        const files = (await findLessonNoteFiles(tx, lessonId)).map(toFile);
        return { note: toNote(row, caller.name, lesson, files), lesson, created: row.created };
      });
      announce(lesson, note);
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
      const note = await readNote(db, lesson);
      if (!note) {
        throw new AppError('lesson-note-not-found');
      }
      return note;
    },

    /**
     * Before a files form is read (decision 0049): the caller is the lesson's tutor, within the note's
     * window, the note is written and has room for another file. Checked again under the lock.
     */
    async checkAttach(caller: UserRow, lessonId: number): Promise<void> {
      const lesson = visibleTo(await findLesson(db, lessonId), caller);
      requireWriter(lesson, caller, clock());
      if (!(await findLessonNote(db, lessonId))) {
        throw new AppError('lesson-note-not-found');
      }
      if ((await countLessonNoteFiles(db, lessonId)) >= perNote) {
        throw new AppError('lesson-note-too-many-files');
      }
    },

    /**
     * `POST /lesson/{id}/note/files`: pictures (re-encoded) and PDFs on the note, stored privately (kind
     * `note`) and linked under the lesson's row lock, which keeps the note within `perNote` files
     * whatever runs at once (`lesson-note-too-many-files`; the loser's files are removed). Call
     * `checkAttach` before reading the form.
     */
    async attachFiles(
      caller: UserRow,
      lessonId: number,
      received: readonly ReceivedAttachment[],
    ): Promise<LessonNote> {
      const prepared = await Promise.all(received.map(prepareAttachment));
      const saved: string[] = [];
      try {
        const rows: NewLessonNoteFile[] = [];
        for (const file of prepared) {
          const row = await deps.files.save({
            kind: 'note',
            ownerId: caller.id,
            extension: file.extension,
            mime: file.mime,
            size: file.buffer.length,
            source: { buffer: file.buffer },
          });
          saved.push(row.name);
          rows.push({ ...file.attachment, fileName: row.name, size: file.buffer.length });
        }
        const { lesson, note } = await db.transaction(async (tx) => {
          const lesson = visibleTo(await lockLesson(tx, lessonId), caller);
          requireWriter(lesson, caller, clock());
          if (!(await findLessonNote(tx, lessonId))) {
            throw new AppError('lesson-note-not-found');
          }
          if ((await countLessonNoteFiles(tx, lessonId)) + rows.length > perNote) {
            throw new AppError('lesson-note-too-many-files');
          }
          await insertLessonNoteFiles(tx, lessonId, rows);
          return { lesson, note: (await readNote(tx, lesson))! };
        });
        announce(lesson, note);
        return note;
      } catch (error) {
        await Promise.all(saved.map((name) => deps.files.discard(name)));
        throw error;
      }
    },

    /**
     * `DELETE /lesson/{id}/note/files/{name}`: the tutor takes a file off the note within its window;
     * the file goes with it. `asset-not-found` when the note has no such file.
     */
    async removeFile(caller: UserRow, lessonId: number, fileName: string): Promise<LessonNote> {
      const { lesson, note } = await db.transaction(async (tx) => {
        const lesson = visibleTo(await lockLesson(tx, lessonId), caller);
        requireWriter(lesson, caller, clock());
        if (!(await deleteLessonNoteFile(tx, lessonId, fileName))) {
          throw new AppError('asset-not-found');
        }
        const note = await readNote(tx, lesson);
        if (!note) {
          throw new AppError('asset-not-found');
        }
        return { lesson, note };
      });
      await deps.files.discard(fileName);
      announce(lesson, note);
      return note;
    },

    /**
     * `GET /lesson/note-file/{name}`: a note's file for the lesson's members and admins; anyone else is
     * told it does not exist (`asset-not-found`), as they are about the lesson.
     */
    async openFile(caller: UserRow, fileName: string) {
      const file = await findLessonNoteFile(db, fileName);
      const lesson = file ? await findLesson(db, file.lessonId) : null;
      const readable =
        lesson && (lesson.tutorId === caller.id || lesson.studentId === caller.id || isAdmin(caller));
      const stream = file && readable ? await deps.files.open(fileName) : null;
      if (!file || !stream) {
        throw new AppError('asset-not-found');
      }
      return { file, stream };
    },
  };
}
