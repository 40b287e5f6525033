import { z } from 'zod';
import { DASHBOARD_WEEKS } from './dashboard-weeks.ts';

/**
 * The admin dashboard's contract (`GET /api/v1/stats/dashboard`, issue 13 "Back office"): one figure
 * per card with a weekly series for its small chart. Weeks are product weeks (Saturday 00:00 to the
 * next Saturday, Africa/Cairo); days and months are Cairo calendar days and months. Money is piasters.
 * A card is present only when the caller's role may open its screen (rules.md "Staff permissions"):
 * admins see every card, a TutorManager their own lessons and interviews, a Studio member the photo
 * sessions of their tutors.
 */

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

/** `GET /api/v1/stats/dashboard?weeks=8`: the charts' length (2–26 weeks, default 8). */
export const DashboardQuerySchema = z.object({
  weeks: z.coerce
    .number(BAD_REQUEST)
    .int(BAD_REQUEST)
    .min(DASHBOARD_WEEKS.min, BAD_REQUEST)
    .max(DASHBOARD_WEEKS.max, BAD_REQUEST)
    .default(DASHBOARD_WEEKS.default),
});
export type DashboardQuery = Partial<z.output<typeof DashboardQuerySchema>>;

/** One value per week of `weeks`, oldest first; the last is the current week. */
const series = z.array(z.number().int());

/** A figure for today and for this week (lessons, new users). */
export const DayWeekCardSchema = z.object({ today: count, week: count, series });
/** Net revenue this week and this month, piasters; the series is weekly net revenue. */
export const RevenueCardSchema = z.object({ week: z.number().int(), month: z.number().int(), series });
/** Something waiting now (`count`), with a weekly series of how many arrived. */
export const BacklogCardSchema = z.object({ count, series });

export const DashboardCardsSchema = z.object({
  /** Lessons not cancelled, by start: today's and this week's (a TutorManager: their own). */
  lessons: /* @__PURE__ */ DayWeekCardSchema.optional(),
  /** Students and tutors who signed up (staff accounts are not counted). */
  newUsers: /* @__PURE__ */ DayWeekCardSchema.optional(),
  /**
   * Paid transactions net of refunds (amount − refunded), by when they were paid; a refund counts
   * against the week or month its payment was made in.
   */
  revenue: /* @__PURE__ */ RevenueCardSchema.optional(),
  /** Withdrawal requests waiting for staff (pending, updated or cancelled by the tutor); series: new requests. */
  pendingInvoices: /* @__PURE__ */ BacklogCardSchema.optional(),
  /** Interviews booked and not held yet (status pending); series: interviews booked. */
  pendingInterviews: /* @__PURE__ */ BacklogCardSchema.optional(),
  /** Passed interviews a SuperAdmin has not signed; series: interviews passed. */
  unsignedInterviews: /* @__PURE__ */ BacklogCardSchema.optional(),
  /** Reports not resolved; series: reports made. */
  openReports: /* @__PURE__ */ BacklogCardSchema.optional(),
  /** Tutors still lacking an avatar, intro video or thumbnail (a Studio member: their tutors); series: media uploaded. */
  photoSessions: /* @__PURE__ */ BacklogCardSchema.optional(),
});

export const DashboardStatsSchema = z.object({
  /** The start of each charted week, oldest first. */
  weeks: z.array(isoDateTime),
  cards: DashboardCardsSchema,
  generatedAt: isoDateTime,
});

export type DashboardCards = z.infer<typeof DashboardCardsSchema>;
export type DashboardCardKey = keyof DashboardCards;
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
export type DayWeekCard = z.infer<typeof DayWeekCardSchema>;
export type RevenueCard = z.infer<typeof RevenueCardSchema>;
export type BacklogCard = z.infer<typeof BacklogCardSchema>;
