import { z } from 'zod';

/**
 * Platform settings staff change on the platform-settings screen. The server stores overrides; these
 * defaults apply to every key never set, so a fresh database behaves as rules.md describes.
 */
export const PLATFORM_SETTINGS_DEFAULTS = Object.freeze({
  /** A lesson must start at least this long after it is booked. */
  bookingLeadMinutes: 60,
  /** Booked lessons that have not ended a student may hold at once. */
  maxUpcomingLessonsPerStudent: 1,
  /** A student cancelling at least this long before start gets the minutes back. */
  freeCancelHours: 12,
  /** Tutor earning per lesson hour, in piasters (150 EGP). */
  tutorHourlyRate: 15_000,
  /** A Fawry cash reference number expires after this long. */
  referenceNumberTtlHours: 48,
});

const count = (min: number) => z.number().int().min(min);

export const PlatformSettingsSchema = z.object({
  bookingLeadMinutes: count(0).max(7 * 24 * 60),
  maxUpcomingLessonsPerStudent: count(1).max(100),
  freeCancelHours: count(0).max(7 * 24),
  tutorHourlyRate: count(0).max(100_000_00),
  referenceNumberTtlHours: count(1).max(30 * 24),
});

export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;
