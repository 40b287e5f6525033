import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  AdminUpdateInvoiceRequestSchema,
  CreateInvoiceRequestSchema,
  CreateWithdrawMethodRequestSchema,
  FindInvoicesQuerySchema,
  InvoiceNoteSchema,
  ReceiverUpdateInvoiceRequestSchema,
  UpdateWithdrawMethodRequestSchema,
} from './invoice.schemas.ts';

function codeOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : validationErrorCode(result.error);
}

describe('withdraw method requests', () => {
  it('defaults to 100 and 50,000 EGP, enabled', () => {
    expect(CreateWithdrawMethodRequestSchema.parse({ type: 'wallet' })).toEqual({
      type: 'wallet',
      min: 100_00,
      max: 50_000_00,
      enabled: true,
    });
  });

  it.each([
    [{ type: 'wallet', min: 0 }, 'withdraw-amount-zero-or-negative'],
    [{ type: 'wallet', max: -1 }, 'withdraw-amount-zero-or-negative'],
    [{ type: 'wallet', min: 600_00, max: 500_00 }, 'withdraw-min-above-max'],
    [{ type: 'wallet', min: 1.5 }, 'invalid-type'],
    [{ type: 'cash' }, 'invalid-type'],
    [{}, 'required'],
  ])('refuses %j with %s', (body, code) => {
    expect(codeOf(CreateWithdrawMethodRequestSchema, body)).toBe(code);
  });

  it('updates limits or the flag, not nothing', () => {
    expect(codeOf(UpdateWithdrawMethodRequestSchema, { enabled: false })).toBe('ok');
    expect(codeOf(UpdateWithdrawMethodRequestSchema, {})).toBe('empty-request');
    expect(codeOf(UpdateWithdrawMethodRequestSchema, { min: 2, max: 1 })).toBe('withdraw-min-above-max');
  });
});

describe('invoice requests', () => {
  const wallet = { method: 'wallet', phone: '01012345678' };

  it('reads each method with its receiver details, normalised', () => {
    expect(
      CreateInvoiceRequestSchema.parse({
        amount: 300_00,
        details: { method: 'wallet', phone: '+20 10 1234 5678' },
      }),
    ).toEqual({ amount: 300_00, details: wallet });
    expect(
      CreateInvoiceRequestSchema.parse({
        amount: 300_00,
        details: { method: 'bank', bank: ' CIB ', accountNumber: '1000 2000-3000' },
      }).details,
    ).toEqual({ method: 'bank', bank: 'cib', accountNumber: '100020003000' });
    expect(
      CreateInvoiceRequestSchema.parse({
        amount: 300_00,
        details: { method: 'instapay', username: ' Mona.Adel@InstaPay ' },
      }).details,
    ).toEqual({ method: 'instapay', username: 'mona.adel@instapay' });
  });

  it.each([
    [{ amount: 0, details: wallet }, 'invoice-amount-zero-or-negative'],
    [{ amount: -100, details: wallet }, 'invoice-amount-zero-or-negative'],
    [{ amount: 10.5, details: wallet }, 'invalid-type'],
    [{ amount: '100', details: wallet }, 'invalid-type'],
    [{ details: wallet }, 'required'],
    [{ amount: 100_00, details: { method: 'wallet', phone: '0101234567' } }, 'invalid-phone'],
    [{ amount: 100_00, details: { method: 'wallet', phone: '01312345678' } }, 'invalid-phone'],
    [{ amount: 100_00, details: { method: 'wallet' } }, 'invalid-phone'],
    [{ amount: 100_00, details: { method: 'bank', accountNumber: '123456789' } }, 'bank-name-empty'],
    [
      { amount: 100_00, details: { method: 'bank', bank: ' ', accountNumber: '123456789' } },
      'bank-name-empty',
    ],
    [
      { amount: 100_00, details: { method: 'bank', bank: 'nbe', accountNumber: '123456789' } },
      'bank-name-invalid',
    ],
    [
      { amount: 100_00, details: { method: 'bank', bank: 'cib', accountNumber: '12ab' } },
      'bank-account-number-invalid',
    ],
    [
      { amount: 100_00, details: { method: 'instapay', username: 'mona@gmail.com' } },
      'instapay-username-invalid',
    ],
    [{ amount: 100_00, details: { method: 'instapay', username: '@instapay' } }, 'instapay-username-invalid'],
    [{ amount: 100_00, details: { method: 'cash' } }, 'invalid-type'],
    [{ amount: 100_00, details: {} }, 'required'],
  ])('refuses %j with %s', (body, code) => {
    expect(codeOf(CreateInvoiceRequestSchema, body)).toBe(code);
  });

  it('accepts an Egyptian IBAN', () => {
    expect(
      codeOf(CreateInvoiceRequestSchema, {
        amount: 100_00,
        details: { method: 'bank', bank: 'alex', accountNumber: 'eg38 0019 0005 0000 0000 2631 8000 2' },
      }),
    ).toBe('ok');
  });

  it('lets a tutor ask to update or to cancel, and calls any other status an illegal move', () => {
    expect(codeOf(ReceiverUpdateInvoiceRequestSchema, { status: 'canceled-by-receiver' })).toBe('ok');
    expect(
      codeOf(ReceiverUpdateInvoiceRequestSchema, { status: 'updated-by-receiver', details: wallet }),
    ).toBe('ok');
    expect(codeOf(ReceiverUpdateInvoiceRequestSchema, { status: 'updated-by-receiver' })).toBe('required');
    expect(codeOf(ReceiverUpdateInvoiceRequestSchema, { status: 'fulfilled' })).toBe(
      'illegal-invoice-update',
    );
    expect(codeOf(ReceiverUpdateInvoiceRequestSchema, { status: 'paid' })).toBe('invalid-type');
    expect(codeOf(ReceiverUpdateInvoiceRequestSchema, {})).toBe('required');
  });

  it('reads staff notes as plain text, blank meaning none', () => {
    expect(InvoiceNoteSchema.parse('  تم التحويل  ')).toBe('تم التحويل');
    expect(InvoiceNoteSchema.parse('   ')).toBeNull();
    expect(InvoiceNoteSchema.parse(null)).toBeNull();
    expect(InvoiceNoteSchema.parse('المبلغ < ١٠٠ جنيه')).toBe('المبلغ < ١٠٠ جنيه');
    expect(codeOf(InvoiceNoteSchema, '<script>alert(1)</script>')).toBe('invoice-note-invalid-html');
    expect(codeOf(InvoiceNoteSchema, 'a <b>bold</b> note')).toBe('invoice-note-invalid-html');
    expect(codeOf(InvoiceNoteSchema, 'ن'.repeat(1001))).toBe('invoice-note-too-long');
    expect(codeOf(AdminUpdateInvoiceRequestSchema, { status: 'done' })).toBe('invalid-type');
  });

  it('filters the list by statuses, method and dates', () => {
    expect(
      FindInvoicesQuerySchema.parse({ status: 'pending,updated-by-receiver', method: 'bank' }),
    ).toMatchObject({
      status: ['pending', 'updated-by-receiver'],
      method: 'bank',
      page: 1,
    });
    expect(codeOf(FindInvoicesQuerySchema, { status: 'pending,paid' })).toBe('bad-request');
    expect(
      codeOf(FindInvoicesQuerySchema, { from: '2027-03-02T00:00:00Z', to: '2027-03-01T00:00:00Z' }),
    ).toBe('bad-request');
  });
});
