import { z } from 'zod';
import { LocalDateSchema } from '../availability/availability.schemas.ts';
import { toLocalDateTime } from '../availability/local-time.ts';
import { BOUNDS } from '../bounds.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { Gender, Role } from '../enums/user.enums.ts';
import { PRODUCT_TIMEZONE } from '../time.ts';
import { TopicSchema } from '../topics/topic.schemas.ts';

/**
 * The "all tutors" list (spec §7 `GET /api/v1/user/tutor/list/onboarded`): filters, sort and the card
 * each tutor is shown as. Which tutors appear at all is `isTutorListed`.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;

/**
 * Parts of the local day a student can filter on, by the local hour a lesson starts:
 * morning 06–12, afternoon 12–17, evening 17–22, night 22–06 (the night of a day is its 22:00–24:00
 * and 00:00–06:00 of the same date, so a day filter never reaches into the next date).
 */
export const TimeOfDay = {
  Morning: 'morning',
  Afternoon: 'afternoon',
  Evening: 'evening',
  Night: 'night',
} as const;
export type TimeOfDay = (typeof TimeOfDay)[keyof typeof TimeOfDay];
export const TIMES_OF_DAY: readonly TimeOfDay[] = Object.freeze(Object.values(TimeOfDay));

/** Start hour (inclusive) and end hour (exclusive) of each part; night wraps past midnight. */
export const TIME_OF_DAY_HOURS: Readonly<Record<TimeOfDay, readonly [number, number]>> = Object.freeze({
  morning: [6, 12],
  afternoon: [12, 17],
  evening: [17, 22],
  night: [22, 6],
});

/** The part of the day an instant falls in on the local wall clock. */
export function timeOfDayOf(instant: Date, timeZone: string = PRODUCT_TIMEZONE): TimeOfDay {
  const hour = Number(toLocalDateTime(instant, timeZone).time.slice(0, 2));
  const found = TIMES_OF_DAY.find((part) => {
    const [from, to] = TIME_OF_DAY_HOURS[part];
    return from < to ? hour >= from && hour < to : hour >= from || hour < to;
  });
  return found ?? TimeOfDay.Night;
}

/**
 * Whether a bookable start matches the list's `day` (a local date) and `time` (part of the day)
 * filters, either of which may be absent. The server keeps a tutor when any of their bookable starts
 * matches.
 */
export function matchesDayAndTime(
  instant: Date,
  filter: { day?: string | undefined; time?: TimeOfDay | undefined },
  timeZone: string = PRODUCT_TIMEZONE,
): boolean {
  if (filter.day !== undefined && toLocalDateTime(instant, timeZone).date !== filter.day) {
    return false;
  }
  return filter.time === undefined || timeOfDayOf(instant, timeZone) === filter.time;
}

/** How the list is ordered: best rated, most lessons given, or newest listed first. */
export const TutorSort = { Rating: 'rating', Lessons: 'lessons', Newest: 'newest' } as const;
export type TutorSort = (typeof TutorSort)[keyof typeof TutorSort];
export const TUTOR_SORTS: readonly TutorSort[] = Object.freeze(Object.values(TutorSort));

/** Topic ids in a query string: `topics=1,2` or repeated `topics=1&topics=2`, at most 30. */
const topicIds = z
  .union([z.string(BAD_REQUEST), z.array(z.string(BAD_REQUEST))], BAD_REQUEST)
  .transform((value): unknown[] =>
    (Array.isArray(value) ? value : value.split(',')).filter((part) => part.trim() !== ''),
  )
  .pipe(z.array(QueryIdSchema).max(BOUNDS.topicsPerUser.max, BAD_REQUEST));

/**
 * `GET /api/v1/user/tutor/list/onboarded`: paged; `search` over Arabic and English names, bio and
 * topic names; `topics` (any of them); `gender`; `day` (local date in the student's zone) and `time`
 * (part of the day) keep tutors with a bookable start then; sorted by `rating` (default), `lessons` or
 * `newest`.
 */
export const FindOnboardedTutorsQuerySchema = PageQuerySchema.extend({
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
  topics: topicIds.optional(),
  gender: z.enum(Gender, BAD_REQUEST).optional(),
  day: LocalDateSchema.optional(),
  time: z.enum(TimeOfDay, BAD_REQUEST).optional(),
  sort: z.enum(TutorSort, BAD_REQUEST).default(TutorSort.Rating),
});

/** A tutor in the list: enough for the card, the filters' results and the booking wizard's header. */
export const TutorCardSchema = z.object({
  id: z.number().int().positive(),
  /** Tutor, or TutorManager (whose introductory lesson is free). */
  role: z.union([z.literal(Role.Tutor), z.literal(Role.TutorManager)]),
  name: z.string(),
  image: z.string(),
  gender: z.enum(Gender),
  bio: z.string(),
  topics: z.array(TopicSchema),
  /** Mean of the ratings, null before the first one. */
  rating: z.number().min(0).max(5).nullable(),
  ratingCount: z.number().int().nonnegative(),
  lessonCount: z.number().int().nonnegative(),
  studentCount: z.number().int().nonnegative(),
  /** Days ahead a student may book. */
  notice: z.number().int().positive(),
  video: z.string(),
  thumbnail: z.string(),
  /** The first start a student could book now (30 minutes), null when none within the notice. */
  nextAvailableAt: z.iso.datetime({ offset: true }).nullable(),
});

export const TutorCardListResponseSchema = pagedSchema(TutorCardSchema);

export type FindOnboardedTutorsQuery = z.input<typeof FindOnboardedTutorsQuerySchema>;
export type TutorCard = z.infer<typeof TutorCardSchema>;
export type TutorCardListResponse = z.infer<typeof TutorCardListResponseSchema>;
