import { z } from 'zod';
import { LOCAL_DATE_PATTERN } from '../availability/local-time.ts';

/**
 * `GET /api/v1/user/tutor/free-times/{id}` (public): a listed tutor's next free times, the profile's
 * "free times" list (issue 27). Only when a lesson could start: nobody's booking is named, and no
 * window or booked span is sent.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const localDate = /* @__PURE__ */ z.string().regex(LOCAL_DATE_PATTERN);

/** One local day's free starts (`FreeTimesDay`). */
export const FreeTimesDaySchema = z.object({
  /** `YYYY-MM-DD`, Cairo calendar. */
  date: localDate,
  /** The Saturday its week starts on. */
  weekStart: localDate,
  /** Starts of a lesson of the shortest length (15 minutes), ascending. */
  starts: z.array(isoDateTime),
});

/**
 * The starts a student could book now, from now until the end of the seventh Cairo calendar day
 * counting today (`freeTimesSpan`), grouped by day; days without any are left out. Nothing in it names
 * the instant it was asked at, so an unchanged answer is the same bytes (its ETag holds).
 */
export const TutorFreeTimesSchema = z.object({
  tutorId: z.number().int().positive(),
  /** The end of the span: the next local midnight after its seventh day. */
  until: isoDateTime,
  days: z.array(FreeTimesDaySchema),
});

export type TutorFreeTimes = z.infer<typeof TutorFreeTimesSchema>;
