import { z } from 'zod';
import { DASHBOARD_WEEKS } from './dashboard-weeks.ts';

const BAD_REQUEST = { error: 'bad-request' } as const;
const isoDateTime = z.iso.datetime({ offset: true });

/** `GET /api/v1/stats/lead-sources?weeks=8`: how many product weeks to count (2–26, default 8). */
export const LeadSourceStatsQuerySchema = z.object({
  weeks: z.coerce
    .number(BAD_REQUEST)
    .int(BAD_REQUEST)
    .min(DASHBOARD_WEEKS.min, BAD_REQUEST)
    .max(DASHBOARD_WEEKS.max, BAD_REQUEST)
    .default(DASHBOARD_WEEKS.default),
});
export type LeadSourceStatsQuery = Partial<z.output<typeof LeadSourceStatsQuerySchema>>;

/** One unknown link's visits: per charted week (oldest first, the last is this week) and in all. */
export const UnknownLeadSourceSchema = z.object({
  name: z.string(),
  series: z.array(z.number().int().nonnegative()),
  total: z.number().int().nonnegative(),
  lastVisitAt: isoDateTime,
});

/** Unknown `/url/{name}` links visited in the charted weeks, the most visited first (at most 100). */
export const LeadSourceStatsSchema = z.object({
  /** The start of each charted week, oldest first. */
  weeks: z.array(isoDateTime),
  unknown: z.array(UnknownLeadSourceSchema),
  generatedAt: isoDateTime,
});

export type UnknownLeadSource = z.infer<typeof UnknownLeadSourceSchema>;
export type LeadSourceStats = z.infer<typeof LeadSourceStatsSchema>;
