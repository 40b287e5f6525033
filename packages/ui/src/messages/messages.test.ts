import { ACK_CODES, ERROR_CODES, MEDIA_ERROR_CODES } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import {
  ackMessages,
  errorMessage,
  errorMessages,
  genericErrorMessage,
  mediaErrorMessages,
} from './error-messages.ts';
import { messages } from './messages.ts';
import { plural } from './plural.ts';

const ARABIC_LETTER = /[\u0600-\u06FF]/u;

function expectArabic(table: Readonly<Record<string, string>>, codes: readonly string[]) {
  const missing = codes.filter((code) => {
    const text = Object.hasOwn(table, code) ? table[code] : undefined;
    return !text || text.trim() === '' || !ARABIC_LETTER.test(text);
  });
  expect(missing, `codes without an Arabic message: ${missing.join(', ')}`).toEqual([]);
}

describe('message catalogue', () => {
  it('has a non-empty Arabic message for every API error code', () => {
    expectArabic(errorMessages, ERROR_CODES);
  });

  it('has a non-empty Arabic message for every socket acknowledgement code', () => {
    expectArabic(ackMessages, ACK_CODES);
  });

  it('has a non-empty Arabic message for every media error code', () => {
    expectArabic(mediaErrorMessages, MEDIA_ERROR_CODES);
  });

  it('words the codes the spec describes as it describes them', () => {
    expect(errorMessages.unauthenticated).toContain('سجّل الدخول');
    expect(errorMessages.forbidden).toContain('حسابًا آخر');
    expect(errorMessages.forbidden).toContain('المسؤولين');
    expect(errorMessages['user-exists']).toContain('بريدًا إلكترونيًا آخر');
    expect(errorMessages['rating-exists']).toContain('تعديل');
    expect(errorMessages['reached-booking-limit']).toContain('ألغِه');
    expect(errorMessages['conflicting-interview']).toContain('٦ أشهر');
    expect(errorMessages['empty-weekly-minutes']).toContain('اشترِ');
  });

  it('maps any code to a message, with the generic one for unknown codes', () => {
    expect(errorMessage('busy-tutor')).toBe(errorMessages['busy-tutor']);
    expect(errorMessage('unreachable')).toBe(ackMessages.unreachable);
    expect(errorMessage('media-device-in-use')).toBe(mediaErrorMessages['media-device-in-use']);
    expect(errorMessage('Required')).toBe(errorMessages.required);
    expect(errorMessage('no-such-code')).toBe(genericErrorMessage);
    expect(errorMessage('constructor')).toBe(genericErrorMessage);
  });

  it('keeps the 404 page wording', () => {
    expect(messages.notFound.title).toBe('الصفحة غير موجودة');
  });

  it('inflects counted nouns the Arabic way', () => {
    const forms = { one: 'حرف واحد', two: 'حرفين', few: '# أحرف', many: '# حرفًا', other: '# حرف' };
    expect(plural(2, forms)).toBe('حرفين');
    expect(plural(8, forms)).toBe('٨ أحرف');
    expect(plural(50, forms)).toBe('٥٠ حرفًا');
    expect(plural(1000, forms)).toBe('١٠٠٠ حرف');
  });
});
