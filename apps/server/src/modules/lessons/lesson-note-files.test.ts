import { randomBytes } from 'node:crypto';
import { BOUNDS, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { files, lessonNoteFiles } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';
import { findMediaRows } from '../media/media.repository.ts';

type Auth = Record<string, string>;
type Part =
  | { field: string; filename: string; contentType: string; data: Buffer }
  | { field: string; value: string };

/** A multipart body as the browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = `----hiwar${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      'value' in part ? Buffer.from(part.value) : part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const picture = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .withExif({ IFD0: { ImageDescription: 'taken at home, 30.04N 31.23E' } })
    .toBuffer();
const pdf = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
const png = async (filename = 'board.png'): Promise<Part> => ({
  field: 'file',
  filename,
  contentType: 'image/png',
  data: await picture(),
});
const doc = (filename = 'words.pdf', data = pdf()): Part => ({
  field: 'file',
  filename,
  contentType: 'application/pdf',
  data,
});

const SUMMARY = 'تدربنا على الحديث عن السفر: حجز الفندق وسؤال الطريق.';

/** Issue 27 item 5, decision 0049: pictures and PDFs on the lesson's note. */
describe('lesson note files', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const sockets = await listenForSockets(app);

  const attach = (auth: Auth | object, id: number, parts: Part[]) => {
    const body = form(parts);
    return app.inject({
      method: 'POST',
      url: `/api/v1/lesson/${id}/note/files`,
      payload: body.payload,
      headers: { ...(auth as Auth), ...body.headers },
    });
  };
  const remove = (auth: Auth | object, id: number, name: string) =>
    app.inject({ method: 'DELETE', url: `/api/v1/lesson/${id}/note/files/${name}`, headers: auth as Auth });
  const read = (url: string, auth: Auth | object = {}) =>
    app.inject({ method: 'GET', url: new URL(url).pathname, headers: auth as Auth });
  const noteFilesOf = async (lessonId: number) =>
    app.db.select().from(lessonNoteFiles).where(eq(lessonNoteFiles.lessonId, lessonId));

  /** A 30-minute lesson tomorrow 10:00 Cairo, ended 10 minutes ago, with its note written. */
  async function writtenNote() {
    const tutor = await loginAsListedTutor(app, { name: 'منى عادل' });
    const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
    const lesson = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(DAY),
    });
    now = at(DAY + 40 * MINUTE);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/lesson/${lesson.id}/note`,
      headers: tutor.auth,
      payload: { summary: SUMMARY },
    });
    expect(saved.statusCode).toBe(200);
    return { tutor, student, lesson };
  }

  it('attaches a picture (re-encoded) and a PDF; members and admins read them, the student hears it', async () => {
    const { tutor, student, lesson } = await writtenNote();
    const socket = await sockets.connect(student.token);
    const heard = nextEvent<{ note: { files: unknown[] } }>(socket, 'lesson-note-saved');

    const res = await attach(tutor.auth, lesson.id, [await png('السبورة.png'), doc('كلمات الدرس.pdf')]);
    expect(res.statusCode).toBe(200);
    const note = res.json();
    expect(note.files).toEqual([
      {
        fileName: expect.stringMatching(/^[a-f0-9]{32}\.jpg$/),
        name: 'السبورة.jpg',
        kind: 'picture',
        mime: 'image/jpeg',
        size: expect.any(Number),
        width: BOUNDS.chatAttachments.pictureMaxSide,
        height: BOUNDS.chatAttachments.pictureMaxSide / 2,
        url: expect.stringMatching(
          /^http:\/\/localhost:4000\/api\/v1\/lesson\/note-file\/[a-f0-9]{32}\.jpg$/,
        ),
      },
      {
        fileName: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/),
        name: 'كلمات الدرس.pdf',
        kind: 'pdf',
        mime: 'application/pdf',
        size: expect.any(Number),
        width: null,
        height: null,
        url: expect.stringMatching(/\/api\/v1\/lesson\/note-file\/[a-f0-9]{32}\.pdf$/),
      },
    ]);
    expect((await heard).note.files).toHaveLength(2);
    const [pic, paper] = note.files;

    const admin = await loginAs(app, Role.RegularAdmin);
    for (const reader of [student, tutor, admin]) {
      const got = await app.inject({
        method: 'GET',
        url: `/api/v1/lesson/${lesson.id}/note`,
        headers: reader.auth,
      });
      expect(got.json().files).toEqual(note.files);
      const served = await read(pic.url, reader.auth);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['content-disposition']).toContain('inline; filename=');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      const download = await read(paper.url, reader.auth);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(
        /^attachment; filename="_+ _+\.pdf"; filename\*=UTF-8''/,
      );
      expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Stored privately, of kind `note`, in use (never an orphan).
    const stored = await findMediaRows(
      app.db,
      { kind: 'note', ownerId: tutor.user.id },
      { page: 1, size: 10, order: 'desc' as never },
    );
    expect(stored.rows.map((row) => row.uses)).toEqual([['lesson-note-file'], ['lesson-note-file']]);
    expect(stored.rows.map((row) => row.kind)).toEqual(['note', 'note']);
  });

  it('hides the files from anyone else, and asks for a token', async () => {
    const { tutor, lesson } = await writtenNote();
    const [file] = (await attach(tutor.auth, lesson.id, [doc()])).json().files;
    for (const stranger of [
      await loginAs(app, Role.Student),
      await loginAsListedTutor(app),
      await loginAs(app, Role.TutorManager),
    ]) {
      const res = await read(file.url, stranger.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('asset-not-found');
    }
    expect((await read(file.url)).statusCode).toBe(401);
    const unknown = await read(`http://x/api/v1/lesson/note-file/${'a'.repeat(32)}.jpg`, tutor.auth);
    expect(unknown.json().code).toBe('asset-not-found');
    const malformed = await read('http://x/api/v1/lesson/note-file/..%2Fsecret', tutor.auth);
    expect(malformed.statusCode).toBe(404);
  });

  it('refuses the wrong content, too big a file, a malformed body and no file', async () => {
    const { tutor, lesson } = await writtenNote();
    const text = {
      field: 'file',
      filename: 'notes.png',
      contentType: 'image/png',
      data: Buffer.from('just text'),
    };
    expect((await attach(tutor.auth, lesson.id, [text])).json().code).toBe('invalid-type');
    const huge = doc('big.pdf', pdf(BOUNDS.chatAttachments.pdfMaxBytes + 10));
    const tooBig = await attach(tutor.auth, lesson.id, [huge]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload-too-large');
    expect((await attach(tutor.auth, lesson.id, [])).json().code).toBe('required');
    const extraField = await attach(tutor.auth, lesson.id, [{ field: 'text', value: 'hi' }, doc()]);
    expect(extraField.statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: `/api/v1/lesson/${lesson.id}/note/files`,
      payload: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-',
      ),
      headers: { ...tutor.auth, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/lesson/${lesson.id}/note/files`,
      payload: { file: 'x' },
      headers: tutor.auth,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('bad-request');
    expect(await noteFilesOf(lesson.id)).toEqual([]);
    // Nothing refused was kept.
    const kept = await app.db.select().from(files).where(eq(files.ownerId, tutor.user.id));
    expect(kept.filter((row) => row.kind === 'note')).toEqual([]);
  });

  it('lets only the lesson’s tutor attach and remove, and only while the note can be changed', async () => {
    const { tutor, student, lesson } = await writtenNote();
    const other = await loginAsListedTutor(app);
    expect((await attach(student.auth, lesson.id, [doc()])).statusCode).toBe(403);
    const notTheirs = await attach(other.auth, lesson.id, [doc()]);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('lesson-not-found');
    expect(
      (await attach(await loginAs(app, Role.SuperAdmin).then((a) => a.auth), lesson.id, [doc()])).statusCode,
    ).toBe(403);
    expect((await attach({}, lesson.id, [doc()])).statusCode).toBe(401);

    const [file] = (await attach(tutor.auth, lesson.id, [doc()])).json().files;
    expect((await remove(student.auth, lesson.id, file.fileName)).statusCode).toBe(403);
    expect((await remove(other.auth, lesson.id, file.fileName)).json().code).toBe('lesson-not-found');

    now = at(DAY + 30 * MINUTE + 48 * HOUR + MINUTE);
    const late = await attach(tutor.auth, lesson.id, [doc()]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lesson-note-window-closed');
    expect((await remove(tutor.auth, lesson.id, file.fileName)).json().code).toBe(
      'lesson-note-window-closed',
    );
    // Still readable after the window.
    expect((await read(file.url, student.auth)).statusCode).toBe(200);
  });

  it('needs the note written first, and removes a file with its bytes', async () => {
    const tutor = await loginAsListedTutor(app);
    const student = await loginAs(app, Role.Student);
    const lesson = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(DAY),
    });
    now = at(DAY + 10 * MINUTE);
    expect((await attach(tutor.auth, lesson.id, [doc()])).json().code).toBe('lesson-not-ended');
    now = at(DAY + 40 * MINUTE);
    expect((await attach(tutor.auth, lesson.id, [doc()])).json().code).toBe('lesson-note-not-found');

    const { tutor: writer, student: reader, lesson: written } = await writtenNote();
    const [first, second] = (await attach(writer.auth, written.id, [doc('a.pdf'), doc('b.pdf')])).json()
      .files;
    const res = await remove(writer.auth, written.id, first.fileName);
    expect(res.statusCode).toBe(200);
    expect(res.json().files).toEqual([second]);
    expect((await read(first.url, reader.auth)).statusCode).toBe(404);
    expect(await app.db.select().from(files).where(eq(files.name, first.fileName))).toEqual([]);
    const again = await remove(writer.auth, written.id, first.fileName);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('asset-not-found');
    // A file of another lesson's note is not this note's to remove.
    expect((await remove(writer.auth, written.id, 'nonsense')).json().code).toBe('asset-not-found');
  });

  it(`keeps a note within ${BOUNDS.lessonNoteFiles.perNote} files, even when uploads race`, async () => {
    const { tutor, lesson } = await writtenNote();
    const four = await attach(tutor.auth, lesson.id, [doc(), doc(), doc(), doc()]);
    // More files than a note holds in one form: the multipart parser's file limit refuses it.
    expect(four.statusCode).toBe(413);
    expect(await noteFilesOf(lesson.id)).toEqual([]);

    const results = await Promise.all([
      attach(tutor.auth, lesson.id, [doc('1.pdf'), doc('2.pdf')]),
      attach(tutor.auth, lesson.id, [doc('3.pdf'), doc('4.pdf')]),
      attach(tutor.auth, lesson.id, [doc('5.pdf'), doc('6.pdf')]),
    ]);
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const refused of results.filter((res) => res.statusCode === 409)) {
      expect(refused.json().code).toBe('lesson-note-too-many-files');
    }
    expect(await noteFilesOf(lesson.id)).toHaveLength(2);
    // The losers' files were removed.
    const kept = await app.db.select().from(files).where(eq(files.ownerId, tutor.user.id));
    expect(kept.filter((row) => row.kind === 'note')).toHaveLength(2);

    expect((await attach(tutor.auth, lesson.id, [doc(), doc()])).json().code).toBe(
      'lesson-note-too-many-files',
    );
    expect((await attach(tutor.auth, lesson.id, [doc()])).statusCode).toBe(200);
    const full = await attach(tutor.auth, lesson.id, [doc()]);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('lesson-note-too-many-files');
  });
});
