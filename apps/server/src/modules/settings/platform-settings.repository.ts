import { PLATFORM_SETTINGS_DEFAULTS, type PlatformSettings, PlatformSettingsSchema } from '@hiwar/domain';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { platformSettings, platformSettingsAudit, users } from '../../db/schema.ts';

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

/** The stored rows (keys staff saved, or the demo seed wrote), with when each last changed. */
export async function readPlatformSettingRows(
  db: Executor,
): Promise<Array<{ key: string; value: unknown; updatedAt: Date }>> {
  return db.select().from(platformSettings);
}

/**
 * Serialises changes of the settings (a transaction-level advisory lock): two staff members saving at
 * once each read the values the other committed, so every audit row's old value is the one replaced.
 */
export async function lockPlatformSettings(db: Executor): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('platform_settings'))`);
}

/** Writes one setting's new value. */
export async function upsertPlatformSetting(
  db: Executor,
  key: string,
  value: number,
  at: Date,
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: at } });
}

export async function insertPlatformSettingAudit(
  db: Executor,
  values: { key: string; oldValue: number | null; newValue: number; changedBy: number; createdAt: Date },
): Promise<void> {
  await db.insert(platformSettingsAudit).values(values);
}

export type PlatformSettingAuditRow = typeof platformSettingsAudit.$inferSelect & {
  changedByUser: { id: number; name: string | null; image: string | null } | null;
};

/** A page of the audit, newest first, optionally one key's. */
export async function findPlatformSettingAudit(
  db: Executor,
  filter: { key?: string | undefined },
  page: { page: number; size: number },
): Promise<{ rows: PlatformSettingAuditRow[]; total: number }> {
  const where = filter.key === undefined ? undefined : eq(platformSettingsAudit.key, filter.key);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        audit: platformSettingsAudit,
        userId: users.id,
        userName: users.name,
        userImage: users.image,
      })
      .from(platformSettingsAudit)
      .leftJoin(users, eq(users.id, platformSettingsAudit.changedBy))
      .where(where)
      .orderBy(desc(platformSettingsAudit.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ total: count() }).from(platformSettingsAudit).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.audit,
      changedByUser:
        row.userId === null ? null : { id: row.userId, name: row.userName, image: row.userImage },
    })),
    total: totals?.total ?? 0,
  };
}
