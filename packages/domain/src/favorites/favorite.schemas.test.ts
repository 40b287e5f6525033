import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../bounds.ts';
import { MAX_ROW_ID } from '../common/row-id.ts';
import {
  FavoriteTutorIdsResponseSchema,
  FavoriteTutorParamsSchema,
  MyTutorListResponseSchema,
} from './favorite.schemas.ts';

describe('favourite tutors contract', () => {
  it('reads a tutor id from the path, bounded to a row id', () => {
    expect(FavoriteTutorParamsSchema.parse({ tutorId: '12' })).toEqual({ tutorId: 12 });
    for (const raw of ['0', '-1', '1.5', 'x', '', String(MAX_ROW_ID + 1)]) {
      const result = FavoriteTutorParamsSchema.safeParse({ tutorId: raw });
      expect(result.success, raw).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('bad-request');
    }
  });

  it('holds at most the limit of favourite ids', () => {
    const ids = Array.from({ length: BOUNDS.favoriteTutors.max }, (_, index) => index + 1);
    expect(FavoriteTutorIdsResponseSchema.safeParse({ ids }).success).toBe(true);
    expect(FavoriteTutorIdsResponseSchema.safeParse({ ids: [...ids, 999] }).success).toBe(false);
  });

  it('describes a tutor of "my tutors" with dates or nulls', () => {
    const tutor = {
      id: 3,
      name: 'منى',
      image: null,
      rating: 4.5,
      ratingCount: 2,
      listed: true,
      isFavorite: true,
      savedAt: '2027-03-01T08:00:00.000Z',
      lastLessonAt: null,
      nextLessonAt: '2027-03-02T08:00:00.000Z',
    };
    expect(MyTutorListResponseSchema.parse({ list: [tutor], total: 1 })).toEqual({ list: [tutor], total: 1 });
    expect(MyTutorListResponseSchema.safeParse({ list: [{ ...tutor, rating: 6 }], total: 1 }).success).toBe(
      false,
    );
  });
});
