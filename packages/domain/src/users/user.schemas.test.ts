import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BirthYearSchema,
  birthYearSchema,
  EmailSchema,
  EmailVerificationCodeSchema,
  normalizePhone,
  PasswordConfirmationSchema,
  PasswordResetCodeSchema,
  PasswordSchema,
  PhoneSchema,
  toLatinDigits,
  UserNameSchema,
} from './user.schemas.ts';

/** The error code a value produces (the first issue's message), or 'ok'. */
function codeOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no-issue');
}

describe('EmailSchema', () => {
  it('trims and lower-cases', () => {
    expect(EmailSchema.parse('  Mona.Ali@Example.COM ')).toBe('mona.ali@example.com');
  });

  it('accepts word characters, dots and hyphens and dotted domains', () => {
    for (const email of [
      'a@b.co',
      'first.last-name_1@mail.example.com',
      'x@sub-domain.eg',
      'user@gmail.info',
    ]) {
      expect(codeOf(EmailSchema, email), email).toBe('ok');
    }
  });

  it('needs a last label of 2 to 4 letters', () => {
    expect(codeOf(EmailSchema, 'user@example.c')).toBe('invalid-email');
    expect(codeOf(EmailSchema, 'user@example.travel')).toBe('invalid-email');
    expect(codeOf(EmailSchema, 'user@example.c0m')).toBe('invalid-email');
  });

  it('rejects malformed addresses', () => {
    for (const email of [
      '',
      'user',
      'user@',
      '@example.com',
      'user@example',
      'us er@example.com',
      'a+b@example.com',
    ]) {
      expect(codeOf(EmailSchema, email), email).toBe('invalid-email');
    }
  });

  it('reports a missing value as required', () => {
    expect(codeOf(EmailSchema, undefined)).toBe('required');
    expect(codeOf(EmailSchema, 42)).toBe('invalid-type');
  });
});

describe('PasswordSchema', () => {
  const valid = (length: number) => `a1!${'b'.repeat(length - 3)}`;

  it('accepts 8 and 50 characters and rejects 7 and 51', () => {
    expect(codeOf(PasswordSchema, valid(7))).toBe('short-password');
    expect(codeOf(PasswordSchema, valid(8))).toBe('ok');
    expect(codeOf(PasswordSchema, valid(50))).toBe('ok');
    expect(codeOf(PasswordSchema, valid(51))).toBe('long-password');
  });

  it('needs a digit, a lowercase letter and a symbol', () => {
    expect(codeOf(PasswordSchema, 'abcdefg!')).toBe('invalid-password');
    expect(codeOf(PasswordSchema, 'ABCDEF1!')).toBe('invalid-password');
    expect(codeOf(PasswordSchema, 'abcdefg1')).toBe('invalid-password');
    expect(codeOf(PasswordSchema, 'Abcdef1!')).toBe('ok');
  });

  it('rejects whitespace anywhere', () => {
    expect(codeOf(PasswordSchema, 'abc def1!')).toBe('invalid-password');
    expect(codeOf(PasswordSchema, 'abcdef1!\t')).toBe('invalid-password');
  });

  it('does not trim', () => {
    expect(codeOf(PasswordSchema, ' abcde1! ')).toBe('invalid-password');
  });
});

describe('PasswordConfirmationSchema', () => {
  it('reports a mismatch on the confirmation field', () => {
    const result = PasswordConfirmationSchema.safeParse({
      password: 'abcdef1!',
      confirmPassword: 'abcdef1?',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'password-mismatch',
      path: ['confirmPassword'],
    });
    expect(codeOf(PasswordConfirmationSchema, { password: 'abcdef1!', confirmPassword: 'abcdef1!' })).toBe(
      'ok',
    );
  });
});

describe('UserNameSchema', () => {
  it('accepts 2 and 30 characters and rejects 1 and 31', () => {
    expect(codeOf(UserNameSchema, 'A')).toBe('user-name-short');
    expect(codeOf(UserNameSchema, 'Al')).toBe('ok');
    expect(codeOf(UserNameSchema, 'a'.repeat(30))).toBe('ok');
    expect(codeOf(UserNameSchema, 'a'.repeat(31))).toBe('user-name-long');
  });

  it('accepts Arabic, with or without diacritics, and Latin names', () => {
    for (const name of ['محمد علي', 'مُحَمَّد', 'Mona Ali', 'José Núñez', 'منى Ali']) {
      expect(codeOf(UserNameSchema, name), name).toBe('ok');
    }
  });

  it('rejects digits, Arabic digits, punctuation and other scripts', () => {
    for (const name of ['Mona1', 'منى ٢', 'Mona_Ali', 'Mona.', 'Ali-Hassan', 'Иван', '李雷']) {
      expect(codeOf(UserNameSchema, name), name).toBe('user-name-invalid');
    }
  });

  it('trims and collapses runs of spaces', () => {
    expect(UserNameSchema.parse('  محمد   علي ')).toBe('محمد علي');
    expect(codeOf(UserNameSchema, ' A ')).toBe('user-name-short');
  });
});

describe('PhoneSchema', () => {
  it('accepts 010, 011, 012 and 015 numbers', () => {
    for (const prefix of ['010', '011', '012', '015']) {
      expect(codeOf(PhoneSchema, `${prefix}12345678`), prefix).toBe('ok');
    }
  });

  it('rejects 013 and 014, wrong lengths and landlines', () => {
    for (const phone of ['01312345678', '01412345678', '0101234567', '010123456789', '0223456789', '']) {
      expect(codeOf(PhoneSchema, phone), phone).toBe('invalid-phone');
    }
  });

  it('strips spaces and dashes and turns +20 into 0', () => {
    expect(PhoneSchema.parse('010 1234-5678')).toBe('01012345678');
    expect(PhoneSchema.parse('+20 10 1234 5678')).toBe('01012345678');
    expect(PhoneSchema.parse('+201512345678')).toBe('01512345678');
    expect(codeOf(PhoneSchema, '00201012345678')).toBe('invalid-phone');
    expect(codeOf(PhoneSchema, '+2001012345678')).toBe('invalid-phone');
  });

  it('reads Arabic-Indic digits', () => {
    expect(PhoneSchema.parse('٠١٠١٢٣٤٥٦٧٨')).toBe('01012345678');
    expect(normalizePhone('۰۱۱ ۱۲۳۴ ۵۶۷۸')).toBe('01112345678');
  });
});

describe('birthYearSchema', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const schema = birthYearSchema(now);

  it('accepts ages 10 and 60 and rejects 9 and 61', () => {
    expect(codeOf(schema, 2017)).toBe('young-user');
    expect(codeOf(schema, 2016)).toBe('ok');
    expect(codeOf(schema, 1966)).toBe('ok');
    expect(codeOf(schema, 1965)).toBe('old-user');
  });

  it('needs a whole number', () => {
    expect(codeOf(schema, 1990.5)).toBe('invalid-type');
    expect(codeOf(schema, '1990')).toBe('invalid-type');
    expect(codeOf(schema, undefined)).toBe('required');
  });

  it('counts the year in Cairo, where New Year comes two hours before UTC', () => {
    const cairoNewYear = birthYearSchema(new Date('2026-12-31T22:30:00Z'));
    expect(codeOf(cairoNewYear, 2017)).toBe('ok');
  });

  it('reads the clock at each parse when no date is given', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(codeOf(BirthYearSchema, thisYear - 30)).toBe('ok');
    let current = new Date('2026-06-01T00:00:00Z');
    const moving = birthYearSchema(() => current);
    expect(codeOf(moving, 2016)).toBe('ok');
    current = new Date('2025-06-01T00:00:00Z');
    expect(codeOf(moving, 2016)).toBe('young-user');
  });
});

describe('verification codes', () => {
  it('takes exactly 4 digits for email verification', () => {
    expect(codeOf(EmailVerificationCodeSchema, '123')).toBe('invalid-verification-code');
    expect(codeOf(EmailVerificationCodeSchema, '1234')).toBe('ok');
    expect(codeOf(EmailVerificationCodeSchema, '12345')).toBe('invalid-verification-code');
    expect(codeOf(EmailVerificationCodeSchema, '12a4')).toBe('invalid-verification-code');
    expect(codeOf(EmailVerificationCodeSchema, 1234)).toBe('invalid-type');
  });

  it('takes exactly 5 digits for a password reset', () => {
    expect(codeOf(PasswordResetCodeSchema, '1234')).toBe('invalid-verification-code');
    expect(codeOf(PasswordResetCodeSchema, '12345')).toBe('ok');
    expect(codeOf(PasswordResetCodeSchema, '123456')).toBe('invalid-verification-code');
    expect(codeOf(PasswordResetCodeSchema, 'abcde')).toBe('invalid-verification-code');
  });

  it('reads Arabic-Indic digits and ignores surrounding spaces', () => {
    expect(EmailVerificationCodeSchema.parse(' ١٢٣٤ ')).toBe('1234');
    expect(toLatinDigits('٠٩۰۹')).toBe('0909');
  });
});
