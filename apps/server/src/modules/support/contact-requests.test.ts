import { Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactRequests } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { lastMessageTo } from '../../testing/outbox.ts';
import { listenForSockets, nextEvent, settle } from '../../testing/sockets.ts';

type Auth = { authorization: string };

const VALID = {
  name: 'سارة أحمد',
  phone: '010 1234 5678',
  email: '',
  title: 'سؤال عن خطط العائلات',
  message: 'هل توجد خطة تسمح لأخوين بالاشتراك معًا بسعر أقل؟',
};

let lastIp = 0;
/** A new client address for each sender, so tests do not share the per-address limit. */
const nextIp = () => `10.20.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

describe('contact requests', async () => {
  const { app } = await buildTestApp();
  const sockets = await listenForSockets(app);
  const superAdmin = await loginAs(app, Role.SuperAdmin, { name: 'سارة المديرة' });
  const secondSuperAdmin = await loginAs(app, Role.SuperAdmin);
  const admin = await loginAs(app, Role.RegularAdmin, { name: 'كريم المسؤول' });

  const send = (payload: object, remoteAddress = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/v1/contact-request/', payload, remoteAddress });
  const list = (auth: Auth | object, query = '') =>
    app.inject({ method: 'GET', url: `/api/v1/contact-request/list${query}`, headers: auth as Auth });
  const mark = (auth: Auth | object, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/contact-request/${id}`, headers: auth as Auth, payload });
  const rowsTitled = (title: string) =>
    app.db.select().from(contactRequests).where(eq(contactRequests.title, title));

  describe('POST /api/v1/contact-request/', () => {
    it('stores a request with its address, mails every SuperAdmin and tells staff live', async () => {
      const staffSocket = await sockets.connect(admin.token);
      const heard = nextEvent<{ action: string; contactRequest: { title: string }; unhandled: number }>(
        staffSocket,
        'ContactRequests',
      );
      const title = 'سؤال عن الدفع بالتقسيط';
      const res = await send({ ...VALID, title }, '10.9.8.7');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const [row] = await rowsTitled(title);
      expect(row).toMatchObject({
        name: 'سارة أحمد',
        phone: '01012345678',
        email: null,
        message: VALID.message,
        ip: '10.9.8.7',
        handledAt: null,
      });
      const event = await heard;
      expect(event).toMatchObject({ action: 'created', contactRequest: { title } });
      expect(event.unhandled).toBeGreaterThanOrEqual(1);
      await settle();
      for (const to of [superAdmin.user.email, secondSuperAdmin.user.email]) {
        const mail = await lastMessageTo(app.db, to);
        expect(mail?.subject).toContain(title);
        expect(mail?.text).toContain('01012345678');
        expect(mail?.text).toContain('/contact-requests');
      }
      expect(await lastMessageTo(app.db, admin.user.email)).toBeNull();
    });

    it('takes an e-mail instead of a phone', async () => {
      const title = 'طلب تواصل بالبريد فقط';
      const res = await send({ ...VALID, phone: undefined, email: 'Visitor@Example.com', title });
      expect(res.statusCode).toBe(200);
      expect((await rowsTitled(title))[0]).toMatchObject({ phone: null, email: 'visitor@example.com' });
    });

    it.each([
      ['required', { phone: '', email: '' }],
      ['required', { phone: undefined, email: undefined }],
      ['invalid-phone', { phone: '0123' }],
      ['invalid-email', { phone: '', email: 'visitor@' }],
      ['contact-request-name-short', { name: 'س' }],
      ['contact-request-name-long', { name: 'س'.repeat(61) }],
      ['contact-request-title-short', { title: 'سؤال' }],
      ['contact-request-title-long', { title: 'س'.repeat(129) }],
      ['contact-request-message-short', { message: 'مرحبًا' }],
      ['contact-request-message-long', { message: 'س'.repeat(1001) }],
      ['invalid-type', { message: 5 }],
    ])('answers %s and stores nothing', async (code, patch) => {
      const title = `عنوان اختبار ${code}`.slice(0, 100);
      const res = await send({ ...VALID, title, ...patch });
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
      expect(await rowsTitled(title)).toHaveLength(0);
    });

    it('takes five requests an hour from one address, then answers 429 too-many-requests', async () => {
      const ip = '10.77.77.77';
      // Invalid requests are not counted: a visitor correcting the form is not held back.
      for (let i = 0; i < 3; i++) {
        expect((await send({ ...VALID, title: 'قصير' }, ip)).statusCode).toBe(400);
      }
      for (let i = 0; i < 5; i++) {
        expect((await send({ ...VALID, title: `طلب رقم ${i + 1} من العنوان نفسه` }, ip)).statusCode).toBe(
          200,
        );
      }
      const limited = await send({ ...VALID, title: 'طلب سادس من العنوان نفسه' }, ip);
      expect([limited.statusCode, limited.json().code]).toEqual([429, 'too-many-requests']);
      expect(await rowsTitled('طلب سادس من العنوان نفسه')).toHaveLength(0);
      // Another address is not affected.
      expect((await send({ ...VALID, title: 'طلب من عنوان آخر' }, '10.77.77.78')).statusCode).toBe(200);
    });
  });

  describe('staff', () => {
    it('lists requests newest first with the open count, filtered by handled and a search', async () => {
      const title = 'طلب للبحث عنه في القائمة';
      await send({ ...VALID, name: 'منى البحث', title });
      const all = (await list(admin.auth, '?size=100')).json();
      expect(all.total).toBeGreaterThanOrEqual(1);
      expect(all.list[0]).toMatchObject({ name: 'منى البحث', title, handled: false, handledBy: null });
      expect(all.unhandled).toBe(all.list.filter((request: { handled: boolean }) => !request.handled).length);
      const found = (await list(superAdmin.auth, `?search=${encodeURIComponent('منى البحث')}`)).json();
      expect(found.list.map((request: { title: string }) => request.title)).toEqual([title]);
      expect((await list(admin.auth, '?handled=true')).json().total).toBe(0);
      expect((await list(admin.auth, '?handled=maybe')).json().code).toBe('bad-request');
    });

    it('marks a request handled by the caller, and open again', async () => {
      const title = 'طلب ستتم معالجته';
      await send({ ...VALID, title });
      const [row] = await rowsTitled(title);
      const staffSocket = await sockets.connect(superAdmin.token);
      const heard = nextEvent<{ action: string; contactRequest: { id: number; handled: boolean } }>(
        staffSocket,
        'ContactRequests',
      );
      const handled = await mark(admin.auth, row!.id, { handled: true });
      expect(handled.statusCode).toBe(200);
      expect(handled.json()).toMatchObject({
        id: row!.id,
        handled: true,
        handledBy: { id: admin.user.id, name: 'كريم المسؤول' },
      });
      expect(await heard).toMatchObject({
        action: 'updated',
        contactRequest: { id: row!.id, handled: true },
      });
      expect(
        (await list(admin.auth, '?handled=true')).json().list.map((r: { id: number }) => r.id),
      ).toContain(row!.id);
      // Marking again keeps who handled it first.
      expect((await mark(superAdmin.auth, row!.id, { handled: true })).json().handledBy.id).toBe(
        admin.user.id,
      );
      const reopened = await mark(superAdmin.auth, row!.id, { handled: false });
      expect(reopened.json()).toMatchObject({ handled: false, handledAt: null, handledBy: null });
      const missing = await mark(admin.auth, 999_999, { handled: true });
      expect([missing.statusCode, missing.json().code]).toEqual([404, 'contact-request-not-found']);
      for (const payload of [{}, { handled: 'yes' }]) {
        expect((await mark(admin.auth, row!.id, payload)).statusCode).toBe(400);
      }
    });

    it('is for SuperAdmin and RegularAdmin only, the caller checked before the body', async () => {
      for (const role of [Role.Student, Role.Tutor, Role.TutorManager, Role.Studio]) {
        const user = await loginAs(app, role);
        for (const res of [
          await list(user.auth),
          await mark(user.auth, 1, {}),
          await mark(user.auth, 1, { handled: true }),
        ]) {
          expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
        }
      }
      for (const res of [
        await list({}),
        await mark({}, 1, {}),
        await app.inject({ method: 'PUT', url: '/api/v1/contact-request/1' }),
      ]) {
        expect([res.statusCode, res.json().code]).toEqual([401, 'unauthenticated']);
      }
    });
  });
});
