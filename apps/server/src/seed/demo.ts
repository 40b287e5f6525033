import { PLATFORM_SETTINGS_DEFAULTS } from '@hiwar/domain';
import type { Database } from '../db/client.ts';
import { platformSettings } from '../db/schema.ts';

export type DemoLogin = { role: string; email: string; password: string };

/**
 * Demo data for local mode, written once into an empty database (each capability adds its part).
 * Returns the demo accounts so `npm start` can print them.
 */
export async function seedDemoData(db: Database): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  const existing = await db.select({ key: platformSettings.key }).from(platformSettings).limit(1);
  if (existing.length > 0) {
    return { seeded: false, logins: [] };
  }
  await seedPlatformSettings(db);
  return { seeded: true, logins: [] };
}

/** The rules.md defaults for every platform setting; later edits by staff are kept. */
export async function seedPlatformSettings(db: Database): Promise<void> {
  const rows = Object.entries(PLATFORM_SETTINGS_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(platformSettings).values(rows).onConflictDoNothing();
}
