import { z } from 'zod';
import { LocalDateSchema } from '../availability/availability.schemas.ts';
import { BOUNDS } from '../bounds.ts';
import { QueryIdSchema } from '../common/id.schemas.ts';
import { PageQuerySchema, pagedSchema } from '../common/paging.schemas.ts';
import { Gender, Role } from '../enums/user.enums.ts';
import { TopicSchema } from '../topics/topic.schemas.ts';
import { AvailableWhen } from './free-times.rules.ts';
import { TimeOfDay, TutorSort } from './tutors-list.rules.ts';

/**
 * The "all tutors" list (spec §7 `GET /api/v1/user/tutor/list/onboarded`): filters, sort and the card
 * each tutor is shown as. Which tutors appear at all is `isTutorListed`.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;

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
 * (part of the day) keep tutors with a bookable start then; `available=today` keeps tutors with a
 * bookable start left today (the Cairo calendar day at the request: `day` is then today, and another
 * `day` matches nobody); sorted by `rating` (default), `lessons` or `newest`.
 */
export const FindOnboardedTutorsQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  search: z.string(BAD_REQUEST).trim().max(100, BAD_REQUEST).optional(),
  topics: /* @__PURE__ */ topicIds.optional(),
  gender: z.enum(Gender, BAD_REQUEST).optional(),
  day: /* @__PURE__ */ LocalDateSchema.optional(),
  time: z.enum(TimeOfDay, BAD_REQUEST).optional(),
  available: z.enum(AvailableWhen, BAD_REQUEST).optional(),
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
