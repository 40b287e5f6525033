import type { FindTutorsParams } from '@hiwar/client';
import { AvailableWhen, BOUNDS, Gender, isLocalDate, readRowId, TimeOfDay, TutorSort } from '@hiwar/domain';

/**
 * The list's filters as the URL keeps them (`?q=&topics=&gender=&day=&time=&available=&sort=`), the
 * server's names.
 */
export interface TutorFilters {
  search: string;
  topics: number[];
  gender: Gender | null;
  day: string | null;
  time: TimeOfDay | null;
  /** `today`: a bookable start left today (Cairo), the server's reading of "today". */
  available: AvailableWhen | null;
  sort: TutorSort;
}

export const FILTER_PARAMS = {
  search: 'q',
  topics: 'topics',
  gender: 'gender',
  day: 'day',
  time: 'time',
  available: 'available',
  sort: 'sort',
} as const;

const isOneOf = <T extends string>(values: Record<string, T>, value: string | null): value is T =>
  value !== null && (Object.values(values) as string[]).includes(value);

/**
 * Topic ids as the URL keeps them (`1,2`), checked as the server's query schema checks them: row ids,
 * at most BOUNDS.topicsPerUser.max; anything else reads as none. Plain code rather than the schema: the
 * directory is the page visitors land on, and zod would be the largest part of its code (issue 26).
 */
function readTopicIds(raw: string | null): number[] {
  const parts = (raw ?? '').split(',').filter((part) => part.trim() !== '');
  const ids = parts.map(readRowId);
  return parts.length <= BOUNDS.topicsPerUser.max && ids.every((id) => id !== undefined)
    ? (ids as number[])
    : [];
}

/** Reads the filters from the URL; a value the server would refuse is dropped, not sent. */
export function readTutorFilters(params: URLSearchParams): TutorFilters {
  const gender = params.get(FILTER_PARAMS.gender);
  const day = params.get(FILTER_PARAMS.day);
  const time = params.get(FILTER_PARAMS.time);
  const available = params.get(FILTER_PARAMS.available);
  const sort = params.get(FILTER_PARAMS.sort);
  return {
    search: params.get(FILTER_PARAMS.search) ?? '',
    topics: readTopicIds(params.get(FILTER_PARAMS.topics)),
    gender: isOneOf(Gender, gender) ? gender : null,
    day: day !== null && isLocalDate(day) ? day : null,
    time: isOneOf(TimeOfDay, time) ? time : null,
    available: isOneOf(AvailableWhen, available) ? available : null,
    sort: isOneOf(TutorSort, sort) ? sort : TutorSort.Rating,
  };
}

/** The URL with one filter changed (an empty value or the default sort removes it). */
export function withTutorFilter<K extends Exclude<keyof TutorFilters, 'search'>>(
  params: URLSearchParams,
  key: K,
  value: TutorFilters[K],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = FILTER_PARAMS[key];
  const text: string = Array.isArray(value) ? value.join(',') : String(value ?? '');
  if (text === '' || (key === 'sort' && value === TutorSort.Rating)) {
    next.delete(name);
  } else {
    next.set(name, text);
  }
  return next;
}

/** The URL without any filter (the search text is kept: it has its own clear button). */
export function withoutTutorFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['topics', 'gender', 'day', 'time', 'available', 'sort'] as const) {
    next.delete(FILTER_PARAMS[key]);
  }
  return next;
}

export function hasTutorFilters(filters: TutorFilters): boolean {
  return (
    filters.topics.length > 0 ||
    filters.gender !== null ||
    filters.day !== null ||
    filters.time !== null ||
    filters.available !== null ||
    filters.sort !== TutorSort.Rating
  );
}

/** The list query the server takes (`GET /user/tutor/list/onboarded`), without page and size. */
export function tutorsQueryOf(filters: TutorFilters): Omit<FindTutorsParams, 'page' | 'size'> {
  return {
    ...(filters.search !== '' ? { search: filters.search } : {}),
    ...(filters.topics.length > 0 ? { topics: filters.topics } : {}),
    ...(filters.gender !== null ? { gender: filters.gender } : {}),
    ...(filters.day !== null ? { day: filters.day } : {}),
    ...(filters.time !== null ? { time: filters.time } : {}),
    ...(filters.available !== null ? { available: filters.available } : {}),
    ...(filters.sort !== TutorSort.Rating ? { sort: filters.sort } : {}),
  };
}
