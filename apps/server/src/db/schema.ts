import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Platform settings (rules.md "setting" numbers): one row per key, defaults from
 * `PLATFORM_SETTINGS_DEFAULTS` seeded on an empty database; staff edit them in the back office.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/** PostgreSQL's case-insensitive text (extension created by migration 0000): e-mail addresses. */
const citext = customType<{ data: string }>({ dataType: () => 'citext' });

const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().default(sql`now()`);
const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`)
    .$onUpdate(() => new Date());

/**
 * Every account, all six roles. `passwordHash` is null for Google-only accounts. A bearer token is
 * valid only when its `iat` is at or after `tokensValidAfter` (logout and password changes move it).
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: citext().notNull().unique(),
    passwordHash: text(),
    googleSub: text().unique('users_google_sub_unique'),
    role: smallint().notNull(),
    name: text(),
    birthYear: smallint(),
    gender: text(),
    city: smallint(),
    phone: text(),
    verifiedEmail: boolean().notNull().default(false),
    verifiedPhone: boolean().notNull().default(false),
    notificationMethod: smallint(),
    /** Telegram chat the bot may write to, once the user has started it. */
    telegramChatId: text(),
    /** File name in the file store (`files.name`). */
    image: text(),
    creditScore: integer().notNull().default(0),
    tokensValidAfter: timestamp({ withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    timezone: text().notNull().default('Africa/Cairo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} BETWEEN 1 AND 6`),
    check('users_city_check', sql`${table.city} BETWEEN 1 AND 30`),
    check('users_gender_check', sql`${table.gender} IN ('male', 'female')`),
    check('users_notification_method_check', sql`${table.notificationMethod} IN (1, 2)`),
    index('users_role_idx').on(table.role),
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

/** Tutor meta, for Tutor and TutorManager users only (spec §3). `video`/`thumbnail` are file names. */
export const tutors = pgTable(
  'tutors',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text(),
    about: text(),
    video: text(),
    thumbnail: text(),
    activated: boolean().notNull().default(false),
    activatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    notice: smallint().notNull().default(14),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('tutors_notice_check', sql`${table.notice} BETWEEN 1 AND 60`)],
);

/**
 * One-time codes (e-mail verification, password reset, phone verification). Only an HMAC of the
 * code is kept. A code is usable while not consumed, not voided, unexpired and under the attempt cap.
 */
export const confirmationCodes = pgTable(
  'confirmation_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    codeHash: text().notNull(),
    /** The e-mail address or phone number the code was sent to. */
    target: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Set when a newer code of the same kind replaced this one. */
    voidedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('confirmation_codes_kind_check', sql`${table.kind} BETWEEN 1 AND 4`),
    index('confirmation_codes_user_kind_idx').on(table.userId, table.kind, table.createdAt),
  ],
);

/** Every stored file: public uploads (avatars, videos, thumbnails) and private receipts. */
export const files = pgTable(
  'files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull().unique(),
    kind: text().notNull(),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('files_kind_check', sql`${table.kind} IN ('upload', 'receipt')`)],
);

/**
 * Messages written instead of sent when no provider is configured for their channel (local mode).
 * Local mode shows them at /dev/outbox; the e2e tests read codes there. Messages that really went
 * out are not kept: they may carry codes, and codes are never stored in clear.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    html: text(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('outbox_channel_check', sql`${table.channel} IN ('email', 'whatsapp', 'telegram')`),
    index('outbox_recipient_idx').on(table.recipient, table.createdAt),
  ],
);
