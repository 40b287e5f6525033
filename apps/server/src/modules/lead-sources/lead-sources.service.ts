import {
  addLocalDays,
  DASHBOARD_WEEKS,
  type LeadSourceStats,
  type LeadSourceStatsQuery,
  toLocalDate,
  UNKNOWN_LEAD_SOURCE_LIMITS,
  type UnknownLeadSource,
  unknownLeadSourceName,
} from '@hiwar/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createTokenBuckets } from '../../core/token-buckets.ts';
import type { Database } from '../../db/client.ts';
import { dashboardSpans } from '../stats/dashboard.service.ts';
import { findUnknownVisits, recordUnknownVisit } from './lead-sources.repository.ts';

/** Names listed at most, the most visited first. */
const LISTED_NAMES = 100;

/** What became of a visit: counted, or why not. */
export type UnknownVisitOutcome = 'counted' | 'not-a-name' | 'too-frequent' | 'day-full' | 'failed';

export type LeadSourcesDeps = {
  db: Database;
  clock: () => Date;
  log?: FastifyBaseLogger;
  /** The bounds of `UNKNOWN_LEAD_SOURCE_LIMITS` (tests use smaller ones). */
  limits?: Record<keyof typeof UNKNOWN_LEAD_SOURCE_LIMITS, number>;
};

/**
 * Unknown marketing links (issue 27): the landing server counts each visit to `/url/{name}` with a
 * name it does not know (it sends the visitor home either way); staff read the counts per name and
 * week on the dashboard (`GET /api/v1/stats/lead-sources`).
 */
export function createLeadSourcesService(deps: LeadSourcesDeps) {
  const limits = deps.limits ?? UNKNOWN_LEAD_SOURCE_LIMITS;
  const perAddress = createTokenBuckets({ burst: limits.visitsPerMinute, perMinute: limits.visitsPerMinute });
  // Every address together: what the database is asked to write, whatever the number of addresses.
  const everyone = createTokenBuckets({
    burst: limits.allVisitsPerMinute,
    perMinute: limits.allVisitsPerMinute,
  });

  return {
    /**
     * Counts a visit to `/url/{raw}` from `address` when `raw` is a plain unknown name (see
     * `unknownLeadSourceName`), the address has not visited too often this minute, and the Cairo day
     * has room for the name. Never throws: a visitor's redirect does not wait on, nor fail with, this.
     */
    async recordUnknownVisit(raw: string, address: string): Promise<UnknownVisitOutcome> {
      const name = unknownLeadSourceName(raw);
      if (!name) {
        return 'not-a-name';
      }
      if (!perAddress.take(address) || !everyone.take('all')) {
        return 'too-frequent';
      }
      const at = deps.clock();
      const day = toLocalDate(at);
      try {
        return await recordUnknownVisit(
          deps.db,
          { name, day, at },
          { namesPerDay: limits.namesPerDay, keepFrom: addLocalDays(day, -limits.keepDays) },
        );
      } catch (error) {
        deps.log?.warn({ err: error, name }, 'could not count a visit to an unknown /url link');
        return 'failed';
      }
    },

    /** `GET /api/v1/stats/lead-sources`: each unknown link's visits per product week, most visited first. */
    async getStats(query: LeadSourceStatsQuery = {}): Promise<LeadSourceStats> {
      const weeks = query.weeks ?? DASHBOARD_WEEKS.default;
      const now = deps.clock();
      const { weekBounds } = dashboardSpans(now, weeks);
      // Each week as Cairo days [start, end): Saturday to the next Saturday.
      const days = weekBounds.map((bound) => toLocalDate(bound));
      const rows = await findUnknownVisits(deps.db, days[0] as string);
      const byName = new Map<string, UnknownLeadSource>();
      for (const row of rows) {
        const week = days.findLastIndex((start) => start <= row.day);
        if (week < 0 || week >= weeks) {
          continue;
        }
        const entry = byName.get(row.name) ?? {
          name: row.name,
          series: Array.from({ length: weeks }, () => 0),
          total: 0,
          lastVisitAt: row.lastVisitAt.toISOString(),
        };
        entry.series[week] = (entry.series[week] ?? 0) + row.visits;
        entry.total += row.visits;
        if (row.lastVisitAt.toISOString() > entry.lastVisitAt) {
          entry.lastVisitAt = row.lastVisitAt.toISOString();
        }
        byName.set(row.name, entry);
      }
      const unknown = [...byName.values()]
        .sort(
          (a, b) =>
            b.total - a.total || b.lastVisitAt.localeCompare(a.lastVisitAt) || a.name.localeCompare(b.name),
        )
        .slice(0, LISTED_NAMES);
      return {
        weeks: weekBounds.slice(0, -1).map((start) => start.toISOString()),
        unknown,
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type LeadSourcesService = ReturnType<typeof createLeadSourcesService>;
