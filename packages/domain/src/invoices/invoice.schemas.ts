import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { InvoiceStatusSchema, WithdrawMethodTypeSchema } from '../enums/invoice.enum-schemas.ts';
import {
  BANK_NAMES,
  type BankName,
  INVOICE_STATUSES,
  InvoiceStatus,
  WithdrawMethodType,
} from '../enums/invoice.enums.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { normalizePhone, PHONE_PATTERN, toLatinDigits } from '../users/user.schemas.ts';

/**
 * The withdrawals API contract (spec §3 "Invoice", §7 "Withdraw method" and "Invoice"; rules.md
 * "Earnings and withdrawals"). Money is integer piasters on the wire as in the database (1 EGP = 100).
 * Issue messages are error codes (decision 0003). What needs stored state (a method's limits, the
 * tutor's balance, the invoice's status) is checked by the rules in `invoice.rules.ts` on the server.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const instant = z.string({ error: typeErrorCode }).pipe(z.iso.datetime({ offset: true, ...BAD_REQUEST }));

/**
 * The largest limit staff may give a method: ten million pounds, far beyond any transfer, and well
 * inside the database's integer column.
 */
export const WITHDRAW_LIMIT_MAX_PIASTERS = 10_000_000 * 100;

// ---------------------------------------------------------------------------------------------------
// Withdraw methods

/** A method's minimum or maximum in piasters: a positive whole number (`withdraw-amount-zero-or-negative`). */
export const WithdrawLimitSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive({ error: 'withdraw-amount-zero-or-negative' })
  .max(WITHDRAW_LIMIT_MAX_PIASTERS, BAD_REQUEST);

const minNotAboveMax = (limits: { min?: number | undefined; max?: number | undefined }) =>
  limits.min === undefined || limits.max === undefined || limits.min <= limits.max;

/**
 * `POST /api/v1/withdraw-method` (SuperAdmin, RegularAdmin): one method per type (`withdraw-method-exists`);
 * the limits default to rules.md's 100 and 50,000 EGP, and a new method is enabled unless told otherwise.
 */
export const CreateWithdrawMethodRequestSchema = z
  .object({
    type: z.enum(WithdrawMethodType, { error: typeErrorCode }),
    min: /* @__PURE__ */ WithdrawLimitSchema.default(BOUNDS.withdrawPiasters.min),
    max: /* @__PURE__ */ WithdrawLimitSchema.default(BOUNDS.withdrawPiasters.max),
    enabled: z.boolean({ error: typeErrorCode }).default(true),
  })
  .refine(minNotAboveMax, { error: 'withdraw-min-above-max', path: ['min'] });

/**
 * `PUT /api/v1/withdraw-method/{id}` (SuperAdmin, RegularAdmin): new limits, the enabled flag, or both.
 * The server checks `withdraw-min-above-max` again on the merged method.
 */
export const UpdateWithdrawMethodRequestSchema = z
  .object({
    min: /* @__PURE__ */ WithdrawLimitSchema.optional(),
    max: /* @__PURE__ */ WithdrawLimitSchema.optional(),
    enabled: z.boolean({ error: typeErrorCode }).optional(),
  })
  .refine((body) => body.min !== undefined || body.max !== undefined || body.enabled !== undefined, {
    error: 'empty-request',
  })
  .refine(minNotAboveMax, { error: 'withdraw-min-above-max', path: ['min'] });

/** A withdraw method as the API returns it: limits in piasters. */
export const WithdrawMethodSchema = z.object({
  id: z.number().int().positive(),
  type: WithdrawMethodTypeSchema,
  min: z.number().int().positive(),
  max: z.number().int().positive(),
  enabled: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** `GET /api/v1/withdraw-method/list`: tutors see the enabled methods, staff all three. */
export const WithdrawMethodListResponseSchema = pagedSchema(WithdrawMethodSchema);

// ---------------------------------------------------------------------------------------------------
// Receiver details

/** InstaPay addresses: `name@instapay`, the name of letters, digits, dots, dashes or underscores. */
export const INSTAPAY_USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?@instapay$/;

/**
 * A bank account: 8–30 digits as the bank prints it (spaces and dashes dropped), or an Egyptian IBAN
 * (`EG` and 27 digits).
 */
export const BANK_ACCOUNT_PATTERN = /^(?:\d{8,30}|EG\d{27})$/;

/** An Egyptian mobile number that receives the wallet transfer (`invalid-phone`). */
export const WalletPhoneSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'invalid-phone' : 'invalid-type') })
  .overwrite(normalizePhone)
  .regex(PHONE_PATTERN, { error: 'invalid-phone' });

/** `cib` or `alex`, any letter case (`bank-name-empty` when missing or blank, `bank-name-invalid` otherwise). */
export const BankNameInputSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'bank-name-empty' : 'bank-name-invalid') })
  .trim()
  .toLowerCase()
  .min(1, { error: 'bank-name-empty' })
  .refine((value) => (BANK_NAMES as readonly string[]).includes(value), { error: 'bank-name-invalid' })
  .transform((value) => value as BankName);

/** The account number (`bank-account-number-invalid`), stored without spaces or dashes. */
export const BankAccountNumberSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'bank-account-number-invalid' : 'invalid-type'),
  })
  .overwrite((value) => toLatinDigits(value).replace(/[\s-]/g, '').toUpperCase())
  .regex(BANK_ACCOUNT_PATTERN, { error: 'bank-account-number-invalid' });

/** `name@instapay`, stored lower-cased (`instapay-username-invalid`). */
export const InstapayUsernameSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'instapay-username-invalid' : 'invalid-type'),
  })
  .trim()
  .toLowerCase()
  .regex(INSTAPAY_USERNAME_PATTERN, { error: 'instapay-username-invalid' });

const methodError = (issue: { code?: string; input?: unknown }) => {
  if (issue.code === 'invalid_union' && issue.input && typeof issue.input === 'object') {
    return (issue.input as { method?: unknown }).method === undefined ? 'required' : 'invalid-type';
  }
  return issue.input === undefined ? 'required' : 'invalid-type';
};

/**
 * Where the money goes, by method (rules.md "Earnings and withdrawals"): a wallet's mobile number, a
 * bank (`cib`, `alex`) and account number, or an InstaPay address.
 */
export const ReceiverDetailsSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal(WithdrawMethodType.Wallet), phone: WalletPhoneSchema }),
    z.object({
      method: z.literal(WithdrawMethodType.Bank),
      bank: BankNameInputSchema,
      accountNumber: BankAccountNumberSchema,
    }),
    z.object({ method: z.literal(WithdrawMethodType.Instapay), username: InstapayUsernameSchema }),
  ],
  { error: methodError },
);

/** Receiver details as the API returns them (already normalised). */
export const ReceiverDetailsViewSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal(WithdrawMethodType.Wallet), phone: z.string() }),
  z.object({
    method: z.literal(WithdrawMethodType.Bank),
    bank: z.enum(BANK_NAMES as readonly [BankName, ...BankName[]]),
    accountNumber: z.string(),
  }),
  z.object({ method: z.literal(WithdrawMethodType.Instapay), username: z.string() }),
]);

// ---------------------------------------------------------------------------------------------------
// Invoices

/**
 * An amount in piasters: a positive whole number (`invoice-amount-zero-or-negative`). The method's
 * minimum and maximum and the tutor's withdrawable balance are `checkInvoiceAmount`'s.
 */
export const InvoiceAmountSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .positive({ error: 'invoice-amount-zero-or-negative' })
  .max(WITHDRAW_LIMIT_MAX_PIASTERS, { error: 'invoice-max-exceeded' });

/**
 * A staff note: plain text (decision 0046: controls stripped), trimmed, at most `BOUNDS.invoiceNote.max` characters
 * (`invoice-note-too-long`); markup is `invoice-note-invalid-html`. A blank note or null removes it
 * (a rejection still needs one: `invoice-note-empty`, checked by `checkAdminInvoiceUpdate`).
 */
export const InvoiceNoteSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'paragraphs',
  max: BOUNDS.invoiceNote.max,
  tooLong: 'invoice-note-too-long',
  markup: 'invoice-note-invalid-html',
})
  .refine((value) => [...value].length <= BOUNDS.invoiceNote.max, { error: 'invoice-note-too-long' })
  .transform((value) => (value === '' ? null : value))
  .nullable();

/**
 * `POST /api/v1/invoice` (a Tutor or TutorManager): withdraw `amount` piasters to `details`. Refused
 * when the method is disabled (`withdraw-method-not-found`), outside its limits (`invoice-min-subceeded`,
 * `invoice-max-exceeded`) or above the withdrawable balance (`invoice-balance-exceeded`).
 */
export const CreateInvoiceRequestSchema = z.object({
  amount: InvoiceAmountSchema,
  details: ReceiverDetailsSchema,
});

const expectedStatus = z.enum(InvoiceStatus, BAD_REQUEST).optional();

/**
 * A tutor asking for a status of the table that is not theirs to ask (`fulfilled`, `pending`…) is
 * `illegal-invoice-update`, like any other refused move; a word that is no status at all is `invalid-type`.
 */
function receiverStatusError(issue: { code?: string; input?: unknown }) {
  if (issue.code !== 'invalid_union' || !issue.input || typeof issue.input !== 'object') {
    return typeErrorCode(issue);
  }
  const { status } = issue.input as { status?: unknown };
  if (status === undefined) {
    return 'required';
  }
  return (INVOICE_STATUSES as readonly unknown[]).includes(status)
    ? 'illegal-invoice-update'
    : 'invalid-type';
}

/**
 * `PUT /api/v1/invoice/receiver/{id}` (the invoice's tutor), per rules.md's table: ask to update the
 * receiver details (kept apart until staff approve them) or ask to cancel. `expectedStatus` is the
 * status the tutor saw: when it moved meanwhile the request is `illegal-invoice-update`, so a staff
 * action and the tutor's never apply on top of each other unseen.
 */
export const ReceiverUpdateInvoiceRequestSchema = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal(InvoiceStatus.UpdatedByReceiver),
      details: ReceiverDetailsSchema,
      expectedStatus,
    }),
    z.object({ status: z.literal(InvoiceStatus.CanceledByReceiver), expectedStatus }),
  ],
  { error: receiverStatusError },
);

/**
 * `PUT /api/v1/invoice/admin/{id}` (SuperAdmin, RegularAdmin), multipart or JSON: `status` moves the
 * invoice per rules.md's table, `note` adds, edits or (blank) removes the staff note, and the `receipt`
 * file (multipart only) comes with `fulfilled` (`invoice-receipt-required`). `expectedStatus` as for
 * the tutor's update. Multipart sends every field as text.
 */
export const AdminUpdateInvoiceRequestSchema = z.object({
  status: z.enum(InvoiceStatus, { error: typeErrorCode }).optional(),
  note: /* @__PURE__ */ InvoiceNoteSchema.optional(),
  expectedStatus,
});

const statusList = z
  .string(BAD_REQUEST)
  .transform((value) => value.split(',').filter((part) => part !== ''))
  .pipe(z.array(z.enum(InvoiceStatus, BAD_REQUEST)).min(1, BAD_REQUEST).max(INVOICE_STATUSES.length));

/**
 * `GET /api/v1/invoice/list`: paged, newest first. `status` is one status or several, comma-separated;
 * `tutorId`, `method` and [from, to) on the request time narrow it. A tutor sees their own invoices
 * (another `tutorId` is `forbidden`), staff everyone's.
 */
export const FindInvoicesQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  status: /* @__PURE__ */ statusList.optional(),
  tutorId: /* @__PURE__ */ QueryIdSchema.optional(),
  method: z.enum(WithdrawMethodType, BAD_REQUEST).optional(),
  from: /* @__PURE__ */ instant.optional(),
  to: /* @__PURE__ */ instant.optional(),
}).refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), BAD_REQUEST);

const member = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});

/** The processing window shown beside a request: local dates (`YYYY-MM-DD`, Cairo). */
export const PayoutWindowSchema = z.object({ earliest: z.string(), latest: z.string() });

/**
 * An invoice as the API returns it. `details` are where the money goes; `requestedDetails` the tutor's
 * update waiting for staff (only while `updated-by-receiver`). `receipt` is a private URL under
 * `/assets/receipts/` that only the tutor and staff may read (with their bearer token).
 * `expectedPayout` is 4–5 working days after the request (`expectedPayoutDates`).
 */
export const InvoiceSchema = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive(),
  receiver: /* @__PURE__ */ member.extend({ email: z.string() }),
  amount: z.number().int().positive(),
  status: InvoiceStatusSchema,
  details: ReceiverDetailsViewSchema,
  requestedDetails: /* @__PURE__ */ ReceiverDetailsViewSchema.nullable(),
  note: z.string().nullable(),
  receipt: z.string().nullable(),
  addressedBy: /* @__PURE__ */ member.nullable(),
  expectedPayout: PayoutWindowSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const InvoiceListResponseSchema = pagedSchema(InvoiceSchema);

/** One bar of the earnings chart: a week (its Saturday) or a month (`YYYY-MM`), piasters earned in it. */
export const EarningsPointSchema = z.object({ period: z.string(), earned: z.number().int().nonnegative() });

/**
 * `GET /api/v1/invoice/stats/{id}`: a tutor's ledger (rules.md "Earnings and withdrawals"), in piasters.
 * `earned`: lessons given (and late student cancellations); `withdrawn`: fulfilled invoices; `pending`:
 * invoices still open; `withdrawable` = earned − withdrawn − pending; `upcoming`: booked lessons not yet
 * given. `weekly` (Saturday-start weeks) and `monthly` cover the last 12 of each in Cairo, oldest first.
 */
export const InvoiceStatsSchema = z.object({
  tutorId: z.number().int().positive(),
  earned: z.number().int(),
  withdrawn: z.number().int(),
  pending: z.number().int(),
  withdrawable: z.number().int(),
  upcoming: z.number().int(),
  weekly: z.array(EarningsPointSchema),
  monthly: z.array(EarningsPointSchema),
});

export type WithdrawMethod = z.infer<typeof WithdrawMethodSchema>;
export type WithdrawMethodListResponse = z.infer<typeof WithdrawMethodListResponseSchema>;
export type CreateWithdrawMethodRequest = z.input<typeof CreateWithdrawMethodRequestSchema>;
export type UpdateWithdrawMethodRequest = z.input<typeof UpdateWithdrawMethodRequestSchema>;
export type ReceiverDetails = z.infer<typeof ReceiverDetailsViewSchema>;
export type ReceiverDetailsInput = z.input<typeof ReceiverDetailsSchema>;
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;
export type ReceiverUpdateInvoiceRequest = z.input<typeof ReceiverUpdateInvoiceRequestSchema>;
export type AdminUpdateInvoiceRequest = z.input<typeof AdminUpdateInvoiceRequestSchema>;
export type FindInvoicesQuery = z.input<typeof FindInvoicesQuerySchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
export type InvoiceListResponse = z.infer<typeof InvoiceListResponseSchema>;
export type PayoutWindow = z.infer<typeof PayoutWindowSchema>;
export type EarningsPoint = z.infer<typeof EarningsPointSchema>;
export type InvoiceStats = z.infer<typeof InvoiceStatsSchema>;
