import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { lessonNotes } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, loginAs, loginAsListedTutor } from '../../testing/factories.ts';
import { listenForSockets, nextEvent } from '../../testing/sockets.ts';
import { at, DAY, HOUR, MINUTE, T0 } from '../../testing/time.ts';
import { findOutboxMessages } from '../notifications/outbox.repository.ts';

type Auth = { authorization: string };

const SUMMARY = 'تدربنا على الحديث عن السفر: حجز الفندق وسؤال الطريق.';

/** Issue 27 item 5: the tutor's summary and homework after a lesson. */
describe('lesson notes', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const sockets = await listenForSockets(app);

  const put = (auth: Auth | object, id: number, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/lesson/${id}/note`,
      headers: auth as Auth,
      payload: payload as object,
    });
  const get = (auth: Auth | object, id: number) =>
    app.inject({ method: 'GET', url: `/api/v1/lesson/${id}/note`, headers: auth as Auth });
  const mailsTo = async (email: string) =>
    (await findOutboxMessages(app.db, { to: email, limit: 50 })).filter((m) => m.channel === 'email');

  /** A 30-minute lesson tomorrow 10:00 Cairo between a new tutor and student. */
  async function lessonPair() {
    const tutor = await loginAsListedTutor(app, { name: 'منى عادل' });
    const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
    const lesson = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: student.user.id,
      start: at(DAY),
    });
    return { tutor, student, lesson };
  }

  it('lets the tutor write it once the lesson ended; the student is told, members and admins read it', async () => {
    const { tutor, student, lesson } = await lessonPair();
    now = at(DAY + 40 * MINUTE);
    expect((await get(student.auth, lesson.id)).json().code).toBe('lesson-note-not-found');
    const socket = await sockets.connect(student.token);
    const heard = nextEvent<{ note: { lessonId: number } }>(socket, 'lesson-note-saved');

    const res = await put(tutor.auth, lesson.id, {
      summary: `  ${SUMMARY}\r\n`,
      homework: 'اكتب فقرة عن رحلتك.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lessonId: lesson.id,
      summary: SUMMARY,
      homework: 'اكتب فقرة عن رحلتك.',
      author: { id: tutor.user.id, name: 'منى عادل' },
      editableUntil: at(DAY + 30 * MINUTE + 48 * HOUR).toISOString(),
    });
    expect((await heard).note.lessonId).toBe(lesson.id);
    for (const reader of [
      student,
      tutor,
      await loginAs(app, Role.RegularAdmin),
      await loginAs(app, Role.SuperAdmin),
    ]) {
      const read = await get(reader.auth, lesson.id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ summary: SUMMARY });
    }
    await expect.poll(() => mailsTo(student.user.email)).toHaveLength(1);
    const [mail] = await mailsTo(student.user.email);
    expect(mail!.subject).toBe('حوار: ملخص درسك والواجب');
    expect(mail!.text).toContain('كتب معلمك منى عادل ملخص درسك');
    // The tutor's text stays in the app.
    expect(mail!.text).not.toContain(SUMMARY);

    // Changed within the window: the new text, no second e-mail; blank homework is none.
    now = at(DAY + 47 * HOUR);
    const changed = await put(tutor.auth, lesson.id, {
      summary: `${SUMMARY} وراجعنا الأزمنة.`,
      homework: ' ',
    });
    expect(changed.json()).toMatchObject({ summary: `${SUMMARY} وراجعنا الأزمنة.`, homework: null });
    expect(await app.db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lesson.id))).toHaveLength(
      1,
    );
    expect(await mailsTo(student.user.email)).toHaveLength(1);
  });

  it('is refused before the lesson ends, 48 hours after, and for a cancelled lesson', async () => {
    const { tutor, lesson } = await lessonPair();
    now = at(DAY + 10 * MINUTE);
    expect((await put(tutor.auth, lesson.id, { summary: SUMMARY })).json().code).toBe('lesson-not-ended');
    now = at(DAY + 30 * MINUTE + 48 * HOUR + 1);
    const late = await put(tutor.auth, lesson.id, { summary: SUMMARY });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lesson-note-window-closed');

    const canceled = await createLesson(app.db, {
      tutorId: tutor.user.id,
      studentId: (await loginAs(app, Role.Student)).user.id,
      start: at(2 * DAY),
      canceledAt: at(DAY),
      canceledBy: 'tutor',
      minutesReturned: true,
    });
    now = at(2 * DAY + HOUR);
    expect((await put(tutor.auth, canceled.id, { summary: SUMMARY })).json().code).toBe(
      'lesson-already-canceled',
    );
    expect(await app.db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lesson.id))).toEqual([]);
  });

  it('is the lesson’s own tutor’s to write: others get 403 or 404, strangers 401', async () => {
    const { student, lesson } = await lessonPair();
    now = at(DAY + HOUR);
    const mine = await put(student.auth, lesson.id, { summary: SUMMARY });
    expect(mine.statusCode).toBe(403);
    const otherTutor = await loginAsListedTutor(app);
    const notTheirs = await put(otherTutor.auth, lesson.id, { summary: SUMMARY });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().code).toBe('lesson-not-found');
    expect(
      (await put(await loginAs(app, Role.RegularAdmin).then((a) => a.auth), lesson.id, { summary: SUMMARY }))
        .statusCode,
    ).toBe(403);
    expect((await put({}, lesson.id, { summary: SUMMARY })).statusCode).toBe(401);
    expect((await get({}, lesson.id)).statusCode).toBe(401);
    // Another student, or another tutor, cannot tell the lesson exists.
    const stranger = await loginAs(app, Role.Student);
    expect((await get(stranger.auth, lesson.id)).json().code).toBe('lesson-not-found');
    expect((await get(otherTutor.auth, lesson.id)).json().code).toBe('lesson-not-found');
    expect((await get(stranger.auth, 999_999)).json().code).toBe('lesson-not-found');
  });

  it('answers bad input with its code and stores nothing; a non-tutor is refused before the body is read', async () => {
    const { tutor, student, lesson } = await lessonPair();
    now = at(DAY + HOUR);
    const cases: Array<[unknown, string]> = [
      [{ summary: 'قصير' }, 'lesson-note-summary-short'],
      [{ summary: 'ا'.repeat(2001) }, 'lesson-note-summary-long'],
      [{ summary: SUMMARY, homework: 'ب'.repeat(2001) }, 'lesson-note-homework-long'],
      [{}, 'required'],
      [{ summary: 5 }, 'invalid-type'],
      [{ summary: SUMMARY, html: '<b>' }, 'bad-request'],
      [[SUMMARY], 'bad-request'],
    ];
    for (const [body, code] of cases) {
      const res = await put(tutor.auth, lesson.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    for (const path of ['x', '0', '-1', '99999999999']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/lesson/${path}/note`,
        headers: tutor.auth,
        payload: { summary: SUMMARY },
      });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    expect((await put(student.auth, lesson.id, { summary: 5 })).statusCode).toBe(403);
    expect(await app.db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lesson.id))).toEqual([]);
  });

  it('keeps one note under concurrent saves, and e-mails the student once', async () => {
    const { tutor, student, lesson } = await lessonPair();
    now = at(DAY + HOUR);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(tutor.auth, lesson.id, { summary: `${SUMMARY} (${i})` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await app.db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lesson.id))).toHaveLength(
      1,
    );
    await expect.poll(() => mailsTo(student.user.email)).toHaveLength(1);
  });
});
