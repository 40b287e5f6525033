import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { stripInvisible } from '../common/free-text.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';
import { calendarYear } from '../time.ts';
import { EMAIL_PATTERN } from './user.patterns.ts';

/** Egyptian mobile numbers: Vodafone 010, Etisalat 011, Orange 012, WE 015, then 8 digits. */
export const PHONE_PATTERN = /^01[0125]\d{8}$/;

/** One or more words of Arabic or Latin letters (with their combining marks), separated by single spaces. */
const NAME_WORD = String.raw`(?:(?=\p{L})[\p{Script=Arabic}\p{Script=Latin}]\p{M}*)+`;
export const USER_NAME_PATTERN = new RegExp(`^${NAME_WORD}(?: ${NAME_WORD})*$`, 'u');

/**
 * Arabic keyboards type Arabic-Indic digits (٠١٢…) or Persian ones (۰۱۲…); codes and phones accept
 * them and compare as ASCII.
 */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * Written the way people share numbers ("010 1234-5678", "+20 10…") and stored as the local 11-digit
 * form, so uniqueness and lookups compare one spelling.
 */
export function normalizePhone(value: string): string {
  return toLatinDigits(value)
    .replace(/[\s-]/g, '')
    .replace(/^\+20(?=1)/, '0');
}

/* @__NO_SIDE_EFFECTS__ */
function text() {
  return z.string({ error: typeErrorCode });
}

export const EmailSchema = /* @__PURE__ */ text()
  .trim()
  .toLowerCase()
  .max(254, { error: 'invalid-email' })
  .regex(EMAIL_PATTERN, { error: 'invalid-email' });

export const PasswordSchema = /* @__PURE__ */ text()
  .min(BOUNDS.password.min, { error: 'short-password' })
  .max(BOUNDS.password.max, { error: 'long-password' })
  .regex(/\d/, { error: 'invalid-password' })
  .regex(/[a-z]/, { error: 'invalid-password' })
  .regex(/\W/, { error: 'invalid-password' })
  .regex(/^\S*$/, { error: 'invalid-password' });

/** Register, reset and change-password forms: the confirmation must repeat the password. */
export const PasswordConfirmationSchema = z
  .object({ password: PasswordSchema, confirmPassword: text() })
  .refine((value) => value.password === value.confirmPassword, {
    error: 'password-mismatch',
    path: ['confirmPassword'],
  });

/**
 * Invisible controls (bidirectional marks and overrides, decision 0046) are stripped and runs of
 * spaces collapse to one before checking, so a pasted mark or a stray double space is not an error.
 */
export const UserNameSchema = /* @__PURE__ */ text()
  .max(BOUNDS.userName.max * 4, { error: 'user-name-long', abort: true })
  .overwrite((value) => stripInvisible(value.normalize('NFC')))
  .trim()
  .overwrite((value) => value.replace(/\s+/g, ' '))
  .min(BOUNDS.userName.min, { error: 'user-name-short' })
  .max(BOUNDS.userName.max, { error: 'user-name-long' })
  .regex(USER_NAME_PATTERN, { error: 'user-name-invalid' });

export const PhoneSchema = /* @__PURE__ */ text()
  .overwrite(normalizePhone)
  .regex(PHONE_PATTERN, { error: 'invalid-phone' });

/**
 * Birth year with the allowed age range. Age is the difference of calendar years (Cairo) — the product
 * never asks for a birthday. Pass a fixed `now` in tests; without it the year is read at each parse, so a
 * long-running server does not keep last year's bounds.
 */
/* @__NO_SIDE_EFFECTS__ */
export function birthYearSchema(now: Date | (() => Date) = () => new Date()) {
  const ageOf = (birthYear: number) => calendarYear(typeof now === 'function' ? now() : now) - birthYear;
  return z
    .number({ error: typeErrorCode })
    .int({ error: 'invalid-type' })
    .refine((year) => ageOf(year) >= BOUNDS.age.min, { error: 'young-user' })
    .refine((year) => ageOf(year) <= BOUNDS.age.max, { error: 'old-user' });
}

export const BirthYearSchema = birthYearSchema();

/* @__NO_SIDE_EFFECTS__ */
function digitsCode(length: number) {
  return text()
    .overwrite((value) => toLatinDigits(value).trim())
    .regex(new RegExp(`^\\d{${length}}$`), { error: 'invalid-verification-code' });
}

export const EmailVerificationCodeSchema = digitsCode(BOUNDS.verificationCode.emailDigits);
export const PasswordResetCodeSchema = digitsCode(BOUNDS.verificationCode.resetDigits);

export type PasswordConfirmation = z.infer<typeof PasswordConfirmationSchema>;
