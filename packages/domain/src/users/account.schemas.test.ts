import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Role } from '../enums/user.enums.ts';
import {
  AuthResponseSchema,
  FindUsersQuerySchema,
  GoogleLoginRequestSchema,
  PasswordLoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SendPhoneCodeRequestSchema,
  SendVerifyEmailRequestSchema,
  UpdateUserRequestSchema,
  UserSchema,
  VerifyEmailRequestSchema,
  VerifyPhoneCodeRequestSchema,
} from './account.schemas.ts';

function codeOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no-issue');
}

const PASSWORD = 'secret-123';

describe('RegisterRequestSchema', () => {
  it('defaults to a student and normalises the e-mail', () => {
    expect(RegisterRequestSchema.parse({ email: ' Mona@Example.com ', password: PASSWORD })).toEqual({
      email: 'mona@example.com',
      password: PASSWORD,
      role: Role.Student,
    });
  });

  it('reports each field with its code', () => {
    expect(codeOf(RegisterRequestSchema, { email: 'nope', password: PASSWORD })).toBe('invalid-email');
    expect(codeOf(RegisterRequestSchema, { email: 'a@b.co', password: 'a1!' })).toBe('short-password');
    expect(codeOf(RegisterRequestSchema, { email: 'a@b.co', password: PASSWORD, name: 'M1' })).toBe(
      'user-name-invalid',
    );
    expect(codeOf(RegisterRequestSchema, { email: 'a@b.co', password: PASSWORD, role: 9 })).toBe(
      'invalid-type',
    );
    expect(codeOf(RegisterRequestSchema, { password: PASSWORD })).toBe('required');
  });

  it('takes the lead source a visitor came through, one of the six links only', () => {
    expect(
      RegisterRequestSchema.parse({ email: 'a@b.co', password: PASSWORD, leadSource: 'sfb' }),
    ).toMatchObject({ leadSource: 'sfb' });
    expect(codeOf(RegisterRequestSchema, { email: 'a@b.co', password: PASSWORD, leadSource: 'fb' })).toBe(
      'invalid-type',
    );
  });
});

describe('PasswordLoginRequestSchema', () => {
  it('never reveals the password rules', () => {
    expect(codeOf(PasswordLoginRequestSchema, { email: 'a@b.co', password: 'x' })).toBe('ok');
    expect(codeOf(PasswordLoginRequestSchema, { email: 'a@b.co', password: '' })).toBe('required');
  });
});

describe('GoogleLoginRequestSchema', () => {
  it('accepts only self-service roles', () => {
    expect(codeOf(GoogleLoginRequestSchema, { credential: 'x', role: Role.Tutor })).toBe('ok');
    expect(codeOf(GoogleLoginRequestSchema, { credential: 'x', role: Role.SuperAdmin })).toBe('bad-request');
    expect(codeOf(GoogleLoginRequestSchema, { credential: '' })).toBe('required');
  });
});

describe('ResetPasswordRequestSchema', () => {
  it('takes a 5-digit code and a valid password', () => {
    expect(codeOf(ResetPasswordRequestSchema, { email: 'a@b.co', code: '12345', password: PASSWORD })).toBe(
      'ok',
    );
    expect(codeOf(ResetPasswordRequestSchema, { email: 'a@b.co', code: '1234', password: PASSWORD })).toBe(
      'invalid-verification-code',
    );
    expect(codeOf(ResetPasswordRequestSchema, { email: 'a@b.co', code: '12345', password: 'abc' })).toBe(
      'short-password',
    );
  });
});

describe('SendVerifyEmailRequestSchema', () => {
  it('needs an http(s) URL', () => {
    expect(codeOf(SendVerifyEmailRequestSchema, { callbackUrl: 'https://hiwar.eg/verify-email' })).toBe('ok');
    expect(codeOf(SendVerifyEmailRequestSchema, { callbackUrl: 'javascript:alert(1)' })).toBe('bad-request');
    expect(codeOf(SendVerifyEmailRequestSchema, { callbackUrl: 'not a url' })).toBe('bad-request');
  });
});

describe('VerifyEmailRequestSchema', () => {
  it('takes exactly one of a token or a 4-digit code', () => {
    expect(codeOf(VerifyEmailRequestSchema, { token: 'abc' })).toBe('ok');
    expect(codeOf(VerifyEmailRequestSchema, { code: '١٢٣٤' })).toBe('ok');
    expect(codeOf(VerifyEmailRequestSchema, { code: '123' })).toBe('invalid-verification-code');
    expect(codeOf(VerifyEmailRequestSchema, {})).toBe('bad-request');
    expect(codeOf(VerifyEmailRequestSchema, { token: 'abc', code: '1234' })).toBe('bad-request');
  });
});

describe('UpdateUserRequestSchema', () => {
  it('needs at least one field', () => {
    expect(codeOf(UpdateUserRequestSchema, {})).toBe('empty-request');
  });

  it('validates each field with its code', () => {
    expect(codeOf(UpdateUserRequestSchema, { name: 'منى علي' })).toBe('ok');
    expect(codeOf(UpdateUserRequestSchema, { phone: '0131234567' })).toBe('invalid-phone');
    expect(codeOf(UpdateUserRequestSchema, { birthYear: 1900 })).toBe('old-user');
    expect(codeOf(UpdateUserRequestSchema, { bio: 'short' })).toBe('bio-short');
    expect(codeOf(UpdateUserRequestSchema, { notice: 90 })).toBe('notice-max-exceeded');
    expect(codeOf(UpdateUserRequestSchema, { password: { new: 'abcdefgh' } })).toBe('invalid-password');
    expect(codeOf(UpdateUserRequestSchema, { image: 'x.png' })).toBe('bad-request');
    expect(codeOf(UpdateUserRequestSchema, { image: null })).toBe('ok');
  });
});

describe('FindUsersQuerySchema', () => {
  it('coerces query strings', () => {
    expect(FindUsersQuerySchema.parse({ role: '3', verified: 'false', city: '2', search: ' منى ' })).toEqual({
      page: 1,
      size: 10,
      role: 3,
      verified: false,
      city: 2,
      search: 'منى',
    });
    expect(codeOf(FindUsersQuerySchema, { role: '7' })).toBe('invalid-type');
    expect(codeOf(FindUsersQuerySchema, { verified: 'yes' })).toBe('bad-request');
  });
});

describe('phone verification requests', () => {
  it('take a messaging app, an optional phone and a 5-digit code', () => {
    expect(SendPhoneCodeRequestSchema.parse({ method: 1, phone: '+20 10 1234 5678' })).toEqual({
      method: 1,
      phone: '01012345678',
    });
    expect(codeOf(SendPhoneCodeRequestSchema, { method: 3 })).toBe('invalid-type');
    expect(codeOf(SendPhoneCodeRequestSchema, {})).toBe('required');
    expect(codeOf(VerifyPhoneCodeRequestSchema, { code: '12345' })).toBe('ok');
    expect(codeOf(VerifyPhoneCodeRequestSchema, { code: '1234' })).toBe('invalid-verification-code');
  });
});

describe('responses', () => {
  it('parse a user with and without tutor meta', () => {
    const user = {
      id: 1,
      email: 'a@b.co',
      name: null,
      role: Role.Student,
      birthYear: null,
      gender: null,
      city: null,
      phone: null,
      image: null,
      verifiedEmail: false,
      verifiedPhone: false,
      hasPassword: true,
      creditScore: 0,
      notificationMethod: null,
      timezone: 'Africa/Cairo',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(UserSchema.parse(user)).toEqual(user);
    expect(AuthResponseSchema.safeParse({ user, tutor: null, token: 't' }).success).toBe(true);
    expect(UserSchema.safeParse({ ...user, createdAt: 'yesterday' }).success).toBe(false);
  });
});
