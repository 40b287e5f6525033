import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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
    /** Where the user came from (spec §3 lead sources, `/url/{name}` on the public site), kept at sign-up. */
    leadSource: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} BETWEEN 1 AND 6`),
    check('users_city_check', sql`${table.city} BETWEEN 1 AND 30`),
    check('users_gender_check', sql`${table.gender} IN ('male', 'female')`),
    check('users_notification_method_check', sql`${table.notificationMethod} IN (1, 2)`),
    check('users_lead_source_check', sql`${table.leadSource} IN ('wa', 'sfb', 'syt', 'sig', 'stt', 'sx')`),
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
    /**
     * When a SuperAdmin signed the tutor's passed interview (spec §4: signing marks the tutor as
     * passed, irreversibly). A listing condition for Tutors; the interviews module sets it.
     */
    interviewSignedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The Studio member who makes this tutor's photo-session media (rules.md: Studio, assigned tutors). */
    studioId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Kept current by the `ratings` trigger (migration 0007): the rating is `ratingSum / ratingCount`. */
    ratingCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tutors_studio_idx').on(table.studioId).where(sql`${table.studioId} IS NOT NULL`),
    check('tutors_notice_check', sql`${table.notice} BETWEEN 1 AND 60`),
    check('tutors_rating_check', sql`${table.ratingCount} >= 0 AND ${table.ratingSum} >= 0`),
  ],
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
  (table) => [
    /**
     * `upload`: public (avatars, videos, thumbnails); `receipt` and `report`: private to owner and staff;
     * `chat`: a chat attachment, private to its room's members; `note`: a file on a lesson's note,
     * private to the lesson's members and admins.
     */
    check('files_kind_check', sql`${table.kind} IN ('upload', 'receipt', 'report', 'chat', 'note')`),
    index('files_owner_idx').on(table.ownerId),
  ],
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

const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });

/** A period price column: whole pounds in piasters, positive. */
const priceCheck = (name: string, column: unknown) => check(name, sql`${column} > 0 AND ${column} % 100 = 0`);
/** A discount column: basis points, 0–100 %. */
const discountCheck = (name: string, column: unknown) => check(name, sql`${column} BETWEEN 0 AND 10000`);

/**
 * Subscription plans (spec §3 "Plan"): weekly minutes and, per period (month, quarter, half year,
 * year), a full price in piasters and a discount in basis points. Deleting a plan only marks it
 * (`deletedAt`): transactions and subscriptions keep pointing at what was bought.
 */
export const plans = pgTable(
  'plans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    alias: text().notNull(),
    weeklyMinutes: integer().notNull(),
    fullMonthPrice: integer().notNull(),
    fullMonthDiscount: integer().notNull().default(0),
    fullQuarterPrice: integer().notNull(),
    fullQuarterDiscount: integer().notNull().default(0),
    halfYearPrice: integer().notNull(),
    halfYearDiscount: integer().notNull().default(0),
    fullYearPrice: integer().notNull(),
    fullYearDiscount: integer().notNull().default(0),
    forInvitesOnly: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    deletedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'plans_weekly_minutes_check',
      sql`${table.weeklyMinutes} BETWEEN 15 AND 10080 AND ${table.weeklyMinutes} % 15 = 0`,
    ),
    check('plans_alias_check', sql`char_length(${table.alias}) BETWEEN 3 AND 50`),
    priceCheck('plans_full_month_price_check', table.fullMonthPrice),
    priceCheck('plans_full_quarter_price_check', table.fullQuarterPrice),
    priceCheck('plans_half_year_price_check', table.halfYearPrice),
    priceCheck('plans_full_year_price_check', table.fullYearPrice),
    discountCheck('plans_full_month_discount_check', table.fullMonthDiscount),
    discountCheck('plans_full_quarter_discount_check', table.fullQuarterDiscount),
    discountCheck('plans_half_year_discount_check', table.halfYearDiscount),
    discountCheck('plans_full_year_discount_check', table.fullYearDiscount),
  ],
);

/**
 * Coupons: a code, a discount in basis points, an expiry and an optional usage limit. `uses` counts
 * purchases holding the coupon (taken atomically when a purchase starts, given back when it fails), so
 * the limit holds under concurrent checkouts. Deleted coupons are only marked; their code may be reused.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    discount: integer().notNull(),
    expiresAt: timestamptz().notNull(),
    usageLimit: integer(),
    uses: integer().notNull().default(0),
    deletedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('coupons_code_live_unique').on(table.code).where(sql`${table.deletedAt} IS NULL`),
    check('coupons_code_check', sql`${table.code} ~ '^[A-Z0-9-]{4,20}$'`),
    check('coupons_discount_check', sql`${table.discount} BETWEEN 100 AND 10000`),
    check(
      'coupons_uses_check',
      sql`${table.uses} >= 0 AND (${table.usageLimit} IS NULL OR (${table.usageLimit} > 0 AND ${table.uses} <= ${table.usageLimit}))`,
    ),
  ],
);

/** Invites: staff open an invite-only plan to one e-mail address. One per (address, plan). */
export const invites = pgTable(
  'invites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: citext().notNull(),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invites_email_plan_unique').on(table.email, table.planId),
    index('invites_plan_idx').on(table.planId),
  ],
);

/**
 * A card installment purchase (rules.md): the whole price split into 2 or 4 payments over the term.
 * Each installment is paid by its own transaction; the first one paid creates the subscription.
 */
export const installmentPlans = pgTable(
  'installment_plans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    period: smallint().notNull(),
    couponId: integer().references(() => coupons.id),
    totalAmount: integer().notNull(),
    count: smallint().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('installment_plans_count_check', sql`${table.count} IN (2, 4)`),
    check('installment_plans_total_check', sql`${table.totalAmount} > 0`),
    index('installment_plans_user_idx').on(table.userId),
  ],
);

/** One installment of an installment plan; `paidAt` is set when a transaction for it is paid. */
export const installments = pgTable(
  'installments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    installmentPlanId: integer()
      .notNull()
      .references(() => installmentPlans.id, { onDelete: 'cascade' }),
    index: smallint().notNull(),
    amount: integer().notNull(),
    dueAt: timestamptz().notNull(),
    paidAt: timestamptz(),
  },
  (table) => [
    uniqueIndex('installments_plan_index_unique').on(table.installmentPlanId, table.index),
    check('installments_amount_check', sql`${table.amount} > 0`),
    /** The reminder job's scan: unpaid installments by due date. */
    index('installments_unpaid_due_idx').on(table.dueAt).where(sql`${table.paidAt} IS NULL`),
  ],
);

/**
 * Reminders sent about an unpaid installment (`InstallmentReminderKind`: upcoming, due, overdue,
 * paused). The key admits one row per (installment, kind): the job inserts it before sending, and only
 * the worker whose insert went in sends, so several workers never send a reminder twice.
 */
export const installmentReminders = pgTable(
  'installment_reminders',
  {
    installmentId: integer()
      .notNull()
      .references(() => installments.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    sentAt: timestamptz().notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ name: 'installment_reminders_pkey', columns: [table.installmentId, table.kind] }),
    check('installment_reminders_kind_check', sql`${table.kind} IN ('upcoming', 'due', 'overdue', 'paused')`),
  ],
);

/**
 * Payment attempts (architecture §7). The id is the `merchantRefNum` Fawry knows, one per attempt.
 * Amounts are piasters; `refundedAmount` never exceeds `amount`. A staff grant is a zero-amount row
 * with `grantedBy` and no method. Status moves only along rules.md's table, under a row lock.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The plan bought; null for the trial lesson's payment (`trial`, decision 0048). */
    planId: integer().references(() => plans.id),
    /** The trial lesson's payment: once Paid (and not refunded) the student may book their trial. */
    trial: boolean().notNull().default(false),
    period: smallint().notNull(),
    couponId: integer().references(() => coupons.id),
    amount: integer().notNull(),
    refundedAmount: integer().notNull().default(0),
    /** The plan's weekly minutes when the purchase started: what the buyer was shown and pays for. */
    weeklyMinutes: integer().notNull(),
    method: smallint(),
    status: smallint().notNull().default(0),
    /** Fawry's order reference (the cash reference number), unique across Fawry. */
    fawryRefNumber: text().unique('transactions_fawry_ref_number_unique'),
    /** When an unpaid reference number or wallet request stops being payable. */
    expiresAt: timestamptz(),
    installmentId: integer().references(() => installments.id),
    /** Bank installment programme through Fawry: its months and Fawry's plan id. */
    bankInstallmentMonths: smallint(),
    fawryInstallmentPlanId: integer(),
    failureReason: text(),
    paidAt: timestamptz(),
    grantedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** An upgrade's payment: the subscription it moves to `planId` once paid (decision 0042). */
    upgradeOf: integer().references((): AnyPgColumn => subscriptions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('transactions_status_check', sql`${table.status} BETWEEN 0 AND 6`),
    check(
      'transactions_purpose_check',
      sql`${table.trial} = (${table.planId} IS NULL) AND NOT (${table.trial} AND ${table.upgradeOf} IS NOT NULL)`,
    ),
    // One trial payment open or paid per student: a second would pay for the one trial twice.
    uniqueIndex('transactions_trial_unique')
      .on(table.userId)
      .where(sql`${table.trial} AND ${table.status} IN (0, 1)`),
    // One upgrade order awaiting payment per subscription: a second would pay for the same move twice.
    uniqueIndex('transactions_open_upgrade_unique')
      .on(table.upgradeOf)
      .where(sql`${table.upgradeOf} IS NOT NULL AND ${table.status} = 0`),
    check('transactions_method_check', sql`${table.method} BETWEEN 0 AND 3`),
    check('transactions_period_check', sql`${table.period} BETWEEN 0 AND 3`),
    check(
      'transactions_amount_check',
      sql`${table.amount} >= 0 AND ${table.refundedAmount} BETWEEN 0 AND ${table.amount}`,
    ),
    check('transactions_grant_check', sql`${table.grantedBy} IS NULL OR ${table.amount} = 0`),
    index('transactions_user_idx').on(table.userId, table.id),
    index('transactions_open_idx').on(table.status, table.createdAt).where(sql`${table.status} = 0`),
  ],
);

/**
 * Every status report about a transaction: Fawry notifications (raw, signature-verified), status polls,
 * our own API results and staff actions. A status that was applied is recorded once per transaction
 * (the unique index), so a replayed or concurrent notification can never apply twice; a partial refund
 * may repeat, and reports that were not applied (late, out of order) are kept for the record only.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer()
      .notNull()
      .references(() => transactions.id),
    status: smallint().notNull(),
    fawryRefNumber: text(),
    source: text().notNull(),
    applied: boolean().notNull(),
    payload: jsonb(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_notifications_applied_unique')
      .on(table.transactionId, table.status)
      .where(sql`${table.applied} AND ${table.status} <> 5`),
    check(
      'payment_notifications_source_check',
      sql`${table.source} IN ('notification', 'poll', 'api', 'staff')`,
    ),
    index('payment_notifications_transaction_idx').on(table.transactionId),
  ],
);

/**
 * What a paid transaction bought: the plan's weekly minutes (copied) from `startsAt` to `endsAt`.
 * `endedAt` cuts it short (refund). No two live subscriptions of one student overlap: an EXCLUDE
 * constraint (migration 0004) enforces it, beside the row lock the purchase takes.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    transactionId: integer()
      .notNull()
      .unique('subscriptions_transaction_unique')
      .references(() => transactions.id),
    installmentPlanId: integer().references(() => installmentPlans.id),
    period: smallint().notNull(),
    weeklyMinutes: integer().notNull(),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    endedAt: timestamptz(),
    endReason: text(),
    /** Renewal on: reminded before the end to pay again; off: ends at period end (decision 0042). */
    renew: boolean().notNull().default(true),
    renewalRemindedAt: timestamptz(),
    /** Last moved to a bigger plan by a paid upgrade (`planId` and `weeklyMinutes` are the new plan's). */
    upgradedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (table) => [
    check('subscriptions_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('subscriptions_end_reason_check', sql`${table.endReason} IN ('refunded', 'canceled')`),
    index('subscriptions_user_idx').on(table.userId, table.endsAt),
    index('subscriptions_installment_plan_idx')
      .on(table.installmentPlanId)
      .where(sql`${table.installmentPlanId} IS NOT NULL`),
  ],
);

/**
 * A student's request to get money back for a subscription (decision 0042). Staff refund it through
 * the payment it names, or decline it with a note; the student may withdraw it while pending. At most
 * one pending request per subscription.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    status: text().notNull().default('pending'),
    staffNote: text(),
    refundedAmount: integer(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'refund_requests_status_check',
      sql`${table.status} IN ('pending', 'refunded', 'declined', 'withdrawn')`,
    ),
    check('refund_requests_reason_check', sql`char_length(${table.reason}) BETWEEN 1 AND 1000`),
    check('refund_requests_decided_check', sql`(${table.status} = 'pending') = (${table.decidedAt} IS NULL)`),
    uniqueIndex('refund_requests_pending_unique')
      .on(table.subscriptionId)
      .where(sql`${table.status} = 'pending'`),
    index('refund_requests_status_idx').on(table.status, table.id),
    index('refund_requests_user_idx').on(table.userId, table.id),
  ],
);

/** What was done to a subscription, by whom (decision 0042): the audit staff and the student read. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id),
    kind: text().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    details: jsonb().$type<Record<string, string | number | boolean>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('subscription_events_subscription_idx').on(table.subscriptionId, table.id)],
);

/**
 * Topics (spec §3 "Topic"): an Arabic and an English name, each 3–50 characters and unique (letter
 * case aside). Tutors list their specialities and students their favourites from these.
 */
export const topics = pgTable(
  'topics',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nameAr: citext().notNull(),
    nameEn: citext().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('topics_name_ar_unique').on(table.nameAr),
    uniqueIndex('topics_name_en_unique').on(table.nameEn),
    check('topics_name_ar_check', sql`char_length(${table.nameAr}) BETWEEN 3 AND 50`),
    check('topics_name_en_check', sql`char_length(${table.nameEn}) BETWEEN 3 AND 50`),
    index('topics_name_ar_trgm_idx').using('gin', sql`(${table.nameAr}::text) gin_trgm_ops`),
    index('topics_name_en_trgm_idx').using('gin', sql`(${table.nameEn}::text) gin_trgm_ops`),
  ],
);

/**
 * A user's topics: a tutor's specialities, a student's favourites. At most 30 per user: every write
 * runs in a transaction holding the user's row lock and counts first.
 */
export const userTopics = pgTable(
  'user_topics',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: integer()
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'user_topics_pkey', columns: [table.userId, table.topicId] }),
    index('user_topics_topic_idx').on(table.topicId),
  ],
);

/**
 * A tutor's availability windows (rules.md "Availability"): dated, on the 15-minute grid, 30 minutes to
 * 12 hours. Deleting only marks a window (`deletedAt`): lessons keep pointing at the window they were
 * booked in. No two live windows of one tutor overlap: EXCLUDE constraint `availability_slots_no_overlap`
 * (migration 0007).
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    deletedAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('availability_slots_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    index('availability_slots_tutor_idx')
      .on(table.tutorId, table.startsAt)
      .where(sql`${table.deletedAt} IS NULL`),
    /** Every tutor's windows from now on (the tutor directory), without reading past ones: index-only. */
    index('availability_slots_directory_idx')
      .on(table.endsAt, table.tutorId, table.startsAt)
      .where(sql`${table.deletedAt} IS NULL`),
  ],
);

/**
 * Rooms: one per pair of users (rules.md "Chat"), created on the pair's first booking. The pair is
 * stored ordered (`memberLow` < `memberHigh`) so the unique index admits one room per pair whatever
 * the order. Minimal on purpose: the chat module adds messages, pins and mutes.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberLow: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the newest visible message was sent (rooms list order); the room's creation until then. */
    lastMessageAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('rooms_pair_unique').on(table.memberLow, table.memberHigh),
    check('rooms_pair_check', sql`${table.memberLow} < ${table.memberHigh}`),
  ],
);

/** Who may read and post in a room. */
export const roomMembers = pgTable(
  'room_members',
  {
    roomId: integer()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Pin and mute are each member's own (rules.md "Chat"). */
    pinnedAt: timestamptz(),
    mutedAt: timestamptz(),
    /** Read receipts: the newest message of the room this member has read (null: none yet). */
    lastReadMessageId: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'room_members_pkey', columns: [table.roomId, table.userId] }),
    index('room_members_user_idx').on(table.userId),
  ],
);

/**
 * Chat messages (rules.md "Chat"): sanitised HTML of 1–1000 visible characters. Edits keep the id
 * and set `editedAt`; a delete blanks the text and sets `deletedAt`, so receipts and order survive.
 * `clientRef` is the sender's own id for an optimistic message: sending it twice (a retry after a
 * reconnect) stores one message.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    clientRef: text(),
    editedAt: timestamptz(),
    deletedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_room_idx').on(table.roomId, table.id),
    uniqueIndex('messages_client_ref_unique').on(table.senderId, table.clientRef),
    check(
      'messages_client_ref_check',
      sql`${table.clientRef} IS NULL OR char_length(${table.clientRef}) <= 64`,
    ),
  ],
);

/**
 * Files sent with a chat message (issue 27): a picture (stored as JPEG, with its size in pixels), a
 * PDF, or a voice note (Opus in WebM or Ogg, with its length when known), in the order sent. The file (`files`, kind `chat`) is read by the room's members only; deleting
 * the message leaves its files to the orphan sweep, which then removes these rows with them.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text()
      .notNull()
      .unique()
      .references(() => files.name, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    kind: text().notNull(),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    /** A voice note's length in ms, when its container tells it (decision 0041). */
    durationMs: integer(),
  },
  (table) => [
    index('chat_attachments_message_idx').on(table.messageId, table.position),
    check('chat_attachments_kind_check', sql`${table.kind} IN ('picture', 'pdf', 'voice')`),
  ],
);

/**
 * Lessons (spec §3 "Lesson"; rules.md "Lessons"). `endsAt` is stored (an EXCLUDE needs an immutable
 * range) and tied to `startsAt + duration` by a check. `price` is the tutor's earning fixed at booking,
 * in piasters. Status is never stored: it is derived from time and `canceledAt`. Neither a tutor's nor
 * a student's live lessons overlap: EXCLUDE constraints `lessons_tutor_no_overlap` and
 * `lessons_student_no_overlap` (migration 0007), mapped to `busy-tutor` and `conflicting-lessons`.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tutorId: integer()
      .notNull()
      .references(() => users.id),
    studentId: integer()
      .notNull()
      .references(() => users.id),
    startsAt: timestamptz().notNull(),
    duration: smallint().notNull(),
    endsAt: timestamptz().notNull(),
    price: integer().notNull(),
    /** A TutorManager's free introductory lesson: spends no minutes. */
    intro: boolean().notNull().default(false),
    /**
     * The student's one trial lesson with any tutor (issue 27, platform settings `trialLesson*`): spends
     * no minutes; `price` holds what the student paid for it.
     */
    trial: boolean().notNull().default(false),
    /** The window it was booked in. */
    slotId: integer().references(() => availabilitySlots.id, { onDelete: 'set null' }),
    /** The subscription whose minutes it spends (null for the introductory lesson). */
    subscriptionId: integer().references(() => subscriptions.id),
    canceledAt: timestamptz(),
    /** `LessonCanceler`: tutor, student or staff. */
    canceledBy: text(),
    canceledById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Set on cancellation: whether the student's minutes went back (false: a late student cancellation). */
    minutesReturned: boolean(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('lessons_duration_check', sql`${table.duration} IN (15, 30)`),
    check(
      'lessons_end_check',
      sql`${table.endsAt} - ${table.startsAt} = ${table.duration} * interval '1 minute'`,
    ),
    check('lessons_price_check', sql`${table.price} >= 0`),
    check('lessons_members_check', sql`${table.tutorId} <> ${table.studentId}`),
    check('lessons_canceled_by_check', sql`${table.canceledBy} IN ('tutor', 'student', 'staff')`),
    check(
      'lessons_canceled_check',
      sql`(${table.canceledAt} IS NULL) = (${table.canceledBy} IS NULL) AND (${table.canceledAt} IS NULL) = (${table.minutesReturned} IS NULL)`,
    ),
    index('lessons_tutor_idx').on(table.tutorId, table.startsAt),
    index('lessons_student_idx').on(table.studentId, table.startsAt),
    // What a booking reads of the student (`findBookingContext`): their live lessons still to end, and
    // whether they had their introductory lesson, without visiting every lesson they ever took.
    index('lessons_student_live_idx')
      .on(table.studentId, table.endsAt)
      .where(sql`${table.canceledAt} IS NULL`),
    index('lessons_student_intro_idx')
      .on(table.studentId)
      .where(sql`${table.intro} AND ${table.canceledAt} IS NULL`),
    index('lessons_subscription_idx')
      .on(table.subscriptionId)
      .where(sql`${table.subscriptionId} IS NOT NULL`),
    // One trial per student, ever: a trial cancelled in time (or by the tutor or staff) gives it back,
    // one the student cancelled late counts as taken, as a late cancellation spends minutes.
    uniqueIndex('lessons_student_trial_unique')
      .on(table.studentId)
      .where(sql`${table.trial} AND (${table.canceledAt} IS NULL OR ${table.minutesReturned} = false)`),
    check('lessons_trial_check', sql`NOT (${table.trial} AND ${table.intro})`),
  ],
);

/**
 * After the lesson (issue 27): its tutor's summary and homework, plain text, written or changed within
 * 48 hours of its end (the domain's `checkLessonNote`); one per lesson.
 */
export const lessonNotes = pgTable(
  'lesson_notes',
  {
    lessonId: integer()
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    summary: text().notNull(),
    homework: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('lesson_notes_summary_check', sql`char_length(${table.summary}) BETWEEN 1 AND 2000`),
    check(
      'lesson_notes_homework_check',
      sql`${table.homework} IS NULL OR char_length(${table.homework}) BETWEEN 1 AND 2000`,
    ),
  ],
);

/**
 * Pictures and PDFs on a lesson's note (decision 0049): stored like chat attachments (`files`, kind
 * `note`), read by the lesson's members and admins. At most `BOUNDS.lessonNoteFiles.perNote` per note,
 * counted under the lesson's row lock; removing a file (or its `files` row) removes its row here.
 */
export const lessonNoteFiles = pgTable(
  'lesson_note_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer()
      .notNull()
      .references(() => lessonNotes.lessonId, { onDelete: 'cascade' }),
    fileName: text()
      .notNull()
      .unique()
      .references(() => files.name, { onDelete: 'cascade' }),
    kind: text().notNull(),
    name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    createdAt: createdAt(),
  },
  (table) => [
    index('lesson_note_files_lesson_idx').on(table.lessonId, table.id),
    check('lesson_note_files_kind_check', sql`${table.kind} IN ('picture', 'pdf')`),
  ],
);

/**
 * A student's favourite tutors (issue 27): saved from the directory's card or the profile, listed under
 * "my tutors" on the student's home with the tutors they had lessons with.
 */
export const favoriteTutors = pgTable(
  'favorite_tutors',
  {
    studentId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.tutorId] }),
    index('favorite_tutors_tutor_idx').on(table.tutorId),
    check('favorite_tutors_members_check', sql`${table.studentId} <> ${table.tutorId}`),
  ],
);

/**
 * Ratings (rules.md "Ratings"): one per (rater, ratee), value 1–5, optional text 3–1000 characters.
 * A trigger (migration 0007) keeps `tutors.rating_count` and `tutors.rating_sum` current.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: smallint().notNull(),
    text: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ratings_rater_ratee_unique').on(table.raterId, table.rateeId),
    index('ratings_ratee_idx').on(table.rateeId, table.createdAt),
    check('ratings_value_check', sql`${table.value} BETWEEN 1 AND 5`),
    check('ratings_text_check', sql`${table.text} IS NULL OR char_length(${table.text}) BETWEEN 3 AND 1000`),
    check('ratings_members_check', sql`${table.raterId} <> ${table.rateeId}`),
  ],
);

/**
 * Session-room attendance (spec §3 "Session event": user joined 1, user left 2), one row per join or
 * leave of a member's connection, of a lesson's room or an interview's (exactly one of the two ids).
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer().references(() => lessons.id, { onDelete: 'cascade' }),
    interviewId: integer().references((): AnyPgColumn => interviews.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: smallint().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('session_events_lesson_idx').on(table.lessonId, table.createdAt),
    index('session_events_interview_idx')
      .on(table.interviewId, table.createdAt)
      .where(sql`${table.interviewId} IS NOT NULL`),
    check('session_events_event_check', sql`${table.event} IN (1, 2)`),
    check('session_events_session_check', sql`(${table.lessonId} IS NULL) <> (${table.interviewId} IS NULL)`),
  ],
);

/**
 * Lesson reminders (rules.md "Lessons"; docs/decisions/0008): one row per member and kind (`day`,
 * `hour`), written with the booking or the move for the reminders still ahead then. `startsAt` is the
 * start it reminds of: a move deletes the unsent rows and writes new ones, so a row whose lesson no
 * longer starts then (or was cancelled) is never sent. `sentAt` is set once, by the worker that claims it.
 */
export const lessonReminders = pgTable(
  'lesson_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    startsAt: timestamptz().notNull(),
    remindAt: timestamptz().notNull(),
    /** Past this (the next reminder's time, or the start) an unsent reminder is dropped, not sent late. */
    expiresAt: timestamptz().notNull(),
    sentAt: timestamptz(),
  },
  (table) => [
    uniqueIndex('lesson_reminders_unique').on(table.lessonId, table.userId, table.kind, table.startsAt),
    index('lesson_reminders_due_idx').on(table.remindAt).where(sql`${table.sentAt} IS NULL`),
    check('lesson_reminders_kind_check', sql`${table.kind} IN ('day', 'hour')`),
  ],
);

/**
 * Interviews (spec §3 "Interview"; rules.md "Interviews"): a tutor (interviewee) meets a TutorManager
 * (interviewer) for 30 minutes. Status Pending 1 → Passed 2 / Rejected 3 / Canceled 4. `note` is
 * staff-only; `feedback` is the interviewer's words to the tutor, `intervieweeFeedback` the tutor's.
 * Signing (`signedAt`, a SuperAdmin) is irreversible. Times live on everyone's calendar
 * (`calendar_spans`, kept by triggers), so an interview and a lesson of one person never overlap.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    interviewerId: integer()
      .notNull()
      .references(() => users.id),
    intervieweeId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    status: smallint().notNull().default(1),
    level: smallint(),
    feedback: text(),
    intervieweeFeedback: text(),
    note: text(),
    /** When the outcome (passed, rejected) was last recorded: the six-month retake counts from it. */
    decidedAt: timestamptz(),
    canceledAt: timestamptz(),
    canceledById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Whether the interviewee cancelled (only that holds them back six months). */
    canceledByInterviewee: boolean(),
    signedAt: timestamptz(),
    signedById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('interviews_status_check', sql`${table.status} BETWEEN 1 AND 4`),
    check('interviews_level_check', sql`${table.level} IS NULL OR ${table.level} BETWEEN 1 AND 5`),
    check('interviews_range_check', sql`${table.endsAt} > ${table.startsAt}`),
    check('interviews_members_check', sql`${table.interviewerId} <> ${table.intervieweeId}`),
    check(
      'interviews_canceled_check',
      sql`(${table.status} = 4) = (${table.canceledAt} IS NOT NULL) AND (${table.canceledAt} IS NULL) = (${table.canceledByInterviewee} IS NULL)`,
    ),
    check('interviews_signed_check', sql`${table.signedAt} IS NULL OR ${table.status} = 2`),
    index('interviews_interviewer_idx').on(table.interviewerId, table.startsAt),
    index('interviews_interviewee_idx').on(table.intervieweeId, table.startsAt),
    /** At most one pending or passed interview per tutor, whatever races (`conflicting-interview`). */
    uniqueIndex('interviews_one_open_unique').on(table.intervieweeId).where(sql`${table.status} IN (1, 2)`),
  ],
);

/**
 * Everyone's calendar of what they teach or attend as staff: one row per live lesson (its tutor) and
 * two per live interview (interviewer and interviewee), written by triggers on `lessons` and
 * `interviews` (migration 0010). One exclusion constraint, `calendar_spans_no_overlap`, keeps a
 * TutorManager's introductory lessons and interviews apart, and a tutor's interview off their lessons.
 */
export const calendarSpans = pgTable(
  'calendar_spans',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    lessonId: integer().references(() => lessons.id, { onDelete: 'cascade' }),
    interviewId: integer().references(() => interviews.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check('calendar_spans_source_check', sql`(${table.lessonId} IS NULL) <> (${table.interviewId} IS NULL)`),
    /** Busy times of many tutors in a range (the tutors list, the interviewer select). */
    index('calendar_spans_user_idx').on(table.userId, table.startsAt),
    /** Every tutor's busy spans from now on (the tutor directory), without reading past ones: index-only. */
    index('calendar_spans_directory_idx').on(table.endsAt, table.userId, table.startsAt),
    index('calendar_spans_lesson_idx').on(table.lessonId).where(sql`${table.lessonId} IS NOT NULL`),
    index('calendar_spans_interview_idx').on(table.interviewId).where(sql`${table.interviewId} IS NOT NULL`),
  ],
);

/**
 * Interview reminders, a day and an hour before, to both members; the same plan and sweep as lesson
 * reminders (decision 0008): a row per member and kind for the start it reminds of, dropped when the
 * interview moves or is cancelled.
 */
export const interviewReminders = pgTable(
  'interview_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    interviewId: integer()
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    startsAt: timestamptz().notNull(),
    remindAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    sentAt: timestamptz(),
  },
  (table) => [
    uniqueIndex('interview_reminders_unique').on(table.interviewId, table.userId, table.kind, table.startsAt),
    index('interview_reminders_due_idx').on(table.remindAt).where(sql`${table.sentAt} IS NULL`),
    check('interview_reminders_kind_check', sql`${table.kind} IN ('day', 'hour')`),
  ],
);

/**
 * Withdraw methods (spec §3 "Withdraw method"; rules.md "Earnings and withdrawals"): one row per type
 * (wallet, bank, instapay), seeded by migration 0011 with rules.md's limits (100 and 50,000 EGP, in
 * piasters); staff change the limits and switch a method off.
 */
export const withdrawMethods = pgTable(
  'withdraw_methods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(),
    min: integer().notNull(),
    max: integer().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('withdraw_methods_type_unique').on(table.type),
    check('withdraw_methods_type_check', sql`${table.type} IN ('wallet', 'bank', 'instapay')`),
    check('withdraw_methods_limits_check', sql`${table.min} > 0 AND ${table.min} <= ${table.max}`),
  ],
);

/**
 * Withdrawal requests (spec §3 "Invoice"; rules.md "Earnings and withdrawals", docs/decisions/0013).
 * The receiver details of the method (`phone` for a wallet, `bank` and `accountNumber`, or the InstaPay
 * `username`) are where the money goes; a tutor's update request waits in the `requested*` columns until
 * staff approve it. `amount` (piasters) is held from the tutor's balance while the status is pending,
 * updated-by-receiver, canceled-by-receiver or fulfilled. A fulfilled invoice has a receipt, a rejected
 * one a note. Deleting only marks (`deletedAt`): a money record is never erased.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    method: text().notNull(),
    phone: text(),
    bank: text(),
    accountNumber: text(),
    username: text(),
    requestedMethod: text(),
    requestedPhone: text(),
    requestedBank: text(),
    requestedAccountNumber: text(),
    requestedUsername: text(),
    amount: integer().notNull(),
    status: text().notNull().default('pending'),
    note: text(),
    /** File name of the transfer receipt (`files.name`, kind `receipt`). */
    receipt: text(),
    /** The staff member who last acted on it. */
    addressedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamptz(),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('invoices_amount_check', sql`${table.amount} > 0`),
    check(
      'invoices_status_check',
      sql`${table.status} IN ('pending', 'fulfilled', 'rejected', 'canceled-by-receiver', 'canceled-by-admin', 'updated-by-receiver', 'cancellation-approved-by-admin')`,
    ),
    check('invoices_method_check', sql`${table.method} IN ('wallet', 'bank', 'instapay')`),
    check(
      'invoices_details_check',
      sql`CASE ${table.method} WHEN 'wallet' THEN ${table.phone} IS NOT NULL WHEN 'bank' THEN ${table.bank} IN ('cib', 'alex') AND ${table.accountNumber} IS NOT NULL ELSE ${table.username} IS NOT NULL END`,
    ),
    check(
      'invoices_requested_check',
      sql`(${table.requestedMethod} IS NOT NULL) = (${table.status} = 'updated-by-receiver')`,
    ),
    check(
      'invoices_fulfilled_receipt_check',
      sql`${table.status} <> 'fulfilled' OR ${table.receipt} IS NOT NULL`,
    ),
    check('invoices_rejected_note_check', sql`${table.status} <> 'rejected' OR ${table.note} IS NOT NULL`),
    index('invoices_user_idx').on(table.userId, table.createdAt),
    index('invoices_created_idx').on(table.createdAt),
    index('invoices_status_idx').on(table.status, table.createdAt).where(sql`${table.deletedAt} IS NULL`),
  ],
);

/**
 * Every change of an invoice, for the record: who (the tutor or a staff member), from which status to
 * which (the same for a note edit), and what the change carried (details, note, receipt).
 */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    data: jsonb(),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_events_invoice_idx').on(table.invoiceId, table.id),
    check(
      'invoice_events_action_check',
      sql`${table.action} IN ('created', 'status-changed', 'note-changed', 'deleted')`,
    ),
  ],
);

/**
 * Reports (spec §7 "Report"; rules.md "Reports and contact requests"): a signed-in user reports a
 * problem — title 5–128, description 10–1000 characters, optionally about one of their lessons and with a
 * private screenshot (`files.kind = 'report'`). The reporter edits or deletes it until staff reply.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    lessonId: integer().references(() => lessons.id, { onDelete: 'set null' }),
    /** File name of the screenshot in the file store (private). */
    screenshot: text(),
    /** Staff closed it (solved or answered for good); null while open. */
    resolvedAt: timestamptz(),
    resolvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('reports_title_check', sql`char_length(${table.title}) BETWEEN 5 AND 128`),
    check('reports_description_check', sql`char_length(${table.description}) BETWEEN 10 AND 1000`),
    index('reports_user_idx').on(table.userId, table.createdAt),
    index('reports_open_idx').on(table.createdAt).where(sql`${table.resolvedAt} IS NULL`),
  ],
);

/** Replies in a report's conversation: staff answers, and the reporter's follow-ups. */
export const reportReplies = pgTable(
  'report_replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('report_replies_text_check', sql`char_length(${table.text}) BETWEEN 1 AND 1000`),
    index('report_replies_report_idx').on(table.reportId, table.id),
  ],
);

/**
 * Contact requests from the public site's `/contact` (spec §7; rules.md): a name, a phone or an e-mail,
 * a title (5–128) and a message (10–1000). Staff mark them handled.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    phone: text(),
    email: citext(),
    title: text().notNull(),
    message: text().notNull(),
    /** The sender's address, for abuse only. */
    ip: text(),
    handledAt: timestamptz(),
    handledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('contact_requests_reach_check', sql`${table.phone} IS NOT NULL OR ${table.email} IS NOT NULL`),
    check('contact_requests_title_check', sql`char_length(${table.title}) BETWEEN 5 AND 128`),
    check('contact_requests_message_check', sql`char_length(${table.message}) BETWEEN 10 AND 1000`),
    index('contact_requests_open_idx').on(table.createdAt).where(sql`${table.handledAt} IS NULL`),
  ],
);

/** Every change of a platform setting: who, when, the value before and after. */
export const platformSettingsAudit = pgTable(
  'platform_settings_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    oldValue: jsonb(),
    newValue: jsonb().notNull(),
    changedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('platform_settings_audit_key_idx').on(table.key, table.id)],
);

/**
 * Visits to marketing links the landing site does not know (`/url/{name}` with a name other than the
 * six lead sources), counted per name and Cairo day for staff (issue 27). Bounded: names are 1–32 of
 * `[a-z0-9_-]` (the check), at most `UNKNOWN_LEAD_SOURCE_LIMITS.namesPerDay` names a day (the
 * lead-sources repository, under a lock), old days deleted.
 */
export const unknownLeadSourceVisits = pgTable(
  'unknown_lead_source_visits',
  {
    name: text().notNull(),
    /** The Cairo calendar day of the visits. */
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(1),
    lastVisitAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.name, table.day] }),
    check('unknown_lead_source_visits_name_check', sql`${table.name} ~ '^[a-z0-9_-]{1,32}$'`),
    check('unknown_lead_source_visits_visits_check', sql`${table.visits} > 0`),
    index('unknown_lead_source_visits_day_idx').on(table.day),
  ],
);
