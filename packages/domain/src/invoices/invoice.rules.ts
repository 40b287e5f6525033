import { addLocalDays, toLocalDate, weekDates } from '../availability/local-time.ts';
import { BOUNDS } from '../bounds.ts';
import { Weekday } from '../enums/common.enums.ts';
import { InvoiceStatus } from '../enums/invoice.enums.ts';
import { Role } from '../enums/user.enums.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';

/**
 * Earnings and withdrawals (rules.md "Earnings and withdrawals (invoices)"): who may move an invoice
 * where, what a tutor's balance is, which amounts a request may ask for and when the money should
 * arrive. Pure functions; the server runs them inside the transactions that lock what they read.
 */

/** Who moves an invoice: its tutor (the receiver) or staff (SuperAdmin, RegularAdmin). */
export type InvoiceActor = 'tutor' | 'staff';

const S = InvoiceStatus;

/** Statuses nobody moves out of again; staff may still edit their note. */
export const FINAL_INVOICE_STATUSES: readonly InvoiceStatus[] = Object.freeze([
  S.Fulfilled,
  S.Rejected,
  S.CanceledByAdmin,
  S.CancellationApprovedByAdmin,
]);

/** Requests staff still have to settle. Their amount is held from the balance meanwhile. */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = Object.freeze([
  S.Pending,
  S.UpdatedByReceiver,
  S.CanceledByReceiver,
]);

/** Statuses whose amount is taken from the withdrawable balance: the open ones and the paid ones. */
export const HOLDING_INVOICE_STATUSES: readonly InvoiceStatus[] = Object.freeze([
  ...OPEN_INVOICE_STATUSES,
  S.Fulfilled,
]);

/**
 * rules.md's table, per actor: the statuses each status may move to. A tutor asks (to update the
 * details, to cancel); staff settle (fulfil with a receipt, reject with a note, cancel, approve or refuse
 * what the tutor asked). A final status moves nowhere.
 */
export const INVOICE_MOVES: Readonly<
  Record<InvoiceActor, Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>>>
> = Object.freeze({
  tutor: Object.freeze({
    [S.Pending]: [S.UpdatedByReceiver, S.CanceledByReceiver],
    [S.UpdatedByReceiver]: [S.CanceledByReceiver],
    [S.CanceledByReceiver]: [],
    [S.Fulfilled]: [],
    [S.Rejected]: [],
    [S.CanceledByAdmin]: [],
    [S.CancellationApprovedByAdmin]: [],
  }),
  staff: Object.freeze({
    [S.Pending]: [S.Fulfilled, S.Rejected, S.CanceledByAdmin],
    // Back to pending approves the update: the requested details replace the old ones.
    [S.UpdatedByReceiver]: [S.Pending, S.Rejected, S.CanceledByAdmin],
    // Back to pending refuses the cancellation.
    [S.CanceledByReceiver]: [S.CancellationApprovedByAdmin, S.Pending],
    [S.Fulfilled]: [],
    [S.Rejected]: [],
    [S.CanceledByAdmin]: [],
    [S.CancellationApprovedByAdmin]: [],
  }),
});

/** Whether `actor` may move an invoice from `from` to `to`; anything off the table is `illegal-invoice-update`. */
export function invoiceTransition(
  from: InvoiceStatus,
  to: InvoiceStatus,
  actor: InvoiceActor,
): 'ok' | 'illegal-invoice-update' {
  return INVOICE_MOVES[actor][from]?.includes(to) ? 'ok' : 'illegal-invoice-update';
}

export function isFinalInvoiceStatus(status: InvoiceStatus): boolean {
  return FINAL_INVOICE_STATUSES.includes(status);
}

/** A lesson as the ledger reads it. */
export type LedgerLesson = {
  end: Date;
  canceledAt: Date | null;
  canceledBy: string | null;
  minutesReturned: boolean | null;
};

/**
 * Whether a lesson's recorded earning is credited to its tutor at `now`: once it has ended, when it was
 * given (not cancelled), and also when the student cancelled it too late to get the minutes back — the
 * student's minutes were spent on the tutor's reserved time, so the tutor is paid for it as if given.
 * Any other cancellation (the tutor's, staff's, the student's in time) credits nothing.
 */
export function isLessonCredited(lesson: LedgerLesson, now: Date): boolean {
  if (lesson.end.getTime() > now.getTime()) {
    return false;
  }
  if (lesson.canceledAt === null) {
    return true;
  }
  return lesson.canceledBy === 'student' && lesson.minutesReturned === false;
}

/** A tutor's balance in piasters (rules.md "Earnings and withdrawals"). */
export type InvoiceLedger = {
  /** Credited earnings: lessons given, and late student cancellations. */
  earned: number;
  /** Fulfilled invoices: money already sent. */
  withdrawn: number;
  /** Open invoices (pending, updated or cancelled by the receiver and not yet settled). */
  pending: number;
  /** earned − withdrawn − pending: what a new request may ask for. */
  withdrawable: number;
};

/** withdrawable = credited earnings − withdrawn − pending (what fulfilled and open invoices hold). */
export function withdrawableBalance(sums: { earned: number; withdrawn: number; pending: number }): number {
  return sums.earned - sums.withdrawn - sums.pending;
}

/**
 * The ledger: withdrawable = credited earnings − the amounts held by invoices that are open (pending,
 * updated-by-receiver, canceled-by-receiver) or fulfilled. Rejected and cancelled invoices hold nothing.
 */
export function invoiceLedger(
  earned: number,
  invoices: ReadonlyArray<{ status: InvoiceStatus; amount: number }>,
): InvoiceLedger {
  let withdrawn = 0;
  let pending = 0;
  for (const invoice of invoices) {
    if (invoice.status === S.Fulfilled) {
      withdrawn += invoice.amount;
    } else if (OPEN_INVOICE_STATUSES.includes(invoice.status)) {
      pending += invoice.amount;
    }
  }
  return { earned, withdrawn, pending, withdrawable: withdrawableBalance({ earned, withdrawn, pending }) };
}

/**
 * Whether a request may ask for `amount` piasters through a method with these limits, given the
 * tutor's withdrawable balance: positive, within the method's minimum and maximum, and not above the
 * balance (`invoice-balance-exceeded`).
 */
export function checkInvoiceAmount(input: {
  amount: number;
  min: number;
  max: number;
  withdrawable: number;
}):
  | Extract<
      ErrorCode,
      | 'invoice-amount-zero-or-negative'
      | 'invoice-min-subceeded'
      | 'invoice-max-exceeded'
      | 'invoice-balance-exceeded'
    >
  | 'ok' {
  if (input.amount <= 0) {
    return 'invoice-amount-zero-or-negative';
  }
  if (input.amount < input.min) {
    return 'invoice-min-subceeded';
  }
  if (input.amount > input.max) {
    return 'invoice-max-exceeded';
  }
  return input.amount > input.withdrawable ? 'invoice-balance-exceeded' : 'ok';
}

/** What staff send to `PUT /api/v1/invoice/admin/{id}`, read against the stored invoice. */
export type AdminInvoiceUpdate = {
  current: { status: InvoiceStatus; note: string | null };
  /** The status asked for (a move of the table; the current one is no move); absent for a note edit. */
  status?: InvoiceStatus | undefined;
  /** The new note, null to remove it, absent to keep it. */
  note?: string | null | undefined;
  /** Whether a receipt picture came with the request. */
  hasReceipt: boolean;
  /** The status staff saw; a different current status means someone moved it meanwhile. */
  expectedStatus?: InvoiceStatus | undefined;
};

export type AdminInvoiceUpdateCheck =
  | { code: 'ok'; status: InvoiceStatus; note: string | null; moved: boolean }
  | {
      code: Extract<
        ErrorCode,
        'empty-request' | 'illegal-invoice-update' | 'invoice-receipt-required' | 'invoice-note-empty'
      >;
    };

/**
 * A staff update: a move along the table (fulfilling needs a receipt, rejecting a note), or — without
 * a status — a note edit in any status (final ones included). A status off the table, the current one
 * included, is `illegal-invoice-update`. A receipt comes only with fulfilment, and a rejected invoice
 * always keeps a note.
 */
export function checkAdminInvoiceUpdate(update: AdminInvoiceUpdate): AdminInvoiceUpdateCheck {
  const { current } = update;
  if (update.status === undefined && update.note === undefined && !update.hasReceipt) {
    return { code: 'empty-request' };
  }
  if (update.expectedStatus !== undefined && update.expectedStatus !== current.status) {
    return { code: 'illegal-invoice-update' };
  }
  const status = update.status ?? current.status;
  const moved = update.status !== undefined;
  if (moved && invoiceTransition(current.status, status, 'staff') !== 'ok') {
    return { code: 'illegal-invoice-update' };
  }
  const fulfilling = moved && status === S.Fulfilled;
  if (update.hasReceipt && !fulfilling) {
    return { code: 'illegal-invoice-update' };
  }
  if (fulfilling && !update.hasReceipt) {
    return { code: 'invoice-receipt-required' };
  }
  const note = update.note === undefined ? current.note : update.note;
  if (status === S.Rejected && !note) {
    return { code: 'invoice-note-empty' };
  }
  return { code: 'ok', status, note, moved };
}

/**
 * Who may delete an invoice (docs/decisions/0013): its tutor while it is pending and no staff member
 * has acted on it yet (after that, cancelling goes through staff); a SuperAdmin any invoice but a
 * fulfilled one (money that left is never erased). A RegularAdmin cancels instead (`forbidden`);
 * anyone else is told it does not exist.
 */
export function checkInvoiceDeletion(
  invoice: { userId: number; status: InvoiceStatus; addressedById: number | null },
  caller: { id: number; role: number },
): 'ok' | Extract<ErrorCode, 'invoice-not-found' | 'forbidden' | 'illegal-invoice-update'> {
  if (caller.role === Role.SuperAdmin) {
    return invoice.status === S.Fulfilled ? 'illegal-invoice-update' : 'ok';
  }
  if (caller.role === Role.RegularAdmin) {
    return 'forbidden';
  }
  if (invoice.userId !== caller.id) {
    return 'invoice-not-found';
  }
  return invoice.status === S.Pending && invoice.addressedById === null ? 'ok' : 'illegal-invoice-update';
}

/** Friday and Saturday, Egypt's weekend: not working days for processing withdrawals. */
export const NON_WORKING_DAYS: readonly Weekday[] = Object.freeze([Weekday.Friday, Weekday.Saturday]);

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;

/**
 * When the money of a request made at `requestedAt` should arrive: the 4th to the 5th working day
 * after the local day of the request (that day itself does not count; Fridays and Saturdays never do),
 * as local dates `YYYY-MM-DD` in the zone (Cairo by default).
 */
export function expectedPayoutDates(
  requestedAt: Date,
  timeZone: string = PRODUCT_TIMEZONE,
): { earliest: string; latest: string } {
  const { min, max } = BOUNDS.invoiceProcessingWorkingDays;
  let date = toLocalDate(requestedAt, timeZone);
  let counted = 0;
  let earliest = date;
  while (counted < max) {
    date = addLocalDays(date, 1);
    if (NON_WORKING_DAYS.includes(weekdayOf(date))) {
      continue;
    }
    counted++;
    if (counted === min) {
      earliest = date;
    }
  }
  return { earliest, latest: date };
}

/** How many weeks and months the earnings chart shows. */
export const EARNINGS_CHART_PERIODS = 12;

/**
 * The earnings chart from credited earnings per local day: the last 12 product weeks (Saturday to
 * Friday, each named by its Saturday) and the last 12 calendar months (`YYYY-MM`), the current ones
 * included, oldest first, empty periods as 0. Days outside both ranges are ignored.
 */
export function earningsSeries(
  days: ReadonlyArray<{ date: string; earned: number }>,
  now: Date,
  timeZone: string = PRODUCT_TIMEZONE,
): { weekly: Array<{ period: string; earned: number }>; monthly: Array<{ period: string; earned: number }> } {
  const thisSaturday = weekDates(now, timeZone)[0]!;
  const weekly = Array.from({ length: EARNINGS_CHART_PERIODS }, (_, index) => ({
    period: addLocalDays(thisSaturday, (index - EARNINGS_CHART_PERIODS + 1) * 7),
    earned: 0,
  }));
  const [year, month] = toLocalDate(now, timeZone).split('-').map(Number) as [number, number];
  const monthly = Array.from({ length: EARNINGS_CHART_PERIODS }, (_, index) => {
    const shifted = new Date(Date.UTC(year, month - 1 - (EARNINGS_CHART_PERIODS - 1 - index), 1));
    return {
      period: `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`,
      earned: 0,
    };
  });
  const firstWeek = weekly[0]!.period;
  for (const day of days) {
    if (day.date >= firstWeek) {
      const week = Math.floor(
        (Date.parse(`${day.date}T00:00:00Z`) - Date.parse(`${firstWeek}T00:00:00Z`)) / (7 * 86_400_000),
      );
      const point = weekly[week];
      if (point) {
        point.earned += day.earned;
      }
    }
    const point = monthly.find((entry) => entry.period === day.date.slice(0, 7));
    if (point) {
      point.earned += day.earned;
    }
  }
  return { weekly, monthly };
}
