import { FindOnboardedTutorsQuerySchema, LocalDateSchema } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import {
  hasTutorFilters,
  readTutorFilters,
  tutorsQueryOf,
  withoutTutorFilters,
  withTutorFilter,
} from './tutor-filters.ts';

/** What the server's query schema makes of a value: its topics, or none when it refuses them. */
function schemaTopics(raw: string): number[] {
  const parsed = FindOnboardedTutorsQuerySchema.shape.topics.safeParse(raw);
  return parsed.success ? (parsed.data ?? []) : [];
}

describe('the directory filters read from the address without zod (issue 26)', () => {
  it.each([
    '1',
    '1,2,3',
    ',1,,2,',
    '0',
    '-1',
    '1.5',
    'abc',
    '1,abc',
    '2147483647',
    '2147483648',
    '99999999999',
    '',
    Array.from({ length: 30 }, (_, index) => index + 1).join(','),
    Array.from({ length: 31 }, (_, index) => index + 1).join(','),
  ])('topics=%s reads as the server would accept it', (raw) => {
    const filters = readTutorFilters(new URLSearchParams({ topics: raw }));
    expect(filters.topics).toEqual(schemaTopics(raw));
  });

  it.each(['2026-12-07', '2026-02-29', '2028-02-29', '2026-13-01', '07-12-2026', 'x', ''])(
    'day=%s reads as the server would accept it',
    (day) => {
      const filters = readTutorFilters(new URLSearchParams({ day }));
      expect(filters.day !== null).toBe(LocalDateSchema.safeParse(day).success);
    },
  );
});

describe('the available-today filter in the address (issue 27)', () => {
  it.each(['today', 'tomorrow', 'TODAY', ''])('available=%s reads as the server would accept it', (raw) => {
    const filters = readTutorFilters(new URLSearchParams({ available: raw }));
    const accepted = FindOnboardedTutorsQuerySchema.shape.available.safeParse(raw).success;
    expect(filters.available !== null).toBe(accepted);
  });

  it('is a filter the query sends, and clearing the filters drops it', () => {
    const params = new URLSearchParams({ available: 'today', q: 'منى' });
    const filters = readTutorFilters(params);
    expect(hasTutorFilters(filters)).toBe(true);
    expect(tutorsQueryOf(filters)).toEqual({ search: 'منى', available: 'today' });
    expect(withoutTutorFilters(params).toString()).toBe(new URLSearchParams({ q: 'منى' }).toString());
    expect(withTutorFilter(new URLSearchParams(), 'available', 'today').get('available')).toBe('today');
    expect(withTutorFilter(params, 'available', null).has('available')).toBe(false);
  });
});
