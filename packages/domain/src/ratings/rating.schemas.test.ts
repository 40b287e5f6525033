import { describe, expect, it } from 'vitest';
import { validationErrorCode } from '../errors/validation-error-code.ts';
import {
  averageRating,
  CreateRatingRequestSchema,
  checkRating,
  RATING_LABELS,
  RatingSchema,
  ratingLabel,
  UpdateRatingRequestSchema,
} from './rating.schemas.ts';

const codeOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? 'ok' : validationErrorCode(result.error as Parameters<typeof validationErrorCode>[0]);

describe('rating requests', () => {
  it('accepts a whole value 1–5 with an optional text', () => {
    expect(CreateRatingRequestSchema.parse({ rateeId: 3, value: 5, text: ' ممتاز جدًا ' })).toEqual({
      rateeId: 3,
      value: 5,
      text: 'ممتاز جدًا',
    });
    expect(CreateRatingRequestSchema.parse({ rateeId: 3, value: 1 })).toEqual({
      rateeId: 3,
      value: 1,
      text: null,
    });
    expect(CreateRatingRequestSchema.parse({ rateeId: 3, value: 4, text: '   ' }).text).toBeNull();
    expect(CreateRatingRequestSchema.parse({ rateeId: 3, value: 4, text: null }).text).toBeNull();
  });

  it('answers the value and text codes', () => {
    const parse = (body: object) =>
      codeOf(CreateRatingRequestSchema.safeParse({ rateeId: 3, value: 3, ...body }));
    expect(parse({ value: 0 })).toBe('rating-value-too-low');
    expect(parse({ value: 6 })).toBe('rating-value-too-high');
    expect(parse({ value: 4.5 })).toBe('invalid-type');
    expect(parse({ value: undefined })).toBe('required');
    expect(parse({ text: 'جي' })).toBe('rating-text-too-short');
    expect(parse({ text: 'جيد' })).toBe('ok');
    expect(parse({ text: 'x'.repeat(1000) })).toBe('ok');
    expect(parse({ text: 'x'.repeat(1001) })).toBe('rating-text-too-long');
  });

  it('edits the value, the text or both', () => {
    expect(UpdateRatingRequestSchema.parse({ value: 2 })).toEqual({ value: 2 });
    expect(UpdateRatingRequestSchema.parse({ text: null })).toEqual({ text: null });
    expect(codeOf(UpdateRatingRequestSchema.safeParse({}))).toBe('empty-request');
    expect(codeOf(UpdateRatingRequestSchema.safeParse({ value: 9 }))).toBe('rating-value-too-high');
  });

  it('describes a rating as the API returns it', () => {
    const rating = {
      id: 1,
      raterId: 20,
      rateeId: 10,
      rater: { id: 20, name: 'علي', image: null },
      value: 4,
      text: null,
      createdAt: '2026-01-18T08:00:00Z',
      updatedAt: '2026-01-18T08:00:00Z',
    };
    expect(RatingSchema.parse(rating)).toEqual(rating);
  });
});

describe('rating rules', () => {
  it('labels the five values as the spec does', () => {
    expect(RATING_LABELS).toEqual({ 1: 'bad', 2: 'acceptable', 3: 'good', 4: 'very-good', 5: 'excellent' });
    expect(Object.isFrozen(RATING_LABELS)).toBe(true);
    expect(ratingLabel(4.6)).toBe('excellent');
    expect(ratingLabel(4.4)).toBe('very-good');
    expect(ratingLabel(0)).toBe('bad');
  });

  it('averages ratings, null when there are none', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5])).toBe(5);
    expect(averageRating([5, 4, 4])).toBeCloseTo(4.333, 3);
  });

  it('lets a student rate once, after a fulfilled lesson', () => {
    expect(checkRating({ fulfilledLessons: 0, hasRated: false })).toBe('rating-needs-lesson');
    expect(checkRating({ fulfilledLessons: 1, hasRated: false })).toBe('ok');
    expect(checkRating({ fulfilledLessons: 3, hasRated: true })).toBe('rating-exists');
  });
});
