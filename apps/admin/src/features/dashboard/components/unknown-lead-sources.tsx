import { useLeadSourceStats } from '@hiwar/client';
import { DASHBOARD_WEEKS, UNKNOWN_LEAD_SOURCE_LIMITS } from '@hiwar/domain';
import {
  adminDashboardMessages,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  formatDateTime,
  formatNumber,
} from '@hiwar/ui';
import { Link2Off } from 'lucide-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Sparkline } from '../../../components/sparkline.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';

const text = adminDashboardMessages.dashboard.unknownLeadSources;
const sparkline = adminDashboardMessages.sparkline;
const WEEKS = DASHBOARD_WEEKS.default;

/**
 * The dashboard's table of marketing links nobody told the landing site about (admins): each
 * `/url/{name}` visited in the last weeks, with this week's visits, the total, the weekly trend and
 * the last visit, the most visited first.
 */
export function UnknownLeadSources() {
  const stats = useLeadSourceStats({ weeks: WEEKS });
  const list = stats.data?.unknown ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.title}</CardTitle>
        <CardDescription>
          {text.description(formatNumber(UNKNOWN_LEAD_SOURCE_LIMITS.namesPerDay))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Skeleton className="h-32 w-full rounded-xl" />
        ) : stats.isError ? (
          <ErrorState title={text.loadFailed} error={stats.error} onRetry={() => void stats.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={<Link2Off />} title={text.empty(WEEKS)} />
        ) : (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.link}</th>
                  <th className={t.headCell}>{text.thisWeek}</th>
                  <th className={t.headCell}>{text.total(WEEKS)}</th>
                  <th className={t.headCell}>{text.trend}</th>
                  <th className={t.headCell}>{text.lastVisit}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {list.map((entry) => {
                  const values = entry.series.map((value) => formatNumber(value));
                  const chart = text.chart(entry.name);
                  return (
                    <tr key={entry.name} className={t.row}>
                      <th scope="row" className={`${t.cell} text-start font-semibold`}>
                        <bdi dir="ltr" className="font-mono">
                          /url/{entry.name}
                        </bdi>
                      </th>
                      <td className={`${t.cell} tabular-nums`}>{formatNumber(entry.series.at(-1) ?? 0)}</td>
                      <td className={`${t.cell} tabular-nums`}>{formatNumber(entry.total)}</td>
                      <td className={t.cell}>
                        <Sparkline
                          values={entry.series}
                          label={sparkline.summary(chart, values, values.at(-1) ?? '')}
                          className="h-8 w-24"
                        />
                      </td>
                      <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(entry.lastVisitAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
