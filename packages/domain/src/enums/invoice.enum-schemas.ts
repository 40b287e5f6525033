import { z } from 'zod';
import { BankName, InvoiceStatus, WithdrawMethodType } from './invoice.enums.ts';

/**
 * The zod schemas of invoice.enums.ts, in a module of their own: the apps' first screens import the
 * enums, and zod must not come with them (first-load budget, issue 16).
 */
export const InvoiceStatusSchema = z.enum(InvoiceStatus);
export const WithdrawMethodTypeSchema = z.enum(WithdrawMethodType);
export const BankNameSchema = z.enum(BankName);
