import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS, PlatformSettingsSchema } from './settings.ts';

describe('platform settings', () => {
  it('defaults to the rules.md values', () => {
    expect(PLATFORM_SETTINGS_DEFAULTS).toEqual({
      bookingLeadMinutes: 60,
      maxUpcomingLessonsPerStudent: 1,
      freeCancelHours: 12,
      tutorHourlyRate: 15_000,
      referenceNumberTtlHours: 48,
    });
    expect(PlatformSettingsSchema.parse(PLATFORM_SETTINGS_DEFAULTS)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
  });

  it('rejects fractions, negatives and a zero booking limit', () => {
    const parse = (patch: object) =>
      PlatformSettingsSchema.safeParse({ ...PLATFORM_SETTINGS_DEFAULTS, ...patch });
    expect(parse({ tutorHourlyRate: 150.5 }).success).toBe(false);
    expect(parse({ freeCancelHours: -1 }).success).toBe(false);
    expect(parse({ maxUpcomingLessonsPerStudent: 0 }).success).toBe(false);
    expect(parse({ referenceNumberTtlHours: 0 }).success).toBe(false);
    expect(parse({ bookingLeadMinutes: 0 }).success).toBe(true);
  });
});
