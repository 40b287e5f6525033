import { useReport, useReportEvents, useReports, useSession } from '@hiwar/client';
import type { Report } from '@hiwar/domain';
import {
  Alert,
  Button,
  Card,
  cn,
  EmptyState,
  formatDateTime,
  messages,
  PageContainer,
  PageHeader,
  Skeleton,
  supportMessages,
  useToast,
} from '@hiwar/ui';
import { ArrowRight, LifeBuoy } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ReportActions,
  ReportConversation,
  ReportProblemButton,
  ReportScreenshot,
  ReportStatusBadge,
} from '../../features/support/index.ts';

const text = supportMessages.myReports;
/** A user's reports are few: one page holds them. */
const PAGE_SIZE = 100;

/** `?id=<id>` as a report id, or `null`. */
function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * `/reports` (any signed-in user): the problems they reported, each with its status and its
 * conversation with the support team. A staff reply arrives live (`report-replied`, with a toast) and
 * by e-mail, whose link opens the report (`?id=`). A report can be edited or deleted until staff reply.
 */
export function MyReportsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = idFrom(params.get('id'));
  const reports = useReports({ size: PAGE_SIZE });
  const { toast } = useToast();
  useReportEvents((event, name) => {
    if (name === 'report-replied') {
      toast({
        type: 'info',
        title: supportMessages.events.replied(event.report.title),
        actions: [
          {
            label: supportMessages.events.view,
            onClick: () => void navigate(`/reports?id=${event.report.id}`),
            altText: supportMessages.report.viewReportsAlt,
          },
        ],
      });
    }
  });
  const list = reports.data?.list ?? [];

  return (
    <PageContainer className="flex flex-1 flex-col py-6 sm:py-10">
      <PageHeader
        title={text.title}
        description={text.subtitle}
        actions={<ReportProblemButton label={text.newReport} />}
      />
      {reports.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : reports.isError ? (
        <Alert
          tone="danger"
          title={text.loadFailed}
          action={
            <Button size="sm" variant="secondary" onClick={() => void reports.refetch()}>
              {messages.common.retry}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<LifeBuoy />}
          title={text.empty}
          description={text.emptyHint}
          action={<ReportProblemButton />}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
          <nav aria-label={text.list} className={cn(selected !== null && 'max-lg:hidden')}>
            <p className="mb-2 text-sm text-muted-foreground">{text.count(reports.data.total)}</p>
            <ul className="flex flex-col gap-2">
              {list.map((report) => (
                <li key={report.id}>
                  <ReportListItem report={report} current={report.id === selected} />
                </li>
              ))}
            </ul>
          </nav>
          <div className={cn(selected === null && 'max-lg:hidden')}>
            {selected !== null && user ? (
              <ReportDetail
                key={selected}
                id={selected}
                viewerId={user.id}
                onBack={() => setParams({})}
                onDeleted={() => setParams({})}
              />
            ) : (
              <Card className="flex h-full items-center justify-center p-8 text-center text-muted-foreground max-lg:hidden">
                {text.open}
              </Card>
            )}
          </div>
        </div>
      )}
    </PageContainer>
  );
}

function ReportListItem({ report, current }: { report: Report; current: boolean }) {
  return (
    <Link
      to={`/reports?id=${report.id}`}
      aria-current={current ? 'page' : undefined}
      className={cn(
        'flex flex-col gap-1 rounded-2xl border p-4 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring',
        current ? 'border-brand bg-brand-soft/40' : 'border-border bg-surface',
      )}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="font-semibold">{report.title}</span>
        <ReportStatusBadge resolved={report.resolved} />
      </span>
      <span className="text-xs text-muted-foreground">
        {text.createdAt(formatDateTime(report.createdAt))} · {text.replies(report.replyCount)}
      </span>
    </Link>
  );
}

function ReportDetail({
  id,
  viewerId,
  onBack,
  onDeleted,
}: {
  id: number;
  viewerId: number;
  onBack: () => void;
  onDeleted: () => void;
}) {
  const report = useReport(id);
  if (report.isPending) {
    return <Skeleton className="h-72 w-full rounded-2xl" />;
  }
  if (report.isError) {
    return <Alert tone="warning" title={text.notFound} />;
  }
  const data = report.data;
  return (
    <Card className="flex flex-col gap-5 p-5">
      <Button variant="ghost" size="sm" className="w-fit lg:hidden" onClick={onBack}>
        <ArrowRight aria-hidden="true" />
        {text.list}
      </Button>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-bold">{data.title}</h2>
          <ReportStatusBadge resolved={data.resolved} />
        </div>
        <p className="text-sm text-muted-foreground">
          {text.createdAt(formatDateTime(data.createdAt))}
          {data.lessonStart ? ` · ${text.aboutLesson(formatDateTime(data.lessonStart))}` : null}
        </p>
        <p className="whitespace-pre-wrap break-words">{data.description}</p>
      </div>
      {data.screenshot ? <ReportScreenshot url={data.screenshot} title={data.title} /> : null}
      {data.hasStaffReply ? (
        <p className="text-sm text-muted-foreground">{text.locked}</p>
      ) : (
        <ReportActions report={data} onDeleted={onDeleted} />
      )}
      {data.resolved ? <Alert tone="success">{text.resolvedNote}</Alert> : null}
      <ReportConversation report={data} viewerId={viewerId} />
    </Card>
  );
}
