import { useReportEvents, useReports } from '@hiwar/client';
import { Role } from '@hiwar/domain';
import {
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  formatNumber,
  Input,
  supportMessages,
  useToast,
} from '@hiwar/ui';
import { Eye, Image, LifeBuoy } from 'lucide-react';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { REPORTS_PAGE_SIZE, reportListQuery, useReportListParams } from '../hooks/use-report-list-params.ts';
import { ReportDetailDialog, ReporterName, ReportStatusBadge } from './report-detail-dialog.tsx';

const text = supportMessages.adminReports;
const REPORTER_ROLES = [Role.Student, Role.Tutor, Role.TutorManager] as const;

/**
 * The reports inbox (SuperAdmin, RegularAdmin): open reports first by default, filtered by status,
 * reporter (chosen by name), a search and Cairo dates, newest first; every filter, the page and the
 * open report live in the address. New reports and replies arrive live on the `Reports` channel (a toast
 * for a new one). Render inside `LiveUpdates`.
 */
export function ReportsInbox() {
  const { params, update, open, reset, hasFilters } = useReportListParams();
  const reports = useReports(reportListQuery(params));
  const { toast } = useToast();
  useReportEvents((event, name) => {
    if (name === 'Reports' && event.action === 'created') {
      toast({ type: 'info', title: supportMessages.events.newReport(event.report.title) });
    }
  });
  const total = reports.data?.total ?? 0;
  const list = reports.data?.list ?? [];

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormField label={text.status}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              update({ status: value === 'all' ? undefined : (value as 'open' | 'resolved') });
            }}
          >
            <option value="open">{text.onlyOpen}</option>
            <option value="resolved">{text.onlyResolved}</option>
            <option value="all">{text.anyStatus}</option>
          </select>
        </FormField>
        <UserPicker
          label={text.reporter}
          placeholder={text.reporterPlaceholder}
          roles={REPORTER_ROLES}
          value={params.reporterId}
          onChange={(id) => update({ reporterId: id })}
        />
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold text-foreground" aria-hidden="true">
            {text.search}
          </span>
          <SearchField
            label={text.search}
            placeholder={text.searchPlaceholder}
            clearLabel={text.clearSearch}
            value={params.search}
            onSearch={(search) => update({ search }, { replace: true })}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={text.from}>
            <Input
              type="date"
              value={params.from ?? ''}
              max={params.to}
              onChange={(event) => update({ from: event.target.value || undefined })}
            />
          </FormField>
          <FormField label={text.to}>
            <Input
              type="date"
              value={params.to ?? ''}
              min={params.from}
              onChange={(event) => update({ to: event.target.value || undefined })}
            />
          </FormField>
        </div>
        {hasFilters ? (
          <div className="flex items-end sm:col-span-full">
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.reset}
            </Button>
          </div>
        ) : null}
      </div>
      {reports.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : reports.isError ? (
        <ErrorState title={text.loadFailed} error={reports.error} onRetry={() => void reports.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<LifeBuoy />} title={text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.total(total)} · {text.open(reports.data?.unresolved ?? 0)}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.title}</th>
                  <th className={t.headCell}>{text.reporter}</th>
                  <th className={t.headCell}>{text.created}</th>
                  <th className={t.headCell}>{text.status}</th>
                  <th className={t.headCell}>{text.replies}</th>
                  <th className={t.headCell}>{text.actions}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {list.map((report) => (
                  <tr key={report.id} className={t.row}>
                    <td className={`${t.cell} max-w-xs`}>
                      <span className="flex items-center gap-1.5 font-semibold">
                        <span className="truncate" dir="auto">
                          {report.title}
                        </span>
                        {report.screenshot ? (
                          <Image
                            role="img"
                            aria-label={supportMessages.conversation.screenshot}
                            className="size-4 shrink-0 text-muted-foreground"
                          />
                        ) : null}
                      </span>
                      {report.lessonStart ? (
                        <span className="block text-xs text-muted-foreground">
                          {text.lesson(formatDateTime(report.lessonStart))}
                        </span>
                      ) : null}
                    </td>
                    <td className={t.cell}>
                      <ReporterName reporter={report.reporter} />
                    </td>
                    <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(report.createdAt)}</td>
                    <td className={t.cell}>
                      <ReportStatusBadge resolved={report.resolved} />
                    </td>
                    <td className={`${t.cell} tabular-nums`}>{formatNumber(report.replyCount)}</td>
                    <td className={t.cell}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={text.viewReport(report.title)}
                        onClick={() => open(report.id)}
                      >
                        <Eye aria-hidden="true" />
                        {text.view}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              label={text.pages}
              page={params.page}
              pageSize={REPORTS_PAGE_SIZE}
              total={total}
              onPageChange={(page) => update({ page })}
            />
          </div>
        </>
      )}
      <ReportDetailDialog reportId={params.openId} onClose={() => open(undefined)} />
    </div>
  );
}
