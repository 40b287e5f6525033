import {
  ADMIN_INVOICES_CHANNEL,
  type AdminUpdateInvoiceRequestSchema,
  AppError,
  type CreateInvoiceRequestSchema,
  type CreateWithdrawMethodRequestSchema,
  checkAdminInvoiceUpdate,
  checkInvoiceAmount,
  checkInvoiceDeletion,
  earningsSeries,
  expectedPayoutDates,
  type FindInvoicesQuerySchema,
  INVOICE_UPDATED_EVENT,
  type Invoice,
  type InvoiceEvent,
  InvoiceEventAction,
  type InvoiceListResponse,
  type InvoiceStats,
  InvoiceStatus,
  invoiceTransition,
  isTutorLike,
  type ReceiverDetails,
  type ReceiverUpdateInvoiceRequestSchema,
  type Role,
  type UpdateWithdrawMethodRequestSchema,
  type WithdrawMethod,
  type WithdrawMethodListResponse,
  type WithdrawMethodType,
  withdrawableBalance,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { forbidden, isAdmin } from '../../core/auth.ts';
import { type Database, retryTransaction, type Transaction } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import { createAssetsService } from '../assets/assets.service.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { UploadedImage } from '../assets/uploads.ts';
import type { MailSender } from '../notifications/mail.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { invoiceMail } from './invoices.mail.ts';
import {
  findEarningsByDay,
  findInvoiceRow,
  findInvoiceView,
  findInvoiceViews,
  findWithdrawMethod,
  findWithdrawMethodByType,
  findWithdrawMethodRows,
  type InvoicePatch,
  type InvoiceRow,
  type InvoiceViewRow,
  insertInvoice,
  insertInvoiceEvent,
  insertWithdrawMethod,
  lockInvoice,
  lockTutorBalance,
  readLedgerSums,
  updateInvoiceRow,
  updateWithdrawMethodRow,
  type WithdrawMethodRow,
} from './invoices.repository.ts';

export type InvoicesDeps = {
  db: Database;
  files: StoredFiles;
  /** Read at each send: the realtime role replaces it after the services are built. */
  broadcast: Broadcast | null;
  mailer: MailSender;
  config: Pick<AppConfig, 'publicUrls'>;
  log: FastifyBaseLogger;
  clock: () => Date;
};

type CreateMethodInput = z.output<typeof CreateWithdrawMethodRequestSchema>;
type UpdateMethodInput = z.output<typeof UpdateWithdrawMethodRequestSchema>;
type CreateInvoiceInput = z.output<typeof CreateInvoiceRequestSchema>;
type ReceiverUpdateInput = z.output<typeof ReceiverUpdateInvoiceRequestSchema>;
type AdminUpdateInput = z.output<typeof AdminUpdateInvoiceRequestSchema>;
type FindInvoicesInput = z.output<typeof FindInvoicesQuerySchema>;

/** How far back the earnings chart reads: a year of days covers 12 weeks and 12 months. */
const CHART_DAYS = 370;

/** The receiver-details columns of a method's details (the others null), current or requested. */
function detailColumns(details: ReceiverDetails) {
  return {
    method: details.method,
    phone: details.method === 'wallet' ? details.phone : null,
    bank: details.method === 'bank' ? details.bank : null,
    accountNumber: details.method === 'bank' ? details.accountNumber : null,
    username: details.method === 'instapay' ? details.username : null,
  };
}

function requestedColumns(details: ReceiverDetails | null) {
  const columns = details ? detailColumns(details) : null;
  return {
    requestedMethod: columns?.method ?? null,
    requestedPhone: columns?.phone ?? null,
    requestedBank: columns?.bank ?? null,
    requestedAccountNumber: columns?.accountNumber ?? null,
    requestedUsername: columns?.username ?? null,
  };
}

/** Reads receiver details back from a row's columns (`requested` for the pending update). */
function detailsOf(row: InvoiceRow, requested: boolean): ReceiverDetails | null {
  const method = (requested ? row.requestedMethod : row.method) as WithdrawMethodType | null;
  const pick = (current: string | null, asked: string | null) => (requested ? asked : current) ?? '';
  switch (method) {
    case 'wallet':
      return { method, phone: pick(row.phone, row.requestedPhone) };
    case 'bank':
      return {
        method,
        bank: pick(row.bank, row.requestedBank) as 'cib' | 'alex',
        accountNumber: pick(row.accountNumber, row.requestedAccountNumber),
      };
    case 'instapay':
      return { method, username: pick(row.username, row.requestedUsername) };
    default:
      return null;
  }
}

function toWithdrawMethod(row: WithdrawMethodRow): WithdrawMethod {
  return {
    id: row.id,
    type: row.type as WithdrawMethodType,
    min: row.min,
    max: row.max,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Earnings and withdrawals (rules.md "Earnings and withdrawals (invoices)"; docs/decisions/0013).
 *
 * Every write is one transaction that takes, in this order, the tutor's balance lock
 * (`lockTutorBalance`) and then the invoice's row: creating a request recomputes the withdrawable
 * balance under the lock, so concurrent requests can never take it below zero, and a staff action and
 * the tutor's own on one invoice run one after the other, each seeing the other's result (the loser
 * gets `illegal-invoice-update`). Deadlocks and serialization failures are retried.
 *
 * After a commit the tutor is told on their sockets (`invoice-updated`) and, for a new request or a
 * move, by e-mail; staff on the `AdminInvoices` channel.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const { db, files, clock, log } = deps;
  const assets = createAssetsService({ db, files });
  const invoicesUrl = `${deps.config.publicUrls.web.replace(/\/$/, '')}/invoices`;

  const member = (row: { id: number; name: string | null; image: string | null }) => ({
    id: row.id,
    name: row.name,
    image: row.image ? files.uploadUrl(row.image) : null,
  });

  function toInvoice(view: InvoiceViewRow): Invoice {
    const { invoice } = view;
    return {
      id: invoice.id,
      userId: invoice.userId,
      receiver: { ...member(view.receiver), email: view.receiver.email },
      amount: invoice.amount,
      status: invoice.status as InvoiceStatus,
      details: detailsOf(invoice, false)!,
      requestedDetails: detailsOf(invoice, true),
      note: invoice.note,
      receipt: invoice.receipt ? files.receiptUrl(invoice.receipt) : null,
      addressedBy: view.addressedBy ? member(view.addressedBy) : null,
      expectedPayout: expectedPayoutDates(invoice.createdAt),
      createdAt: invoice.createdAt.toISOString(),
      updatedAt: invoice.updatedAt.toISOString(),
    };
  }

  async function viewOf(id: number): Promise<Invoice> {
    const row = await findInvoiceView(db, id);
    if (!row) {
      throw new AppError('invoice-not-found');
    }
    return toInvoice(row);
  }

  /** One transaction, run again if PostgreSQL picked it as a deadlock victim. */
  const transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    retryTransaction(() => db.transaction(work));

  /**
   * Tells the tutor and staff what committed; mails the tutor about a new request or a move (best
   * effort: a failed e-mail is logged, the change stands).
   */
  function announce(invoice: Invoice, action: InvoiceEventAction, previousStatus: InvoiceStatus | null) {
    const event: InvoiceEvent = { action, invoice, previousStatus, at: clock().toISOString() };
    deps.broadcast?.toUser(invoice.userId, INVOICE_UPDATED_EVENT, event);
    deps.broadcast?.toRoom(ADMIN_INVOICES_CHANNEL, ADMIN_INVOICES_CHANNEL, event);
    if (action !== InvoiceEventAction.Created && action !== InvoiceEventAction.StatusChanged) {
      return;
    }
    void (async () => {
      const tutor = await findUserById(db, invoice.userId);
      if (!tutor) {
        return;
      }
      const mail = invoiceMail({
        name: tutor.name,
        status: invoice.status,
        previous: previousStatus,
        amount: invoice.amount,
        note: invoice.note,
        expectedPayout: invoice.expectedPayout,
        invoicesUrl,
      });
      await deps.mailer.send({ to: tutor.email, ...mail });
    })().catch((error: unknown) => log.error({ err: error, invoiceId: invoice.id }, 'invoice e-mail failed'));
  }

  /** The live invoice, if the caller may see it: its tutor or staff; anyone else is told it does not exist. */
  async function visibleInvoice(id: number, caller: UserRow): Promise<InvoiceRow> {
    const row = await findInvoiceRow(db, id);
    if (!row || (row.userId !== caller.id && !isAdmin(caller))) {
      throw new AppError('invoice-not-found');
    }
    return row;
  }

  /**
   * Locks the tutor's balance then the invoice (the one order every invoice write takes), or
   * `invoice-not-found` when it was deleted meanwhile.
   */
  async function lockBoth(tx: Transaction, found: InvoiceRow): Promise<InvoiceRow> {
    await lockTutorBalance(tx, found.userId);
    const row = await lockInvoice(tx, found.id);
    if (!row) {
      throw new AppError('invoice-not-found');
    }
    return row;
  }

  /** An enabled method of this type, or `withdraw-method-not-found`. */
  async function enabledMethod(tx: Transaction, type: WithdrawMethodType): Promise<WithdrawMethodRow> {
    const method = await findWithdrawMethodByType(tx, type);
    if (!method?.enabled) {
      throw new AppError('withdraw-method-not-found', { message: `Withdrawals by ${type} are off` });
    }
    return method;
  }

  return {
    /** Tutors see the methods they may use now; staff every method, to edit them. */
    async listWithdrawMethods(caller: UserRow): Promise<WithdrawMethodListResponse> {
      const rows = await findWithdrawMethodRows(db, { enabledOnly: !isAdmin(caller) });
      return { list: rows.map(toWithdrawMethod), total: rows.length };
    },

    async createWithdrawMethod(input: CreateMethodInput): Promise<WithdrawMethod> {
      return toWithdrawMethod(await insertWithdrawMethod(db, input));
    },

    /** New limits or flag; the merged limits must keep min ≤ max (`withdraw-min-above-max`). */
    async updateWithdrawMethod(id: number, patch: UpdateMethodInput): Promise<WithdrawMethod> {
      const current = await findWithdrawMethod(db, id);
      if (!current) {
        throw new AppError('withdraw-method-not-found');
      }
      if ((patch.min ?? current.min) > (patch.max ?? current.max)) {
        throw new AppError('withdraw-min-above-max');
      }
      const row = await updateWithdrawMethodRow(db, id, patch);
      if (!row) {
        throw new AppError('withdraw-method-not-found');
      }
      return toWithdrawMethod(row);
    },

    /**
     * A tutor's withdrawal request: under the tutor's balance lock, the method must be enabled, the
     * amount within its limits and at most the withdrawable balance recomputed right there.
     */
    async createInvoice(caller: UserRow, input: CreateInvoiceInput): Promise<Invoice> {
      const now = clock();
      const row = await transaction(async (tx) => {
        await lockTutorBalance(tx, caller.id);
        const method = await enabledMethod(tx, input.details.method);
        const withdrawable = withdrawableBalance(await readLedgerSums(tx, caller.id, now));
        const code = checkInvoiceAmount({
          amount: input.amount,
          min: method.min,
          max: method.max,
          withdrawable,
        });
        if (code !== 'ok') {
          throw new AppError(code);
        }
        const invoice = await insertInvoice(tx, {
          userId: caller.id,
          ...detailColumns(input.details),
          amount: input.amount,
          status: InvoiceStatus.Pending,
          createdAt: now,
          updatedAt: now,
        });
        await insertInvoiceEvent(tx, {
          invoiceId: invoice.id,
          actorId: caller.id,
          action: InvoiceEventAction.Created,
          fromStatus: null,
          toStatus: InvoiceStatus.Pending,
          data: { amount: input.amount, details: input.details },
        });
        return invoice;
      });
      const invoice = await viewOf(row.id);
      announce(invoice, InvoiceEventAction.Created, null);
      return invoice;
    },

    /**
     * The ledger and the earnings chart of a Tutor or TutorManager: their own, or anyone's for staff
     * (a tutor asking for another's is `forbidden`).
     */
    async getStats(tutorId: number, caller: UserRow): Promise<InvoiceStats> {
      if (!isAdmin(caller) && !(tutorId === caller.id && isTutorLike(caller.role as Role))) {
        throw forbidden();
      }
      const tutor = tutorId === caller.id ? caller : await findUserById(db, tutorId);
      if (!tutor || !isTutorLike(tutor.role as Role)) {
        throw new AppError('tutor-not-found');
      }
      const now = clock();
      const sums = await readLedgerSums(db, tutorId, now);
      const days = await findEarningsByDay(
        db,
        tutorId,
        new Date(now.getTime() - CHART_DAYS * 86_400_000),
        now,
      );
      return {
        tutorId,
        earned: sums.earned,
        withdrawn: sums.withdrawn,
        pending: sums.pending,
        withdrawable: withdrawableBalance(sums),
        upcoming: sums.upcoming,
        ...earningsSeries(days, now),
      };
    },

    /** The tutor's own moves: ask to update the details (kept apart until approved) or to cancel. */
    async updateAsReceiver(id: number, caller: UserRow, input: ReceiverUpdateInput): Promise<Invoice> {
      const found = await findInvoiceRow(db, id);
      if (!found || found.userId !== caller.id) {
        throw new AppError('invoice-not-found');
      }
      const previous = await transaction(async (tx) => {
        const row = await lockBoth(tx, found);
        const from = row.status as InvoiceStatus;
        if (input.expectedStatus !== undefined && input.expectedStatus !== from) {
          throw new AppError('illegal-invoice-update', { message: `The invoice is ${from} now` });
        }
        if (invoiceTransition(from, input.status, 'tutor') !== 'ok') {
          throw new AppError('illegal-invoice-update', {
            message: `A tutor cannot move ${from} to ${input.status}`,
          });
        }
        let patch: InvoicePatch;
        if (input.status === InvoiceStatus.UpdatedByReceiver) {
          const method = await enabledMethod(tx, input.details.method);
          const code = checkInvoiceAmount({
            amount: row.amount,
            min: method.min,
            max: method.max,
            withdrawable: Number.POSITIVE_INFINITY,
          });
          if (code !== 'ok') {
            throw new AppError(code);
          }
          patch = { status: input.status, ...requestedColumns(input.details), updatedAt: clock() };
        } else {
          patch = { status: input.status, ...requestedColumns(null), updatedAt: clock() };
        }
        await updateInvoiceRow(tx, row.id, patch);
        await insertInvoiceEvent(tx, {
          invoiceId: row.id,
          actorId: caller.id,
          action: InvoiceEventAction.StatusChanged,
          fromStatus: from,
          toStatus: input.status,
          data: input.status === InvoiceStatus.UpdatedByReceiver ? { details: input.details } : null,
        });
        return from;
      });
      const invoice = await viewOf(id);
      announce(invoice, InvoiceEventAction.StatusChanged, previous);
      return invoice;
    },

    /**
     * Staff settle an invoice along rules.md's table (approve the update, approve or refuse the
     * cancellation, fulfil with a receipt, reject with a note, cancel) or edit its note. The receipt is
     * checked by content and stored before the transaction, and removed again if the change is refused.
     */
    async updateAsAdmin(
      id: number,
      caller: UserRow,
      input: AdminUpdateInput,
      receipt: UploadedImage | null,
    ): Promise<Invoice> {
      const found = await visibleInvoice(id, caller);
      const ask = (current: InvoiceRow) =>
        checkAdminInvoiceUpdate({
          current: { status: current.status as InvoiceStatus, note: current.note },
          status: input.status,
          note: input.note,
          hasReceipt: receipt !== null,
          expectedStatus: input.expectedStatus,
        });
      // Fail fast, before a receipt is stored for nothing; the locked check below is the one that counts.
      const early = ask(found);
      if (early.code !== 'ok') {
        throw new AppError(early.code);
      }
      const receiptName = receipt ? await assets.saveReceipt(found.userId, receipt) : null;
      const outcome = await transaction(async (tx) => {
        const row = await lockBoth(tx, found);
        const check = ask(row);
        if (check.code !== 'ok') {
          throw new AppError(check.code);
        }
        const from = row.status as InvoiceStatus;
        const patch: InvoicePatch = { note: check.note, addressedBy: caller.id, updatedAt: clock() };
        if (check.moved) {
          patch.status = check.status;
          if (from === InvoiceStatus.UpdatedByReceiver) {
            // Approving the update (back to pending) puts the requested details in place.
            const asked = check.status === InvoiceStatus.Pending ? detailsOf(row, true) : null;
            Object.assign(patch, asked ? detailColumns(asked) : {}, requestedColumns(null));
          }
        }
        if (receiptName) {
          patch.receipt = receiptName;
        }
        await updateInvoiceRow(tx, row.id, patch);
        const action = check.moved ? InvoiceEventAction.StatusChanged : InvoiceEventAction.NoteChanged;
        await insertInvoiceEvent(tx, {
          invoiceId: row.id,
          actorId: caller.id,
          action,
          fromStatus: from,
          toStatus: check.status,
          data: { note: check.note, ...(receiptName ? { receipt: receiptName } : {}) },
        });
        return { action, from: check.moved ? from : null };
      }).catch(async (error: unknown) => {
        // Refused (or failed): the receipt stored for it goes too.
        await files.discard(receiptName);
        throw error;
      });
      const invoice = await viewOf(id);
      announce(invoice, outcome.action, outcome.from);
      return invoice;
    },

    /** A tutor's own invoices, or everyone's (filtered) for staff. */
    async findInvoices(caller: UserRow, query: FindInvoicesInput): Promise<InvoiceListResponse> {
      let userId = query.tutorId;
      if (!isAdmin(caller)) {
        if (!isTutorLike(caller.role as Role) || (userId !== undefined && userId !== caller.id)) {
          throw forbidden();
        }
        userId = caller.id;
      }
      const { rows, total } = await findInvoiceViews(
        db,
        {
          userId,
          status: query.status,
          method: query.method,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        query,
      );
      return { list: rows.map(toInvoice), total };
    },

    /** Deletes (marks) an invoice as `checkInvoiceDeletion` allows; its hold on the balance ends. */
    async deleteInvoice(id: number, caller: UserRow): Promise<{ ok: true }> {
      const found = await findInvoiceRow(db, id);
      if (!found) {
        throw new AppError('invoice-not-found');
      }
      const early = checkInvoiceDeletion(
        { ...found, status: found.status as InvoiceStatus, addressedById: found.addressedBy },
        caller,
      );
      if (early !== 'ok') {
        throw early === 'forbidden' ? forbidden() : new AppError(early);
      }
      await transaction(async (tx) => {
        const row = await lockBoth(tx, found);
        const status = row.status as InvoiceStatus;
        const code = checkInvoiceDeletion({ ...row, status, addressedById: row.addressedBy }, caller);
        if (code !== 'ok') {
          throw code === 'forbidden' ? forbidden() : new AppError(code);
        }
        await updateInvoiceRow(tx, row.id, { deletedAt: clock(), deletedBy: caller.id, updatedAt: clock() });
        await insertInvoiceEvent(tx, {
          invoiceId: row.id,
          actorId: caller.id,
          action: InvoiceEventAction.Deleted,
          fromStatus: status,
          toStatus: status,
        });
      });
      announce(await viewOf(id), InvoiceEventAction.Deleted, null);
      return { ok: true };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
