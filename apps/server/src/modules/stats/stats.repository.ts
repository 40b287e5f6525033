import {
  type DashboardCardKey,
  type DashboardCards,
  InterviewStatus,
  OPEN_INVOICE_STATUSES,
  PaymentStatus,
  type QueueDepth,
  Role,
} from '@hiwar/domain';
import { type SQL, sql } from 'drizzle-orm';
import { JOBS_SCHEMA } from '../../core/jobs.ts';
import type { Executor } from '../../db/client.ts';

/** A half-open span of time, [start, end). */
export type Span = { start: Date; end: Date };

/** Where the dashboard's figures are counted: which cards, and whose (a TutorManager's, a studio's). */
export type DashboardScope = {
  cards: ReadonlySet<DashboardCardKey>;
  /** Only this TutorManager's lessons (as the tutor) and interviews (as the interviewer). */
  ownerId?: number;
  /** Only the tutors of this Studio member. */
  studioId?: number;
};

/** The spans the figures cover: today, this week and month (Cairo), and the charted weeks. */
export type DashboardSpans = {
  today: Span;
  week: Span;
  month: Span;
  /** Each charted week's start, oldest first, then the end of the current week. */
  weekBounds: readonly Date[];
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const within = (column: SQL, span: Span) =>
  sql`${column} >= ${at(span.start)} AND ${column} < ${at(span.end)}`;
const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Every figure of the dashboard the scope asks for, in one statement: each card is one JSON column
 * built from scalar subqueries. A chart's series counts (or sums) one row source into the charted
 * weeks with `width_bucket`, empty weeks as 0.
 */
export async function countDashboard(
  db: Executor,
  scope: DashboardScope,
  spans: DashboardSpans,
): Promise<DashboardCards> {
  const bounds = spans.weekBounds;
  const weeks = bounds.length - 1;
  const charted: Span = { start: bounds[0]!, end: bounds[weeks]! };
  const thresholds = sql`ARRAY[${sql.join(bounds.map(at), sql`, `)}]`;

  /** Weekly totals of `value` over rows of `from` (a FROM … WHERE … fragment) by `time`. */
  const series = (time: SQL, from: SQL, value: SQL = sql`1`) => sql`(
    SELECT coalesce(array_agg(coalesce(w.total, 0) ORDER BY b.i), '{}')
    FROM generate_series(1, ${weeks}::int) AS b(i)
    LEFT JOIN (
      SELECT width_bucket(${time}, ${thresholds}) AS i, sum(${value})::bigint AS total
      ${from} AND ${within(time, charted)}
      GROUP BY 1
    ) AS w ON w.i = b.i
  )`;
  const countOf = (from: SQL, condition: SQL = sql`TRUE`) => sql`(SELECT count(*) ${from} AND ${condition})`;
  const sumOf = (value: SQL, from: SQL, condition: SQL) =>
    sql`(SELECT coalesce(sum(${value}), 0)::bigint ${from} AND ${condition})`;

  const own = (column: SQL) => (scope.ownerId === undefined ? sql`TRUE` : sql`${column} = ${scope.ownerId}`);
  const columns: SQL[] = [];
  const add = (key: DashboardCardKey, value: SQL) => {
    if (scope.cards.has(key)) {
      columns.push(sql`${value} AS ${sql.identifier(key)}`);
    }
  };

  const lessons = sql`FROM lessons WHERE canceled_at IS NULL AND ${own(sql`tutor_id`)}`;
  add(
    'lessons',
    sql`json_build_object(
      'today', ${countOf(lessons, within(sql`starts_at`, spans.today))},
      'week', ${countOf(lessons, within(sql`starts_at`, spans.week))},
      'series', ${series(sql`starts_at`, lessons)})`,
  );

  const newUsers = sql`FROM users WHERE role IN (${inList([Role.Student, Role.Tutor])})`;
  add(
    'newUsers',
    sql`json_build_object(
      'today', ${countOf(newUsers, within(sql`created_at`, spans.today))},
      'week', ${countOf(newUsers, within(sql`created_at`, spans.week))},
      'series', ${series(sql`created_at`, newUsers)})`,
  );

  const paid = sql`FROM transactions WHERE status IN (${inList([
    PaymentStatus.Paid,
    PaymentStatus.PartialRefunded,
    PaymentStatus.Refunded,
  ])}) AND paid_at IS NOT NULL`;
  const net = sql`amount - refunded_amount`;
  add(
    'revenue',
    sql`json_build_object(
      'week', ${sumOf(net, paid, within(sql`paid_at`, spans.week))},
      'month', ${sumOf(net, paid, within(sql`paid_at`, spans.month))},
      'series', ${series(sql`paid_at`, paid, net)})`,
  );

  const invoices = sql`FROM invoices WHERE deleted_at IS NULL`;
  add(
    'pendingInvoices',
    sql`json_build_object(
      'count', ${countOf(invoices, sql`status IN (${inList(OPEN_INVOICE_STATUSES)})`)},
      'series', ${series(sql`created_at`, invoices)})`,
  );

  const interviews = sql`FROM interviews WHERE ${own(sql`interviewer_id`)}`;
  add(
    'pendingInterviews',
    sql`json_build_object(
      'count', ${countOf(interviews, sql`status = ${InterviewStatus.Pending}`)},
      'series', ${series(sql`created_at`, interviews)})`,
  );
  const passed = sql`FROM interviews WHERE ${own(sql`interviewer_id`)} AND status = ${InterviewStatus.Passed}`;
  add(
    'unsignedInterviews',
    sql`json_build_object(
      'count', ${countOf(passed, sql`signed_at IS NULL`)},
      'series', ${series(sql`decided_at`, passed)})`,
  );

  const reports = sql`FROM reports WHERE TRUE`;
  add(
    'openReports',
    sql`json_build_object(
      'count', ${countOf(reports, sql`resolved_at IS NULL`)},
      'series', ${series(sql`created_at`, reports)})`,
  );

  // The studio lists' tutors (role Tutor) and their `missing` filter, so the card matches the list.
  const studio = scope.studioId === undefined ? sql`TRUE` : sql`t.studio_id = ${scope.studioId}`;
  const studioTutors = sql`FROM tutors t JOIN users u ON u.id = t.user_id WHERE u.role = ${Role.Tutor} AND ${studio}`;
  const uploads = sql`FROM files f WHERE f.kind = 'upload' AND f.owner_id IN (SELECT t.user_id ${studioTutors})`;
  add(
    'photoSessions',
    sql`json_build_object(
      'count', ${countOf(studioTutors, sql`(u.image IS NULL OR t.video IS NULL OR t.thumbnail IS NULL)`)},
      'series', ${series(sql`f.created_at`, uploads)})`,
  );

  if (columns.length === 0) {
    return {};
  }
  const result = await db.execute<Record<string, unknown>>(sql`SELECT ${sql.join(columns, sql`, `)}`);
  return (result.rows[0] ?? {}) as DashboardCards;
}

/**
 * Jobs per pg-boss queue: waiting (created or retrying, what `getQueueSize` counts) and running.
 * Null when pg-boss has not created its schema in this database (no worker ever started on it).
 */
export async function findQueueDepths(db: Executor): Promise<QueueDepth[] | null> {
  const schema = sql.identifier(JOBS_SCHEMA);
  const exists = await db.execute<{ present: boolean }>(
    sql`SELECT to_regclass(${`${JOBS_SCHEMA}.queue`}) IS NOT NULL AND to_regclass(${`${JOBS_SCHEMA}.job`}) IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) {
    return null;
  }
  const result = await db.execute<{ name: string; queued: number; active: number }>(sql`
    SELECT q.name,
           count(j.id) FILTER (WHERE j.state < 'active')::int AS queued,
           count(j.id) FILTER (WHERE j.state = 'active')::int AS active
    FROM ${schema}.queue q
    LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state <= 'active'
    GROUP BY q.name
    ORDER BY q.name`);
  return result.rows.map((row) => ({ name: row.name, queued: row.queued, active: row.active }));
}
