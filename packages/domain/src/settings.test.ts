import { describe, expect, it } from 'vitest';
import { validationErrorCode } from './errors/validation-error-code.ts';
import {
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS_BOUNDS,
  PLATFORM_SETTINGS_DEFAULTS,
  PlatformSettingsSchema,
  publicPlatformSettings,
  UpdatePlatformSettingsRequestSchema,
} from './settings.ts';

describe('platform settings', () => {
  it('defaults to the rules.md values', () => {
    expect(PLATFORM_SETTINGS_DEFAULTS).toEqual({
      bookingLeadMinutes: 60,
      maxUpcomingLessonsPerStudent: 1,
      freeCancelHours: 12,
      tutorHourlyRate: 15_000,
      referenceNumberTtlHours: 48,
      trialLessonEnabled: 1,
      trialLessonMinutes: 30,
      trialLessonPrice: 0,
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

describe('platform settings changes', () => {
  it('bounds every setting with its own codes and lists each once', () => {
    expect([...PLATFORM_SETTING_KEYS].sort()).toEqual(Object.keys(PLATFORM_SETTINGS_DEFAULTS).sort());
    for (const key of PLATFORM_SETTING_KEYS) {
      const { min, max, step = 1 } = PLATFORM_SETTINGS_BOUNDS[key];
      expect(PLATFORM_SETTINGS_DEFAULTS[key]).toBeGreaterThanOrEqual(min);
      expect(PLATFORM_SETTINGS_DEFAULTS[key]).toBeLessThanOrEqual(max);
      const code = (value: unknown) => {
        const result = UpdatePlatformSettingsRequestSchema.safeParse({ [key]: value });
        return result.success ? 'ok' : validationErrorCode(result.error);
      };
      expect(code(min)).toBe('ok');
      expect(code(max)).toBe('ok');
      expect(code(min - step)).toBe('setting-too-low');
      expect(code(max + step)).toBe('setting-too-high');
      expect(code(min + 0.5)).toBe('invalid-type');
      expect(code('12')).toBe('invalid-type');
    }
  });

  it('takes the trial lesson as 15 or 30 minutes, switched on or off', () => {
    const code = (body: unknown) => {
      const result = UpdatePlatformSettingsRequestSchema.safeParse(body);
      return result.success ? 'ok' : validationErrorCode(result.error);
    };
    expect(code({ trialLessonMinutes: 15 })).toBe('ok');
    expect(code({ trialLessonMinutes: 30 })).toBe('ok');
    expect(code({ trialLessonMinutes: 20 })).toBe('setting-step-invalid');
    expect(code({ trialLessonMinutes: 45 })).toBe('setting-too-high');
    expect(code({ trialLessonEnabled: 0 })).toBe('ok');
    expect(code({ trialLessonEnabled: 2 })).toBe('setting-too-high');
    expect(code({ trialLessonEnabled: true })).toBe('invalid-type');
  });

  it('needs at least one known setting', () => {
    const code = (body: unknown) => {
      const result = UpdatePlatformSettingsRequestSchema.safeParse(body);
      return result.success ? 'ok' : validationErrorCode(result.error);
    };
    expect(code({})).toBe('empty-request');
    expect(code({ freeCancelHours: 6, somethingElse: 1 })).toBe('bad-request');
    expect(code({ freeCancelHours: 6 })).toBe('ok');
  });

  it('shows the booking rules and the trial lesson to everyone, nothing else', () => {
    expect(publicPlatformSettings(PLATFORM_SETTINGS_DEFAULTS)).toEqual({
      bookingLeadMinutes: 60,
      maxUpcomingLessonsPerStudent: 1,
      freeCancelHours: 12,
      trialLessonEnabled: 1,
      trialLessonMinutes: 30,
      trialLessonPrice: 0,
    });
  });
});
