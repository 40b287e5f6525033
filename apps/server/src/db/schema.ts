import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform settings (rules.md "setting" numbers): one row per key, defaults from
 * `PLATFORM_SETTINGS_DEFAULTS` seeded on an empty database; staff edit them in the back office.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});
