import { FindOnboardedTutorsQuerySchema, LocalDateSchema } from '@hiwar/domain';
import { describe, expect, it } from 'vitest';
import { readTutorFilters } from './tutor-filters.ts';

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
