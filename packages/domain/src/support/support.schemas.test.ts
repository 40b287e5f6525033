import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import { CreateContactRequestRequestSchema } from './contact-request.schemas.ts';
import {
  CreateReportReplyRequestSchema,
  CreateReportRequestSchema,
  FindReportsQuerySchema,
  UpdateReportRequestSchema,
} from './report.schemas.ts';

const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as never);

describe('report schemas', () => {
  const valid = { title: 'الفيديو لا يعمل', description: 'الصورة تتجمد بعد دقيقتين من الدرس.' };

  it('trims the title and description and defaults the lesson to none', () => {
    expect(
      CreateReportRequestSchema.parse({ title: '  الصوت مقطوع  ', description: valid.description }),
    ).toEqual({
      title: 'الصوت مقطوع',
      description: valid.description,
      lessonId: null,
    });
    expect(CreateReportRequestSchema.parse({ ...valid, lessonId: 7 }).lessonId).toBe(7);
  });

  it.each([
    ['report-title-short', { title: 'abcd' }],
    ['report-title-long', { title: 'ع'.repeat(129) }],
    ['report-description-short', { description: '   قصير   ' }],
    ['report-description-long', { description: 'ع'.repeat(1001) }],
    ['required', { title: undefined }],
    ['invalid-type', { lessonId: 'x' }],
    ['bad-request', { lessonId: 2_147_483_648 }],
  ])('answers %s', (code, patch) => {
    expect(codeOf(CreateReportRequestSchema.safeParse({ ...valid, ...patch }))).toBe(code);
  });

  it('needs something to change and refuses unknown fields', () => {
    expect(codeOf(UpdateReportRequestSchema.safeParse({}))).toBe('empty-request');
    expect(codeOf(UpdateReportRequestSchema.safeParse({ userId: 3 }))).toBe('bad-request');
    expect(UpdateReportRequestSchema.parse({ resolved: true })).toEqual({ resolved: true });
  });

  it('words reply lengths with the generic text codes', () => {
    expect(codeOf(CreateReportReplyRequestSchema.safeParse({ reportId: 1, text: '   ' }))).toBe(
      'text-too-short',
    );
    expect(codeOf(CreateReportReplyRequestSchema.safeParse({ reportId: 1, text: 'ر'.repeat(1001) }))).toBe(
      'text-too-long',
    );
  });

  it('reads list filters from the query string', () => {
    expect(FindReportsQuerySchema.parse({ resolved: 'false', userId: '4', search: ' صوت ' })).toMatchObject({
      page: 1,
      size: 10,
      resolved: false,
      userId: 4,
      search: 'صوت',
    });
    expect(
      FindReportsQuerySchema.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).success,
    ).toBe(false);
  });
});

describe('contact request schema', () => {
  const valid = {
    name: 'سارة أحمد',
    phone: '010 1234 5678',
    title: 'سؤال عن الأسعار',
    message: 'هل توجد خطة للعائلات بأكثر من طالب؟',
  };

  it('takes a phone or an e-mail, blank meaning absent', () => {
    expect(CreateContactRequestRequestSchema.parse(valid)).toMatchObject({
      phone: '01012345678',
      email: null,
    });
    expect(
      CreateContactRequestRequestSchema.parse({ ...valid, phone: '', email: 'Sara@Example.com' }),
    ).toMatchObject({
      phone: null,
      email: 'sara@example.com',
    });
  });

  it.each([
    ['required', { phone: '  ', email: undefined }],
    ['invalid-phone', { phone: '0991234567' }],
    ['invalid-email', { email: 'not-an-address' }],
    ['contact-request-name-short', { name: 'س' }],
    ['contact-request-name-long', { name: 'س'.repeat(61) }],
    ['contact-request-title-short', { title: 'سؤال' }],
    ['contact-request-title-long', { title: 'س'.repeat(129) }],
    ['contact-request-message-short', { message: 'مرحبا' }],
    ['contact-request-message-long', { message: 'س'.repeat(1001) }],
  ])('answers %s', (code, patch) => {
    expect(codeOf(CreateContactRequestRequestSchema.safeParse({ ...valid, ...patch }))).toBe(code);
  });
});
