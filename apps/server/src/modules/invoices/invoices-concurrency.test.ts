import { InvoiceStatus, Role } from '@hiwar/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceEvents, invoices } from '../../db/schema.ts';
import { buildTestApp } from '../../testing/app.ts';
import { loginAs } from '../../testing/factories.ts';
import { T0 } from '../../testing/time.ts';
import { earn, form, insertInvoiceIn, receiptPicture } from './invoices.fixtures.ts';

const S = InvoiceStatus;
const wallet = { method: 'wallet', phone: '01012345678' } as const;

/**
 * Money under concurrency (rules.md "Earnings and withdrawals": never below zero; style habit 5): the
 * requests are fired at once against the real database, and the tutor's balance lock and the invoice
 * row lock must make the outcome the same as some one-at-a-time order.
 */
describe('invoices under concurrency', async () => {
  const { app } = await buildTestApp({ deps: { clock: () => T0 } });
  const admin = await loginAs(app, Role.RegularAdmin);
  const picture = await receiptPicture();

  const stats = async (auth: { authorization: string }, tutorId: number) =>
    (await app.inject({ method: 'GET', url: `/api/v1/invoice/stats/${tutorId}`, headers: auth })).json();
  const row = async (id: number) => (await app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('lets exactly 3 of 10 simultaneous 300 EGP requests through on 1,000 EGP, leaving 100', async () => {
    const tutor = await loginAs(app, Role.Tutor);
    await earn(app.db, tutor.user.id, 1000_00, T0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/invoice',
          headers: tutor.auth,
          payload: { amount: 300_00, details: wallet },
        }),
      ),
    );
    const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : res.json().code)).sort();
    expect(codes).toEqual([...Array(7).fill('invoice-balance-exceeded'), 'ok', 'ok', 'ok']);
    expect(await stats(tutor.auth, tutor.user.id)).toMatchObject({
      earned: 1000_00,
      pending: 900_00,
      withdrawable: 100_00,
    });
    const rows = await app.db.select().from(invoices).where(eq(invoices.userId, tutor.user.id));
    expect(rows).toHaveLength(3);
  });

  it('settles a staff approval and the tutor’s cancellation of one invoice in one order: one wins', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const tutor = await loginAs(app, Role.Tutor);
      await earn(app.db, tutor.user.id, 1000_00, T0);
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.UpdatedByReceiver, { amount: 200_00 });
      const [approve, cancel] = await Promise.all([
        app.inject({
          method: 'PUT',
          url: `/api/v1/invoice/admin/${invoice.id}`,
          headers: admin.auth,
          payload: { status: 'pending', expectedStatus: 'updated-by-receiver' },
        }),
        app.inject({
          method: 'PUT',
          url: `/api/v1/invoice/receiver/${invoice.id}`,
          headers: tutor.auth,
          payload: { status: 'canceled-by-receiver', expectedStatus: 'updated-by-receiver' },
        }),
      ]);
      const statuses = [approve.statusCode, cancel.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = approve.statusCode === 409 ? approve : cancel;
      expect(loser.json().code).toBe('illegal-invoice-update');
      const final = await row(invoice.id);
      if (approve.statusCode === 200) {
        // The update was approved: the requested details are in place, nothing is waiting.
        expect(final).toMatchObject({ status: 'pending', method: 'instapay', username: 'new.name@instapay' });
        outcomes.add('approved');
      } else {
        expect(final).toMatchObject({
          status: 'canceled-by-receiver',
          method: 'wallet',
          requestedMethod: null,
        });
        outcomes.add('canceled');
      }
      expect(final.requestedMethod).toBeNull();
      // One change recorded, and the amount still held either way.
      expect(
        await app.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id)),
      ).toHaveLength(1);
      expect((await stats(tutor.auth, tutor.user.id)).withdrawable).toBe(800_00);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('settles staff fulfilling and the tutor cancelling a pending invoice at once: never both', async () => {
    for (let round = 0; round < 5; round++) {
      const tutor = await loginAs(app, Role.Tutor);
      await earn(app.db, tutor.user.id, 1000_00, T0);
      const invoice = await insertInvoiceIn(app.db, tutor.user.id, S.Pending, { amount: 300_00 });
      const body = form({ status: 'fulfilled' }, [
        { field: 'receipt', filename: 'receipt.png', contentType: 'image/png', data: picture },
      ]);
      const [fulfil, cancel] = await Promise.all([
        app.inject({
          method: 'PUT',
          url: `/api/v1/invoice/admin/${invoice.id}`,
          headers: { ...admin.auth, ...body.headers },
          payload: body.payload,
        }),
        app.inject({
          method: 'PUT',
          url: `/api/v1/invoice/receiver/${invoice.id}`,
          headers: tutor.auth,
          payload: { status: 'canceled-by-receiver' },
        }),
      ]);
      expect([fulfil.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const final = await row(invoice.id);
      const ledger = await stats(tutor.auth, tutor.user.id);
      if (fulfil.statusCode === 200) {
        expect(final.status).toBe('fulfilled');
        expect(final.receipt).not.toBeNull();
        expect(ledger).toMatchObject({ withdrawn: 300_00, pending: 0, withdrawable: 700_00 });
      } else {
        // The refused fulfilment left no receipt behind.
        expect(final).toMatchObject({ status: 'canceled-by-receiver', receipt: null });
        expect(ledger).toMatchObject({ withdrawn: 0, pending: 300_00, withdrawable: 700_00 });
      }
    }
  });
});
