import type { MyTutor } from '@hiwar/domain';

/** A tutor of the student's "my tutors" list: saved, listed, with a lesson given a week ago. */
export function makeMyTutor(overrides: Partial<MyTutor> = {}): MyTutor {
  return {
    id: 3,
    name: 'منى خالد',
    image: null,
    rating: 4.8,
    ratingCount: 12,
    listed: true,
    isFavorite: true,
    savedAt: '2026-01-10T09:00:00.000Z',
    lastLessonAt: '2026-01-03T09:00:00.000Z',
    nextLessonAt: null,
    ...overrides,
  };
}
