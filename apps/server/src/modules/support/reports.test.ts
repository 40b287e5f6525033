import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files, reportReplies, reports } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createLesson, createListedTutor, loginAs } from '../../testing/factories.ts';
import { lastMessageTo } from '../../testing/outbox.ts';
import { listenForSockets, nextEvent, record, settle } from '../../testing/sockets.ts';

type Auth = { authorization: string };
type Headers = Auth | Record<string, never>;

const VALID = { title: 'الصوت ينقطع في الدرس', description: 'الصوت ينقطع كل دقيقة تقريبًا ثم يعود.' };
const ANONYMOUS: Headers = {};

/** A small PNG, as a phone screenshot would arrive (any size is accepted). */
function screenshotPicture(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#dbeafe' } })
    .png()
    .toBuffer();
}

type FilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body with text fields and files, as a browser's FormData sends it. */
function form(fields: Record<string, string>, parts: FilePart[] = []) {
  const boundary = `----hiwar${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}

describe('reports', async () => {
  const { app, filesDir } = await buildTestApp();
  const sockets = await listenForSockets(app);
  const superAdmin = await loginAs(app, Role.SuperAdmin, { name: 'سارة المديرة' });
  const admin = await loginAs(app, Role.RegularAdmin, { name: 'كريم المسؤول' });
  const manager = await loginAs(app, Role.TutorManager);
  const picture = await screenshotPicture();

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Headers, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  const create = (auth: Headers, payload: object = VALID) => request('POST', '/api/v1/report', auth, payload);
  const createForm = (auth: Headers, body: { payload: Buffer; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/report',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  const reply = (auth: Headers, reportId: number, text = 'شكرًا لإبلاغنا، نراجع المشكلة الآن.') =>
    request('POST', '/api/v1/report/reply', auth, { reportId, text });
  const countReports = async (userId: number) =>
    (await app.db.select().from(reports).where(eq(reports.userId, userId))).length;

  /** A signed-in student with one report of their own. */
  async function reporterWithReport(overrides: object = {}) {
    const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
    const res = await create(student.auth, { ...VALID, ...overrides });
    expect(res.statusCode).toBe(200);
    return { ...student, report: res.json() as { id: number; screenshot: string | null } };
  }

  describe('POST /api/v1/report', () => {
    it('files a report as JSON for any signed-in user, and tells staff on the Reports channel', async () => {
      const staffSocket = await sockets.connect(admin.token);
      const heard = nextEvent<{ action: string; report: { id: number }; unresolved: number }>(
        staffSocket,
        'Reports',
      );
      const student = await loginAs(app, Role.Student, { name: 'يوسف طارق' });
      const res = await create(student.auth, {
        title: '  الصوت ينقطع في الدرس  ',
        description: VALID.description,
      });
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({
        userId: student.user.id,
        reporter: { id: student.user.id, name: 'يوسف طارق', email: student.user.email, role: Role.Student },
        title: 'الصوت ينقطع في الدرس',
        description: VALID.description,
        lessonId: null,
        lessonStart: null,
        screenshot: null,
        resolved: false,
        resolvedAt: null,
        replyCount: 0,
        hasStaffReply: false,
        lastReplyAt: null,
      });
      const event = await heard;
      expect(event).toMatchObject({ action: 'created', report: { id: report.id } });
      expect(event.unresolved).toBeGreaterThanOrEqual(1);
      // Tutors, TutorManagers and staff report problems too.
      for (const auth of [(await loginAs(app, Role.Tutor)).auth, manager.auth, admin.auth]) {
        expect((await create(auth)).statusCode).toBe(200);
      }
    });

    it('keeps a screenshot (checked by its content) private to the reporter and staff', async () => {
      const tutor = await createListedTutor(app.db);
      const student = await loginAs(app, Role.Student);
      const lesson = await createLesson(app.db, {
        tutorId: tutor.id,
        studentId: student.user.id,
        start: new Date(Date.now() - 3 * 3_600_000),
      });
      const body = form({ ...VALID, lessonId: String(lesson.id) }, [
        { field: 'screenshot', filename: 'screen.png', contentType: 'image/png', data: picture },
      ]);
      const res = await createForm(student.auth, body);
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ lessonId: lesson.id, lessonStart: lesson.startsAt.toISOString() });
      expect(report.screenshot).toMatch(/\/assets\/reports\/[a-f0-9]{32}\.jpg$/);
      const url = new URL(report.screenshot).pathname;
      const own = await request('GET', url, student.auth);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      expect(own.headers['cache-control']).toBe('private, no-store');
      // Like every served file (issue 28): inline under its name, a policy of none, no sniffing.
      expect(own.headers['content-disposition']).toBe(`inline; filename="${url.split('/').pop()}"`);
      expect(own.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
      expect((await request('GET', url, admin.auth)).statusCode).toBe(200);
      expect((await request('GET', url, superAdmin.auth)).statusCode).toBe(200);
      const stranger = await loginAs(app, Role.Student);
      expect((await request('GET', url, stranger.auth)).json().code).toBe('forbidden');
      expect((await request('GET', url, manager.auth)).json().code).toBe('forbidden');
      expect((await request('GET', url, ANONYMOUS)).statusCode).toBe(401);
      // Neither the public uploads route nor the receipts route serves it.
      expect((await request('GET', url.replace('/reports/', '/uploads/'), ANONYMOUS)).statusCode).toBe(404);
      expect((await request('GET', url.replace('/reports/', '/receipts/'), student.auth)).statusCode).toBe(
        404,
      );
      expect((await request('GET', '/assets/reports/nope.jpg', student.auth)).json().code).toBe(
        'asset-not-found',
      );
      // The tutor of the lesson reports about it too.
      const tutorToken = await app.sessions.issue(tutor);
      const tutorAuth = { authorization: `Bearer ${tutorToken}` };
      expect((await create(tutorAuth, { ...VALID, lessonId: lesson.id })).statusCode).toBe(200);
    });

    it('takes a multipart report without a screenshot, or with an empty file input', async () => {
      const student = await loginAs(app, Role.Student);
      const plain = await createForm(student.auth, form({ ...VALID, lessonId: '' }));
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toMatchObject({ lessonId: null, screenshot: null });
      const empty = await createForm(
        student.auth,
        form(VALID, [
          {
            field: 'screenshot',
            filename: '',
            contentType: 'application/octet-stream',
            data: Buffer.alloc(0),
          },
        ]),
      );
      expect(empty.statusCode).toBe(200);
      expect(empty.json().screenshot).toBeNull();
    });

    it('refuses a lesson that is not the caller’s: lesson-not-found', async () => {
      const tutor = await createListedTutor(app.db);
      const owner = await loginAs(app, Role.Student);
      const lesson = await createLesson(app.db, {
        tutorId: tutor.id,
        studentId: owner.user.id,
        start: new Date(Date.now() + 5 * 24 * 3_600_000),
      });
      const stranger = await loginAs(app, Role.Student);
      for (const lessonId of [lesson.id, 999_999]) {
        const res = await create(stranger.auth, { ...VALID, lessonId });
        expect([res.statusCode, res.json().code]).toEqual([404, 'lesson-not-found']);
      }
      expect((await create(admin.auth, { ...VALID, lessonId: lesson.id })).json().code).toBe(
        'lesson-not-found',
      );
      expect(await countReports(stranger.user.id)).toBe(0);
    });

    it.each([
      ['report-title-short', { title: ' عطل ' }],
      ['report-title-long', { title: 'ع'.repeat(129) }],
      ['report-description-short', { description: 'لا يعمل' }],
      ['report-description-long', { description: 'ع'.repeat(1001) }],
      ['required', { title: undefined }],
      ['invalid-type', { description: 42 }],
      ['invalid-type', { lessonId: 'abc' }],
    ])('answers %s and stores nothing', async (code, patch) => {
      const student = await loginAs(app, Role.Student);
      const res = await create(student.auth, { ...VALID, ...patch });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
      const multipart = await createForm(
        student.auth,
        form(
          Object.fromEntries(
            Object.entries({ ...VALID, ...patch })
              .filter(([, value]) => value !== undefined)
              .map(([key, value]) => [key, String(value)]),
          ),
        ),
      );
      expect([multipart.statusCode, multipart.json().code]).toEqual([
        400,
        code === 'invalid-type' && 'description' in patch ? 'report-description-short' : code,
      ]);
      expect(await countReports(student.user.id)).toBe(0);
    });

    it('answers malformed multipart bodies with catalogue codes, never a server error', async () => {
      const student = await loginAs(app, Role.Student);
      const good = form(VALID, [
        { field: 'screenshot', filename: 's.png', contentType: 'image/png', data: picture },
      ]);
      const truncated = await createForm(student.auth, {
        ...good,
        payload: good.payload.subarray(0, good.payload.length - 40),
      });
      expect([truncated.statusCode, truncated.json().code]).toEqual([400, 'bad-request']);

      const wrongBoundary = await createForm(student.auth, {
        payload: good.payload,
        headers: { 'content-type': 'multipart/form-data; boundary=somethingelse' },
      });
      expect(wrongBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expect(wrongBoundary.statusCode).toBeLessThan(500);
      expect(typeof wrongBoundary.json().code).toBe('string');

      const garbage = await createForm(student.auth, {
        payload: Buffer.from('this is not multipart at all'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
      expect(garbage.statusCode).toBeLessThan(500);

      const wrongPart = await createForm(
        student.auth,
        form(VALID, [{ field: 'image', filename: 's.png', contentType: 'image/png', data: picture }]),
      );
      expect([wrongPart.statusCode, wrongPart.json().code]).toEqual([400, 'bad-request']);

      const unknownField = await createForm(student.auth, form({ ...VALID, userId: '1' }));
      expect([unknownField.statusCode, unknownField.json().code]).toEqual([400, 'bad-request']);

      const twoFiles = await createForm(
        student.auth,
        form(VALID, [
          { field: 'screenshot', filename: 'a.png', contentType: 'image/png', data: picture },
          { field: 'screenshot', filename: 'b.png', contentType: 'image/png', data: picture },
        ]),
      );
      expect([twoFiles.statusCode, twoFiles.json().code]).toEqual([400, 'bad-request']);

      const notAnImage = await createForm(
        student.auth,
        form(VALID, [
          {
            field: 'screenshot',
            filename: 'fake.png',
            contentType: 'image/png',
            data: Buffer.from('%PDF-1.7 not a picture'),
          },
        ]),
      );
      expect([notAnImage.statusCode, notAnImage.json().code]).toEqual([400, 'invalid-type']);

      const huge = await createForm(
        student.auth,
        form(VALID, [
          {
            field: 'screenshot',
            filename: 'big.png',
            contentType: 'image/png',
            data: Buffer.alloc(10 * 1024 * 1024 + 1),
          },
        ]),
      );
      expect([huge.statusCode, huge.json().code]).toEqual([413, 'payload-too-large']);

      const text = await app.inject({
        method: 'POST',
        url: '/api/v1/report',
        headers: { ...student.auth, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect([text.statusCode, text.json().code]).toEqual([400, 'bad-request']);
      expect(await countReports(student.user.id)).toBe(0);
      expect((await app.db.select().from(files).where(eq(files.ownerId, student.user.id))).length).toBe(0);
    });

    it('checks the session before reading the body: anonymous is 401 whatever it sends', async () => {
      const anonymous = [
        await create(ANONYMOUS, {}),
        await create(ANONYMOUS, VALID),
        await app.inject({ method: 'POST', url: '/api/v1/report' }),
        await createForm(
          ANONYMOUS,
          form(VALID, [{ field: 'screenshot', filename: 's.png', contentType: 'image/png', data: picture }]),
        ),
        await app.inject({
          method: 'POST',
          url: '/api/v1/report',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: 'broken',
        }),
      ];
      for (const res of anonymous) {
        expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
      }
    });
  });

  describe('GET, PUT, DELETE /api/v1/report/{id}', () => {
    it('shows a report to its reporter and staff only', async () => {
      const { auth, report } = await reporterWithReport();
      expect((await request('GET', `/api/v1/report/${report.id}`, auth)).json().id).toBe(report.id);
      expect((await request('GET', `/api/v1/report/${report.id}`, admin.auth)).statusCode).toBe(200);
      expect((await request('GET', `/api/v1/report/${report.id}`, superAdmin.auth)).statusCode).toBe(200);
      for (const other of [(await loginAs(app, Role.Student)).auth, manager.auth]) {
        const res = await request('GET', `/api/v1/report/${report.id}`, other);
        expect([res.statusCode, res.json().code]).toEqual([404, 'report-not-found']);
      }
      expect((await request('GET', '/api/v1/report/999999', admin.auth)).json().code).toBe(
        'report-not-found',
      );
      expect((await request('GET', `/api/v1/report/${report.id}`, ANONYMOUS)).statusCode).toBe(401);
    });

    it('lets the reporter edit the title and description until staff reply', async () => {
      const { auth, report } = await reporterWithReport();
      const edited = await request('PUT', `/api/v1/report/${report.id}`, auth, { title: 'الفيديو يتجمد' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'الفيديو يتجمد', description: VALID.description });
      // The reporter's own follow-up does not lock the report.
      expect((await reply(auth, report.id, 'يحدث ذلك على الهاتف فقط.')).statusCode).toBe(200);
      expect(
        (
          await request('PUT', `/api/v1/report/${report.id}`, auth, {
            description: 'الفيديو يتجمد بعد دقيقة من البدء.',
          })
        ).statusCode,
      ).toBe(200);
      expect((await reply(admin.auth, report.id)).statusCode).toBe(200);
      const locked = await request('PUT', `/api/v1/report/${report.id}`, auth, { title: 'عنوان جديد تمامًا' });
      expect([locked.statusCode, locked.json().code]).toEqual([409, 'report-has-reply']);
      const deleted = await request('DELETE', `/api/v1/report/${report.id}`, auth);
      expect([deleted.statusCode, deleted.json().code]).toEqual([409, 'report-has-reply']);
      const [row] = await app.db.select().from(reports).where(eq(reports.id, report.id));
      expect(row?.title).toBe('الفيديو يتجمد');
    });

    it('lets staff resolve and reopen, and nobody else change what is not theirs', async () => {
      const { auth, user, report } = await reporterWithReport();
      const reporterSocket = await sockets.connectAs(user.id);
      const updates = record<{ action: string; report: { resolved: boolean } }>(
        reporterSocket,
        'report-updated',
      );
      const resolved = await request('PUT', `/api/v1/report/${report.id}`, admin.auth, { resolved: true });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({
        resolved: true,
        resolvedBy: { id: admin.user.id, name: 'كريم المسؤول' },
      });
      expect(resolved.json().resolvedAt).toBeTruthy();
      // Resolving again keeps who closed it first.
      expect(
        (await request('PUT', `/api/v1/report/${report.id}`, superAdmin.auth, { resolved: true })).json()
          .resolvedBy.id,
      ).toBe(admin.user.id);
      const reopened = await request('PUT', `/api/v1/report/${report.id}`, superAdmin.auth, {
        resolved: false,
      });
      expect(reopened.json()).toMatchObject({ resolved: false, resolvedAt: null, resolvedBy: null });
      await settle();
      expect(updates.map((event) => event.report.resolved)).toEqual([true, true, false]);

      const forbidden = [
        await request('PUT', `/api/v1/report/${report.id}`, auth, { resolved: true }),
        await request('PUT', `/api/v1/report/${report.id}`, admin.auth, { title: 'عنوان من الإدارة' }),
        await request('DELETE', `/api/v1/report/${report.id}`, admin.auth),
      ];
      for (const res of forbidden) {
        expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      }
      const stranger = await loginAs(app, Role.Student);
      for (const res of [
        await request('PUT', `/api/v1/report/${report.id}`, stranger.auth, { title: 'عنوان غريب هنا' }),
        await request('DELETE', `/api/v1/report/${report.id}`, stranger.auth),
        await request('PUT', `/api/v1/report/${report.id}`, manager.auth, { resolved: true }),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([404, 'report-not-found']);
      }
      for (const [payload, code] of [
        [{}, 'empty-request'],
        [{ title: 'قصير' }, 'report-title-short'],
        [{ resolved: 'yes' }, 'invalid-type'],
        [{ userId: 5 }, 'bad-request'],
      ] as const) {
        const res = await request('PUT', `/api/v1/report/${report.id}`, auth, payload);
        expect([res.statusCode, res.json().code]).toEqual([400, code]);
      }
      expect(
        (await request('PUT', '/api/v1/report/999999', admin.auth, { resolved: true })).json().code,
      ).toBe('report-not-found');
    });

    it('checks the session before the body on PUT and DELETE', async () => {
      const { report } = await reporterWithReport();
      for (const res of [
        await request('PUT', `/api/v1/report/${report.id}`, ANONYMOUS, {}),
        await app.inject({ method: 'PUT', url: `/api/v1/report/${report.id}` }),
        await request('DELETE', `/api/v1/report/${report.id}`, ANONYMOUS),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
      }
    });

    it('lets the reporter delete before a reply, and a SuperAdmin any report; the screenshot goes too', async () => {
      const student = await loginAs(app, Role.Student);
      const withPicture = (
        await createForm(
          student.auth,
          form(VALID, [{ field: 'screenshot', filename: 's.png', contentType: 'image/png', data: picture }]),
        )
      ).json();
      const name = path.basename(new URL(withPicture.screenshot).pathname);
      expect(existsSync(path.join(filesDir, name))).toBe(true);
      expect((await request('DELETE', `/api/v1/report/${withPicture.id}`, student.auth)).json()).toEqual({
        ok: true,
      });
      expect((await request('GET', `/api/v1/report/${withPicture.id}`, student.auth)).json().code).toBe(
        'report-not-found',
      );
      expect(existsSync(path.join(filesDir, name))).toBe(false);
      expect((await app.db.select().from(files).where(eq(files.name, name))).length).toBe(0);

      const { report, user } = await reporterWithReport();
      await reply(admin.auth, report.id);
      const reporterSocket = await sockets.connectAs(user.id);
      const heard = nextEvent<{ action: string }>(reporterSocket, 'report-updated');
      expect((await request('DELETE', `/api/v1/report/${report.id}`, superAdmin.auth)).json()).toEqual({
        ok: true,
      });
      expect((await heard).action).toBe('deleted');
      expect(
        await app.db.select().from(reportReplies).where(eq(reportReplies.reportId, report.id)),
      ).toHaveLength(0);
    });

    it('lets an edit and a staff reply racing each other end consistently', async () => {
      for (let round = 0; round < 5; round++) {
        const { auth, report } = await reporterWithReport();
        const [edit, answer] = await Promise.all([
          request('PUT', `/api/v1/report/${report.id}`, auth, { title: `عنوان معدّل رقم ${round}` }),
          reply(admin.auth, report.id),
        ]);
        expect(answer.statusCode).toBe(200);
        const [row] = await app.db.select().from(reports).where(eq(reports.id, report.id));
        if (edit.statusCode === 200) {
          expect(row?.title).toBe(`عنوان معدّل رقم ${round}`);
          expect(row!.updatedAt.getTime()).toBeLessThanOrEqual(
            new Date(answer.json().createdAt).getTime() + 1000,
          );
        } else {
          expect(edit.json().code).toBe('report-has-reply');
          expect(row?.title).toBe(VALID.title);
        }
      }
    });
  });

  describe('GET /api/v1/report/list', () => {
    it('gives the reporter their own reports with reply counts, and staff everyone’s with filters', async () => {
      const mine = await reporterWithReport({ title: 'مشكلة في الدفع بالبطاقة' });
      const second = await create(mine.auth, { title: 'الكاميرا لا تعمل', description: VALID.description });
      await reply(admin.auth, mine.report.id);
      await reply(mine.auth, mine.report.id, 'شكرًا، ما زالت المشكلة موجودة.');
      await request('PUT', `/api/v1/report/${second.json().id}`, admin.auth, { resolved: true });
      const other = await reporterWithReport();

      const own = (await request('GET', '/api/v1/report/list', mine.auth)).json();
      expect(own.total).toBe(2);
      expect(own.unresolved).toBe(1);
      expect(own.list.map((report: { id: number }) => report.id)).toEqual([second.json().id, mine.report.id]);
      expect(own.list[1]).toMatchObject({ replyCount: 2, hasStaffReply: true });
      expect(own.list[1].lastReplyAt).toBeTruthy();
      const forbidden = await request('GET', `/api/v1/report/list?userId=${other.user.id}`, mine.auth);
      expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'forbidden']);
      expect(
        (await request('GET', `/api/v1/report/list?userId=${mine.user.id}`, mine.auth)).json().total,
      ).toBe(2);

      const staff = (path: string) =>
        request('GET', `/api/v1/report/list${path}`, admin.auth).then((res) => res.json());
      const everyone = await staff('?size=100');
      expect(everyone.total).toBeGreaterThanOrEqual(3);
      expect(everyone.unresolved).toBe(
        everyone.list.filter((report: { resolved: boolean }) => !report.resolved).length,
      );
      expect((await staff(`?userId=${mine.user.id}`)).total).toBe(2);
      expect(
        (await staff(`?userId=${mine.user.id}&resolved=true`)).list.map((r: { id: number }) => r.id),
      ).toEqual([second.json().id]);
      expect((await staff(`?userId=${mine.user.id}&resolved=false`)).total).toBe(1);
      expect(
        (await staff(`?search=${encodeURIComponent('بالبطاقة')}`)).list.map((r: { id: number }) => r.id),
      ).toEqual([mine.report.id]);
      expect((await staff(`?search=${encodeURIComponent(mine.user.email)}`)).total).toBe(2);
      expect((await staff(`?search=${encodeURIComponent('100%_')}`)).total).toBe(0);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const past = new Date(Date.now() - 3_600_000).toISOString();
      expect((await staff(`?from=${encodeURIComponent(future)}`)).total).toBe(0);
      expect(
        (
          await staff(
            `?userId=${mine.user.id}&from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
          )
        ).total,
      ).toBe(2);
      expect((await staff('?size=1&page=2')).list).toHaveLength(1);

      for (const [query, code] of [
        ['?resolved=maybe', 'bad-request'],
        ['?from=yesterday', 'bad-request'],
        [`?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`, 'bad-request'],
        ['?size=1000', 'bad-request'],
      ] as const) {
        const res = await request('GET', `/api/v1/report/list${query}`, admin.auth);
        expect([res.statusCode, res.json().code]).toEqual([400, code]);
      }
      expect((await request('GET', '/api/v1/report/list', ANONYMOUS)).statusCode).toBe(401);
    });
  });

  describe('replies', () => {
    it('tells the reporter live and by e-mail when staff reply', async () => {
      const { user, report, auth } = await reporterWithReport();
      const reporterSocket = await sockets.connectAs(user.id);
      const staffSocket = await sockets.connect(superAdmin.token);
      const replied = nextEvent<{
        action: string;
        report: { id: number; hasStaffReply: boolean };
        reply: { text: string };
      }>(reporterSocket, 'report-replied');
      const staffHeard = nextEvent<{ action: string; unresolved: number }>(staffSocket, 'Reports');
      const res = await reply(admin.auth, report.id, '  جرّب تحديث المتصفح ثم أخبرنا.  ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        reportId: report.id,
        author: { id: admin.user.id, name: 'كريم المسؤول', role: Role.RegularAdmin },
        fromStaff: true,
        text: 'جرّب تحديث المتصفح ثم أخبرنا.',
      });
      const event = await replied;
      expect(event).toMatchObject({
        action: 'replied',
        report: { id: report.id, hasStaffReply: true },
        reply: { text: 'جرّب تحديث المتصفح ثم أخبرنا.' },
      });
      expect((await staffHeard).action).toBe('replied');
      await settle();
      const mail = await lastMessageTo(app.db, user.email);
      expect(mail?.subject).toContain('ردّ فريق الدعم');
      expect(mail?.text).toContain('جرّب تحديث المتصفح ثم أخبرنا.');
      expect(mail?.text).toContain(`/reports?id=${report.id}`);

      // The reporter's follow-up is not announced back to them, nor mailed.
      const ownReplies = record(reporterSocket, 'report-replied');
      const followUp = await reply(auth, report.id, 'جرّبت ولم ينجح.');
      expect(followUp.json()).toMatchObject({ fromStaff: false, author: { id: user.id } });
      await settle();
      expect(ownReplies).toHaveLength(0);
    });

    it('opens a resolved report again when the reporter follows up', async () => {
      const { auth, report } = await reporterWithReport();
      await request('PUT', `/api/v1/report/${report.id}`, admin.auth, { resolved: true });
      await reply(admin.auth, report.id);
      expect((await request('GET', `/api/v1/report/${report.id}`, auth)).json().resolved).toBe(true);
      await reply(auth, report.id, 'المشكلة عادت مرة أخرى.');
      expect((await request('GET', `/api/v1/report/${report.id}`, auth)).json().resolved).toBe(false);
    });

    it('lets only the reporter and staff into a conversation, oldest first', async () => {
      const { auth, report } = await reporterWithReport();
      await reply(auth, report.id, 'أول رد مني.');
      await reply(admin.auth, report.id, 'رد الإدارة.');
      await reply(auth, report.id, 'رد آخر مني.');
      const conversation = await request('GET', `/api/v1/report/reply/report/${report.id}`, auth);
      expect(conversation.statusCode).toBe(200);
      expect(conversation.json().total).toBe(3);
      expect(
        conversation.json().list.map((r: { text: string; fromStaff: boolean }) => [r.text, r.fromStaff]),
      ).toEqual([
        ['أول رد مني.', false],
        ['رد الإدارة.', true],
        ['رد آخر مني.', false],
      ]);
      expect(
        (await request('GET', `/api/v1/report/reply/report/${report.id}`, superAdmin.auth)).json().total,
      ).toBe(3);
      const stranger = await loginAs(app, Role.Student);
      for (const auth of [stranger.auth, manager.auth]) {
        expect((await request('GET', `/api/v1/report/reply/report/${report.id}`, auth)).json().code).toBe(
          'report-not-found',
        );
        const res = await reply(auth, report.id, 'تدخل غريب.');
        expect([res.statusCode, res.json().code]).toEqual([404, 'report-not-found']);
      }
      expect((await reply(admin.auth, 999_999)).json().code).toBe('report-not-found');
      expect((await request('GET', `/api/v1/report/reply/report/${report.id}`, ANONYMOUS)).statusCode).toBe(
        401,
      );
    });

    it('lets authors edit their replies, authors and SuperAdmins delete them', async () => {
      const { auth, user, report } = await reporterWithReport();
      const staffReply = (await reply(admin.auth, report.id, 'رد أول من الإدارة.')).json();
      const ownReply = (await reply(auth, report.id, 'متابعة مني.')).json();

      expect((await request('GET', `/api/v1/report/reply/${staffReply.id}`, auth)).json().text).toBe(
        'رد أول من الإدارة.',
      );
      const stranger = await loginAs(app, Role.Student);
      expect((await request('GET', `/api/v1/report/reply/${staffReply.id}`, stranger.auth)).json().code).toBe(
        'report-reply-not-found',
      );
      expect((await request('GET', '/api/v1/report/reply/999999', admin.auth)).json().code).toBe(
        'report-reply-not-found',
      );

      const reporterSocket = await sockets.connectAs(user.id);
      const updated = nextEvent<{ action: string }>(reporterSocket, 'report-updated');
      const edited = await request('PUT', `/api/v1/report/reply/${staffReply.id}`, admin.auth, {
        text: 'رد معدّل.',
      });
      expect(edited.json()).toMatchObject({ text: 'رد معدّل.' });
      expect((await updated).action).toBe('reply-updated');
      for (const [who, id] of [
        [auth, staffReply.id],
        [superAdmin.auth, ownReply.id],
        [admin.auth, ownReply.id],
      ] as const) {
        const res = await request('PUT', `/api/v1/report/reply/${id}`, who, { text: 'ليس ردي.' });
        expect([res.statusCode, res.json().code]).toEqual([403, 'not-owner']);
      }
      expect(
        (await request('PUT', `/api/v1/report/reply/${ownReply.id}`, stranger.auth, { text: 'غريب.' })).json()
          .code,
      ).toBe('report-reply-not-found');
      for (const [payload, code] of [
        [{ text: '   ' }, 'text-too-short'],
        [{ text: 'ن'.repeat(1001) }, 'text-too-long'],
        [{}, 'required'],
      ] as const) {
        const res = await request('PUT', `/api/v1/report/reply/${ownReply.id}`, auth, payload);
        expect([res.statusCode, res.json().code]).toEqual([400, code]);
      }

      const notOwner = await request('DELETE', `/api/v1/report/reply/${ownReply.id}`, admin.auth);
      expect([notOwner.statusCode, notOwner.json().code]).toEqual([403, 'not-owner']);
      expect((await request('DELETE', `/api/v1/report/reply/${staffReply.id}`, auth)).json().code).toBe(
        'not-owner',
      );
      expect((await request('DELETE', `/api/v1/report/reply/${ownReply.id}`, auth)).json()).toEqual({
        ok: true,
      });
      expect(
        (await request('DELETE', `/api/v1/report/reply/${staffReply.id}`, superAdmin.auth)).json(),
      ).toEqual({ ok: true });
      expect((await request('GET', `/api/v1/report/reply/report/${report.id}`, auth)).json().total).toBe(0);
      // With no staff reply left the reporter may edit again.
      expect(
        (await request('PUT', `/api/v1/report/${report.id}`, auth, { title: 'عنوان جديد للبلاغ' }))
          .statusCode,
      ).toBe(200);
    });

    it.each([
      ['text-too-short', { text: '  ' }],
      ['text-too-long', { text: 'ن'.repeat(1001) }],
      ['required', { text: undefined }],
      ['invalid-type', { reportId: 'x' }],
    ])('answers %s to a new reply', async (code, patch) => {
      const { report } = await reporterWithReport();
      const res = await request('POST', '/api/v1/report/reply', admin.auth, {
        reportId: report.id,
        text: 'نص صالح',
        ...patch,
      });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    });

    it('pages every reply for staff only', async () => {
      const { auth, report } = await reporterWithReport();
      await reply(admin.auth, report.id, 'رد ١');
      await reply(superAdmin.auth, report.id, 'رد ٢');
      const page = await request('GET', `/api/v1/report/reply/list?reportId=${report.id}&size=1`, admin.auth);
      expect(page.statusCode).toBe(200);
      expect(page.json().total).toBe(2);
      expect(page.json().list.map((r: { text: string }) => r.text)).toEqual(['رد ٢']);
      expect(
        (
          await request(
            'GET',
            `/api/v1/report/reply/list?authorId=${superAdmin.user.id}&reportId=${report.id}`,
            admin.auth,
          )
        ).json().total,
      ).toBe(1);
      for (const who of [auth, manager.auth]) {
        const res = await request('GET', '/api/v1/report/reply/list', who);
        expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      }
      expect((await request('GET', '/api/v1/report/reply/list', ANONYMOUS)).statusCode).toBe(401);
    });

    it('checks the session before the body on every reply route', async () => {
      for (const res of [
        await app.inject({ method: 'POST', url: '/api/v1/report/reply' }),
        await request('POST', '/api/v1/report/reply', ANONYMOUS, {}),
        await request('PUT', '/api/v1/report/reply/1', ANONYMOUS, {}),
        await request('DELETE', '/api/v1/report/reply/1', ANONYMOUS),
        await request('GET', '/api/v1/report/reply/1', ANONYMOUS),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
      }
      // The role, too, before the body: a student's malformed query on the staff list is 403.
      const student = await loginAs(app, Role.Student);
      const res = await request('GET', '/api/v1/report/reply/list?page=zero', student.auth);
      expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
    });
  });
});
