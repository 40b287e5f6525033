import { enumValues } from './enum-values.ts';

/** Withdrawal request status; the allowed moves per actor are in rules.md (Earnings and withdrawals). */
export const InvoiceStatus = {
  Pending: 'pending',
  Fulfilled: 'fulfilled',
  Rejected: 'rejected',
  CanceledByReceiver: 'canceled-by-receiver',
  CanceledByAdmin: 'canceled-by-admin',
  UpdatedByReceiver: 'updated-by-receiver',
  CancellationApprovedByAdmin: 'cancellation-approved-by-admin',
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];
export const INVOICE_STATUSES = enumValues(InvoiceStatus);

export const WithdrawMethodType = { Wallet: 'wallet', Bank: 'bank', Instapay: 'instapay' } as const;
export type WithdrawMethodType = (typeof WithdrawMethodType)[keyof typeof WithdrawMethodType];
export const WITHDRAW_METHOD_TYPES = enumValues(WithdrawMethodType);

/** Banks a tutor can withdraw to: Commercial International Bank and Bank of Alexandria. */
export const BankName = { Cib: 'cib', Alex: 'alex' } as const;
export type BankName = (typeof BankName)[keyof typeof BankName];
export const BANK_NAMES = enumValues(BankName);
