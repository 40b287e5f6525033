import { z } from 'zod';
import { PageQuerySchema, pagedSchema } from './common/paging.schemas.ts';
import { typeErrorCode } from './errors/validation-error-code.ts';

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
  /** 1: every student may book one trial lesson with any tutor without a plan (issue 27); 0: none. */
  trialLessonEnabled: 1,
  /** The trial lesson's length: 15 or 30 minutes. */
  trialLessonMinutes: 30,
  /** What the trial lesson costs, in piasters: 0 is free; otherwise paid through Fawry before booking. */
  trialLessonPrice: 0,
});

export type PlatformSettingKey = keyof typeof PLATFORM_SETTINGS_DEFAULTS;

/** Every setting, in the order the back office lists them. */
export const PLATFORM_SETTING_KEYS = Object.freeze([
  'bookingLeadMinutes',
  'maxUpcomingLessonsPerStudent',
  'freeCancelHours',
  'tutorHourlyRate',
  'referenceNumberTtlHours',
  'trialLessonEnabled',
  'trialLessonMinutes',
  'trialLessonPrice',
] as const satisfies readonly PlatformSettingKey[]);

/**
 * What a setting counts, so the screen can name the unit (`piasters` is shown as pounds); `switch` is
 * 1 for on and 0 for off.
 */
export const PLATFORM_SETTING_UNITS = ['minutes', 'hours', 'lessons', 'piasters', 'switch'] as const;
export type PlatformSettingUnit = (typeof PLATFORM_SETTING_UNITS)[number];

/**
 * The inclusive bounds of each setting and its unit. Wide enough for any sane policy, narrow enough
 * that a typo (an extra zero) cannot lock students out or overflow a column.
 */
export const PLATFORM_SETTINGS_BOUNDS: Readonly<
  Record<PlatformSettingKey, { min: number; max: number; unit: PlatformSettingUnit; step?: number }>
> = Object.freeze({
  bookingLeadMinutes: { min: 0, max: 7 * 24 * 60, unit: 'minutes' },
  maxUpcomingLessonsPerStudent: { min: 1, max: 100, unit: 'lessons' },
  freeCancelHours: { min: 0, max: 7 * 24, unit: 'hours' },
  tutorHourlyRate: { min: 0, max: 100_000_00, unit: 'piasters' },
  referenceNumberTtlHours: { min: 1, max: 30 * 24, unit: 'hours' },
  trialLessonEnabled: { min: 0, max: 1, unit: 'switch' },
  // A lesson lasts 15 or 30 minutes (rules.md "Lessons").
  trialLessonMinutes: { min: 15, max: 30, unit: 'minutes', step: 15 },
  // Whole pounds only (Fawry's smallest sensible amount is a pound), up to 5,000 EGP.
  trialLessonPrice: { min: 0, max: 5000_00, unit: 'piasters', step: 100 },
});

/**
 * One setting's value: a whole number inside its bounds (`setting-too-low`, `setting-too-high`) and,
 * for a setting with a step, a multiple of it (`setting-step-invalid`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function platformSettingSchema(key: PlatformSettingKey) {
  const { min, max, step } = PLATFORM_SETTINGS_BOUNDS[key];
  const value = z
    .number({ error: typeErrorCode })
    .int({ error: 'invalid-type' })
    .min(min, { error: 'setting-too-low' })
    .max(max, { error: 'setting-too-high' });
  return step ? value.multipleOf(step, { error: 'setting-step-invalid' }) : value;
}

const settingFields = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ PLATFORM_SETTING_KEYS.map((key) => [key, platformSettingSchema(key)]),
) as { [K in PlatformSettingKey]: ReturnType<typeof platformSettingSchema> };

export const PlatformSettingsSchema = z.object(settingFields);

export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;

/**
 * `PUT /api/v1/platform-settings` (SuperAdmin, RegularAdmin): any of the settings; an unknown key is
 * `bad-request`, nothing at all `empty-request`. Each changed key is written with an audit row.
 */
export const UpdatePlatformSettingsRequestSchema = z
  .strictObject(/* @__PURE__ */ PlatformSettingsSchema.partial().shape, { error: 'bad-request' })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'empty-request' });
export type UpdatePlatformSettingsRequest = z.infer<typeof UpdatePlatformSettingsRequestSchema>;

const isoDateTime = z.iso.datetime({ offset: true });
const member = z.object({
  id: z.number().int().positive(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});

/** One setting as staff see it: the value in force, its default, its bounds and when it last changed. */
export const PlatformSettingViewSchema = z.object({
  key: z.enum(PLATFORM_SETTING_KEYS),
  value: z.number().int(),
  defaultValue: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  /** Null when any whole number between the bounds is allowed. */
  step: /* @__PURE__ */ z.number().int().positive().nullable(),
  unit: z.enum(PLATFORM_SETTING_UNITS),
  /** Null while the default applies (never saved). */
  updatedAt: /* @__PURE__ */ isoDateTime.nullable(),
});
export type PlatformSettingView = z.infer<typeof PlatformSettingViewSchema>;

/** `GET`/`PUT /api/v1/platform-settings`: every setting, in `PLATFORM_SETTING_KEYS` order. */
export const PlatformSettingsResponseSchema = z.object({ list: z.array(PlatformSettingViewSchema) });
export type PlatformSettingsResponse = z.infer<typeof PlatformSettingsResponseSchema>;

/**
 * The settings the student and tutor app shows (booking and cancellation rules, the trial lesson),
 * readable by anyone.
 */
export const PublicPlatformSettingsSchema = /* @__PURE__ */ PlatformSettingsSchema.pick({
  bookingLeadMinutes: true,
  maxUpcomingLessonsPerStudent: true,
  freeCancelHours: true,
  trialLessonEnabled: true,
  trialLessonMinutes: true,
  trialLessonPrice: true,
});
export type PublicPlatformSettings = z.infer<typeof PublicPlatformSettingsSchema>;

/** The public part of the settings in force. */
export function publicPlatformSettings(settings: PlatformSettings): PublicPlatformSettings {
  return {
    bookingLeadMinutes: settings.bookingLeadMinutes,
    maxUpcomingLessonsPerStudent: settings.maxUpcomingLessonsPerStudent,
    freeCancelHours: settings.freeCancelHours,
    trialLessonEnabled: settings.trialLessonEnabled,
    trialLessonMinutes: settings.trialLessonMinutes,
    trialLessonPrice: settings.trialLessonPrice,
  };
}

/** One change of a setting: who, when, the value in force before (its default if never saved) and after. */
export const PlatformSettingAuditEntrySchema = z.object({
  id: z.number().int().positive(),
  key: z.enum(PLATFORM_SETTING_KEYS),
  oldValue: z.number().int().nullable(),
  newValue: z.number().int(),
  changedBy: /* @__PURE__ */ member.nullable(),
  createdAt: isoDateTime,
});
export type PlatformSettingAuditEntry = z.infer<typeof PlatformSettingAuditEntrySchema>;

const BAD_REQUEST = { error: 'bad-request' } as const;

/** `GET /api/v1/platform-settings/audit`: newest first, optionally one key's history. */
export const FindPlatformSettingsAuditQuerySchema = /* @__PURE__ */ PageQuerySchema.extend({
  key: z.enum(PLATFORM_SETTING_KEYS, BAD_REQUEST).optional(),
});
export type FindPlatformSettingsAuditQuery = z.input<typeof FindPlatformSettingsAuditQuerySchema>;

export const PlatformSettingsAuditResponseSchema = pagedSchema(PlatformSettingAuditEntrySchema);
export type PlatformSettingsAuditResponse = z.infer<typeof PlatformSettingsAuditResponseSchema>;

/**
 * Socket event after staff saved settings, sent to every connection (channel `PlatformSettings`, which
 * every socket joins): open tabs refetch what depends on them (the booking wizard's cancellation rule).
 */
export const PLATFORM_SETTINGS_CHANGED_EVENT = 'platform-settings-changed';
export const PLATFORM_SETTINGS_CHANNEL = 'PlatformSettings';

export const PlatformSettingsChangedEventSchema = z.object({
  keys: z.array(z.enum(PLATFORM_SETTING_KEYS)),
  settings: PublicPlatformSettingsSchema,
  at: isoDateTime,
});
export type PlatformSettingsChangedEvent = z.infer<typeof PlatformSettingsChangedEventSchema>;
