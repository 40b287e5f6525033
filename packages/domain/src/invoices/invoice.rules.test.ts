import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, InvoiceStatus } from '../enums/invoice.enums.ts';
import { Role } from '../enums/user.enums.ts';
import {
  checkAdminInvoiceUpdate,
  checkInvoiceAmount,
  checkInvoiceDeletion,
  earningsSeries,
  expectedPayoutDates,
  HOLDING_INVOICE_STATUSES,
  type InvoiceActor,
  invoiceLedger,
  invoiceTransition,
  isFinalInvoiceStatus,
  isLessonCredited,
} from './invoice.rules.ts';

const S = InvoiceStatus;

/** rules.md's table, written out cell by cell: every (from, to) pair not listed is refused. */
const ALLOWED: Record<InvoiceActor, Array<[InvoiceStatus, InvoiceStatus]>> = {
  tutor: [
    [S.Pending, S.UpdatedByReceiver],
    [S.Pending, S.CanceledByReceiver],
    [S.UpdatedByReceiver, S.CanceledByReceiver],
  ],
  staff: [
    [S.Pending, S.Fulfilled],
    [S.Pending, S.Rejected],
    [S.Pending, S.CanceledByAdmin],
    [S.UpdatedByReceiver, S.Pending],
    [S.UpdatedByReceiver, S.Rejected],
    [S.UpdatedByReceiver, S.CanceledByAdmin],
    [S.CanceledByReceiver, S.CancellationApprovedByAdmin],
    [S.CanceledByReceiver, S.Pending],
  ],
};

describe('invoiceTransition', () => {
  for (const actor of ['tutor', 'staff'] as const) {
    for (const from of INVOICE_STATUSES) {
      for (const to of INVOICE_STATUSES) {
        const allowed = ALLOWED[actor].some(([a, b]) => a === from && b === to);
        it(`${actor}: ${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(invoiceTransition(from, to, actor)).toBe(allowed ? 'ok' : 'illegal-invoice-update');
        });
      }
    }
  }

  it('knows the four final statuses', () => {
    expect(INVOICE_STATUSES.filter(isFinalInvoiceStatus)).toEqual([
      S.Fulfilled,
      S.Rejected,
      S.CanceledByAdmin,
      S.CancellationApprovedByAdmin,
    ]);
  });
});

describe('the ledger', () => {
  const now = new Date('2027-03-01T10:00:00Z');
  const lesson = (overrides: Partial<Parameters<typeof isLessonCredited>[0]> = {}) => ({
    end: new Date('2027-03-01T09:00:00Z'),
    canceledAt: null,
    canceledBy: null,
    minutesReturned: null,
    ...overrides,
  });

  it('credits a lesson once it has ended, not before', () => {
    expect(isLessonCredited(lesson(), now)).toBe(true);
    expect(isLessonCredited(lesson({ end: now }), now)).toBe(true);
    expect(isLessonCredited(lesson({ end: new Date(now.getTime() + 1) }), now)).toBe(false);
  });

  it('credits a late student cancellation (the minutes were spent) but no other cancellation', () => {
    const canceledAt = new Date('2027-03-01T08:00:00Z');
    expect(isLessonCredited(lesson({ canceledAt, canceledBy: 'student', minutesReturned: false }), now)).toBe(
      true,
    );
    expect(isLessonCredited(lesson({ canceledAt, canceledBy: 'student', minutesReturned: true }), now)).toBe(
      false,
    );
    expect(isLessonCredited(lesson({ canceledAt, canceledBy: 'tutor', minutesReturned: true }), now)).toBe(
      false,
    );
    expect(isLessonCredited(lesson({ canceledAt, canceledBy: 'staff', minutesReturned: true }), now)).toBe(
      false,
    );
  });

  it('holds open and fulfilled invoices, releases rejected and cancelled ones', () => {
    expect(HOLDING_INVOICE_STATUSES).toEqual([
      S.Pending,
      S.UpdatedByReceiver,
      S.CanceledByReceiver,
      S.Fulfilled,
    ]);
    const ledger = invoiceLedger(
      1000_00,
      INVOICE_STATUSES.map((status) => ({ status, amount: 100_00 })),
    );
    expect(ledger).toEqual({ earned: 1000_00, withdrawn: 100_00, pending: 300_00, withdrawable: 600_00 });
  });
});

describe('checkInvoiceAmount', () => {
  const limits = { min: 100_00, max: 50_000_00, withdrawable: 1000_00 };
  it.each([
    [0, 'invoice-amount-zero-or-negative'],
    [-5, 'invoice-amount-zero-or-negative'],
    [99_99, 'invoice-min-subceeded'],
    [100_00, 'ok'],
    [1000_00, 'ok'],
    [1000_01, 'invoice-balance-exceeded'],
  ])('%i piasters: %s', (amount, code) => {
    expect(checkInvoiceAmount({ amount, ...limits })).toBe(code);
  });

  it('checks the method maximum before the balance', () => {
    expect(checkInvoiceAmount({ amount: 600_00, min: 100_00, max: 500_00, withdrawable: 400_00 })).toBe(
      'invoice-max-exceeded',
    );
  });
});

describe('checkAdminInvoiceUpdate', () => {
  const pending = { status: S.Pending, note: null };

  it('fulfils with a receipt, never without', () => {
    expect(checkAdminInvoiceUpdate({ current: pending, status: S.Fulfilled, hasReceipt: true })).toEqual({
      code: 'ok',
      status: S.Fulfilled,
      note: null,
      moved: true,
    });
    expect(checkAdminInvoiceUpdate({ current: pending, status: S.Fulfilled, hasReceipt: false })).toEqual({
      code: 'invoice-receipt-required',
    });
  });

  it('rejects with a note only, the stored one or a new one', () => {
    expect(checkAdminInvoiceUpdate({ current: pending, status: S.Rejected, hasReceipt: false })).toEqual({
      code: 'invoice-note-empty',
    });
    expect(
      checkAdminInvoiceUpdate({ current: pending, status: S.Rejected, note: 'رقم خطأ', hasReceipt: false }),
    ).toMatchObject({ code: 'ok', note: 'رقم خطأ' });
    expect(
      checkAdminInvoiceUpdate({
        current: { status: S.Pending, note: 'قديمة' },
        status: S.Rejected,
        hasReceipt: false,
      }),
    ).toMatchObject({ code: 'ok', note: 'قديمة' });
  });

  it('edits or removes notes in any status, final ones included, but a rejection keeps one', () => {
    for (const status of INVOICE_STATUSES) {
      const result = checkAdminInvoiceUpdate({
        current: { status, note: 'x' },
        note: 'y',
        hasReceipt: false,
      });
      expect(result).toEqual({ code: 'ok', status, note: 'y', moved: false });
    }
    expect(
      checkAdminInvoiceUpdate({ current: { status: S.Fulfilled, note: 'x' }, note: null, hasReceipt: false }),
    ).toMatchObject({ code: 'ok', note: null });
    expect(
      checkAdminInvoiceUpdate({ current: { status: S.Rejected, note: 'x' }, note: null, hasReceipt: false }),
    ).toEqual({ code: 'invoice-note-empty' });
  });

  it('refuses moves off the table, a receipt without fulfilment, and a status that moved meanwhile', () => {
    expect(
      checkAdminInvoiceUpdate({
        current: { status: S.Fulfilled, note: null },
        status: S.Pending,
        hasReceipt: false,
      }),
    ).toEqual({ code: 'illegal-invoice-update' });
    expect(checkAdminInvoiceUpdate({ current: pending, note: 'x', hasReceipt: true })).toEqual({
      code: 'illegal-invoice-update',
    });
    expect(
      checkAdminInvoiceUpdate({
        current: { status: S.CanceledByReceiver, note: null },
        status: S.Pending,
        expectedStatus: S.UpdatedByReceiver,
        hasReceipt: false,
      }),
    ).toEqual({ code: 'illegal-invoice-update' });
    expect(checkAdminInvoiceUpdate({ current: pending, hasReceipt: false })).toEqual({
      code: 'empty-request',
    });
    expect(
      checkAdminInvoiceUpdate({ current: pending, status: S.Pending, note: 'x', hasReceipt: false }),
    ).toEqual({ code: 'illegal-invoice-update' });
  });
});

describe('checkInvoiceDeletion', () => {
  const tutor = { id: 7, role: Role.Tutor };
  const own = (status: InvoiceStatus, addressedById: number | null = null) => ({
    userId: 7,
    status,
    addressedById,
  });

  it('lets a tutor delete their own pending invoice no staff member has touched', () => {
    expect(checkInvoiceDeletion(own(S.Pending), tutor)).toBe('ok');
    expect(checkInvoiceDeletion(own(S.Pending, 1), tutor)).toBe('illegal-invoice-update');
    for (const status of INVOICE_STATUSES.filter((status) => status !== S.Pending)) {
      expect(checkInvoiceDeletion(own(status), tutor)).toBe('illegal-invoice-update');
    }
    expect(checkInvoiceDeletion({ ...own(S.Pending), userId: 8 }, tutor)).toBe('invoice-not-found');
  });

  it('lets a SuperAdmin delete anything but a fulfilled invoice; a RegularAdmin nothing', () => {
    for (const status of INVOICE_STATUSES) {
      expect(checkInvoiceDeletion(own(status, 1), { id: 1, role: Role.SuperAdmin })).toBe(
        status === S.Fulfilled ? 'illegal-invoice-update' : 'ok',
      );
      expect(checkInvoiceDeletion(own(status), { id: 2, role: Role.RegularAdmin })).toBe('forbidden');
    }
  });
});

describe('expectedPayoutDates', () => {
  it.each([
    // Sunday 28 Feb 2027: Mon, Tue, Wed, Thu → Thursday; then Sunday (Fri and Sat skipped).
    ['2027-02-28T10:00:00Z', '2027-03-04', '2027-03-07'],
    // Thursday 4 Mar: Sun, Mon, Tue, Wed → Wednesday 10; Thursday 11.
    ['2027-03-04T10:00:00Z', '2027-03-10', '2027-03-11'],
    // Friday 5 Mar (a day off): the same as Thursday's next days.
    ['2027-03-05T10:00:00Z', '2027-03-10', '2027-03-11'],
    // Saturday 6 Mar: Sun–Wed → Wednesday 10; Thursday 11.
    ['2027-03-06T10:00:00Z', '2027-03-10', '2027-03-11'],
    // Wednesday 3 Mar: Thu, Sun, Mon, Tue → Tuesday 9; Wednesday 10.
    ['2027-03-03T10:00:00Z', '2027-03-09', '2027-03-10'],
  ])('a request at %s arrives between %s and %s', (requestedAt, earliest, latest) => {
    expect(expectedPayoutDates(new Date(requestedAt))).toEqual({ earliest, latest });
  });

  it('reads the request day on the Cairo clock', () => {
    // 23:30 UTC on Saturday 6 March is already Sunday 7 March 01:30 in Cairo.
    expect(expectedPayoutDates(new Date('2027-03-06T23:30:00Z'))).toEqual({
      earliest: '2027-03-11',
      latest: '2027-03-14',
    });
  });
});

describe('earningsSeries', () => {
  // Monday 1 March 2027 in Cairo: its week started on Saturday 27 February.
  const now = new Date('2027-03-01T10:00:00Z');

  it('gives 12 Saturday weeks and 12 months, oldest first, with zeros', () => {
    const { weekly, monthly } = earningsSeries([], now);
    expect(weekly).toHaveLength(12);
    expect(weekly.at(-1)).toEqual({ period: '2027-02-27', earned: 0 });
    expect(weekly[0]).toEqual({ period: '2026-12-12', earned: 0 });
    expect(monthly).toHaveLength(12);
    expect(monthly.at(-1)).toEqual({ period: '2027-03', earned: 0 });
    expect(monthly[0]).toEqual({ period: '2026-04', earned: 0 });
  });

  it('adds each day into its week and month', () => {
    const { weekly, monthly } = earningsSeries(
      [
        { date: '2027-03-01', earned: 75_00 },
        { date: '2027-02-27', earned: 25_00 }, // Saturday: this week
        { date: '2027-02-26', earned: 10_00 }, // Friday: last week, February
        { date: '2026-12-11', earned: 5_00 }, // before the first week, still in a month shown
        { date: '2026-01-01', earned: 1_00 }, // before both
      ],
      now,
    );
    expect(weekly.at(-1)?.earned).toBe(100_00);
    expect(weekly.at(-2)?.earned).toBe(10_00);
    expect(weekly.reduce((sum, point) => sum + point.earned, 0)).toBe(110_00);
    expect(monthly.find((point) => point.period === '2027-03')?.earned).toBe(75_00);
    expect(monthly.find((point) => point.period === '2027-02')?.earned).toBe(35_00);
    expect(monthly.find((point) => point.period === '2026-12')?.earned).toBe(5_00);
  });
});
