import { z } from 'zod';
import { AvailabilitySlotSchema } from './availability.schemas.ts';

/**
 * `GET /api/v1/availability-slot/?tutorId=&from=&to=`: what the booking wizard and the schedule
 * screen draw for one tutor. `list` is the windows starting in [from, to); `booked` the parts of them
 * taken by lessons (no student is named); `bookable` every start a lesson of 15 (`short`) or 30
 * (`long`) minutes could be booked at now (`bookableTimes`: the grid, one window, the lead time, the
 * notice, and for a signed-in student their own lessons too).
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const BookedIntervalSchema = z.object({ start: isoDateTime, end: isoDateTime });

export const TutorScheduleResponseSchema = z.object({
  tutorId: z.number().int().positive(),
  /** The tutor's notice: days ahead a student may book. */
  notice: z.number().int().positive(),
  list: z.array(AvailabilitySlotSchema),
  booked: z.array(BookedIntervalSchema),
  bookable: z.object({ short: z.array(isoDateTime), long: z.array(isoDateTime) }),
});

export type BookedInterval = z.infer<typeof BookedIntervalSchema>;
export type TutorScheduleResponse = z.infer<typeof TutorScheduleResponseSchema>;
