import { BOUNDS, LessonDuration, PLATFORM_SETTINGS_DEFAULTS, tutorEarning } from '@hiwar/domain';
import { formatMoney } from '@hiwar/ui';

/**
 * The rule figures the marketing copy states, fixed when the site is built. The tutor's hourly rate has
 * no public read (`GET /api/v1/platform-settings/public` answers only the booking rules), and the pages
 * are static, so every figure here is the platform default from packages/domain: a staff change to a
 * setting reaches these pages with the next build.
 */
export const PLATFORM_FIGURES = {
  tutorHourlyRate: PLATFORM_SETTINGS_DEFAULTS.tutorHourlyRate,
  freeCancelHours: PLATFORM_SETTINGS_DEFAULTS.freeCancelHours,
  maxUpcomingLessons: PLATFORM_SETTINGS_DEFAULTS.maxUpcomingLessonsPerStudent,
} as const;

/** The tutor's pay as the copy words it: per hour, and per lesson of each length. */
export function tutorPay(hourlyRate: number = PLATFORM_FIGURES.tutorHourlyRate) {
  return {
    perHour: formatMoney(hourlyRate),
    perLesson: [LessonDuration.Long, LessonDuration.Short].map((minutes) => ({
      minutes,
      amount: formatMoney(tutorEarning(minutes, hourlyRate, false)),
    })),
    withdrawMin: formatMoney(BOUNDS.withdrawPiasters.min),
    withdrawMax: formatMoney(BOUNDS.withdrawPiasters.max),
    processingDays: BOUNDS.invoiceProcessingWorkingDays,
    retakeMonths: BOUNDS.interviewRetakeMonths,
  };
}
