import { isApiError } from '@hiwar/client';
import {
  type BankName,
  type CreateInvoiceRequest,
  CreateInvoiceRequestSchema,
  checkInvoiceAmount,
  type ErrorCode,
  PIASTERS_PER_POUND,
  type ReceiverDetails,
  type ReceiverDetailsInput,
  ReceiverDetailsSchema,
  toLatinDigits,
  type WithdrawMethod,
  WithdrawMethodType,
} from '@hiwar/domain';
import type { FieldErrors, FieldValues, Resolver, ResolverResult, UseFormSetError } from 'react-hook-form';

/**
 * The withdrawal forms of `/invoices`: what the fields hold (text as typed, the amount in pounds), how
 * they become the API's request (piasters, the receiver details of the chosen method) and how they are
 * checked — by the domain's own schemas (`CreateInvoiceRequestSchema`, `ReceiverDetailsSchema`) and rule
 * (`checkInvoiceAmount` with the method's limits and the withdrawable balance), so the form refuses
 * exactly what the server would, with the same error codes.
 */

/** The receiver details as typed; only the chosen method's fields are read. */
export interface DetailsFormValues {
  method: WithdrawMethodType | '';
  phone: string;
  bank: BankName | '';
  accountNumber: string;
  username: string;
}

/** The new request: details and the amount in pounds, as typed. */
export interface WithdrawFormValues extends DetailsFormValues {
  amount: string;
}

export const EMPTY_DETAILS: DetailsFormValues = {
  method: '',
  phone: '',
  bank: '',
  accountNumber: '',
  username: '',
};

/** The fields of an invoice's current details, to start the "ask to update" form from them. */
export function detailsFormValues(details: ReceiverDetails): DetailsFormValues {
  switch (details.method) {
    case WithdrawMethodType.Wallet:
      return { ...EMPTY_DETAILS, method: details.method, phone: details.phone };
    case WithdrawMethodType.Bank:
      return {
        ...EMPTY_DETAILS,
        method: details.method,
        bank: details.bank,
        accountNumber: details.accountNumber,
      };
    case WithdrawMethodType.Instapay:
      return { ...EMPTY_DETAILS, method: details.method, username: details.username };
  }
}

/**
 * Pounds as people type them — Arabic-Indic or Latin digits, `٫` or `.` for the decimals, `٬` or `,`
 * between thousands — in piasters; `null` when it is no amount with at most two decimals.
 */
export function poundsToPiasters(text: string): number | null {
  const normalized = toLatinDigits(text.trim())
    .replace(/[\s٬,]/g, '')
    .replace('٫', '.');
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(normalized)) {
    return null;
  }
  const [pounds = '0', fraction = ''] = normalized.split('.');
  return Number(pounds) * PIASTERS_PER_POUND + Number(fraction.padEnd(2, '0'));
}

/** Piasters as a pounds field's text (`1250.5`), the way the field reads it back. */
export function piastersToPoundsText(piasters: number): string {
  const pounds = Math.floor(piasters / PIASTERS_PER_POUND);
  const rest = piasters % PIASTERS_PER_POUND;
  return rest === 0 ? String(pounds) : `${pounds}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** The request's `details` from the fields of the chosen method (nothing else is sent). */
export function receiverDetailsInput(values: DetailsFormValues): ReceiverDetailsInput | null {
  switch (values.method) {
    case WithdrawMethodType.Wallet:
      return { method: values.method, phone: values.phone };
    case WithdrawMethodType.Bank:
      return {
        method: values.method,
        // Absent rather than blank, so the schema says `bank-name-empty`.
        bank: values.bank === '' ? (undefined as unknown as BankName) : values.bank,
        accountNumber: values.accountNumber,
      };
    case WithdrawMethodType.Instapay:
      return { method: values.method, username: values.username };
    default:
      return null;
  }
}

type ErrorMap = Record<string, { type: string; message: string }>;

/** A zod issue path of the request (`['details', 'phone']`, `['amount']`) as the form field it is about. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, next] = path;
  if (head === 'details') {
    return typeof next === 'string' ? next : 'method';
  }
  return typeof head === 'string' ? head : 'method';
}

function addError(errors: ErrorMap, field: string, code: string): void {
  errors[field] ??= { type: 'validation', message: code };
}

function answer<Values extends FieldValues, Output>(
  errors: ErrorMap,
  output: Output,
): ResolverResult<Values, Output> {
  return Object.keys(errors).length === 0
    ? { values: output, errors: {} }
    : { values: {}, errors: errors as unknown as FieldErrors<Values> };
}

/** The enabled method of a type, if the tutor may use it. */
export function methodOf(
  methods: readonly WithdrawMethod[],
  type: WithdrawMethodType | '',
): WithdrawMethod | undefined {
  return methods.find((method) => method.type === type);
}

/**
 * The new request's resolver: the receiver details and the amount through `CreateInvoiceRequestSchema`,
 * then the amount against the chosen method's minimum and maximum and the withdrawable balance
 * (`checkInvoiceAmount`). Error messages are the catalogue codes the fields translate.
 */
export function withdrawResolver(
  methods: readonly WithdrawMethod[],
  withdrawable: number,
): Resolver<WithdrawFormValues, unknown, CreateInvoiceRequest> {
  return async (values) => {
    const errors: ErrorMap = {};
    const method = methodOf(methods, values.method);
    if (!method) {
      addError(errors, 'method', 'required');
    }
    const amount = values.amount.trim() === '' ? undefined : poundsToPiasters(values.amount);
    if (amount === null) {
      addError(errors, 'amount', 'invalid-type');
    }
    const parsed = CreateInvoiceRequestSchema.safeParse({
      amount,
      details: receiverDetailsInput(values) ?? undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        addError(errors, fieldOf(issue.path), issue.message);
      }
    }
    if (method && typeof amount === 'number' && !errors.amount) {
      const code = checkInvoiceAmount({ amount, min: method.min, max: method.max, withdrawable });
      if (code !== 'ok') {
        addError(errors, 'amount', code);
      }
    }
    return answer<WithdrawFormValues, CreateInvoiceRequest>(errors, parsed.data as CreateInvoiceRequest);
  };
}

/**
 * The "ask to update" resolver: new details through `ReceiverDetailsSchema`, and the request's amount
 * within the new method's limits (the balance already holds it).
 */
export function detailsResolver(
  methods: readonly WithdrawMethod[],
  amount: number,
): Resolver<DetailsFormValues, unknown, ReceiverDetailsInput> {
  return async (values) => {
    const errors: ErrorMap = {};
    const method = methodOf(methods, values.method);
    if (!method) {
      addError(errors, 'method', 'required');
    }
    const parsed = ReceiverDetailsSchema.safeParse(receiverDetailsInput(values) ?? undefined);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        addError(errors, fieldOf(['details', ...issue.path]), issue.message);
      }
    }
    if (method) {
      const code = checkInvoiceAmount({
        amount,
        min: method.min,
        max: method.max,
        withdrawable: Number.POSITIVE_INFINITY,
      });
      if (code !== 'ok') {
        addError(errors, 'method', code);
      }
    }
    return answer<DetailsFormValues, ReceiverDetailsInput>(errors, parsed.data as ReceiverDetailsInput);
  };
}

/** Which field a server refusal is about; the rest is for a toast. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, keyof WithdrawFormValues>> = {
  'invoice-amount-zero-or-negative': 'amount',
  'invoice-min-subceeded': 'amount',
  'invoice-max-exceeded': 'amount',
  'invoice-balance-exceeded': 'amount',
  'withdraw-method-not-found': 'method',
  'invalid-phone': 'phone',
  'bank-name-empty': 'bank',
  'bank-name-invalid': 'bank',
  'bank-account-number-invalid': 'accountNumber',
  'instapay-username-invalid': 'username',
};

/**
 * Shows a server refusal under its field (focusing it) and returns whether it did. Without an amount
 * field (the update form), amount codes go under the method, whose limits they are.
 */
export function applyServerError<Values extends DetailsFormValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  hasAmount: boolean,
): boolean {
  if (!isApiError(error)) {
    return false;
  }
  let field: string | undefined = FIELD_OF_CODE[error.code];
  if (field === 'amount' && !hasAmount) {
    field = 'method';
  }
  if (!field) {
    return false;
  }
  setError(
    field as Parameters<UseFormSetError<Values>>[0],
    { type: 'server', message: error.code },
    { shouldFocus: true },
  );
  return true;
}
