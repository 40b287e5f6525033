import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { plainTextSchema } from '../common/free-text.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { typeErrorCode } from '../errors/validation-error-code.ts';

/**
 * The ratings API contract (spec §3 "Rating", §7 "Rating"; rules.md "Ratings"): a whole value 1–5 and
 * an optional text of 3–1000 characters. Issue messages are error codes (decision 0003).
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const id = z.number({ error: typeErrorCode }).int({ error: 'invalid-type' }).positive(BAD_REQUEST);

/** The five labels of the scale (spec §9), keyed by value; the UI words them in Arabic. */
export const RATING_LABELS = Object.freeze({
  1: 'bad',
  2: 'acceptable',
  3: 'good',
  4: 'very-good',
  5: 'excellent',
} as const);
export type RatingValue = keyof typeof RATING_LABELS;
export type RatingLabel = (typeof RATING_LABELS)[RatingValue];

/** A whole number of stars, 1–5 (`rating-value-too-low`, `rating-value-too-high`). */
export const RatingValueSchema = z
  .number({ error: typeErrorCode })
  .int({ error: 'invalid-type' })
  .min(BOUNDS.rating.min, { error: 'rating-value-too-low' })
  .max(BOUNDS.rating.max, { error: 'rating-value-too-high' });

/**
 * The optional comment: plain text (decision 0046: controls stripped, markup `text-invalid-html`),
 * 3–1000 characters (`rating-text-too-short`, `rating-text-too-long`). An empty or blank text means no
 * comment and reads as null.
 */
export const RatingTextSchema = /* @__PURE__ */ plainTextSchema({
  kind: 'paragraphs',
  max: BOUNDS.ratingText.max,
  tooLong: 'rating-text-too-long',
})
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .min(BOUNDS.ratingText.min, { error: 'rating-text-too-short' })
      .max(BOUNDS.ratingText.max, { error: 'rating-text-too-long' })
      .nullable(),
  )
  .nullable();

/**
 * `POST /api/v1/rating/`: the caller (a student) rates tutor `rateeId`. Allowed after at least one
 * fulfilled lesson with that tutor (`rating-needs-lesson`), once per pair (`rating-exists`).
 */
export const CreateRatingRequestSchema = z.object({
  rateeId: id,
  value: RatingValueSchema,
  text: /* @__PURE__ */ RatingTextSchema.optional().transform((value) => value ?? null),
});

/** `PUT /api/v1/rating/{id}` (its author): a new value, text, or both (`empty-request` for neither). */
export const UpdateRatingRequestSchema = z
  .object({
    value: /* @__PURE__ */ RatingValueSchema.optional(),
    text: /* @__PURE__ */ RatingTextSchema.optional(),
  })
  .refine((body) => body.value !== undefined || body.text !== undefined, { error: 'empty-request' });

/** `GET /api/v1/rating/list/tutor/{id}` and the rater / ratee lists: paged, newest first. */
export const FindRatingsQuerySchema = PageQuerySchema;

const isoDateTime = z.iso.datetime({ offset: true });

/** A rating as the API returns it, with its author for the reviews tab. */
export const RatingSchema = z.object({
  id: z.number().int().positive(),
  raterId: z.number().int().positive(),
  rateeId: z.number().int().positive(),
  rater: z.object({
    id: z.number().int().positive(),
    name: z.string().nullable(),
    image: z.string().nullable(),
  }),
  value: z.number().int().min(BOUNDS.rating.min).max(BOUNDS.rating.max),
  text: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const RatingListResponseSchema = pagedSchema(RatingSchema);

/** The label of a value, or of an average rounded to the nearest star. */
export function ratingLabel(value: number): RatingLabel {
  const star = Math.min(BOUNDS.rating.max, Math.max(BOUNDS.rating.min, Math.round(value))) as RatingValue;
  return RATING_LABELS[star];
}

/** A tutor's rating: the mean of their ratings, null when nobody rated them yet. */
export function averageRating(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Whether a student may add a rating for a tutor: after at least one fulfilled lesson together
 * (`rating-needs-lesson`) and only once (`rating-exists`: edit the existing one instead).
 */
export function checkRating(input: {
  fulfilledLessons: number;
  hasRated: boolean;
}): Extract<ErrorCode, 'rating-needs-lesson' | 'rating-exists'> | 'ok' {
  if (input.fulfilledLessons < 1) {
    return 'rating-needs-lesson';
  }
  return input.hasRated ? 'rating-exists' : 'ok';
}

export type Rating = z.infer<typeof RatingSchema>;
export type RatingListResponse = z.infer<typeof RatingListResponseSchema>;
export type CreateRatingRequest = z.input<typeof CreateRatingRequestSchema>;
export type UpdateRatingRequest = z.infer<typeof UpdateRatingRequestSchema>;
export type FindRatingsQuery = z.input<typeof FindRatingsQuerySchema>;
