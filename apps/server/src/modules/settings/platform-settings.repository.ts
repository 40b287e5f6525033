import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings, PlatformSettingsSchema } from '@hiwar/domain';
import type { Executor } from '../../db/client.ts';
import { platformSettings } from '../../db/schema.ts';

/**
 * The platform settings in force: stored values over the rules.md defaults. A stored value that no
 * longer fits its schema (edited by hand) falls back to the default rather than break the feature.
 */
export async function readPlatformSettings(db: Executor): Promise<PlatformSettings> {
  return settingsFromRows(await db.select().from(platformSettings));
}

/** The settings in force from the stored rows (`readPlatformSettings`, or a statement reading more). */
export function settingsFromRows(rows: ReadonlyArray<{ key: string; value: unknown }>): PlatformSettings {
  const settings: Record<string, unknown> = { ...PLATFORM_SETTINGS_DEFAULTS };
  const fields = PlatformSettingsSchema.shape;
  for (const row of rows) {
    const field = fields[row.key as keyof typeof fields];
    if (field?.safeParse(row.value).success) {
      settings[row.key] = row.value;
    }
  }
  return PlatformSettingsSchema.parse(settings);
}
