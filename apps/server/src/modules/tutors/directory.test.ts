import { FindOnboardedTutorsQuerySchema, Role, type TutorCard } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { createDirectory, type DirectoryTutor, GRID_MS } from './directory.ts';
import { normaliseSearchText, searchable } from './tutor-search.ts';

const T0 = Date.parse('2027-03-01T08:00:00Z');
const HOUR = 3_600_000;
const span = { start: T0, end: T0 + 61 * 24 * HOUR };

function tutor(id: number, overrides: Partial<TutorCard> = {}, starts: number[] = []): DirectoryTutor {
  const card: TutorCard = {
    id,
    role: Role.Tutor,
    name: `Tutor ${id}`,
    image: 'image',
    gender: 'female',
    bio: 'مدرسة إنجليزي',
    topics: [{ id: 1, nameAr: 'محادثة', nameEn: 'Conversation' }],
    rating: null,
    ratingCount: 0,
    lessonCount: 0,
    studentCount: 0,
    notice: 14,
    video: 'video',
    thumbnail: 'thumbnail',
    nextAvailableAt: null,
    ...overrides,
  };
  return {
    id,
    cardJson: JSON.stringify(card),
    gender: card.gender,
    rating: card.rating,
    ratingCount: card.ratingCount,
    lessonCount: card.lessonCount,
    topics: card.topics,
    createdAt: T0 - id * HOUR,
    starts,
    name: searchable(card.name),
    bio: normaliseSearchText(card.bio),
  };
}

const query = (text: string) =>
  FindOnboardedTutorsQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
const ids = (text: string) => (JSON.parse(text) as { list: TutorCard[] }).list.map((card) => card.id);

describe('the tutor directory', () => {
  it('keeps its order through changes, as sorting afresh would', () => {
    const directory = createDirectory([tutor(1), tutor(2, { rating: 4, ratingCount: 2 }), tutor(3)], {
      span,
    });
    expect(ids(directory.page(query('sort=rating')))).toEqual([2, 1, 3]);
    directory.apply({ upserted: [tutor(3, { rating: 5, ratingCount: 1 }), tutor(4)], removed: [2] });
    expect(ids(directory.page(query('sort=rating')))).toEqual([3, 1, 4]);
    expect(ids(directory.page(query('sort=newest')))).toEqual([1, 3, 4]);
    expect(JSON.parse(directory.page(query('sort=rating&page=2&size=2')))).toMatchObject({ total: 3 });
  });

  it('drops only the pages a change touched, and none when the card stayed the same', () => {
    // Tutor 1 is free from 10:00 to 11:00 Cairo tomorrow morning.
    const free = T0 + 24 * HOUR;
    const first = { gender: 'male' as const, nextAvailableAt: new Date(free).toISOString() };
    const directory = createDirectory(
      [tutor(1, first, [free, free + 4 * GRID_MS]), tutor(2), tutor(3, { name: 'أحمد' })],
      { span },
    );
    const urls = ['gender=male', 'gender=female', 'search=احمد', 'time=morning', 'sort=lessons'];
    for (const url of urls) {
      directory.rememberUrl(url, query(url));
      directory.page(query(url));
    }
    const kept = () => urls.filter((url) => directory.peek(url) !== undefined);
    expect(kept()).toEqual(urls);

    // A booking that took a later start of tutor 1: still free in the morning, the same card.
    directory.apply({ upserted: [tutor(1, first, [free, free])], removed: [] });
    expect(kept()).toEqual(urls);

    // Tutor 2 rated: every page showing them is redone, the male tutors' and the search's are not.
    directory.apply({ upserted: [tutor(2, { rating: 5, ratingCount: 1 })], removed: [] });
    expect(kept()).toEqual(['gender=male', 'search=احمد', 'time=morning']);

    // Tutor 1's last free start booked: a new card, and out of the morning filter.
    directory.apply({ upserted: [tutor(1, { gender: 'male' }, [])], removed: [] });
    expect(kept()).toEqual(['search=احمد']);
    expect(ids(directory.page(query('time=morning')))).toEqual([]);

    // Renamed into the search: its page is redone and finds them; the morning's is left alone.
    directory.apply({ upserted: [tutor(2, { name: 'إحمد', rating: 5, ratingCount: 1 })], removed: [] });
    expect(kept()).toEqual(['time=morning']);
    expect(ids(directory.page(query('search=احمد'))).sort()).toEqual([2, 3]);
  });
});
