import {
  PLATFORM_SETTING_KEYS,
  PLATFORM_SETTINGS_BOUNDS,
  PLATFORM_SETTINGS_CHANGED_EVENT,
  PLATFORM_SETTINGS_CHANNEL,
  PLATFORM_SETTINGS_DEFAULTS,
  type PlatformSettingAuditEntry,
  type PlatformSettingKey,
  type PlatformSettings,
  type PlatformSettingsAuditResponse,
  type PlatformSettingsChangedEvent,
  type PlatformSettingsResponse,
  PlatformSettingsSchema,
  type PublicPlatformSettings,
  publicPlatformSettings,
  type UpdatePlatformSettingsRequest,
} from '@hiwar/domain';
import type { Database } from '../../db/client.ts';
import type { Broadcast } from '../../realtime/broadcast.ts';
import type { StoredFiles } from '../assets/stored-files.ts';
import type { TutorsCache } from '../tutors/tutors-cache.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  findPlatformSettingAudit,
  insertPlatformSettingAudit,
  lockPlatformSettings,
  readPlatformSettingRows,
  settingsFromRows,
  upsertPlatformSetting,
} from './platform-settings.repository.ts';

export type PlatformSettingsDeps = {
  db: Database;
  files: Pick<StoredFiles, 'uploadUrl'>;
  /** Read at each send: the realtime role replaces it after the services are built. */
  broadcast: Broadcast | null;
  tutorsCache: TutorsCache;
  clock: () => Date;
};

/** Settings the tutors list depends on (its bookable starts): a change clears the list's cache. */
const TUTORS_LIST_SETTINGS: ReadonlySet<PlatformSettingKey> = new Set(['bookingLeadMinutes']);

/**
 * Platform settings (rules.md, every *setting*): stored in PostgreSQL and read per request by the
 * modules that apply them, so a change holds on every instance at once — nothing is cached per
 * instance. A save writes each changed key and its audit row (who, when, old and new value) in one
 * transaction under an advisory lock; open tabs are told on the `PlatformSettings` channel.
 */
export function createPlatformSettingsService(deps: PlatformSettingsDeps) {
  const { db, files, clock } = deps;

  async function view(): Promise<PlatformSettingsResponse> {
    const rows = await readPlatformSettingRows(db);
    const settings = settingsFromRows(rows);
    const fields = PlatformSettingsSchema.shape;
    return {
      list: PLATFORM_SETTING_KEYS.map((key) => {
        const stored = rows.find((row) => row.key === key && fields[key].safeParse(row.value).success);
        return {
          key,
          value: settings[key],
          defaultValue: PLATFORM_SETTINGS_DEFAULTS[key],
          min: PLATFORM_SETTINGS_BOUNDS[key].min,
          max: PLATFORM_SETTINGS_BOUNDS[key].max,
          step: PLATFORM_SETTINGS_BOUNDS[key].step ?? null,
          unit: PLATFORM_SETTINGS_BOUNDS[key].unit,
          updatedAt: stored ? stored.updatedAt.toISOString() : null,
        };
      }),
    };
  }

  return {
    getSettings: view,

    /** The part of the settings the student and tutor app shows (anyone may read it). */
    async getPublicSettings(): Promise<PublicPlatformSettings> {
      return publicPlatformSettings(settingsFromRows(await readPlatformSettingRows(db)));
    },

    /** Saves the keys whose value differs from the one in force, each with an audit row. */
    async updateSettings(
      caller: UserRow,
      patch: UpdatePlatformSettingsRequest,
    ): Promise<PlatformSettingsResponse> {
      const now = clock();
      const { changed, settings } = await db.transaction(async (tx) => {
        await lockPlatformSettings(tx);
        const current: PlatformSettings = settingsFromRows(await readPlatformSettingRows(tx));
        const keys: PlatformSettingKey[] = [];
        for (const key of PLATFORM_SETTING_KEYS) {
          const value = patch[key];
          if (value === undefined || value === current[key]) {
            continue;
          }
          await upsertPlatformSetting(tx, key, value, now);
          await insertPlatformSettingAudit(tx, {
            key,
            oldValue: current[key],
            newValue: value,
            changedBy: caller.id,
            createdAt: now,
          });
          keys.push(key);
        }
        return { changed: keys, settings: { ...current, ...patch } as PlatformSettings };
      });
      if (changed.length > 0) {
        const event: PlatformSettingsChangedEvent = {
          keys: changed,
          settings: publicPlatformSettings(settings),
          at: now.toISOString(),
        };
        deps.broadcast?.toRoom(PLATFORM_SETTINGS_CHANNEL, PLATFORM_SETTINGS_CHANGED_EVENT, event);
        if (changed.some((key) => TUTORS_LIST_SETTINGS.has(key))) {
          await deps.tutorsCache.invalidate('settings');
        }
      }
      return view();
    },

    async findAudit(query: {
      page: number;
      size: number;
      key?: string | undefined;
    }): Promise<PlatformSettingsAuditResponse> {
      const page = await findPlatformSettingAudit(db, query, query);
      return {
        list: page.rows.map(
          (row): PlatformSettingAuditEntry => ({
            id: row.id,
            key: row.key as PlatformSettingKey,
            oldValue: typeof row.oldValue === 'number' ? row.oldValue : null,
            newValue: Number(row.newValue),
            changedBy: row.changedByUser
              ? {
                  id: row.changedByUser.id,
                  name: row.changedByUser.name,
                  image: row.changedByUser.image ? files.uploadUrl(row.changedByUser.image) : null,
                }
              : null,
            createdAt: row.createdAt.toISOString(),
          }),
        ),
        total: page.total,
      };
    },
  };
}

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
