import {
  addLocalDays,
  addZonedDays,
  DASHBOARD_WEEKS,
  type DashboardCardKey,
  type DashboardQuery,
  type DashboardStats,
  localDateTimeToInstant,
  localDayRange,
  Role,
  toLocalDate,
  weekWindow,
} from '@hiwar/domain';
import { forbidden } from '../../core/auth.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../users/users.repository.ts';
import { countDashboard, type DashboardScope, type DashboardSpans } from './stats.repository.ts';

const ADMIN_CARDS: readonly DashboardCardKey[] = [
  'lessons',
  'newUsers',
  'revenue',
  'pendingInvoices',
  'pendingInterviews',
  'unsignedInterviews',
  'openReports',
  'photoSessions',
];

/**
 * The cards each staff role sees (rules.md "Staff permissions"): admins all of them; a TutorManager
 * the lessons and interviews they hold; a Studio member the photo sessions of their tutors.
 */
export function dashboardScopeFor(caller: Pick<UserRow, 'id' | 'role'>): DashboardScope {
  switch (caller.role) {
    case Role.SuperAdmin:
    case Role.RegularAdmin:
      return { cards: new Set(ADMIN_CARDS) };
    case Role.TutorManager:
      return {
        cards: new Set<DashboardCardKey>(['lessons', 'pendingInterviews', 'unsignedInterviews']),
        ownerId: caller.id,
      };
    case Role.Studio:
      return { cards: new Set<DashboardCardKey>(['photoSessions']), studioId: caller.id };
    default:
      throw forbidden();
  }
}

/**
 * Today, this week (Saturday to Friday) and this month on Cairo's calendar at `now`, and the `weeks`
 * product weeks ending with the current one. DST-safe: weeks are counted on the wall clock.
 */
export function dashboardSpans(now: Date, weeks: number): DashboardSpans {
  const today = localDayRange(toLocalDate(now));
  const week = weekWindow(now);
  const monthStart = `${toLocalDate(now).slice(0, 7)}-01`;
  const nextMonth = addLocalDays(monthStart, 32).slice(0, 7);
  const month = {
    start: localDateTimeToInstant(monthStart, '00:00'),
    end: localDateTimeToInstant(`${nextMonth}-01`, '00:00'),
  };
  const weekBounds = Array.from({ length: weeks }, (_, index) =>
    addZonedDays(week.start, -7 * (weeks - 1 - index)),
  );
  return { today, week, month, weekBounds: [...weekBounds, week.end] };
}

export function createDashboardService(deps: { db: Database; clock: () => Date }) {
  return {
    /** `GET /api/v1/stats/dashboard`: the caller's cards at the app's time. */
    async getDashboard(caller: UserRow, query: DashboardQuery = {}): Promise<DashboardStats> {
      const weeks = query.weeks ?? DASHBOARD_WEEKS.default;
      const scope = dashboardScopeFor(caller);
      const now = deps.clock();
      const spans = dashboardSpans(now, weeks);
      const cards = await countDashboard(deps.db, scope, spans);
      return {
        weeks: spans.weekBounds.slice(0, -1).map((start) => start.toISOString()),
        cards,
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
