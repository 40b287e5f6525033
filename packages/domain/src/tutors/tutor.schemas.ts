import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { toLatinDigits } from '../users/user.schemas.ts';

/**
 * Words a tutor may not put in a bio or an about text (rules.md: "a small configurable word list").
 * Matching is per whole word, case-insensitive, after stripping Arabic diacritics and tatweel, so
 * ordinary words that merely contain one of these are not caught. Pass another list to
 * `bioSchema` / `tutorAboutSchema` to configure it.
 */
export const INAPPROPRIATE_WORDS: readonly string[] = Object.freeze([
  // English
  'fuck',
  'fucking',
  'shit',
  'bitch',
  'bastard',
  'asshole',
  'dick',
  'porn',
  'slut',
  'whore',
  // Arabic (Egyptian insults)
  'شرموط',
  'شرموطة',
  'عرص',
  'خول',
  'متناك',
  'منيك',
  'وسخة',
  'كسمك',
  'احا',
]);

const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;
/** Links, e-mail addresses and phone numbers: contact details are kept inside the platform. */
const CONTACT_DETAILS = [
  /https?:\/\/|www\.|\b[\w-]+\.(?:com|net|org|me|io|eg)\b/i,
  /[\w.-]+@[\w-]+\.[\w.]+/,
  /(?:\d[\s-]?){10,}/,
];

function normalizeForWords(value: string): string {
  return value.normalize('NFKC').replace(DIACRITICS, '').toLowerCase();
}

/**
 * Whether a tutor text is inappropriate: it contains a listed word (as a whole word), a link, an
 * e-mail address or a phone number. Arabic-Indic digits count as digits.
 */
export function isInappropriateText(value: string, words: readonly string[] = INAPPROPRIATE_WORDS): boolean {
  const normalized = normalizeForWords(value);
  if (CONTACT_DETAILS.some((pattern) => pattern.test(toLatinDigits(normalized)))) {
    return true;
  }
  const listed = new Set(words.map(normalizeForWords));
  return normalized.split(/[^\p{L}\p{M}]+/u).some((word) => word !== '' && listed.has(word));
}

/** Collapses runs of spaces and trims, so length limits count what readers see. */
const tidyText = (value: string) => value.replace(/[ \t]+/g, ' ').trim();

/**
 * The one-line headline on a tutor card: plain text (decision 0046: controls stripped, markup
 * `text-invalid-html`), 25–60 characters, no inappropriate words or contact details.
 */
/* @__NO_SIDE_EFFECTS__ */
export function bioSchema(words: readonly string[] = INAPPROPRIATE_WORDS) {
  return plainTextSchema({ kind: 'line', max: BOUNDS.bio.max, tooLong: 'bio-long' })
    .min(1, { error: 'bio-empty' })
    .min(BOUNDS.bio.min, { error: 'bio-short' })
    .max(BOUNDS.bio.max, { error: 'bio-long' })
    .refine((value) => !isInappropriateText(value, words), { error: 'bio-invalid' });
}

/**
 * The tutor's longer introduction: plain text in paragraphs (decision 0046), 50–1000 characters,
 * checked like the bio (`bio-invalid`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function tutorAboutSchema(words: readonly string[] = INAPPROPRIATE_WORDS) {
  return plainTextSchema({ kind: 'paragraphs', max: BOUNDS.tutorAbout.max, tooLong: 'tutor-about-long' })
    .overwrite(tidyText)
    .min(BOUNDS.tutorAbout.min, { error: 'tutor-about-short' })
    .max(BOUNDS.tutorAbout.max, { error: 'tutor-about-long' })
    .refine((value) => !isInappropriateText(value, words), { error: 'bio-invalid' });
}

export const BioSchema = bioSchema();
export const TutorAboutSchema = tutorAboutSchema();

/** How many days ahead a student may book this tutor: whole days 1–60. */
export const NoticeSchema = z
  .number({ error: 'notice-invalid' })
  .int({ error: 'notice-invalid' })
  .min(BOUNDS.noticeDays.min, { error: 'notice-invalid' })
  .max(BOUNDS.noticeDays.max, { error: 'notice-max-exceeded' });

const url = z.string();

/**
 * Tutor meta (spec §3 "Tutor"): loaded only for Tutor and TutorManager users. `id` is the user's id;
 * `video` and `thumbnail` are public URLs. `notice` is the booking horizon in days.
 */
export const TutorMetaSchema = z.object({
  id: z.number().int().positive(),
  bio: z.string().nullable(),
  about: z.string().nullable(),
  video: /* @__PURE__ */ url.nullable(),
  thumbnail: /* @__PURE__ */ url.nullable(),
  activated: z.boolean(),
  activatedBy: z.number().int().positive().nullable(),
  notice: z.number().int(),
  /** When a SuperAdmin signed the tutor's passed interview (irreversible); null before. */
  interviewSignedAt: z.iso.datetime({ offset: true }).nullable(),
});

export type TutorMeta = z.infer<typeof TutorMetaSchema>;
export type Bio = z.infer<typeof BioSchema>;
export type TutorAbout = z.infer<typeof TutorAboutSchema>;
export type Notice = z.infer<typeof NoticeSchema>;
