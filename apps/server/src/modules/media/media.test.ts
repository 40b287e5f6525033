import { FileUse, MediaListResponseSchema, Role } from '@hiwar/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, invoiceEvents, invoices, reports, tutors, users } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { createUser, loginAs } from '../../testing/factories.ts';
import type { FileKind } from '../assets/assets.repository.ts';

const LIST = '/api/v1/media/list';
const ORPHANS = '/api/v1/media/orphans';
const HOUR = 3_600_000;

describe('/api/v1/media', async () => {
  const { app } = await buildTestApp();
  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const regularAdmin = await loginAs(app, Role.RegularAdmin);

  /** A stored file (bytes and row), made `ageMs` old. */
  async function store(
    kind: FileKind,
    ownerId: number | null,
    options: { ageMs?: number; mime?: string } = {},
  ) {
    const mime = options.mime ?? 'image/png';
    const row = await app.files.save({
      kind,
      ownerId,
      extension: mime === 'video/mp4' ? 'mp4' : 'png',
      mime,
      size: 4,
      source: { buffer: Buffer.from('file') },
    });
    const createdAt = new Date(Date.now() - (options.ageMs ?? 2 * HOUR));
    await app.db.update(files).set({ createdAt }).where(eq(files.id, row.id));
    return row.name;
  }
  const exists = async (name: string) => {
    const [row] = await app.db.select().from(files).where(eq(files.name, name));
    const bytes = await app.files.open(name);
    bytes?.destroy();
    return { row: row !== undefined, bytes: bytes !== null };
  };
  const list = (auth: Record<string, string>, query = '') =>
    app.inject({ method: 'GET', url: `${LIST}${query}`, headers: auth });
  const removeOrphans = (auth: Record<string, string>) =>
    app.inject({ method: 'DELETE', url: ORPHANS, headers: auth });

  /** Every place that holds a file name, each with one old file it references. */
  async function referencedFiles() {
    const tutor = await createUser(app.db, { role: Role.Tutor, name: 'ليلى المعلمة' });
    const student = await createUser(app.db, { role: Role.Student });
    const avatar = await store('upload', tutor.id);
    const video = await store('upload', tutor.id, { mime: 'video/mp4' });
    const thumbnail = await store('upload', tutor.id);
    const receipt = await store('receipt', tutor.id);
    const pastReceipt = await store('receipt', tutor.id);
    const screenshot = await store('report', student.id);
    await app.db.update(users).set({ image: avatar }).where(eq(users.id, tutor.id));
    await app.db.update(tutors).set({ video, thumbnail }).where(eq(tutors.userId, tutor.id));
    const [invoice] = await app.db
      .insert(invoices)
      .values({
        userId: tutor.id,
        method: 'wallet',
        phone: '01012345678',
        amount: 10_000,
        status: 'fulfilled',
        receipt,
      })
      .returning();
    // An earlier receipt the invoice's history still shows.
    await app.db.insert(invoiceEvents).values({
      invoiceId: invoice!.id,
      action: 'status-changed',
      fromStatus: 'pending',
      toStatus: 'fulfilled',
      data: { receipt: pastReceipt },
    });
    await app.db.insert(reports).values({
      userId: student.id,
      title: 'مشكلة في الدرس',
      description: 'انقطع الصوت أثناء الدرس',
      screenshot,
    });
    return { tutor, student, avatar, video, thumbnail, receipt, pastReceipt, screenshot };
  }

  const referenced = await referencedFiles();
  const ownerless = await store('upload', null);
  const oldOrphan = await store('upload', referenced.tutor.id, { ageMs: 3 * HOUR });
  const youngOrphan = await store('upload', referenced.tutor.id, { ageMs: 10 * 60_000 });

  describe('GET /list', () => {
    it('lists every file, newest first, with its owner, its uses and where to open it', async () => {
      const res = await list(regularAdmin.auth, '?size=100');
      expect(res.statusCode).toBe(200);
      const body = MediaListResponseSchema.parse(res.json());
      expect(body.total).toBe(9);
      expect(body.list[0]?.name).toBe(youngOrphan);
      const byName = new Map(body.list.map((file) => [file.name, file]));
      expect(byName.get(referenced.avatar)).toMatchObject({
        kind: 'upload',
        uses: [FileUse.Avatar],
        orphaned: false,
        owner: { id: referenced.tutor.id, name: 'ليلى المعلمة', role: Role.Tutor },
        url: `${app.config.publicUrls.web}/assets/uploads/${referenced.avatar}`,
      });
      expect(byName.get(referenced.video)).toMatchObject({ uses: [FileUse.Video], mime: 'video/mp4' });
      expect(byName.get(referenced.thumbnail)?.uses).toEqual([FileUse.Thumbnail]);
      expect(byName.get(referenced.receipt)).toMatchObject({
        uses: [FileUse.Receipt],
        url: `${app.config.publicUrls.web}/assets/receipts/${referenced.receipt}`,
      });
      expect(byName.get(referenced.pastReceipt)?.uses).toEqual([FileUse.Receipt]);
      expect(byName.get(referenced.screenshot)).toMatchObject({
        kind: 'report',
        uses: [FileUse.ReportScreenshot],
        url: `${app.config.publicUrls.web}/assets/reports/${referenced.screenshot}`,
      });
      expect(byName.get(ownerless)).toMatchObject({ owner: null, uses: [], orphaned: true });
      expect(byName.get(youngOrphan)?.orphaned).toBe(true);
      // The old orphans only: the young one may be an upload in flight.
      expect(body.removableOrphans).toBe(2);
    });

    it('filters by kind, owner, orphaned and Cairo dates, and pages', async () => {
      const names = async (query: string) => {
        const res = await list(regularAdmin.auth, query);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
        return (res.json().list as Array<{ name: string }>).map((file) => file.name);
      };
      expect(await names('?kind=receipt')).toEqual(
        expect.arrayContaining([referenced.receipt, referenced.pastReceipt]),
      );
      expect(await names('?kind=receipt')).toHaveLength(2);
      expect(await names('?kind=report')).toEqual([referenced.screenshot]);
      expect(await names(`?ownerId=${referenced.student.id}`)).toEqual([referenced.screenshot]);
      expect((await names('?orphaned=true')).sort()).toEqual([ownerless, oldOrphan, youngOrphan].sort());
      expect(await names('?orphaned=false')).toHaveLength(6);
      // The files are hours old, so near Cairo's midnight they span two days: each Cairo day
      // holds exactly the files whose creation falls in it.
      const all = (await list(regularAdmin.auth, '?size=100')).json().list as Array<{
        name: string;
        createdAt: string;
      }>;
      const cairoDay = (iso: string) =>
        new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Africa/Cairo' });
      for (const day of new Set(all.map((file) => cairoDay(file.createdAt)))) {
        const expected = all.filter((file) => cairoDay(file.createdAt) === day).map((file) => file.name);
        expect((await names(`?from=${day}&to=${day}&size=100`)).sort()).toEqual(expected.sort());
      }
      expect(await names('?from=2020-01-01&to=2020-01-31')).toEqual([]);
      const paged = (await list(regularAdmin.auth, '?page=2&size=4&order=asc')).json();
      expect(paged.total).toBe(9);
      expect(paged.list).toHaveLength(4);
      expect((await list(regularAdmin.auth, '?page=50')).json()).toMatchObject({ list: [], total: 9 });
    });

    it.each([
      '?kind=video',
      '?orphaned=maybe',
      '?from=2027-13-01',
      '?from=2027-03-02&to=2027-03-01',
      '?size=1000',
      '?ownerId=abc',
      '?order=sideways',
    ])('answers %s with bad-request', async (query) => {
      const res = await list(regularAdmin.auth, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bad-request');
    });

    it('is for admins only: other staff and users 403, strangers 401', async () => {
      for (const role of [Role.TutorManager, Role.Studio, Role.Tutor, Role.Student]) {
        const caller = await loginAs(app, role);
        const res = await list(caller.auth);
        expect(res.statusCode, `role ${role}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
      const anonymous = await list({});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthenticated');
    });
  });

  describe('DELETE /orphans', () => {
    it('is for SuperAdmins only: a RegularAdmin 403, strangers 401, and nothing is removed', async () => {
      const res = await removeOrphans(regularAdmin.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expect((await removeOrphans({})).statusCode).toBe(401);
      expect(await exists(oldOrphan)).toEqual({ row: true, bytes: true });
    });

    it('removes old orphans from the table and the store, never a referenced file nor a young upload', async () => {
      const res = await removeOrphans(superAdmin.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ removed: 2, bytes: 8, more: false });
      expect(await exists(oldOrphan)).toEqual({ row: false, bytes: false });
      expect(await exists(ownerless)).toEqual({ row: false, bytes: false });
      expect(await exists(youngOrphan)).toEqual({ row: true, bytes: true });
      for (const name of [
        referenced.avatar,
        referenced.video,
        referenced.thumbnail,
        referenced.receipt,
        referenced.pastReceipt,
        referenced.screenshot,
      ]) {
        expect(await exists(name), name).toEqual({ row: true, bytes: true });
      }
      expect((await removeOrphans(superAdmin.auth)).json()).toEqual({ removed: 0, bytes: 0, more: false });
    });

    it('never removes a file while any column names it, whatever its age', async () => {
      const again = await referencedFiles();
      const names = [
        again.avatar,
        again.video,
        again.thumbnail,
        again.receipt,
        again.pastReceipt,
        again.screenshot,
      ];
      await app.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 400 * 24 * HOUR) })
        .where(inArray(files.name, names));
      expect((await removeOrphans(superAdmin.auth)).json().removed).toBe(0);
      // Unreference the avatar: now it goes, and only it.
      await app.db.update(users).set({ image: null }).where(eq(users.id, again.tutor.id));
      expect((await removeOrphans(superAdmin.auth)).json()).toMatchObject({ removed: 1 });
      expect((await exists(again.avatar)).row).toBe(false);
      const left = await app.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM files WHERE name IN (${sql.join(
          names.slice(1).map((name) => sql`${name}`),
          sql`, `,
        )})`,
      );
      expect(left.rows[0]?.n).toBe(5);
    });
  });
});
