import {
  ADMIN_INVOICES_CHANNEL,
  INVOICE_STATUSES,
  INVOICE_UPDATED_EVENT,
  type InvoiceEvent,
  InvoiceStatus,
  invoiceTransition,
  Role,
} from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceEvents, invoices, withdrawMethods } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { lastMessageTo } from '../../testing/outbox.ts';
import { listenForSockets, nextEvent, record, settle } from '../../testing/sockets.ts';
import { T0 } from '../../testing/time.ts';
import { earn, form, insertInvoiceIn, receiptPicture } from './invoices.fixtures.ts';

type Auth = { authorization: string };
const S = InvoiceStatus;
const wallet = { method: 'wallet', phone: '01012345678' } as const;
const instapay = { method: 'instapay', username: 'mona.adel@instapay' } as const;

describe('invoices', async () => {
  let now = T0;
  const { app } = await buildTestApp({ deps: { clock: () => now } });
  beforeEach(() => {
    now = T0;
  });
  const sockets = await listenForSockets(app);

  const superAdmin = await loginAs(app, Role.SuperAdmin);
  const admin = await loginAs(app, Role.RegularAdmin);
  const student = await loginAs(app, Role.Student);
  const studio = await loginAs(app, Role.Studio);
  const picture = await receiptPicture();

  /** A signed-in tutor with `earned` piasters credited (1,000 EGP unless told). */
  async function tutorWith(earned = 1000_00, role: Role = Role.Tutor) {
    const tutor = await loginAs(app, role, { name: 'منى عادل' });
    if (earned > 0) {
      await earn(app.db, tutor.user.id, earned, now);
    }
    return tutor;
  }
  const request = (auth: Auth | object, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/invoice', headers: auth as Auth, payload });
  const asReceiver = (auth: Auth | object, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/invoice/receiver/${id}`, headers: auth as Auth, payload });
  const asAdmin = (auth: Auth | object, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/invoice/admin/${id}`, headers: auth as Auth, payload });
  const asAdminForm = (
    auth: Auth,
    id: number,
    fields: Record<string, string>,
    receipt: Buffer | null = picture,
  ) => {
    const body = form(
      fields,
      receipt ? [{ field: 'receipt', filename: 'receipt.png', contentType: 'image/png', data: receipt }] : [],
    );
    return app.inject({
      method: 'PUT',
      url: `/api/v1/invoice/admin/${id}`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (auth: Auth | object, url: string) => app.inject({ method: 'GET', url, headers: auth as Auth });
  const remove = (auth: Auth | object, id: number) =>
    app.inject({ method: 'DELETE', url: `/api/v1/invoice/${id}`, headers: auth as Auth });
  const stats = async (auth: Auth, tutorId: number) =>
    (await get(auth, `/api/v1/invoice/stats/${tutorId}`)).json();
  const statusOf = async (id: number) =>
    (await app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  describe('withdraw methods', () => {
    const list = (auth: Auth | object) => get(auth, '/api/v1/withdraw-method/list');

    it('starts with the three methods at 100 to 50,000 EGP, enabled', async () => {
      const res = await list(admin.auth);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .list.map((method: { type: string }) => method.type)
          .sort(),
      ).toEqual(['bank', 'instapay', 'wallet']);
      for (const method of res.json().list) {
        expect(method).toMatchObject({ min: 100_00, max: 50_000_00, enabled: true });
      }
    });

    it('shows tutors and tutor managers the enabled methods only, staff all of them', async () => {
      const bank = (await list(admin.auth)).json().list.find((m: { type: string }) => m.type === 'bank');
      const off = await app.inject({
        method: 'PUT',
        url: `/api/v1/withdraw-method/${bank.id}`,
        headers: superAdmin.auth,
        payload: { enabled: false },
      });
      expect(off.json()).toMatchObject({ type: 'bank', enabled: false });
      try {
        for (const role of [Role.Tutor, Role.TutorManager]) {
          const tutor = await loginAs(app, role);
          expect(
            (await list(tutor.auth))
              .json()
              .list.map((m: { type: string }) => m.type)
              .sort(),
          ).toEqual(['instapay', 'wallet']);
        }
        expect((await list(superAdmin.auth)).json().total).toBe(3);
        // A disabled method takes no requests.
        const tutor = await tutorWith();
        const res = await request(tutor.auth, {
          amount: 200_00,
          details: { method: 'bank', bank: 'cib', accountNumber: '100020003000' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('withdraw-method-not-found');
      } finally {
        await app.db.update(withdrawMethods).set({ enabled: true }).where(eq(withdrawMethods.id, bank.id));
      }
    });

    it('lets staff change the limits, never min above max', async () => {
      const instapayMethod = (await list(admin.auth))
        .json()
        .list.find((m: { type: string }) => m.type === 'instapay');
      const put = (payload: object, id = instapayMethod.id, auth: Auth = admin.auth) =>
        app.inject({ method: 'PUT', url: `/api/v1/withdraw-method/${id}`, headers: auth, payload });
      try {
        expect((await put({ min: 200_00, max: 40_000_00 })).json()).toMatchObject({
          min: 200_00,
          max: 40_000_00,
        });
        expect((await put({ min: 50_000_00 })).json().code).toBe('withdraw-min-above-max');
        expect((await put({ min: 300_00, max: 200_00 })).json().code).toBe('withdraw-min-above-max');
        expect((await put({ max: 0 })).json().code).toBe('withdraw-amount-zero-or-negative');
        expect((await put({})).json().code).toBe('empty-request');
        const missing = await put({ min: 100_00 }, 999_999);
        expect([missing.statusCode, missing.json().code]).toEqual([404, 'withdraw-method-not-found']);
        // The new minimum applies to requests.
        const tutor = await tutorWith();
        const res = await request(tutor.auth, { amount: 150_00, details: instapay });
        expect([res.statusCode, res.json().code]).toEqual([400, 'invoice-min-subceeded']);
      } finally {
        await put({ min: 100_00, max: 50_000_00 });
      }
    });

    it('has one method per type', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/withdraw-method',
        headers: superAdmin.auth,
        payload: { type: 'wallet' },
      });
      expect([res.statusCode, res.json().code]).toEqual([409, 'withdraw-method-exists']);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/withdraw-method',
        headers: superAdmin.auth,
        payload: { type: 'wallet', min: 500_00, max: 100_00 },
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'withdraw-min-above-max']);
    });

    it('adds a method of a type that has none', async () => {
      await app.db.delete(withdrawMethods).where(eq(withdrawMethods.type, 'instapay'));
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/withdraw-method',
        headers: admin.auth,
        payload: { type: 'instapay', min: 50_00 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ type: 'instapay', min: 50_00, max: 50_000_00, enabled: true });
      await app.db.update(withdrawMethods).set({ min: 100_00 }).where(eq(withdrawMethods.type, 'instapay'));
    });

    it('is for staff to edit and for tutors and staff to read', async () => {
      const tutor = await loginAs(app, Role.Tutor);
      const manager = await loginAs(app, Role.TutorManager);
      for (const auth of [tutor.auth, manager.auth, student.auth, studio.auth]) {
        const post = await app.inject({
          method: 'POST',
          url: '/api/v1/withdraw-method',
          headers: auth,
          payload: { type: 'wallet' },
        });
        expect([post.statusCode, post.json().code]).toEqual([403, 'forbidden']);
        const put = await app.inject({
          method: 'PUT',
          url: '/api/v1/withdraw-method/1',
          headers: auth,
          payload: { enabled: false },
        });
        expect(put.statusCode).toBe(403);
      }
      for (const auth of [student.auth, studio.auth]) {
        expect((await list(auth)).statusCode).toBe(403);
      }
      expect((await list({})).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/withdraw-method', payload: { type: 'wallet' } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('POST /api/v1/invoice', () => {
    it('requests a withdrawal: held from the balance, 4–5 working days, the tutor and staff told', async () => {
      const tutor = await tutorWith(1000_00);
      const tutorSocket = await sockets.connect(tutor.token);
      const adminSocket = await sockets.connect(admin.token);
      const tutorHears = nextEvent<InvoiceEvent>(tutorSocket, INVOICE_UPDATED_EVENT);
      const staffHears = nextEvent<InvoiceEvent>(adminSocket, ADMIN_INVOICES_CHANNEL);
      const res = await request(tutor.auth, { amount: 300_00, details: instapay });
      expect(res.statusCode).toBe(200);
      const invoice = res.json();
      expect(invoice).toMatchObject({
        userId: tutor.user.id,
        receiver: { id: tutor.user.id, name: 'منى عادل', email: tutor.user.email },
        amount: 300_00,
        status: 'pending',
        details: instapay,
        requestedDetails: null,
        note: null,
        receipt: null,
        addressedBy: null,
        // Monday 1 March: Tue, Wed, Thu, (Fri, Sat off), Sun → Sunday 7; Monday 8.
        expectedPayout: { earliest: '2027-03-07', latest: '2027-03-08' },
        createdAt: T0.toISOString(),
      });
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
        earned: 1000_00,
        pending: 300_00,
        withdrawn: 0,
        withdrawable: 700_00,
      });
      expect((await tutorHears).invoice).toMatchObject({ id: invoice.id, status: 'pending' });
      expect(await staffHears).toMatchObject({
        action: 'created',
        previousStatus: null,
        invoice: { id: invoice.id },
      });
      await vi.waitFor(async () => {
        const mail = await lastMessageTo(app.db, tutor.user.email);
        expect(mail?.subject).toContain('استلمنا طلب السحب');
        expect(mail?.text).toContain('٣٠٠');
      });
    });

    it.each([
      ['wallet', { method: 'wallet', phone: '+20 11 2345 6789' }, { method: 'wallet', phone: '01123456789' }],
      [
        'bank',
        { method: 'bank', bank: 'ALEX', accountNumber: '1000-2000-3000' },
        { method: 'bank', bank: 'alex', accountNumber: '100020003000' },
      ],
      [
        'instapay',
        { method: 'instapay', username: 'Mona@InstaPay' },
        { method: 'instapay', username: 'mona@instapay' },
      ],
    ])('takes a %s with its receiver details', async (_method, details, stored) => {
      const tutor = await tutorWith();
      const res = await request(tutor.auth, { amount: 100_00, details });
      expect(res.statusCode).toBe(200);
      expect(res.json().details).toEqual(stored);
    });

    it.each([
      ['invoice-amount-zero-or-negative', 400, { amount: 0 }],
      ['invoice-amount-zero-or-negative', 400, { amount: -500 }],
      ['invalid-type', 400, { amount: 100.5 }],
      ['required', 400, { amount: undefined }],
      ['invoice-min-subceeded', 400, { amount: 99_99 }],
      ['invoice-max-exceeded', 400, { amount: 50_000_01 }],
      ['invoice-balance-exceeded', 409, { amount: 1000_01 }],
      ['invalid-phone', 400, { details: { method: 'wallet', phone: '0123' } }],
      ['bank-name-empty', 400, { details: { method: 'bank', accountNumber: '123456789' } }],
      ['bank-name-invalid', 400, { details: { method: 'bank', bank: 'hsbc', accountNumber: '123456789' } }],
      ['bank-account-number-invalid', 400, { details: { method: 'bank', bank: 'cib', accountNumber: 'x' } }],
      ['instapay-username-invalid', 400, { details: { method: 'instapay', username: 'mona@vodafone' } }],
      ['invalid-type', 400, { details: { method: 'cash' } }],
    ])('answers %s and holds nothing', async (code, status, overrides) => {
      const tutor = await tutorWith(1000_00);
      const res = await request(tutor.auth, { amount: 200_00, details: wallet, ...overrides });
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({ pending: 0, withdrawable: 1000_00 });
    });

    it('counts open and fulfilled invoices against the balance, not rejected or cancelled ones', async () => {
      const tutor = await tutorWith(1000_00);
      for (const status of INVOICE_STATUSES) {
        await insertInvoiceIn(app.db, tutor.user.id, status, { amount: 100_00 });
      }
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
        earned: 1000_00,
        withdrawn: 100_00,
        pending: 300_00,
        withdrawable: 600_00,
      });
      expect((await request(tutor.auth, { amount: 600_01, details: wallet })).json().code).toBe(
        'invoice-balance-exceeded',
      );
      expect((await request(tutor.auth, { amount: 600_00, details: wallet })).statusCode).toBe(200);
    });

    it('is for tutors and tutor managers only', async () => {
      const manager = await tutorWith(500_00, Role.TutorManager);
      expect((await request(manager.auth, { amount: 100_00, details: wallet })).statusCode).toBe(200);
      for (const auth of [student.auth, studio.auth, admin.auth, superAdmin.auth]) {
        const res = await request(auth, { amount: 100_00, details: wallet });
        expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      }
      const anonymous = await request({}, { amount: 100_00, details: wallet });
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthenticated']);
    });
  });

  describe('GET /api/v1/invoice/stats/{id}', () => {
    it('shows a tutor their own ledger and staff anyone’s; nobody else', async () => {
      const tutor = await tutorWith(750_00);
      const other = await tutorWith(100_00);
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
        tutorId: tutor.user.id,
        earned: 750_00,
        withdrawable: 750_00,
        upcoming: 0,
      });
      for (const auth of [admin.auth, superAdmin.auth]) {
        expect((await get(auth, `/api/v1/invoice/stats/${tutor.user.id}`)).json().earned).toBe(750_00);
      }
      const peek = await get(other.auth, `/api/v1/invoice/stats/${tutor.user.id}`);
      expect([peek.statusCode, peek.json().code]).toEqual([403, 'forbidden']);
      expect((await get(student.auth, `/api/v1/invoice/stats/${student.user.id}`)).statusCode).toBe(403);
      const notTutor = await get(admin.auth, `/api/v1/invoice/stats/${student.user.id}`);
      expect([notTutor.statusCode, notTutor.json().code]).toEqual([404, 'tutor-not-found']);
      expect((await get({}, `/api/v1/invoice/stats/${tutor.user.id}`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/invoice/list', () => {
    it('shows a tutor their own invoices, newest first, and staff everyone’s with filters', async () => {
      const tutor = await tutorWith();
      const other = await tutorWith();
      const a = await insertInvoiceIn(app.db, tutor.user.id, S.Pending, {
        createdAt: new Date(T0.getTime() - 3_600_000),
      });
      const b = await insertInvoiceIn(app.db, tutor.user.id, S.Rejected, {
        method: 'instapay',
        phone: null,
        username: 'x@instapay',
        createdAt: new Date(T0.getTime() - 60_000),
      });
      const c = await insertInvoiceIn(app.db, other.user.id, S.Pending);
      const own = (await get(tutor.auth, '/api/v1/invoice/list')).json();
      expect(own.list.map((invoice: { id: number }) => invoice.id)).toEqual([b.id, a.id]);
      expect(own.total).toBe(2);
      const peek = await get(tutor.auth, `/api/v1/invoice/list?tutorId=${other.user.id}`);
      expect([peek.statusCode, peek.json().code]).toEqual([403, 'forbidden']);

      const byTutor = (await get(admin.auth, `/api/v1/invoice/list?tutorId=${tutor.user.id}`)).json();
      expect(byTutor.total).toBe(2);
      const byStatus = (
        await get(
          admin.auth,
          `/api/v1/invoice/list?tutorId=${tutor.user.id}&status=rejected,canceled-by-admin`,
        )
      ).json();
      expect(byStatus.list.map((invoice: { id: number }) => invoice.id)).toEqual([b.id]);
      const byMethod = (
        await get(superAdmin.auth, `/api/v1/invoice/list?tutorId=${tutor.user.id}&method=wallet`)
      ).json();
      expect(byMethod.list.map((invoice: { id: number }) => invoice.id)).toEqual([a.id]);
      const from = new Date(T0.getTime() - 2 * 3_600_000).toISOString();
      const to = new Date(T0.getTime() - 30 * 60_000).toISOString();
      const byDates = (
        await get(admin.auth, `/api/v1/invoice/list?tutorId=${tutor.user.id}&from=${from}&to=${to}`)
      ).json();
      expect(byDates.list.map((invoice: { id: number }) => invoice.id)).toEqual([a.id]);
      const all = (await get(admin.auth, '/api/v1/invoice/list?size=100')).json();
      expect(all.list.map((invoice: { id: number }) => invoice.id)).toContain(c.id);

      const bad = await get(admin.auth, '/api/v1/invoice/list?status=paid');
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'bad-request']);
      for (const auth of [student.auth, studio.auth]) {
        expect((await get(auth, '/api/v1/invoice/list')).statusCode).toBe(403);
      }
      expect((await get({}, '/api/v1/invoice/list')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/v1/invoice/receiver/{id}', () => {
    it('asks to update the details: the old ones stay until staff approve', async () => {
      const tutor = await tutorWith();
      const created = (await request(tutor.auth, { amount: 200_00, details: wallet })).json();
      const res = await asReceiver(tutor.auth, created.id, {
        status: 'updated-by-receiver',
        details: instapay,
        expectedStatus: 'pending',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'updated-by-receiver',
        details: wallet,
        requestedDetails: instapay,
      });
      // The amount is still held meanwhile.
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(800_00);

      const approved = await asAdmin(admin.auth, created.id, {
        status: 'pending',
        expectedStatus: 'updated-by-receiver',
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'pending',
        details: instapay,
        requestedDetails: null,
        addressedBy: { id: admin.user.id },
      });
      await vi.waitFor(async () => {
        expect((await lastMessageTo(app.db, tutor.user.email))?.subject).toContain('تم تعديل بيانات التحويل');
      });
    });

    it('checks the new details like a new request', async () => {
      const tutor = await tutorWith();
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending);
      const bad = await asReceiver(tutor.auth, invoice.id, {
        status: 'updated-by-receiver',
        details: { method: 'instapay', username: 'nope' },
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'instapay-username-invalid']);
      await app.db.update(withdrawMethods).set({ enabled: false }).where(eq(withdrawMethods.type, 'bank'));
      try {
        const off = await asReceiver(tutor.auth, invoice.id, {
          status: 'updated-by-receiver',
          details: { method: 'bank', bank: 'cib', accountNumber: '123456789' },
        });
        expect([off.statusCode, off.json().code]).toEqual([404, 'withdraw-method-not-found']);
      } finally {
        await app.db.update(withdrawMethods).set({ enabled: true }).where(eq(withdrawMethods.type, 'bank'));
      }
      expect((await statusOf(invoice.id)).status).toBe('pending');
    });

    it('asks to cancel: held until staff decide; approving releases the amount, refusing keeps it', async () => {
      const tutor = await tutorWith(1000_00);
      const first = (await request(tutor.auth, { amount: 300_00, details: wallet })).json();
      const second = (await request(tutor.auth, { amount: 300_00, details: wallet })).json();
      for (const invoice of [first, second]) {
        const res = await asReceiver(tutor.auth, invoice.id, { status: 'canceled-by-receiver' });
        expect(res.json().status).toBe('canceled-by-receiver');
      }
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(400_00);
      expect(
        (await asAdmin(admin.auth, first.id, { status: 'cancellation-approved-by-admin' })).json().status,
      ).toBe('cancellation-approved-by-admin');
      expect((await asAdmin(admin.auth, second.id, { status: 'pending' })).json().status).toBe('pending');
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({ withdrawable: 700_00, pending: 300_00 });
    });

    it('refuses a move someone made meanwhile, and another tutor’s invoice', async () => {
      const tutor = await tutorWith();
      const other = await tutorWith();
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.UpdatedByReceiver);
      const stale = await asReceiver(tutor.auth, invoice.id, {
        status: 'canceled-by-receiver',
        expectedStatus: 'pending',
      });
      expect([stale.statusCode, stale.json().code]).toEqual([409, 'illegal-invoice-update']);
      const theirs = await asReceiver(other.auth, invoice.id, { status: 'canceled-by-receiver' });
      expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'invoice-not-found']);
      for (const auth of [student.auth, admin.auth]) {
        expect((await asReceiver(auth, invoice.id, { status: 'canceled-by-receiver' })).statusCode).toBe(403);
      }
      expect((await asReceiver({}, invoice.id, { status: 'canceled-by-receiver' })).statusCode).toBe(401);
      expect((await asReceiver(tutor.auth, 999_999, { status: 'canceled-by-receiver' })).json().code).toBe(
        'invoice-not-found',
      );
      expect((await statusOf(invoice.id)).status).toBe('updated-by-receiver');
    });
  });

  describe('PUT /api/v1/invoice/admin/{id}', () => {
    it('fulfils with a receipt only the tutor and staff can open', async () => {
      const tutor = await tutorWith(1000_00);
      const other = await tutorWith();
      const invoice = (await request(tutor.auth, { amount: 400_00, details: wallet })).json();
      const tutorSocket = await sockets.connect(tutor.token);
      const heard = nextEvent<InvoiceEvent>(tutorSocket, INVOICE_UPDATED_EVENT);

      const noReceipt = await asAdmin(admin.auth, invoice.id, { status: 'fulfilled' });
      expect([noReceipt.statusCode, noReceipt.json().code]).toEqual([400, 'invoice-receipt-required']);
      const notPicture = await asAdminForm(
        admin.auth,
        invoice.id,
        { status: 'fulfilled' },
        Buffer.from('%PDF-1.7 nope'),
      );
      expect([notPicture.statusCode, notPicture.json().code]).toEqual([400, 'invalid-type']);

      const res = await asAdminForm(admin.auth, invoice.id, {
        status: 'fulfilled',
        note: 'حُوّل المبلغ',
        expectedStatus: 'pending',
      });
      expect(res.statusCode).toBe(200);
      const fulfilled = res.json();
      expect(fulfilled).toMatchObject({
        status: 'fulfilled',
        note: 'حُوّل المبلغ',
        addressedBy: { id: admin.user.id },
      });
      expect(fulfilled.receipt).toMatch(/\/assets\/receipts\/[a-f0-9]{32}\.jpg$/);
      expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
        withdrawn: 400_00,
        pending: 0,
        withdrawable: 600_00,
      });
      expect((await heard).invoice.status).toBe('fulfilled');
      await vi.waitFor(async () => {
        expect((await lastMessageTo(app.db, tutor.user.email))?.subject).toContain('تم تحويل المبلغ');
      });

      const path = new URL(fulfilled.receipt).pathname;
      for (const auth of [tutor.auth, admin.auth, superAdmin.auth]) {
        const file = await get(auth, path);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toMatch(/image\/jpeg/);
        expect(file.headers['cache-control']).toContain('private');
      }
      const peek = await get(other.auth, path);
      expect([peek.statusCode, peek.json().code]).toEqual([403, 'forbidden']);
      expect((await get(student.auth, path)).statusCode).toBe(403);
      expect((await get({}, path)).statusCode).toBe(401);
      // The public uploads route does not serve receipts either.
      expect((await get({}, path.replace('/receipts/', '/uploads/'))).statusCode).toBe(404);
    });

    it('rejects with a note only, and the amount goes back to the balance', async () => {
      const tutor = await tutorWith(1000_00);
      const invoice = (await request(tutor.auth, { amount: 400_00, details: wallet })).json();
      const bare = await asAdmin(admin.auth, invoice.id, { status: 'rejected' });
      expect([bare.statusCode, bare.json().code]).toEqual([400, 'invoice-note-empty']);
      const blank = await asAdmin(admin.auth, invoice.id, { status: 'rejected', note: '   ' });
      expect(blank.json().code).toBe('invoice-note-empty');
      const res = await asAdmin(superAdmin.auth, invoice.id, {
        status: 'rejected',
        note: 'رقم المحفظة غير صحيح',
      });
      expect(res.json()).toMatchObject({ status: 'rejected', note: 'رقم المحفظة غير صحيح' });
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(1000_00);
      await vi.waitFor(async () => {
        const mail = await lastMessageTo(app.db, tutor.user.email);
        expect(mail?.subject).toContain('رُفض طلب السحب');
        expect(mail?.text).toContain('رقم المحفظة غير صحيح');
      });
    });

    it('edits and removes notes in final statuses, a rejection keeping one', async () => {
      const tutor = await tutorWith();
      const fulfilled = await insertInvoiceIn(app.db, tutor.user.id, S.Fulfilled);
      const rejected = await insertInvoiceIn(app.db, tutor.user.id, S.Rejected);
      const adminSocket = await sockets.connect(admin.token);
      const heard = nextEvent<InvoiceEvent>(adminSocket, ADMIN_INVOICES_CHANNEL);
      expect((await asAdmin(admin.auth, fulfilled.id, { note: 'تم في ٣ مارس' })).json()).toMatchObject({
        status: 'fulfilled',
        note: 'تم في ٣ مارس',
      });
      expect(await heard).toMatchObject({ action: 'note-changed', previousStatus: null });
      expect((await asAdmin(admin.auth, fulfilled.id, { note: null })).json().note).toBeNull();
      expect((await asAdmin(admin.auth, rejected.id, { note: 'سبب آخر' })).json().note).toBe('سبب آخر');
      const removed = await asAdmin(admin.auth, rejected.id, { note: '' });
      expect([removed.statusCode, removed.json().code]).toEqual([400, 'invoice-note-empty']);
      // A note by multipart, no file.
      const viaForm = await asAdminForm(admin.auth, fulfilled.id, { note: 'ملاحظة' }, null);
      expect(viaForm.json().note).toBe('ملاحظة');
    });

    it.each([
      ['invoice-note-invalid-html', { note: '<img src=x onerror=alert(1)>' }],
      ['invoice-note-too-long', { note: 'ن'.repeat(1001) }],
      ['invalid-type', { status: 'paid' }],
      ['empty-request', {}],
    ])('answers %s', async (code, payload) => {
      const tutor = await tutorWith();
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending);
      const res = await asAdmin(admin.auth, invoice.id, payload);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    });

    it('refuses a receipt without fulfilment, broken and oversized bodies, with catalogue codes', async () => {
      const tutor = await tutorWith();
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending);
      const stray = await asAdminForm(admin.auth, invoice.id, { note: 'x' });
      expect([stray.statusCode, stray.json().code]).toEqual([409, 'illegal-invoice-update']);

      const body = form({ status: 'fulfilled' }, [
        { field: 'receipt', filename: 'r.png', contentType: 'image/png', data: picture },
      ]);
      const truncated = await app.inject({
        method: 'PUT',
        url: `/api/v1/invoice/admin/${invoice.id}`,
        headers: { ...admin.auth, ...body.headers },
        payload: body.payload.subarray(0, body.payload.length - 40),
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().code).toBe('bad-request');
      const garbage = await app.inject({
        method: 'PUT',
        url: `/api/v1/invoice/admin/${invoice.id}`,
        headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: 'this is not multipart at all',
      });
      expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
      expect(garbage.statusCode).toBeLessThan(500);
      const twoFiles = form({ status: 'fulfilled' }, [
        { field: 'receipt', filename: 'a.png', contentType: 'image/png', data: picture },
        { field: 'receipt', filename: 'b.png', contentType: 'image/png', data: picture },
      ]);
      const repeated = await app.inject({
        method: 'PUT',
        url: `/api/v1/invoice/admin/${invoice.id}`,
        headers: { ...admin.auth, ...twoFiles.headers },
        payload: twoFiles.payload,
      });
      expect([repeated.statusCode, repeated.json().code]).toEqual([400, 'bad-request']);
      const huge = await asAdminForm(
        admin.auth,
        invoice.id,
        { status: 'fulfilled' },
        Buffer.alloc(10 * 1024 * 1024 + 1),
      );
      expect([huge.statusCode, huge.json().code]).toEqual([413, 'payload-too-large']);
      expect((await statusOf(invoice.id)).status).toBe('pending');
    });

    it('is for SuperAdmin and RegularAdmin only', async () => {
      const tutor = await tutorWith();
      const manager = await loginAs(app, Role.TutorManager);
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending);
      for (const auth of [tutor.auth, manager.auth, student.auth, studio.auth]) {
        const res = await asAdmin(auth, invoice.id, { status: 'canceled-by-admin' });
        expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden']);
      }
      expect((await asAdmin({}, invoice.id, { status: 'canceled-by-admin' })).statusCode).toBe(401);
      expect((await asAdmin(admin.auth, 999_999, { status: 'canceled-by-admin' })).json().code).toBe(
        'invoice-not-found',
      );
      expect((await statusOf(invoice.id)).status).toBe('pending');
    });
  });

  describe('the transition table over HTTP', () => {
    /** The request that asks for `to`: what each move needs (a receipt, a note, new details). */
    async function move(actor: 'tutor' | 'staff', tutor: { auth: Auth }, id: number, to: InvoiceStatus) {
      if (actor === 'tutor') {
        return asReceiver(
          tutor.auth,
          id,
          to === S.UpdatedByReceiver ? { status: to, details: instapay } : { status: to },
        );
      }
      if (to === S.Fulfilled) {
        return asAdminForm(admin.auth, id, { status: to });
      }
      return asAdmin(admin.auth, id, to === S.Rejected ? { status: to, note: 'سبب' } : { status: to });
    }

    for (const actor of ['tutor', 'staff'] as const) {
      for (const from of INVOICE_STATUSES) {
        it(`${actor}: from ${from}, exactly the table's moves go through`, async () => {
          const tutor = await tutorWith(0);
          const outcomes: string[] = [];
          for (const to of INVOICE_STATUSES) {
            const invoice = await insertInvoiceIn(app.db, tutor.user.id, from);
            const res = await move(actor, tutor, invoice.id, to);
            const allowed = invoiceTransition(from, to, actor) === 'ok';
            const after = await statusOf(invoice.id);
            if (allowed) {
              expect(res.statusCode, `${from} → ${to}`).toBe(200);
              expect(res.json().status).toBe(to);
              expect(after.status).toBe(to);
            } else {
              expect([res.statusCode, res.json().code], `${from} → ${to}`).toEqual([
                409,
                'illegal-invoice-update',
              ]);
              expect(after.status).toBe(from);
              expect(after.updatedAt).toEqual(invoice.updatedAt);
            }
            outcomes.push(`${to}:${allowed ? 'ok' : 'refused'}`);
          }
          expect(outcomes).toHaveLength(INVOICE_STATUSES.length);
        });
      }
    }

    it('records every change with who made it', async () => {
      const tutor = await tutorWith();
      const invoice = (await request(tutor.auth, { amount: 100_00, details: wallet })).json();
      await asReceiver(tutor.auth, invoice.id, { status: 'canceled-by-receiver' });
      await asAdmin(admin.auth, invoice.id, { status: 'pending' });
      const events = await app.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id));
      expect(events.map((event) => [event.action, event.fromStatus, event.toStatus, event.actorId])).toEqual([
        ['created', null, 'pending', tutor.user.id],
        ['status-changed', 'pending', 'canceled-by-receiver', tutor.user.id],
        ['status-changed', 'canceled-by-receiver', 'pending', admin.user.id],
      ]);
    });
  });

  describe('DELETE /api/v1/invoice/{id}', () => {
    it('lets a tutor delete their own pending invoice until staff act on it', async () => {
      const tutor = await tutorWith(1000_00);
      const invoice = (await request(tutor.auth, { amount: 500_00, details: wallet })).json();
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(500_00);
      const adminSocket = await sockets.connect(admin.token);
      const heard = nextEvent<InvoiceEvent>(adminSocket, ADMIN_INVOICES_CHANNEL);
      const res = await remove(tutor.auth, invoice.id);
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
      expect(await heard).toMatchObject({ action: 'deleted', invoice: { id: invoice.id } });
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(1000_00);
      expect((await get(tutor.auth, '/api/v1/invoice/list')).json().total).toBe(0);
      expect((await remove(tutor.auth, invoice.id)).json().code).toBe('invoice-not-found');

      // Once staff acted (an update approved), cancelling goes through them.
      const touched = await insertInvoiceIn(app.db, tutor.user.id, S.Pending, { addressedBy: admin.user.id });
      expect([
        (await remove(tutor.auth, touched.id)).statusCode,
        (await remove(tutor.auth, touched.id)).json().code,
      ]).toEqual([409, 'illegal-invoice-update']);
      for (const status of INVOICE_STATUSES.filter((status) => status !== S.Pending)) {
        const other = await insertInvoiceIn(app.db, tutor.user.id, status);
        expect((await remove(tutor.auth, other.id)).json().code).toBe('illegal-invoice-update');
      }
    });

    it('lets a SuperAdmin delete anything but a fulfilled invoice; nobody else', async () => {
      const tutor = await tutorWith();
      const other = await tutorWith();
      for (const status of INVOICE_STATUSES) {
        const invoice = await insertInvoiceIn(app.db, tutor.user.id, status);
        const regular = await remove(admin.auth, invoice.id);
        expect([regular.statusCode, regular.json().code]).toEqual([403, 'forbidden']);
        const res = await remove(superAdmin.auth, invoice.id);
        if (status === S.Fulfilled) {
          expect([res.statusCode, res.json().code]).toEqual([409, 'illegal-invoice-update']);
          expect((await statusOf(invoice.id)).deletedAt).toBeNull();
        } else {
          expect(res.statusCode).toBe(200);
          expect((await statusOf(invoice.id)).deletedBy).toBe(superAdmin.user.id);
        }
      }
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending);
      for (const auth of [other.auth, student.auth, studio.auth]) {
        const res = await remove(auth, invoice.id);
        expect([res.statusCode, res.json().code]).toEqual([404, 'invoice-not-found']);
      }
      expect((await remove({}, invoice.id)).statusCode).toBe(401);
    });
  });

  describe('realtime', () => {
    it('sends a tutor their own invoices only, and the AdminInvoices channel to staff only', async () => {
      const tutor = await tutorWith();
      const other = await tutorWith();
      const tutorSocket = await sockets.connect(tutor.token);
      const otherSocket = await sockets.connect(other.token);
      const superSocket = await sockets.connect(superAdmin.token);
      const managerSocket = await sockets.connect((await loginAs(app, Role.TutorManager)).token);
      const tutorHeard = record<InvoiceEvent>(tutorSocket, INVOICE_UPDATED_EVENT);
      const otherHeard = record<InvoiceEvent>(otherSocket, INVOICE_UPDATED_EVENT);
      const tutorChannel = record<InvoiceEvent>(tutorSocket, ADMIN_INVOICES_CHANNEL);
      const managerChannel = record<InvoiceEvent>(managerSocket, ADMIN_INVOICES_CHANNEL);
      const staffHeard = record<InvoiceEvent>(superSocket, ADMIN_INVOICES_CHANNEL);

      const invoice = (await request(tutor.auth, { amount: 100_00, details: wallet })).json();
      await asReceiver(tutor.auth, invoice.id, { status: 'updated-by-receiver', details: instapay });
      await asAdmin(admin.auth, invoice.id, { status: 'pending' });
      await asAdmin(admin.auth, invoice.id, { status: 'canceled-by-admin', note: 'طلب مكرر' });
      await vi.waitFor(() => expect(staffHeard).toHaveLength(4));
      await settle();
      expect(tutorHeard.map((event) => [event.action, event.previousStatus, event.invoice.status])).toEqual([
        ['created', null, 'pending'],
        ['status-changed', 'pending', 'updated-by-receiver'],
        ['status-changed', 'updated-by-receiver', 'pending'],
        ['status-changed', 'pending', 'canceled-by-admin'],
      ]);
      expect(staffHeard.map((event) => event.invoice.status)).toEqual([
        'pending',
        'updated-by-receiver',
        'pending',
        'canceled-by-admin',
      ]);
      expect(otherHeard).toEqual([]);
      expect(tutorChannel).toEqual([]);
      expect(managerChannel).toEqual([]);
    });
  });
});
