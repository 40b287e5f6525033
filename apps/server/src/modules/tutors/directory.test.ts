import { FindOnboardedTutorsQuerySchema, Role, type TutorCard } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import type { EncodedBody } from '../../core/encoded-body.ts';
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
const ids = (body: EncodedBody) =>
  (JSON.parse(body.text) as { list: TutorCard[] }).list.map((card) => card.id);

describe('the tutor directory', () => {
  it('keeps its order through changes, as sorting afresh would', () => {
    const directory = createDirectory([tutor(1), tutor(2, { rating: 4, ratingCount: 2 }), tutor(3)], {
      span,
    });
    expect(ids(directory.page(query('sort=rating')))).toEqual([2, 1, 3]);
    directory.apply({ upserted: [tutor(3, { rating: 5, ratingCount: 1 }), tutor(4)], removed: [2] });
    expect(ids(directory.page(query('sort=rating')))).toEqual([3, 1, 4]);
    expect(ids(directory.page(query('sort=newest')))).toEqual([1, 3, 4]);
    expect(JSON.parse(directory.page(query('sort=rating&page=2&size=2')).text)).toMatchObject({ total: 3 });
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

  it('redoes only the pages that showed a place a changed tutor left or took', () => {
    // Twelve tutors by rating: tutor n has n ratings of 3, so by rating the order is 12, 11, … 1.
    const rated = (id: number, ratingCount = id) => tutor(id, { rating: 3, ratingCount });
    const directory = createDirectory(
      Array.from({ length: 12 }, (_, i) => rated(i + 1)),
      { span },
    );
    const urls = [1, 2, 3, 4].map((page) => `size=3&page=${page}`);
    for (const url of urls) {
      directory.rememberUrl(url, query(url));
      directory.page(query(url));
    }
    const kept = () => urls.filter((url) => directory.peek(url) !== undefined);

    // Tutor 5 (place 8, page 3) gets a new card but keeps its place: only page 3 is redone.
    directory.apply({
      upserted: [tutor(5, { rating: 3, ratingCount: 5, lessonCount: 0, name: 'جديد' })],
      removed: [],
    });
    expect(kept()).toEqual(['size=3&page=1', 'size=3&page=2', 'size=3&page=4']);
    expect(ids(directory.page(query('size=3&page=3')))).toEqual([6, 5, 4]);

    // Tutor 2 (place 11, page 4) climbs to place 6 (page 2): pages 2 to 4 are redone, page 1 stays.
    directory.rememberUrl(urls[2]!, query(urls[2]!));
    directory.apply({ upserted: [rated(2, 7.5)], removed: [] });
    expect(kept()).toEqual(['size=3&page=1']);
    expect(ids(directory.page(query('size=3&page=2')))).toEqual([9, 8, 2]);
    expect(ids(directory.page(query('size=3&page=4')))).toEqual([4, 3, 1]);

    // A tutor leaves: the total on every page changes.
    directory.apply({ upserted: [], removed: [12] });
    expect(kept()).toEqual([]);
    expect(JSON.parse(directory.page(query('size=3&page=4')).text)).toEqual({
      list: [JSON.parse(rated(3).cardJson), JSON.parse(rated(1).cardJson)],
      total: 11,
    });
  });

  it('keeps no more member lists than its budget, and answers the same without them', () => {
    const everyone = Array.from({ length: 20 }, (_, i) =>
      tutor(i + 1, { gender: i % 2 ? 'male' : 'female' }),
    );
    const small = createDirectory(everyone, { span, maxMembers: 25 });
    const large = createDirectory(everyone, { span });
    for (const url of ['sort=rating', 'gender=male', 'gender=female', 'sort=newest&gender=male']) {
      expect(ids(small.page(query(url)))).toEqual(ids(large.page(query(url))));
    }
    small.apply({ upserted: [tutor(3, { rating: 5, ratingCount: 2, gender: 'male' })], removed: [4] });
    large.apply({ upserted: [tutor(3, { rating: 5, ratingCount: 2, gender: 'male' })], removed: [4] });
    for (const url of ['sort=rating', 'gender=male', 'gender=female', 'sort=newest&gender=male']) {
      expect(ids(small.page(query(url)))).toEqual(ids(large.page(query(url))));
    }
  });
});
