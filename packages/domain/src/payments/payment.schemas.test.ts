import { describe, expect, it } from 'vitest';
import { PaymentStatus, PlanPeriod } from '../enums/payment.enums.ts';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  FindTransactionsQuerySchema,
  InstallmentPlansQuerySchema,
  PayByBankInstallmentsRequestSchema,
  PayByCardRequestSchema,
  PayByReferenceRequestSchema,
  RefundRequestSchema,
} from './payment.schemas.ts';

const card = {
  planId: 1,
  period: PlanPeriod.Quarter,
  cardToken: 'a'.repeat(64),
  cvv: '123',
  returnUrl: 'http://localhost:4000/payments/return',
};

const codeOf = (input: unknown) => validationErrorCode(PayByCardRequestSchema.safeParse(input).error!);

describe('pay requests', () => {
  it('accepts a card payment, paying at once by default, with an upper-cased coupon', () => {
    expect(PayByCardRequestSchema.parse({ ...card, couponCode: 'ramadan-25' })).toMatchObject({
      installments: 1,
      couponCode: 'RAMADAN-25',
    });
    expect(PayByCardRequestSchema.parse({ ...card, installments: 4 }).installments).toBe(4);
  });

  it.each([
    ['invalid-cvv', { cvv: '12' }],
    ['invalid-cvv', { cvv: '12a' }],
    ['required', { cvv: undefined }],
    ['bad-request', { returnUrl: 'javascript:alert(1)' }],
    ['bad-request', { returnUrl: 'not a url' }],
    ['bad-request', { installments: 3 }],
    ['bad-request', { cardToken: 'bad token!' }],
    ['invalid-type', { period: 7 }],
    ['coupon-code-invalid', { couponCode: 'x' }],
  ])('answers %s for %o', (code, overrides) => {
    expect(codeOf({ ...card, ...overrides })).toBe(code);
  });

  it('normalises the phone for a reference number', () => {
    expect(PayByReferenceRequestSchema.parse({ planId: 1, period: 0, phone: '+20 101 234 5678' }).phone).toBe(
      '01012345678',
    );
    expect(
      validationErrorCode(
        PayByReferenceRequestSchema.safeParse({ planId: 1, period: 0, phone: '123' }).error!,
      ),
    ).toBe('invalid-phone');
  });

  it('names a bank programme by its Fawry id or by months, and needs one of them', () => {
    expect(
      PayByBankInstallmentsRequestSchema.parse({ ...card, installmentPlanId: 38 }).installmentPlanId,
    ).toBe(38);
    expect(PayByBankInstallmentsRequestSchema.parse({ ...card, months: 6 }).months).toBe(6);
    const codeOfBank = (input: unknown) =>
      validationErrorCode(PayByBankInstallmentsRequestSchema.safeParse(input).error!);
    expect(codeOfBank(card)).toBe('required');
    expect(codeOfBank({ ...card, installmentPlanId: 0 })).toBe('bad-request');
    expect(codeOfBank({ ...card, months: 'six' })).toBe('invalid-type');
  });

  it('asks for installment programmes with a positive whole number of piasters', () => {
    expect(InstallmentPlansQuerySchema.parse({ amount: '270000' })).toEqual({ amount: 270_000 });
    for (const amount of [undefined, '', 'abc', '0', '-1', '1.5']) {
      expect(InstallmentPlansQuerySchema.safeParse({ amount }).success, String(amount)).toBe(false);
    }
  });

  it('refunds a positive whole number of piasters', () => {
    expect(RefundRequestSchema.safeParse({ transactionId: 1, amount: 0 }).success).toBe(false);
    expect(RefundRequestSchema.parse({ transactionId: 1 })).toEqual({ transactionId: 1 });
  });

  it('filters transactions by status from the query string', () => {
    expect(FindTransactionsQuerySchema.parse({ status: '1' }).status).toBe(PaymentStatus.Paid);
    expect(FindTransactionsQuerySchema.safeParse({ status: '9' }).success).toBe(false);
  });
});
