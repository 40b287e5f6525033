import {
  BOOKING_ERROR_CODES,
  BOUNDS,
  BookLessonRequestSchema,
  CancelLessonResponseSchema,
  FindLessonsQuerySchema,
  IdParamSchema,
  LessonListResponseSchema,
  LessonNoteSchema,
  LessonSchema,
  RescheduleLessonRequestSchema,
  Role,
  SaveLessonNoteRequestSchema,
  TRIAL_ERROR_CODES,
  TrialStatusResponseSchema,
} from '@hiwar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, isAdmin } from '../../core/auth.ts';
import { limitBy } from '../../core/rate-limit.ts';
import { fileHeaders } from '../assets/file-headers.ts';
import { FILE_NAME_PATTERN } from '../assets/file-store.ts';
import { readAttachmentFiles } from '../chat/attachment-uploads.ts';
import { createLessonNotesService } from './lesson-notes.service.ts';

const security = [{ bearer: [] }];
const fileName = z.string().regex(FILE_NAME_PATTERN, { error: 'asset-not-found' });
const NoteFileParamsSchema = z.object({ id: IdParamSchema.shape.id, name: fileName });

/**
 * Spec §7 "Lesson": /api/v1/lesson/… Students book and reschedule (verified e-mail required, spec
 * §4); members and admins read and cancel. Socket events `lesson-booked`, `lesson-rescheduled` and
 * `lesson-canceled` go to both members.
 */
export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lessons = app.lessons;
  const notes = createLessonNotesService(app);
  const tags = ['lesson'];
  const student = [app.authenticate, app.requireRoles(Role.Student), app.requireVerifiedEmail];

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Book a lesson with a listed tutor: 15 or 30 minutes inside one of their windows, within the lead time and notice, one upcoming lesson at a time, paid from the weekly minutes (or the free introductory lesson with a TutorManager, or `trial`: the student’s one trial lesson with any tutor)',
        body: BookLessonRequestSchema,
        errors: [...BOOKING_ERROR_CODES, ...TRIAL_ERROR_CODES, 'tutor-not-found'],
        response: { 200: LessonSchema },
      },
      preHandler: student,
    },
    (request) => lessons.bookLesson(currentUser(request), request.body),
  );

  app.patch(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Move your pending lesson to another time with the same tutor (every booking rule again)',
        body: RescheduleLessonRequestSchema,
        errors: [
          ...BOOKING_ERROR_CODES,
          'trial-duration-invalid',
          'tutor-not-found',
          'lesson-not-found',
          'lesson-already-canceled',
          'lesson-already-started',
          'lesson-already-ended',
        ],
        response: { 200: LessonSchema },
      },
      preHandler: student,
    },
    (request) => lessons.rescheduleLesson(currentUser(request), request.body),
  );

  app.get(
    '/trial',
    {
      schema: {
        tags,
        security,
        summary:
          'Your trial lesson (students): whether you may book it now, how long it lasts, and the trial you hold or had',
        errors: ['forbidden'],
        response: { 200: TrialStatusResponseSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Student)],
    },
    (request) => lessons.trialStatus(currentUser(request)),
  );

  app.get(
    '/list/',
    {
      schema: {
        tags,
        security,
        summary: 'Lessons, paged: your own (members), or anyone’s (SuperAdmin, RegularAdmin)',
        querystring: FindLessonsQuerySchema,
        errors: ['forbidden'],
        response: { 200: LessonListResponseSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => lessons.findLessons(request.query, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One lesson: its members and admins',
        params: IdParamSchema,
        errors: ['lesson-not-found'],
        response: { 200: LessonSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => lessons.getLesson(request.params.id, currentUser(request)),
  );

  app.put(
    '/:id/note',
    {
      schema: {
        tags,
        security,
        summary:
          'After the lesson (its tutor): write or change its summary and homework, plain text, until 48 hours after it ended; the student is told',
        params: IdParamSchema,
        body: SaveLessonNoteRequestSchema,
        errors: [
          'lesson-not-found',
          'forbidden',
          'lesson-already-canceled',
          'lesson-not-ended',
          'lesson-note-window-closed',
          'lesson-note-summary-short',
          'lesson-note-summary-long',
          'lesson-note-homework-long',
        ],
        response: { 200: LessonNoteSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Tutor, Role.TutorManager)],
    },
    (request) => notes.saveNote(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/:id/note',
    {
      schema: {
        tags,
        security,
        summary: 'A lesson’s summary and homework: its members and admins',
        params: IdParamSchema,
        errors: ['lesson-not-found', 'lesson-note-not-found'],
        response: { 200: LessonNoteSchema },
      },
      preHandler: app.authenticate,
    },
    (request) => notes.getNote(currentUser(request), request.params.id),
  );

  app.post(
    '/:id/note/files',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: `Attach pictures (JPG, PNG, GIF, WebP ≤ 10 MB, re-encoded) or PDFs (≤ 10 MB) to the lesson’s written note (its tutor, within the note’s 48 hours): multipart files \`file\`, at most ${BOUNDS.lessonNoteFiles.perNote} on the note in all; who may attach is checked before the body is read (decision 0049)`,
        params: IdParamSchema,
        errors: [
          'lesson-not-found',
          'forbidden',
          'lesson-already-canceled',
          'lesson-not-ended',
          'lesson-note-window-closed',
          'lesson-note-not-found',
          'lesson-note-too-many-files',
          'invalid-type',
          'payload-too-large',
          'required',
        ],
        response: { 200: LessonNoteSchema },
      },
      onRequest: app.authenticate,
      preHandler: app.requireRoles(Role.Tutor, Role.TutorManager),
    },
    async (request) => {
      const caller = currentUser(request);
      await notes.checkAttach(caller, request.params.id);
      const files = await readAttachmentFiles(request, BOUNDS.lessonNoteFiles.perNote);
      return notes.attachFiles(caller, request.params.id, files);
    },
  );

  app.delete(
    '/:id/note/files/:name',
    {
      schema: {
        tags,
        security,
        summary:
          'Take a file off the lesson’s note (its tutor, within the note’s 48 hours); the file is removed',
        params: NoteFileParamsSchema,
        errors: [
          'lesson-not-found',
          'forbidden',
          'lesson-already-canceled',
          'lesson-not-ended',
          'lesson-note-window-closed',
          'asset-not-found',
        ],
        response: { 200: LessonNoteSchema },
      },
      preHandler: [app.authenticate, app.requireRoles(Role.Tutor, Role.TutorManager)],
    },
    (request) => notes.removeFile(currentUser(request), request.params.id, request.params.name),
  );

  app.get(
    '/note-file/:name',
    {
      schema: {
        tags,
        security,
        summary:
          'A file on a lesson’s note, for the lesson’s members and admins (pictures inline, PDFs as a download); anyone else `asset-not-found`',
        params: z.object({ name: fileName }),
        errors: ['asset-not-found'],
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { file, stream } = await notes.openFile(currentUser(request), request.params.name);
      // As chat attachments are served (decision 0041): never a page of ours, never cached.
      return fileHeaders(reply, file, file.kind === 'pdf' ? 'attachment' : 'inline')
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', 'same-site')
        .header('content-length', file.size)
        .send(stream);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancel a lesson before it ends (a member, or an admin); irreversible. A student cancelling late keeps the minutes spent',
        params: IdParamSchema,
        errors: ['lesson-not-found', 'lesson-already-canceled', 'lesson-already-ended'],
        response: { 200: CancelLessonResponseSchema },
      },
      preHandler: [
        app.authenticate,
        limitBy(
          app,
          'lesson-cancel',
          { max: BOUNDS.lessonCancelsPerHour, timeWindow: '1 hour' },
          (request) => String(currentUser(request).id),
          (request) => request.user !== null && isAdmin(request.user),
        ),
      ],
    },
    (request) => lessons.cancelLesson(currentUser(request), request.params.id),
  );
};
