import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, isAppError } from './app-error.ts';
import {
  ACK_CODES,
  ERROR_CODES,
  ERROR_STATUS,
  errorStatus,
  isAckCode,
  isErrorCode,
  MEDIA_ERROR_CODES,
} from './error-codes.ts';
import { typeErrorCode, validationErrorCode } from './validation-error-code.ts';

const NOT_FOUND_SUBJECTS = [
  'session',
  'transaction',
  'user',
  'tutor',
  'student',
  'lesson',
  'slot',
  'rating',
  'coupon',
  'asset',
  'invite',
  'invoice',
  'plan',
  'room',
  'room-members',
  'report',
  'interview',
  'topic',
  'report-reply',
  'withdraw-method',
  'subscription',
];

describe('error catalogue', () => {
  it('lists every code once, in kebab-case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    }
  });

  it('gives every code a status and has no status for unknown codes', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('has not-found and a {x}-not-found for every spec subject, all 404', () => {
    expect(errorStatus('not-found')).toBe(404);
    for (const subject of NOT_FOUND_SUBJECTS) {
      expect(ERROR_CODES).toContain(`${subject}-not-found`);
    }
    for (const code of ERROR_CODES.filter((c) => c.endsWith('-not-found'))) {
      expect(errorStatus(code), code).toBe(404);
    }
  });

  it('maps conflicts to 409 and keeps 401 for unauthenticated only', () => {
    // coupon-already-expired is validation of a coupon's expiry date, so it stays 400.
    const conflicts = ERROR_CODES.filter(
      (c) =>
        c !== 'coupon-already-expired' &&
        /(-exists$|-already-|^busy-|^conflicting-|^reached-booking-limit$|^illegal-invoice-update$)/.test(c),
    );
    expect(conflicts).toHaveLength(28);
    for (const code of conflicts) {
      expect(errorStatus(code), code).toBe(409);
    }
    expect(ERROR_CODES.filter((c) => errorStatus(c) === 401)).toEqual(['unauthenticated']);
    expect(ERROR_CODES.some((c) => errorStatus(c) === 422)).toBe(false);
  });

  it('has the availability, lesson, topic and rating codes with their statuses', () => {
    const expected = {
      'slot-off-grid': 400,
      'slot-too-short': 400,
      'slot-too-long': 400,
      'slot-in-past': 400,
      'slot-has-lessons': 409,
      'lesson-off-grid': 400,
      'lesson-duration-invalid': 400,
      'lesson-too-soon': 400,
      'lesson-too-far': 400,
      'lesson-crosses-quota-week': 409,
      'lesson-already-canceled': 409,
      'lesson-already-started': 409,
      'lesson-already-ended': 409,
      'topic-exists': 409,
      'topics-max-exceeded': 400,
      'rating-needs-lesson': 403,
    } as const;
    for (const [code, status] of Object.entries(expected)) {
      expect(isErrorCode(code), code).toBe(true);
      expect(errorStatus(code as keyof typeof expected), code).toBe(status);
    }
  });

  it('answers code problems and a wrong password with 400', () => {
    for (const code of [
      'wrong-password',
      'expired-verification-code',
      'invalid-verification-code',
      'invalid-phone',
      'short-password',
      'required',
    ] as const) {
      expect(errorStatus(code), code).toBe(400);
    }
  });

  it('gives infrastructure codes their own statuses', () => {
    expect(errorStatus('forbidden')).toBe(403);
    expect(errorStatus('email-not-verified')).toBe(403);
    expect(errorStatus('image-too-small')).toBe(400);
    expect(errorStatus('payload-too-large')).toBe(413);
    expect(errorStatus('unsupported-media-type')).toBe(415);
    expect(errorStatus('too-many-requests')).toBe(429);
    expect(errorStatus('unexpected')).toBe(500);
    expect(errorStatus('fawry-error')).toBe(502);
    expect(errorStatus('service-unavailable')).toBe(503);
  });

  it('recognises catalogue codes and nothing else', () => {
    expect(isErrorCode('busy-tutor')).toBe(true);
    expect(isErrorCode('Busy-Tutor')).toBe(false);
    expect(isErrorCode('ok')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('acknowledgement and media codes', () => {
  it('includes the spec ack codes plus bad-request, unauthenticated and too-many-requests', () => {
    expect(ACK_CODES).toEqual(
      expect.arrayContaining([
        'ok',
        'empty-text',
        'room-not-found',
        'message-not-found',
        'lesson-not-found',
        'interview-not-found',
        'not-member',
        'not-owner',
        'unreachable',
        'unallowed',
        'invalid-session-id',
        'bad-request',
        'unauthenticated',
        'too-many-requests',
      ]),
    );
    expect(new Set(ACK_CODES).size).toBe(ACK_CODES.length);
    expect(isAckCode('ok')).toBe(true);
    expect(isAckCode('busy-tutor')).toBe(false);
  });

  it('has the five media errors', () => {
    expect(MEDIA_ERROR_CODES).toHaveLength(5);
  });
});

describe('AppError', () => {
  it('carries the code and its status', () => {
    const error = new AppError('busy-tutor');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('busy-tutor');
    expect(error.status).toBe(409);
    expect(error.message).toBe('busy-tutor');
    expect(error.details).toBeUndefined();
  });

  it('keeps a message, cause and details', () => {
    const cause = new Error('db down');
    const error = new AppError('unexpected', { message: 'boom', cause, details: { attempt: 2 } });
    expect(error.message).toBe('boom');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ attempt: 2 });
    expect(error.status).toBe(500);
  });

  it('is recognised by isAppError, also when it crossed a bundle boundary', () => {
    expect(isAppError(new AppError('forbidden'))).toBe(true);
    const lookalike = Object.assign(new Error('x'), { name: 'AppError', code: 'forbidden', status: 403 });
    expect(isAppError(lookalike)).toBe(true);
    expect(isAppError(Object.assign(new Error('x'), { name: 'AppError', code: 'nope', status: 400 }))).toBe(
      false,
    );
    expect(isAppError(new Error('forbidden'))).toBe(false);
    expect(isAppError({ code: 'forbidden', status: 403 })).toBe(false);
  });
});

describe('validationErrorCode', () => {
  it('takes the code from the first issue', () => {
    const result = z.string().min(8, { error: 'short-password' }).safeParse('abc');
    expect(result.success).toBe(false);
    expect(validationErrorCode(result.error!)).toBe('short-password');
  });

  it('falls back to bad-request for messages that are not codes', () => {
    const result = z.string().safeParse(1);
    expect(validationErrorCode(result.error!)).toBe('bad-request');
  });

  it('tells a missing value from a wrong type', () => {
    const schema = z.object({ name: z.string({ error: typeErrorCode }) });
    expect(validationErrorCode(schema.safeParse({}).error!)).toBe('required');
    expect(validationErrorCode(schema.safeParse({ name: 5 }).error!)).toBe('invalid-type');
  });
});
