import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BioSchema,
  bioSchema,
  isInappropriateText,
  NoticeSchema,
  TutorAboutSchema,
  TutorMetaSchema,
} from './tutor.schemas.ts';

function codeOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? 'no-issue');
}

describe('BioSchema', () => {
  it('accepts 25 and 60 characters and rejects 24 and 61', () => {
    expect(codeOf(BioSchema, 'a'.repeat(24))).toBe('bio-short');
    expect(codeOf(BioSchema, 'a'.repeat(25))).toBe('ok');
    expect(codeOf(BioSchema, 'a'.repeat(60))).toBe('ok');
    expect(codeOf(BioSchema, 'a'.repeat(61))).toBe('bio-long');
  });

  it('reports an empty or blank bio as bio-empty, and a missing one as required', () => {
    expect(codeOf(BioSchema, '')).toBe('bio-empty');
    expect(codeOf(BioSchema, '    ')).toBe('bio-empty');
    expect(codeOf(BioSchema, undefined)).toBe('required');
  });

  it('counts characters after trimming and collapsing spaces', () => {
    expect(BioSchema.parse('  مدرسة   لغة إنجليزية للمبتدئين والأطفال  ')).toBe(
      'مدرسة لغة إنجليزية للمبتدئين والأطفال',
    );
  });

  it('rejects listed words, in any case and with Arabic diacritics', () => {
    expect(codeOf(BioSchema, 'English teacher, no SHIT allowed here')).toBe('bio-invalid');
    expect(codeOf(BioSchema, 'مدرس إنجليزي شَرْموط في القاهرة الكبرى')).toBe('bio-invalid');
  });

  it('does not flag ordinary words that contain a listed one', () => {
    expect(codeOf(BioSchema, 'Certified teacher from Dickens College')).toBe('ok');
    expect(codeOf(BioSchema, 'Teaching since 2015 - 2023 in Cairo schools')).toBe('ok');
  });

  it('rejects links, e-mail addresses and phone numbers', () => {
    expect(codeOf(BioSchema, 'Find me on www.example.com for lessons')).toBe('bio-invalid');
    expect(codeOf(BioSchema, 'Write to mona.teacher@gmail.com today')).toBe('bio-invalid');
    expect(codeOf(BioSchema, 'Call me on 010 1234 5678 for lessons')).toBe('bio-invalid');
    expect(codeOf(BioSchema, 'اتصل بي على ٠١٠١٢٣٤٥٦٧٨ للحجز المباشر')).toBe('bio-invalid');
  });

  it('takes a configured word list', () => {
    const strict = bioSchema(['grammar']);
    expect(codeOf(strict, 'I teach Grammar to beginners every day')).toBe('bio-invalid');
    expect(isInappropriateText('I teach grammar', [])).toBe(false);
  });
});

describe('TutorAboutSchema', () => {
  it('accepts 50 and 1000 characters and rejects 49 and 1001', () => {
    expect(codeOf(TutorAboutSchema, 'a'.repeat(49))).toBe('tutor-about-short');
    expect(codeOf(TutorAboutSchema, 'a'.repeat(50))).toBe('ok');
    expect(codeOf(TutorAboutSchema, 'a'.repeat(1000))).toBe('ok');
    expect(codeOf(TutorAboutSchema, 'a'.repeat(1001))).toBe('tutor-about-long');
  });

  it('is checked for inappropriate words like the bio', () => {
    expect(codeOf(TutorAboutSchema, `${'I love teaching English. '.repeat(3)} fuck`)).toBe('bio-invalid');
  });
});

describe('NoticeSchema', () => {
  it('takes whole days from 1 to 60', () => {
    expect(codeOf(NoticeSchema, 1)).toBe('ok');
    expect(codeOf(NoticeSchema, 60)).toBe('ok');
    expect(codeOf(NoticeSchema, 61)).toBe('notice-max-exceeded');
    for (const value of [0, -3, 1.5, '14', null]) {
      expect(codeOf(NoticeSchema, value), String(value)).toBe('notice-invalid');
    }
  });
});

describe('TutorMetaSchema', () => {
  it('parses the wire shape', () => {
    const meta = {
      id: 3,
      bio: null,
      about: null,
      video: null,
      thumbnail: null,
      activated: false,
      activatedBy: null,
      notice: 14,
      interviewSignedAt: null,
    };
    expect(TutorMetaSchema.parse(meta)).toEqual(meta);
  });
});
